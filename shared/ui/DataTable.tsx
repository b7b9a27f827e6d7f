import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { Skeleton, visuallyHidden } from './Skeleton';
import { space } from '../../themes/tokens';
import { compactButtonCss } from './Button';

export type { ColumnDef, SortingState } from '@tanstack/react-table';

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<T, any>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** Shown in place of rows when there are none. */
  emptyMessage: string;
  /**
   * Sorting done by the server: the table only reports the wanted order. Without it the table sorts the
   * rows it holds.
   */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  /** Height of the scroll area; only the rows in view (plus a few) are in the DOM. */
  maxHeight?: number;
  rowHeight?: number;
  /**
   * Rows are loading: without rows yet, the real header over `skeletonRows` placeholder rows of
   * `rowHeight` (nothing moves when the rows come); with rows, they stay, dimmed, until the new ones come.
   */
  loading?: boolean;
  skeletonRows?: number;
}

/** Placeholder widths per column, so skeleton rows look like text of different lengths. */
const SKELETON_WIDTHS = ['70%', '45%', '60%', '35%', '50%'];

/**
 * A table on TanStack Table with rows virtualized by TanStack Virtual: a list of thousands of rows keeps a
 * few dozen rows in the DOM. Sortable headers are buttons with `aria-sort` on their cell.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useT();
  const { columns, data, getRowId, sorting, onSortingChange, maxHeight = 480, rowHeight = 44 } = props;
  const { loading = false, skeletonRows = 5 } = props;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const manual = onSortingChange !== undefined;
  const table = useReactTable({
    columns,
    data: data as T[],
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    manualSorting: manual,
    enableSortingRemoval: false,
    state: { sorting: manual ? (sorting ?? []) : localSorting },
    onSortingChange: manual ? onSortingChange : setLocalSorting,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const { rows } = table.getRowModel();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = table.getVisibleLeafColumns().length;
  const skeleton = loading && rows.length === 0;

  return (
    <div
      ref={scroller}
      part="table-scroll"
      css={{
        maxHeight,
        overflow: 'auto',
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
      }}
    >
      {loading && (
        <span role="status" css={visuallyHidden}>
          {t('common.loading')}
        </span>
      )}
      <table
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-busy={loading || undefined}
        part="table"
        // Takes the focus when the control that opened a dialog is gone (its row deleted).
        tabIndex={-1}
        data-focus-fallback
        css={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: '0.95em',
          '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: -2 },
        }}
      >
        <thead css={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--fe-color-surface)' }}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = renderSlot(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    css={{
                      textAlign: 'start',
                      padding: `10px ${space.lg}`,
                      borderBottom: '1px solid var(--fe-color-border)',
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        data-sort={header.column.id}
                        onClick={header.column.getToggleSortingHandler()}
                        css={{
                          all: 'unset',
                          cursor: 'pointer',
                          '&:focus-visible': { outline: '2px solid var(--fe-color-primary)' },
                        }}
                      >
                        {content}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody css={{ opacity: loading && !skeleton ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {skeleton ? (
            Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i} aria-hidden="true" data-skeleton-row css={{ height: rowHeight }}>
                {table.getVisibleLeafColumns().map((column, c) => (
                  <td
                    key={column.id}
                    css={{
                      padding: `${space.md} ${space.lg}`,
                      borderBottom: '1px solid var(--fe-color-border)',
                    }}
                  >
                    <Skeleton width={SKELETON_WIDTHS[(c + i) % SKELETON_WIDTHS.length]} />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} css={{ padding: space.xl, color: 'var(--fe-color-text-secondary)' }}>
                {props.emptyMessage}
              </td>
            </tr>
          ) : (
            <>
              <SpacerRow height={before} columnCount={columnCount} />
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <tr
                    key={row.id}
                    data-row={row.id}
                    data-index={item.index}
                    aria-rowindex={item.index + 2}
                    ref={virtualizer.measureElement}
                    css={{ '&:hover': { background: 'var(--fe-color-background)' } }}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        css={{
                          padding: `${space.md} ${space.lg}`,
                          borderBottom: '1px solid var(--fe-color-border)',
                        }}
                      >
                        {renderSlot(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })}
              <SpacerRow height={after} columnCount={columnCount} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A header or cell renderer, called as a plain function (TanStack's `flexRender` would mount it as a
 * component: a renderer recreated on a parent re-render is then a new component type, and everything in
 * the cell — an open menu, a focused button — would be thrown away and remounted). Renderers therefore use
 * no hooks; the elements they return keep their state across re-renders.
 */
function renderSlot<C>(slot: unknown, context: C): ReactNode {
  return typeof slot === 'function' ? (slot as (context: C) => ReactNode)(context) : (slot as ReactNode);
}

/** The height of the rows the virtualizer does not render (above or below the window), so the scroll stays true. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columnCount} css={{ height, padding: 0 }} />
    </tr>
  );
}

export interface PaginationProps {
  /** Zero-based page. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / next over server-side pages, with "page X of Y". */
export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  const { t } = useT();
  const last = Math.max(pageCount, 1);
  const button = { ...compactButtonCss, '&:disabled': { opacity: 0.5, cursor: 'default' } } as const;
  return (
    <nav
      aria-label={t('adminPortal.form.pagination')}
      css={{ display: 'flex', alignItems: 'center', gap: space.md, justifyContent: 'flex-end' }}
    >
      <button type="button" css={button} disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('adminPortal.form.previousPage')}
      </button>
      <span aria-live="polite">{t('adminPortal.form.pageOf', { page: page + 1, pages: last })}</span>
      <button type="button" css={button} disabled={page + 1 >= last} onClick={() => onPage(page + 1)}>
        {t('adminPortal.form.nextPage')}
      </button>
    </nav>
  );
}
