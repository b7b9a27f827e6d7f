import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { userAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';
import { optionsAtom } from '../../../shared/options/options.atoms';
import type { SortingState } from '../../../shared/ui/DataTable';

/** What a server-side list asks for; `offset` is the page index, as the API counts it. */
export interface ListQuery {
  offset: number;
  limit: number;
  filter: string;
  sortBy: string;
  order: 'ASC' | 'DESC';
}

/** A page as the API answers it: the rows and, in `_metadata`, the counts of the whole list. */
export interface PagedAnswer<T> {
  items?: T[];
  _metadata?: { totalItems?: number; totalPages?: number };
}

export interface ServerListState<T> {
  status: 'loading' | 'ready' | 'failed';
  items: T[];
  totalItems: number;
  totalPages: number;
  error?: string;
}

export interface ServerListOptions<T, Q extends ListQuery> {
  initialQuery: Q;
  fetchPage: (query: Q) => Promise<PagedAnswer<T> | null | undefined>;
  /** Runs when a page arrives, e.g. to load what its rows refer to; `live()` turns false once a newer load starts. */
  onPage?: (items: T[], live: () => boolean) => void;
  /** The server's sort field of a table column, when they differ (and back). */
  sortFieldOf?: (column: string) => string;
  columnOfSortField?: (field: string) => string;
  /** Milliseconds between the last key stroke in the search box and the request. */
  searchDebounceMs: number;
}

const same = (value: string) => value;

/**
 * A list paged, sorted and searched by the server: one page at a time for the signed-in user (or the
 * preview), the search sent once typing pauses, any change of filter, sort or page size back on the first
 * page, a late answer for an older query dropped. A failed load leaves an empty list and zero pages. Rows can
 * be changed in place for optimistic updates.
 */
export function useServerList<T extends { id: string }, Q extends ListQuery>(
  options: ServerListOptions<T, Q>,
) {
  const { t } = useT();
  const userId = useAtomValue(userAtom)?.id;
  const { preview } = useAtomValue(optionsAtom);
  const loadKey = preview ? 'preview' : userId;
  const [query, setQuery] = useState<Q>(() => ({ ...options.initialQuery }));
  const [search, setSearch] = useState(options.initialQuery.filter);
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<ServerListState<T>>({
    status: 'loading',
    items: [],
    totalItems: 0,
    totalPages: 0,
  });
  // The latest options without reloading when a caller passes fresh closures each render.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!loadKey) return;
    let live = true;
    setList((current) => ({ ...current, status: 'loading', error: undefined }));
    latest.current.fetchPage(query).then(
      (page) => {
        if (!live) return;
        const items = Array.isArray(page?.items) ? page.items : [];
        setList({
          status: 'ready',
          items,
          totalItems: page?._metadata?.totalItems ?? items.length,
          totalPages: page?._metadata?.totalPages ?? (items.length ? 1 : 0),
        });
        latest.current.onPage?.(items, () => live);
      },
      (error: unknown) => {
        if (!live) return;
        const text = errorMessage(error, t('common.genericError'));
        setList({ status: 'failed', items: [], totalItems: 0, totalPages: 0, error: text });
      },
    );
    return () => {
      live = false;
    };
    // `t` changes with the locale; the query, the retry count and the signed-in user decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey, query, attempt]);

  // The search box asks the server once typing pauses; a new search starts at the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      const filter = search.trim();
      setQuery((q) => (q.filter === filter ? q : { ...q, filter, offset: 0 }));
    }, options.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [search, options.searchDebounceMs]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Sets the query and loads, even when the query is the one already shown. */
  const loadWith = useCallback((change: (current: Q) => Q) => {
    setQuery(change);
    setAttempt((n) => n + 1);
  }, []);

  /** Changes what the list holds (filters, page size): back to the first page. */
  const refine = useCallback((change: Partial<Q>) => setQuery((q) => ({ ...q, ...change, offset: 0 })), []);
  const setPage = useCallback((offset: number) => setQuery((q) => ({ ...q, offset })), []);

  const { sortFieldOf = same, columnOfSortField = same } = options;
  const sorting = useMemo<SortingState>(
    () => [{ id: columnOfSortField(query.sortBy), desc: query.order === 'DESC' }],
    [columnOfSortField, query.sortBy, query.order],
  );
  const sortBy = useCallback(
    (next: SortingState) => {
      const first = next[0];
      if (first) refine({ sortBy: sortFieldOf(first.id), order: first.desc ? 'DESC' : 'ASC' } as Partial<Q>);
    },
    [refine, sortFieldOf],
  );

  /** Replaces a row's fields. */
  const patchItem = useCallback((id: string, patch: Partial<T>) => {
    setList((current) => ({
      ...current,
      items: current.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    }));
  }, []);

  /** Takes a row out; answers a function that puts it back where it was. */
  const removeItem = useCallback((removed: T): (() => void) => {
    let index = -1;
    setList((current) => {
      index = current.items.findIndex((item) => item.id === removed.id);
      return {
        ...current,
        items: current.items.filter((item) => item.id !== removed.id),
        totalItems: Math.max(current.totalItems - 1, 0),
      };
    });
    return () =>
      setList((current) => {
        if (current.items.some((item) => item.id === removed.id)) return current;
        const items = [...current.items];
        items.splice(index < 0 ? items.length : index, 0, removed);
        return { ...current, items, totalItems: current.totalItems + 1 };
      });
  }, []);

  return {
    query,
    list,
    search,
    setSearch,
    reload,
    loadWith,
    refine,
    setPage,
    sorting,
    sortBy,
    patchItem,
    removeItem,
  };
}
