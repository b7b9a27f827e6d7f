import { useCallback, useMemo, useRef, useState } from 'react';
import { accountSettingsApi } from '../../../../shared/api/accountSettings';
import {
  AUDITS_CSV_FILE,
  auditsApi,
  type AuditColumn,
  type AuditRow,
  type SortDirection,
} from '../../../../shared/api/audits';
import { AUDIT_COLUMNS, AUDITS_PAGE_SIZE } from '../../../../shared/api/contracts/audits';
import { errorMessage } from '../../../../shared/api/errors';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { useToast } from '../../../../shared/ui';
import { useServerList, type ListQuery } from '../../kit/useServerList';
import { DEFAULT_TIME_SETTINGS, safeZone, type TimeSettings } from './auditTime';
import type { DayRange } from './AuditFilters';

/** A row as the table keys it. */
export type AuditItem = AuditRow & { id: string };

/** The list query: the kit's page, sort and search, and the column filters by column name. */
export type AuditsListQuery = ListQuery & { columns: Record<string, string> };

/** AUDITS-010/011: pages of 20, newest first, no search, no column filter. */
export const DEFAULT_AUDITS_QUERY: Readonly<AuditsListQuery> = Object.freeze({
  offset: 0,
  limit: AUDITS_PAGE_SIZE,
  filter: '',
  sortBy: 'createdAt',
  order: 'DESC',
  columns: {},
});

/** Milliseconds between the last key stroke in the search box (or a text filter) and the request. */
export const AUDITS_SEARCH_DEBOUNCE_MS = 300;

/** Which load failed: each keeps its own error (AUDITS-016). */
export type AuditsPart = 'audits' | 'stats' | 'metadata';

/**
 * The state of the audits page (AUDITS-003): the rows and how many match, the column filters, the sort, the
 * text filter, the current page and its offset, the header statistics and the header properties (the
 * metadata's columns); beside them what is loading, the error of each load (AUDITS-016) and whether an
 * export is downloading (AUDITS-017).
 */
export interface AuditsState {
  rows: AuditItem[];
  total: number;
  /** More rows match than `total` (the server stops counting there). */
  totalCapped: boolean;
  filters: Record<string, string>;
  sortBy: string;
  sortDirection: SortDirection;
  filter: string;
  currentPage: number;
  offset: number;
  totalToday: number | null;
  severeThisWeek: number | null;
  headerProps: AuditColumn[];
  loading: Record<AuditsPart, boolean>;
  errors: Partial<Record<AuditsPart, string>>;
  downloading: boolean;
}

const rowId = (row: AuditRow, index: number): string =>
  typeof row.frontegg_id === 'string' && row.frontegg_id ? row.frontegg_id : `row-${index}`;

/**
 * Loads and holds the audits page's state: the page of rows through the kit's server list (a change of
 * filter, search or sort goes back to the first page, AUDITS-013; a late answer is dropped), the statistics,
 * the metadata and the account's time settings, each on its own so one failure leaves the rest usable.
 */
export function useAuditsState() {
  const { t } = useT();
  const toast = useToast();
  const metadata = useAccountData(() => auditsApi.getAuditsMetadata());
  const stats = useAccountData(() =>
    auditsApi.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: AUDITS_PAGE_SIZE }),
  );
  // The account's zone and formats (TENANTS-004); without them (no permission, a failure) UTC and ISO.
  const account = useAccountData(() => accountSettingsApi.getSettings());
  // More rows match than the server counts (its total stops at AUDITS_TOTAL_CAP).
  const [totalCapped, setTotalCapped] = useState(false);
  const list = useServerList<AuditItem, AuditsListQuery>({
    initialQuery: DEFAULT_AUDITS_QUERY,
    fetchPage: async (query) => {
      const answer = await auditsApi.getAudits({
        offset: query.offset * query.limit,
        count: query.limit,
        sortBy: query.sortBy,
        sortDirection: query.order === 'ASC' ? 'asc' : 'desc',
        filter: query.filter,
        columns: query.columns,
      });
      const data = Array.isArray(answer?.data) ? answer.data : [];
      const total = typeof answer?.total === 'number' ? answer.total : data.length;
      setTotalCapped(answer?.totalCapped === true);
      return {
        items: data.map((row, index) => ({ ...row, id: rowId(row, query.offset * query.limit + index) })),
        _metadata: { totalItems: total, totalPages: Math.ceil(total / query.limit) },
      };
    },
    searchDebounceMs: AUDITS_SEARCH_DEBOUNCE_MS,
  });
  const [ranges, setRanges] = useState<Record<string, DayRange>>({});
  const [downloading, setDownloading] = useState(false);

  const headerProps = useMemo<AuditColumn[]>(
    () =>
      metadata.state.status === 'ready' && metadata.state.data.length > 0
        ? metadata.state.data
        : [...AUDIT_COLUMNS],
    [metadata.state],
  );

  const settings = useMemo<TimeSettings>(() => {
    if (account.state.status !== 'ready') return DEFAULT_TIME_SETTINGS;
    const data = account.state.data;
    return {
      timezone: safeZone(data.timezone),
      dateFormat: data.dateFormat || DEFAULT_TIME_SETTINGS.dateFormat,
      timeFormat: data.timeFormat || DEFAULT_TIME_SETTINGS.timeFormat,
    };
  }, [account.state]);

  const { query, refine } = list;
  const columnsNow = useRef(query.columns);
  columnsNow.current = query.columns;
  const state: AuditsState = {
    rows: list.list.items,
    total: list.list.totalItems,
    totalCapped,
    filters: query.columns,
    sortBy: query.sortBy,
    sortDirection: query.order === 'ASC' ? 'asc' : 'desc',
    filter: query.filter,
    currentPage: query.offset,
    offset: query.offset * query.limit,
    totalToday: stats.state.status === 'ready' ? stats.state.data.totalToday : null,
    severeThisWeek: stats.state.status === 'ready' ? stats.state.data.severeThisWeek : null,
    headerProps,
    loading: {
      audits: list.list.status === 'loading',
      stats: stats.state.status === 'loading',
      metadata: metadata.state.status === 'loading',
    },
    errors: {
      ...(list.list.status === 'failed' ? { audits: list.list.error ?? t('common.genericError') } : {}),
      ...(stats.state.status === 'failed' ? { stats: stats.state.error } : {}),
      ...(metadata.state.status === 'failed' ? { metadata: metadata.state.error } : {}),
    },
    downloading,
  };

  /** New column filters (AUDITS-013: back to the first page). */
  const setFilters = useCallback(
    (columns: Record<string, string>, applied: Record<string, DayRange>) => {
      setRanges(applied);
      if (JSON.stringify(columns) !== JSON.stringify(columnsNow.current)) refine({ columns });
    },
    [refine],
  );

  /**
   * AUDITS-009: POST csv/v2 with the header properties, the sort, the filters and offset 0; the client
   * downloads the answer as audits.csv. AUDITS-017: a failure is logged and told, and the flag cleared.
   */
  const exportCsv = useCallback(async () => {
    setDownloading(true);
    try {
      await auditsApi.exportAudits({
        endpoint: 'csv/v2',
        headerProps,
        sortBy: query.sortBy,
        sortDirection: query.order === 'ASC' ? 'asc' : 'desc',
        filter: query.filter,
        columns: query.columns,
      });
      toast({ text: t('adminPortal.audits.exported', { file: AUDITS_CSV_FILE }) });
    } catch (error) {
      console.error('[fe-elements] the audit log export failed', error);
      toast({
        severity: 'error',
        text: t('adminPortal.audits.exportFailed', { error: errorMessage(error, t('common.genericError')) }),
      });
    } finally {
      setDownloading(false);
    }
  }, [headerProps, query, toast, t]);

  return {
    state,
    settings,
    ranges,
    search: list.search,
    setSearch: list.setSearch,
    setFilters,
    setPage: list.setPage,
    sorting: list.sorting,
    sortBy: list.sortBy,
    totalPages: list.list.totalPages,
    reload: { audits: list.reload, stats: stats.reload, metadata: metadata.reload },
    exportCsv,
  };
}
