// The calls of the portal's audit logs page (AUDITS-001..017, SCREEN-068): a page of rows, the header
// statistics, the column metadata and the CSV export.
import { adminPortalApi, type ApiClient, type QueryValue } from './client';
import type { AnswerOf } from './contracts/contract';
import type {
  AuditColumn as ContractColumn,
  AuditSeverityName,
  auditsContracts as c,
} from './contracts/audits';
import { paths } from './paths';

export type SortDirection = 'asc' | 'desc';

/** One column of the audit log as the metadata describes it (AUDITS-002, ENUM-017 types). */
export type AuditColumn = ContractColumn;

/** One audit row (AUDITS-001). */
export type AuditRow = AnswerOf<typeof c.getAudits>['data'][number];

/** The severities on the wire, lowest first (ENUM-051). */
export type AuditSeverity = AuditSeverityName;
export const AUDIT_SEVERITIES: readonly AuditSeverity[] = ['INFO', 'WARNING', 'SEVERE'];

/**
 * What the page asks for (AUDITS-005): the column filters are query parameters named after the column; a
 * `createdAt` range is `from,to` (ISO instants, either side empty).
 */
export interface AuditsQuery {
  offset: number;
  count: number;
  sortBy: string;
  sortDirection: SortDirection;
  filter: string;
  paginationMode?: 'virtual';
  /** Virtual mode: the `next` cursor of the previous page. */
  after?: string;
  /** Column filters by column name; empty values are not sent. */
  columns?: Record<string, string>;
  /** The sub-accounts' rows too, where the hierarchy allows (ours; sent only when true). */
  includeSubTenants?: boolean;
}

/** The scope parameter, sent only when asked for. */
const scopeQuery = (includeSubTenants: boolean | undefined) =>
  includeSubTenants ? { includeSubTenants: true } : {};

/** AUDITS-006: a page of rows and how many match (`totalCapped`: more than the server counts). */
export type AuditsPage = AnswerOf<typeof c.getAudits>;

/**
 * The audit rows per day and severity (`GET /audits/histogram`, ours): every day of the range (the `createdAt`
 * filter, else the last 30 days) under the list's search and column filters, days in `timeZone`.
 */
export type AuditsHistogram = AnswerOf<typeof c.getAuditsHistogram>;

/** AUDITS-007: the header statistics. */
export type AuditsStats = AnswerOf<typeof c.getAuditsStats>;

/** AUDITS-009: the export's format (the page exports csv/v2). */
export type AuditsExportEndpoint = 'csv/v2' | 'csv';
export const AUDITS_CSV_FILE = 'audits.csv';

/** A `createdAt` filter value: the range `from,to` of ISO instants (either side may be empty). */
export const createdAtFilter = (from: Date | null, to: Date | null): string =>
  from || to ? `${from?.toISOString() ?? ''},${to?.toISOString() ?? ''}` : '';

/** The query parameters of the column filters, without the empty ones. */
export function columnFilterQuery(columns: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value.trim() !== ''));
}

function listQuery(query: AuditsQuery): Record<string, QueryValue> {
  return {
    ...columnFilterQuery(query.columns),
    offset: query.offset,
    count: query.count,
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
    filter: query.filter,
    ...(query.paginationMode ? { paginationMode: query.paginationMode } : {}),
    ...(query.after ? { after: query.after } : {}),
    ...scopeQuery(query.includeSubTenants),
  };
}

/** The calls of the audit logs page, bound to a client. */
export function createAuditsApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET /audits (AUDITS-005/006). */
    getAudits: (query: AuditsQuery) =>
      client.request<AuditsPage>(paths.audits.getAudits, { query: listQuery(query) }),
    /** GET /audits/histogram: the events per day by severity under the search and the column filters. */
    getAuditsHistogram: (query: Pick<AuditsQuery, 'filter' | 'columns' | 'includeSubTenants'>) =>
      client.request<AuditsHistogram>(paths.audits.getAuditsHistogram, {
        query: {
          ...columnFilterQuery(query.columns),
          filter: query.filter,
          ...scopeQuery(query.includeSubTenants),
        },
      }),
    /** GET /audits/stats (AUDITS-007). */
    getAuditsStats: (query: Pick<AuditsQuery, 'sortBy' | 'sortDirection' | 'count'>) =>
      client.request<AuditsStats>(paths.audits.getAuditsStats, { query: { ...query } }),
    /** GET /metadata?entityName=audits (AUDITS-008): the columns (`properties` of the first row). */
    getAuditsMetadata: async (): Promise<AuditColumn[]> => {
      const answer = await client.request<{ rows?: { properties?: unknown[] }[] }>(
        paths.metadata.getMetadata,
        {
          query: { entityName: 'audits' },
        },
      );
      const properties = answer?.rows?.[0]?.properties;
      return Array.isArray(properties) ? (properties as AuditColumn[]) : [];
    },
    /**
     * POST /audits/export/{endpoint} (AUDITS-009): the header properties in the body; sort, filter, offset 0
     * and the column filters as query parameters, as Frontegg's client sends them. The client downloads the
     * answer (Blob, object URL, a detached <a download>) as audits.csv.
     */
    exportAudits: (input: {
      endpoint: AuditsExportEndpoint;
      headerProps: Pick<AuditColumn, 'name' | 'displayName'>[];
      sortBy: string;
      sortDirection: SortDirection;
      filter: string;
      columns?: Record<string, string>;
      includeSubTenants?: boolean;
    }) =>
      client.request<Blob>(paths.audits.exportAudits, {
        params: { endpoint: input.endpoint },
        body: {
          properties: input.headerProps.map((column) => ({ ...column })),
        },
        query: {
          ...columnFilterQuery(input.columns),
          sortBy: input.sortBy,
          sortDirection: input.sortDirection,
          filter: input.filter,
          offset: 0,
          outputFileName: AUDITS_CSV_FILE,
          ...scopeQuery(input.includeSubTenants),
        },
        fileName: AUDITS_CSV_FILE,
      }),
  };
}

export type AuditsApi = ReturnType<typeof createAuditsApi>;

export const auditsApi: AuditsApi = createAuditsApi(adminPortalApi);
