import type { UsersQuery } from '../../../../shared/api/team';

/** TEAM-008: the users list opens at offset 0 with 20 users a page, sorted by name descending. */
export const DEFAULT_USERS_QUERY: Readonly<UsersQuery> = Object.freeze({
  offset: 0,
  limit: 20,
  filter: '',
  sortBy: 'name',
  order: 'DESC',
  includeSubTenants: false,
});

/** TEAM-007: after a bulk invite the list reloads with offset 0, page size 10 and an empty filter. */
export function afterBulkInvite(query: UsersQuery): UsersQuery {
  return { ...query, offset: 0, limit: 10, filter: '' };
}

/** Page sizes the page offers (10 is the one a bulk invite switches to). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Columns the server sorts by. */
export const SORTABLE_COLUMNS = ['name', 'lastLogin', 'status'] as const;

/** The server's sort field of a column (the status column sorts locked users together, ENUM-030). */
export const sortFieldOf = (column: string): string => (column === 'status' ? 'isLocked' : column);
/** The column of a server sort field. */
export const columnOfSortField = (field: string): string => (field === 'isLocked' ? 'status' : field);

/** Milliseconds between the last key stroke in the search box and the request. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Durations offered for a temporary user's access and an invite link, in days. */
export const EXPIRY_DAYS = [1, 7, 30, 90] as const;
export const DAY_SECONDS = 86_400;
export const DAY_MINUTES = 1_440;
