import { Button } from '../../../shared/ui';
import type { ColumnDef } from '../../../shared/ui/DataTable';
import { space } from '../../../themes/tokens';

/** One action on a table row: a text button of `RowActions` or an item of `ActionsMenu`. */
export interface RowAction {
  /** Also the `data-action` attribute tests and hosts select by. */
  key: string;
  label: string;
  /** The name a screen reader hears, when the label alone does not say which row it acts on. */
  ariaLabel?: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The actions of a table row as a row of text buttons, at the end of the row. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div css={{ display: 'flex', gap: space.xs, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {actions.map((action) => (
        <Button
          key={action.key}
          variant="text"
          data-action={action.key}
          aria-label={action.ariaLabel}
          onClick={action.onSelect}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}

/** The last column of a table: the actions each row offers (`actionsOf` leaves out what is not allowed). */
export function actionsColumn<T>(header: string, actionsOf: (item: T) => RowAction[]): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: () => <span css={{ display: 'block', textAlign: 'end' }}>{header}</span>,
    enableSorting: false,
    cell: ({ row }) => <RowActions actions={actionsOf(row.original)} />,
  };
}
