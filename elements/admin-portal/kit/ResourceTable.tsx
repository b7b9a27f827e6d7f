import type { AccountData } from '../../../shared/api/useAccountData';
import { useT } from '../../../shared/i18n/useT';
import { ConfirmDialog } from '../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../shared/ui/DataTable';
import { LoadError } from './notices';
import type { OpenDialog } from './useResourceList';

export interface ResourceTableProps<T> {
  label: string;
  columns: ColumnDef<T, unknown>[];
  items: T[];
  /** The load of the list: skeleton rows while it runs, the reason and a retry when it failed. */
  state: AccountData<unknown>;
  onRetry: () => void;
  emptyMessage: string;
}

/** The table of a resource list page, or why it did not load. */
export function ResourceTable<T extends { id: string }>(props: ResourceTableProps<T>) {
  const { state } = props;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={props.onRetry} />;
  return (
    <DataTable
      label={props.label}
      columns={props.columns}
      data={props.items}
      getRowId={(item) => item.id}
      emptyMessage={props.emptyMessage}
      loading={state.status === 'loading'}
    />
  );
}

/** "Delete this row?" for the row a list page is about to delete; busy while the call runs. */
export function DeleteDialog<T extends { id: string }>({
  list,
  title,
  body,
}: {
  list: {
    open: OpenDialog<T, string>;
    deleting: boolean;
    close: () => void;
    confirmDelete: (item: T) => Promise<void>;
  };
  title: string;
  body: (item: T) => string;
}) {
  const { t } = useT();
  const { open } = list;
  const item = open?.kind === 'delete' ? open.item : null;
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={t('adminPortal.form.delete')}
      busy={list.deleting}
      onClose={list.close}
      onConfirm={() => item && void list.confirmDelete(item)}
    >
      {item && body(item)}
    </ConfirmDialog>
  );
}
