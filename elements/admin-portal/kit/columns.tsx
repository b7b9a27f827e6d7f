import type { ColumnDef } from '../../../shared/ui/DataTable';

/** Secondary text in a cell: a description, or what a row does not have. */
export const secondaryText = { color: 'var(--fe-color-text-secondary)' };

/** A row's description, in secondary text; not sortable. */
export function descriptionColumn<T extends { description?: string | null }>(
  header: string,
): ColumnDef<T, unknown> {
  return {
    id: 'description',
    accessorFn: (item) => item.description ?? '',
    header,
    enableSorting: false,
    cell: ({ getValue }) => <span css={secondaryText}>{String(getValue() ?? '')}</span>,
  };
}

/** How many of something a row holds ("3 members"), sorted by the number; `marker` is a data attribute. */
export function countColumn<T>(options: {
  id: string;
  header: string;
  count: (item: T) => number;
  text: (count: number) => string;
  marker: `data-${string}`;
}): ColumnDef<T, unknown> {
  return {
    id: options.id,
    accessorFn: options.count,
    header: options.header,
    cell: ({ getValue }) => (
      <span {...{ [options.marker]: true }} css={{ whiteSpace: 'nowrap' }}>
        {options.text(Number(getValue() ?? 0))}
      </span>
    ),
  };
}
