import { useMemo, useState } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Checkbox, Skeleton, TextField } from '../../../../shared/ui';
import { compactButtonCss } from '../../../../shared/ui/Button';
import { DataTable, Pagination, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { PortalPage } from '../../kit/PortalPage';
import { AuditDetailDialog } from './AuditDetailDialog';
import { AuditFilters } from './AuditFilters';
import { AuditsChart } from './AuditsChart';
import { AuditValue, columnLabel, valueOf } from './AuditValue';
import { formatAuditTime } from './auditTime';
import {
  AUDITS_SEARCH_DEBOUNCE_MS,
  DEFAULT_AUDITS_QUERY,
  useAuditsState,
  type AuditItem,
} from './useAuditsState';

function Stat({ label, value, name }: { label: string; value: number | null; name: string }) {
  const { locale } = useT();
  return (
    <div
      data-stat={name}
      css={{
        flex: '1 1 160px',
        padding: space.lg,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        background: 'var(--fe-color-surface)',
      }}
    >
      <dt css={{ color: 'var(--fe-color-text-secondary)', fontSize: '0.9em' }}>{label}</dt>
      <dd css={{ margin: 0, fontSize: '1.6em', fontWeight: 700 }}>
        {value === null ? <Skeleton width="3em" /> : new Intl.NumberFormat(locale).format(value)}
      </dd>
    </div>
  );
}

/**
 * The pager when more rows match than the server counts: the counted pages by offset, then on by the `next`
 * cursor of each page (virtual mode) until the last; Previous goes back through the pages visited.
 */
function CappedPagination({
  page,
  counted,
  hasNext,
  onPage,
}: {
  page: number;
  counted: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useT();
  const button = { ...compactButtonCss, '&:disabled': { opacity: 0.5, cursor: 'default' } } as const;
  return (
    <nav
      data-pager="capped"
      aria-label={t('adminPortal.form.pagination')}
      css={{ display: 'flex', alignItems: 'center', gap: space.md, justifyContent: 'flex-end' }}
    >
      <button type="button" css={button} disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('adminPortal.form.previousPage')}
      </button>
      <span aria-live="polite">{t('adminPortal.audits.pageOfMore', { page: page + 1, pages: counted })}</span>
      <button type="button" css={button} disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('adminPortal.form.nextPage')}
      </button>
    </nav>
  );
}

/**
 * The audit logs page (SCREEN-068, AUDITS-003/004/010..017): the header statistics, the events per day by
 * severity, per-column filters and the text search, the table of the columns the metadata shows (sorted by
 * the server, a page of 20), a row's detail with its "more info" columns and JSON, and the CSV export. The
 * rows, the statistics and the metadata load on their own: a failure shows in its own place with a retry,
 * and the rest of the page stays usable.
 */
export default function AuditsPage() {
  const { t } = useT();
  const audits = useAuditsState();
  const { state, settings } = audits;
  const [detail, setDetail] = useState<AuditItem | null>(null);

  const tableColumns = useMemo(() => state.headerProps.filter((c) => c.showInTable), [state.headerProps]);
  const filterColumns = useMemo(() => state.headerProps.filter((c) => c.filterable), [state.headerProps]);

  const columns = useMemo<ColumnDef<AuditItem, unknown>[]>(
    () => [
      ...tableColumns.map((column): ColumnDef<AuditItem, unknown> => ({
        id: column.name,
        accessorFn: (row) => valueOf(row, column.name),
        header: columnLabel(column, t),
        enableSorting: column.sortable,
        cell: ({ getValue }) => <AuditValue column={column} value={getValue()} settings={settings} />,
      })),
      {
        id: 'details',
        header: () => <span>{t('adminPortal.audits.details')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            data-details={row.original.id}
            aria-label={t('adminPortal.audits.detailsOf', {
              action: row.original.action,
              time: formatAuditTime(row.original.createdAt, settings),
            })}
            onClick={() => setDetail(row.original)}
            css={{
              ...compactButtonCss,
              whiteSpace: 'nowrap',
              '&:hover': { background: 'var(--fe-color-background)' },
              '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 1 },
            }}
          >
            {t('adminPortal.audits.details')}
          </button>
        ),
      },
    ],
    [tableColumns, settings, t],
  );

  return (
    <PortalPage
      data-page="audits"
      busy={state.loading.audits}
      title={t('adminPortal.audits.title')}
      description={t('adminPortal.audits.intro')}
      actions={
        <Button
          data-action="export"
          aria-busy={state.downloading || undefined}
          disabled={state.downloading}
          onClick={() => void audits.exportCsv()}
        >
          {state.downloading ? t('adminPortal.audits.exporting') : t('adminPortal.audits.export')}
        </Button>
      }
    >
      <section aria-label={t('adminPortal.audits.stats.label')} data-part="stats">
        {state.errors.stats ? (
          <LoadError error={state.errors.stats} onRetry={audits.reload.stats} />
        ) : (
          <dl css={{ display: 'flex', gap: space.lg, flexWrap: 'wrap', margin: 0 }}>
            <Stat
              name="totalToday"
              label={t('adminPortal.audits.stats.totalToday')}
              value={state.totalToday}
            />
            <Stat
              name="severeThisWeek"
              label={t('adminPortal.audits.stats.severeThisWeek')}
              value={state.severeThisWeek}
            />
          </dl>
        )}
      </section>

      {state.errors.metadata && (
        <div data-part="metadata" css={{ display: 'grid', gap: space.sm }}>
          <LoadError error={state.errors.metadata} onRetry={audits.reload.metadata} />
          <Alert severity="info">{t('adminPortal.audits.columnsFailed')}</Alert>
        </div>
      )}

      <div css={{ display: 'grid', gap: space.md }}>
        <TextField
          type="search"
          label={t('adminPortal.audits.searchLabel')}
          value={audits.search}
          data-input="search"
          autoComplete="off"
          onChange={(event) => audits.setSearch(event.currentTarget.value)}
        />
        <Checkbox
          label={t('adminPortal.audits.includeSubAccounts')}
          data-include-sub
          checked={audits.includeSubTenants}
          onChange={(event) => audits.setIncludeSubTenants(event.currentTarget.checked)}
        />
        {filterColumns.length > 0 && (
          <AuditFilters
            columns={filterColumns}
            zone={settings.timezone}
            debounceMs={AUDITS_SEARCH_DEBOUNCE_MS}
            onChange={audits.setFilters}
          />
        )}
      </div>

      <AuditsChart
        histogram={state.histogram}
        settings={settings}
        loading={state.loading.histogram}
        error={state.errors.histogram}
        onRetry={audits.reload.histogram}
      />

      <div data-part="audits" css={{ display: 'grid', gap: space.md }}>
        {state.errors.audits ? (
          <LoadError error={state.errors.audits} onRetry={audits.reload.audits} />
        ) : (
          <>
            <p data-total aria-live="polite" css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
              {state.loading.audits && state.rows.length === 0
                ? t('common.loading')
                : state.totalCapped
                  ? t('adminPortal.audits.totalCapped', { count: state.total })
                  : t('adminPortal.audits.total', { count: state.total })}
            </p>
            <DataTable
              label={t('adminPortal.audits.tableLabel')}
              columns={columns}
              data={state.rows}
              getRowId={(row) => row.id}
              emptyMessage={t('adminPortal.audits.empty')}
              sorting={audits.sorting}
              onSortingChange={(updater) =>
                audits.sortBy(typeof updater === 'function' ? updater(audits.sorting) : updater)
              }
              loading={state.loading.audits}
              skeletonRows={Math.min(DEFAULT_AUDITS_QUERY.limit, 8)}
              maxHeight={640}
            />
            {state.totalCapped ? (
              <CappedPagination
                page={state.currentPage}
                counted={audits.totalPages}
                hasNext={state.next !== null && !state.loading.audits}
                onPage={audits.setPage}
              />
            ) : (
              audits.totalPages > 1 && (
                <Pagination page={state.currentPage} pageCount={audits.totalPages} onPage={audits.setPage} />
              )
            )}
          </>
        )}
      </div>

      {detail && (
        <AuditDetailDialog
          row={detail}
          columns={state.headerProps}
          settings={settings}
          onClose={() => setDetail(null)}
        />
      )}
    </PortalPage>
  );
}
