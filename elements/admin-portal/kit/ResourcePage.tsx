import type { ReactNode } from 'react';
import type { AccountData } from '../../../shared/api/useAccountData';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button } from '../../../shared/ui';
import type { ColumnDef } from '../../../shared/ui/DataTable';
import { PageNotice } from './notices';
import { PortalPage } from './PortalPage';
import { DeleteDialog, ResourceTable } from './ResourceTable';
import type { Notice } from './notices';
import type { OpenDialog } from './useResourceList';

/** The resources listed by a `ResourcePage`; each has the same texts under `adminPortal.<resource>`. */
export type ResourceName = 'roles' | 'groups';

export interface ResourcePageProps<T extends { id: string; name: string }> {
  resource: ResourceName;
  /** What `useResourceList` answers. */
  list: {
    items: T[];
    open: OpenDialog<T, string>;
    setOpen: (open: { kind: 'create' }) => void;
    close: () => void;
    notice: Notice | null;
    setNotice: (notice: null) => void;
    deleting: boolean;
    confirmDelete: (item: T) => Promise<void>;
  };
  /** The load of the list. */
  state: AccountData<unknown>;
  onRetry: () => void;
  columns: ColumnDef<T, unknown>[];
  /** The user may create and change rows: the create button shows, the read-only notice does not. */
  canWrite: boolean;
  /** Notices of the page's own, above the notice of a failed action. */
  notices?: ReactNode;
  /** What follows the table: the page's own parts and its dialogs. */
  children?: ReactNode;
}

/**
 * A page listing a resource loaded whole (roles, groups): the header with the create button, the read-only
 * notice, the notice of a failed action, the table and the delete confirmation.
 */
export function ResourcePage<T extends { id: string; name: string }>(props: ResourcePageProps<T>) {
  const { t } = useT();
  const { resource, list } = props;
  return (
    <PortalPage
      data-page={resource}
      title={t(`adminPortal.${resource}.title`)}
      description={t(`adminPortal.${resource}.intro`)}
      actions={
        props.canWrite && (
          <Button data-action="create" onClick={() => list.setOpen({ kind: 'create' })}>
            {t(`adminPortal.${resource}.create`)}
          </Button>
        )
      }
    >
      {!props.canWrite && <Alert severity="info">{t(`adminPortal.${resource}.readOnlyNotice`)}</Alert>}
      {props.notices}
      <PageNotice notice={list.notice} onClose={() => list.setNotice(null)} />
      <ResourceTable
        label={t(`adminPortal.${resource}.tableLabel`)}
        columns={props.columns}
        items={list.items}
        state={props.state}
        onRetry={props.onRetry}
        emptyMessage={t(`adminPortal.${resource}.empty`)}
      />
      {props.children}
      <DeleteDialog
        list={list}
        title={t(`adminPortal.${resource}.deleteTitle`)}
        body={(item) => t(`adminPortal.${resource}.deleteBody`, { name: item.name })}
      />
    </PortalPage>
  );
}
