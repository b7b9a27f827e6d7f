import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { accountSettingsApi } from '../../../../shared/api/accountSettings';
import {
  AUDITS_CSV_FILE,
  auditsApi,
  type AuditColumn,
  type AuditRow,
  type AuditsHistogram,
  type SortDirection,
} from '../../../../shared/api/audits';
import {
  AUDIT_COLUMNS,
  AUDITS_HISTOGRAM_MAX_DAYS,
  AUDITS_PAGE_SIZE,
  createdAtRange,
} from '../../../../shared/api/contracts/audits';
import { errorMessage } from '../../../../shared/api/errors';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { useToast } from '../../../../shared/ui';
import { useServerList, type ListQuery } from '../../kit/useServerList';
import { DEFAULT_TIME_SETTINGS, safeZone, type TimeSettings } from './auditTime';

/** A row as the table keys it. */
export type AuditItem = AuditRow & { id: string };

/**
 * The list query: the kit's page (its index), sort and search, and the column filters by column name. A page
 * past the counted ones is read in virtual mode: `after` is the cursor the page before it answered, valid for
 * the search, sort and filters of `afterOf` only (another search or filter starts again at the first page).
 */
export type AuditsListQuery = ListQuery & {
  columns: Record<string, string>;
  /** The sub-accounts' rows too (where the hierarchy allows). */
  includeSubTenants: boolean;
  after?: string;
  afterOf?: string;
};

/** What a cursor is valid for: the search, the sort and the filters. */
const cursorKey = (q: AuditsListQuery) =>
  JSON.stringify([q.filter, q.sortBy, q.order, q.columns, q.includeSubTenants]);

/** AUDITS-010/011: pages of 20, newest first, no search, no column filter. */
export const DEFAULT_AUDITS_QUERY: Readonly<AuditsListQuery> = Object.freeze({
  offset: 0,
  limit: AUDITS_PAGE_SIZE,
  filter: '',
  sortBy: 'createdAt',
  order: 'DESC',
  columns: {},
  includeSubTenants: false,
});

/** Milliseconds between the last key stroke in the search box (or a text filter) and the request. */
export const AUDITS_SEARCH_DEBOUNCE_MS = 300;

/**
 * The chart's filters: the list's, with a date range longer than the histogram covers cut to its last
 * days (the list keeps the whole range; the chart's caption names the days it shows).
 */
export function chartColumns(columns: Record<string, string>, now = Date.now()): Record<string, string> {
  const range = columns.createdAt ? createdAtRange(columns.createdAt) : undefined;
  if (!range?.from) return columns;
  const to = range.to ? Date.parse(range.to) : now;
  // Two days short of the limit: the server counts calendar days of the account's time zone, both ends in.
  const earliest = to - (AUDITS_HISTOGRAM_MAX_DAYS - 2) * 86_400_000;
  if (Date.parse(range.from) >= earliest) return columns;
  return { ...columns, createdAt: `${new Date(earliest).toISOString()},${range.to ?? ''}` };
}

/** Which load failed: each keeps its own error (AUDITS-016). */
export type AuditsPart = 'audits' | 'stats' | 'metadata' | 'histogram';

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
  /** The events per day by severity under the search and filters (null until the first answer). */
  histogram: AuditsHistogram | null;
  /** Past the counted pages: a page read by cursor (virtual mode). */
  virtual: boolean;
  /** The cursor of the page after this one, null at the end. */
  next: string | null;
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
  // More rows match than the server counts (its total stops at AUDITS_TOTAL_CAP), and the paging past them:
  // the `next` cursor each page answered, by page index, for the current search, sort and filters.
  const [paging, setPaging] = useState({ capped: false, virtual: false, next: null as string | null });
  const cursors = useRef({ key: '', next: new Map<number, string | null>(), total: 0, seq: 0 });
  const list = useServerList<AuditItem, AuditsListQuery>({
    initialQuery: DEFAULT_AUDITS_QUERY,
    fetchPage: async (query) => {
      const key = cursorKey(query);
      if (cursors.current.key !== key)
        cursors.current = { key, next: new Map(), total: 0, seq: cursors.current.seq };
      const seq = ++cursors.current.seq;
      const virtual = query.offset > 0 && query.after !== undefined && query.afterOf === key;
      const answer = await auditsApi.getAudits({
        offset: virtual ? 0 : query.offset * query.limit,
        count: query.limit,
        sortBy: query.sortBy,
        sortDirection: query.order === 'ASC' ? 'asc' : 'desc',
        filter: query.filter,
        columns: query.columns,
        includeSubTenants: query.includeSubTenants,
        ...(virtual ? { paginationMode: 'virtual' as const, after: query.after } : {}),
      });
      const data = Array.isArray(answer?.data) ? answer.data : [];
      const next = typeof answer?.next === 'string' && answer.next ? answer.next : null;
      const seen = cursors.current;
      // A later load started meanwhile: its answer decides (the kit drops this one's rows too).
      if (seq === seen.seq) {
        seen.next.set(query.offset, next);
        if (!virtual) seen.total = typeof answer?.total === 'number' ? answer.total : data.length;
        setPaging((p) => ({ capped: virtual ? p.capped : answer?.totalCapped === true, virtual, next }));
      }
      // Virtual pages keep the counted total and pages (the answer's total counts nothing).
      const total = seen.total;
      return {
        items: data.map((row, index) => ({ ...row, id: rowId(row, query.offset * query.limit + index) })),
        _metadata: { totalItems: total, totalPages: Math.ceil(total / query.limit) },
      };
    },
    searchDebounceMs: AUDITS_SEARCH_DEBOUNCE_MS,
  });
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

  const { query, refine, loadWith } = list;

  // The chart's days: loaded on their own, again when the search or a column filter changes.
  const userId = useAtomValue(userAtom)?.id;
  const { preview } = useAtomValue(optionsAtom);
  const loadKey = preview ? 'preview' : userId;
  const [histogram, setHistogram] = useState<{
    status: 'loading' | 'ready' | 'failed';
    data: AuditsHistogram | null;
    error?: string;
  }>({ status: 'loading', data: null });
  const [histogramAttempt, setHistogramAttempt] = useState(0);
  const histogramKey = JSON.stringify([query.filter, query.columns, query.includeSubTenants]);
  useEffect(() => {
    if (!loadKey) return;
    let live = true;
    const [filter, columns, includeSubTenants] = JSON.parse(histogramKey) as [
      string,
      Record<string, string>,
      boolean,
    ];
    setHistogram((h) => ({ status: 'loading', data: h.data }));
    auditsApi.getAuditsHistogram({ filter, columns: chartColumns(columns), includeSubTenants }).then(
      (data) => live && setHistogram({ status: 'ready', data }),
      (error: unknown) =>
        live &&
        setHistogram({
          status: 'failed',
          data: null,
          error: errorMessage(error, t('common.genericError')),
        }),
    );
    return () => {
      live = false;
    };
    // `t` changes with the locale; the search, the filters, the retry and the user decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey, histogramKey, histogramAttempt]);
  const reloadHistogram = useCallback(() => setHistogramAttempt((n) => n + 1), []);
  const columnsNow = useRef(query.columns);
  columnsNow.current = query.columns;
  const state: AuditsState = {
    rows: list.list.items,
    total: list.list.totalItems,
    totalCapped: paging.capped,
    filters: query.columns,
    sortBy: query.sortBy,
    sortDirection: query.order === 'ASC' ? 'asc' : 'desc',
    filter: query.filter,
    currentPage: query.offset,
    offset: query.offset * query.limit,
    totalToday: stats.state.status === 'ready' ? stats.state.data.totalToday : null,
    severeThisWeek: stats.state.status === 'ready' ? stats.state.data.severeThisWeek : null,
    headerProps,
    histogram: histogram.data,
    virtual: paging.virtual && query.offset > 0,
    next: paging.next,
    loading: {
      histogram: histogram.status === 'loading',
      audits: list.list.status === 'loading',
      stats: stats.state.status === 'loading',
      metadata: metadata.state.status === 'loading',
    },
    errors: {
      ...(list.list.status === 'failed' ? { audits: list.list.error ?? t('common.genericError') } : {}),
      ...(stats.state.status === 'failed' ? { stats: stats.state.error } : {}),
      ...(metadata.state.status === 'failed' ? { metadata: metadata.state.error } : {}),
      ...(histogram.status === 'failed' ? { histogram: histogram.error ?? t('common.genericError') } : {}),
    },
    downloading,
  };

  /** New column filters (AUDITS-013: back to the first page). */
  const setFilters = useCallback(
    (columns: Record<string, string>) => {
      if (JSON.stringify(columns) !== JSON.stringify(columnsNow.current)) refine({ columns });
    },
    [refine],
  );

  /** The sub-accounts' rows too, or not (back to the first page). */
  const setIncludeSubTenants = useCallback(
    (includeSubTenants: boolean) => refine({ includeSubTenants }),
    [refine],
  );

  /**
   * Opens the page of index `page`: a counted page by its offset; past them (the total was capped) by the
   * cursor the page before it answered, in virtual mode. Previous from there uses the cursors kept.
   */
  const countedPages = list.list.totalPages;
  const setPage = useCallback(
    (page: number) => {
      if (page < 0) return;
      if (page < countedPages || !paging.capped)
        return loadWith((q) => ({ ...q, offset: page, after: undefined, afterOf: undefined }));
      const after = cursors.current.next.get(page - 1);
      if (after) loadWith((q) => ({ ...q, offset: page, after, afterOf: cursorKey(q) }));
    },
    [countedPages, paging.capped, loadWith],
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
        includeSubTenants: query.includeSubTenants,
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
    search: list.search,
    setSearch: list.setSearch,
    setFilters,
    setIncludeSubTenants,
    includeSubTenants: query.includeSubTenants,
    setPage,
    sorting: list.sorting,
    sortBy: list.sortBy,
    totalPages: list.list.totalPages,
    reload: {
      audits: list.reload,
      stats: stats.reload,
      metadata: metadata.reload,
      histogram: reloadHistogram,
    },
    exportCsv,
  };
}
