import { useCallback, useEffect, useState } from 'react';
import { runOperation } from '../../../shared/api/operation';
import { useT } from '../../../shared/i18n/useT';
import { useToast } from '../../../shared/ui';
import type { Notice } from './notices';
import type { RowAction } from './RowActions';

/** The dialog a list page has open: none, the create form, or one that acts on a row. */
export type OpenDialog<T, Kind extends string> =
  { kind: 'create' } | { kind: Kind | 'edit' | 'delete'; item: T } | null;

export interface ResourceListOptions<T> {
  /** Deletes a row on the server. */
  remove: (item: T) => Promise<unknown>;
  /** The toast after a delete. */
  deletedText: (item: T) => string;
}

/**
 * The state a page listing a resource (roles, groups) keeps beside the loaded list: the rows as changed by
 * its dialogs, the open dialog, the notice of a failed action, and the delete: the confirm dialog stays
 * (busy) until the call ends, then closes; a failure shows on the page (API-018/019).
 */
export function useResourceList<T extends { id: string }, Kind extends string = never>(
  loaded: readonly T[] | null | undefined,
  { remove, deletedText }: ResourceListOptions<T>,
) {
  const { t } = useT();
  const toast = useToast();
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState<OpenDialog<T, Kind>>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => setItems(loaded ? [...loaded] : []), [loaded]);

  const close = useCallback(() => setOpen(null), []);
  const add = useCallback((item: T) => setItems((list) => [...list, item]), []);
  const replace = useCallback(
    (item: T) => setItems((list) => list.map((x) => (x.id === item.id ? { ...x, ...item } : x))),
    [],
  );

  const confirmDelete = async (item: T) => {
    await runOperation(
      {
        setLoading: (busy) => {
          setDeleting(busy);
          if (!busy) close();
        },
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      async () => {
        await remove(item);
        setItems((list) => list.filter((x) => x.id !== item.id));
        toast({ text: deletedText(item) });
      },
      t('common.genericError'),
    );
  };

  /** A row's edit and delete actions; a missing screen-reader name means the action is not allowed. */
  const writeActions = useCallback(
    (item: T, names: { edit?: string | false; delete?: string | false }): RowAction[] => {
      const action = (kind: 'edit' | 'delete', ariaLabel: string): RowAction => ({
        key: kind,
        label: t(kind === 'edit' ? 'adminPortal.form.edit' : 'adminPortal.form.delete'),
        ariaLabel,
        onSelect: () => setOpen({ kind, item }),
      });
      return [
        ...(names.edit ? [action('edit', names.edit)] : []),
        ...(names.delete ? [action('delete', names.delete)] : []),
      ];
    },
    [t],
  );

  return {
    items,
    add,
    replace,
    open,
    setOpen,
    close,
    notice,
    setNotice,
    deleting,
    confirmDelete,
    writeActions,
  };
}
