import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, TextField } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import {
  loadMoreKey,
  treeKey,
  visibleNodes,
  type AllAccountsState,
  type TreeKey,
  type VisibleNode,
} from './allAccounts.state';

export interface AccountTreeProps {
  state: AllAccountsState;
  onSearch: (filter: string) => void;
  onSelect: (tenantId: string) => void;
  /** Expands or collapses an account (its children are fetched when not known yet). */
  onToggle: (tenantId: string, expanded: boolean) => void;
  /** Fetches the next children of an account ("Load more"), or retries a failed fetch. */
  onLoadMore: (tenantId: string) => void;
  onRetry: () => void;
}

const TREE_KEYS: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'Home', 'End'];

/** An id attribute for an account's label (tenant ids may hold characters ids should not). */
const idPart = (tenantId: string) => tenantId.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0)}`);

const rowCss = {
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  padding: `${space.xs} ${space.sm}`,
  borderRadius: 'var(--fe-radius)',
  cursor: 'pointer',
  '&:hover': { background: 'var(--fe-color-background)' },
} as const;

/**
 * The left pane of All accounts (SCREEN-076): the search box, then either the accounts tree (WAI-ARIA tree:
 * roving tabindex, arrows move, expand and collapse, Enter and Space select; "Load more" is a tree item, as a
 * tree may hold only items and groups) or the search's matches.
 */
export function AccountTree({ state, onSearch, onSelect, onToggle, onLoadMore, onRetry }: AccountTreeProps) {
  const { t } = useT();
  const base = useId();
  const items = useRef(new Map<string, HTMLDivElement>());
  const rows = visibleNodes(state);
  const selectedId = state.selected?.tenantId ?? null;
  // The focused row, and where it was: a "Load more" that is gone hands the focus to the first account it listed.
  const [focus, setFocus] = useState<{ key: string; index: number } | null>(null);
  const focused = focus?.key ?? null;
  const setFocused = (key: string) => setFocus({ key, index: rows.findIndex((r) => r.key === key) });
  // The row that takes the tab stop: the focused one while shown, else the selected account, else the root.
  const tabStop =
    [focused, selectedId, state.tree.rootId].find((key) => key && rows.some((r) => r.key === key)) ?? null;
  const moveFocus = useRef<string | null>(null);
  const lostLoadMore =
    focus && focus.key.endsWith('\n+') && !rows.some((r) => r.key === focus.key)
      ? rows[focus.index]?.key
      : undefined;

  useEffect(() => {
    if (!lostLoadMore) return;
    setFocus((f) => f && { ...f, key: lostLoadMore });
    moveFocus.current = lostLoadMore;
  }, [lostLoadMore]);

  useEffect(() => {
    if (!moveFocus.current) return;
    items.current.get(moveFocus.current)?.focus();
    moveFocus.current = null;
  });

  const activate = (row: VisibleNode) => {
    setFocused(row.key);
    moveFocus.current = row.key;
    if (row.loadMore) onLoadMore(row.tenantId);
    else onSelect(row.tenantId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const row = rows.find((r) => r.key === target.dataset.rowKey);
    if (target.getAttribute('role') !== 'treeitem' || !row) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(row);
      return;
    }
    if (!TREE_KEYS.includes(event.key)) return;
    event.preventDefault();
    const next = treeKey(state, row.key, event.key as TreeKey);
    if (!next) return;
    if ('focus' in next) {
      setFocused(next.focus);
      moveFocus.current = next.focus;
    } else onToggle(next.toggle, next.expanded);
  };

  const indent = (level: number) => `calc(${space.sm} + ${level - 1} * 1.25em)`;
  const itemProps = (row: VisibleNode) => ({
    ref: (el: HTMLDivElement | null) => {
      if (el) items.current.set(row.key, el);
      else items.current.delete(row.key);
    },
    role: 'treeitem',
    'aria-level': row.level,
    tabIndex: row.key === tabStop ? 0 : -1,
    'data-row-key': row.key,
    onFocus: () => setFocused(row.key),
    onClick: () => activate(row),
  });
  const itemCss = (level: number) => ({
    ...rowCss,
    outline: 'none',
    paddingInlineStart: indent(level),
    '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: -2 },
  });

  /** The row under an open account's children: "Load more" while some are not listed, or their loading. */
  const renderLevelEnd = (tenantId: string, level: number): ReactNode => {
    const node = state.tree.nodes[tenantId]!;
    const fetching = Boolean(state.fetching[tenantId]);
    if (node.more && !state.fetchErrors[tenantId]) {
      const row: VisibleNode = { key: loadMoreKey(tenantId), tenantId, level, loadMore: true };
      return (
        <li key={row.key} role="none" css={{ listStyle: 'none' }}>
          <div
            {...itemProps(row)}
            data-load-more={tenantId}
            aria-busy={fetching || undefined}
            css={{ ...itemCss(level), color: 'var(--fe-color-primary)', fontWeight: 600 }}
          >
            <span aria-hidden="true" css={{ width: '1em', flex: 'none' }} />
            {fetching
              ? t('adminPortal.allAccounts.tree.loadingChildren')
              : t('adminPortal.allAccounts.tree.loadMore')}
          </div>
        </li>
      );
    }
    if (!fetching) return null;
    return (
      <li
        key={`${tenantId}:loading`}
        role="none"
        css={{
          listStyle: 'none',
          padding: `${space.xs} 0`,
          paddingInlineStart: `calc(${indent(level)} + 1em + ${space.sm})`,
          color: 'var(--fe-color-text-secondary)',
        }}
      >
        {t('adminPortal.allAccounts.tree.loadingChildren')}
      </li>
    );
  };

  // WAI-ARIA's navigation treeview: the item is its row only (a click on its centre lands on it) and owns the
  // group of its children that follows it.
  const renderNode = (tenantId: string, level: number, position: number, siblings: number): ReactNode => {
    const node = state.tree.nodes[tenantId];
    if (!node) return null;
    const expanded = node.hasChildren ? Boolean(state.expanded[tenantId]) : undefined;
    const labelId = `${base}-account-${idPart(tenantId)}`;
    const groupId = `${base}-children-${idPart(tenantId)}`;
    const selected = tenantId === selectedId;
    return (
      <li key={tenantId} role="none" css={{ listStyle: 'none' }}>
        <div
          {...itemProps({ key: tenantId, tenantId, level, loadMore: false })}
          aria-setsize={siblings}
          aria-posinset={position}
          aria-expanded={expanded}
          aria-selected={selected}
          aria-labelledby={labelId}
          aria-owns={expanded ? groupId : undefined}
          aria-busy={state.fetching[tenantId] || undefined}
          data-tenant-id={tenantId}
          css={{
            ...itemCss(level),
            fontWeight: selected ? 600 : undefined,
            background: selected ? 'var(--fe-color-background)' : undefined,
            boxShadow: selected ? 'inset 3px 0 0 var(--fe-color-primary)' : undefined,
          }}
        >
          <span
            aria-hidden="true"
            data-expander={expanded === undefined ? undefined : expanded ? 'open' : 'closed'}
            onClick={(event) => {
              if (expanded === undefined) return;
              event.stopPropagation();
              onToggle(tenantId, !expanded);
            }}
            css={{ width: '1em', flex: 'none', textAlign: 'center', color: 'var(--fe-color-text-secondary)' }}
          >
            {expanded === undefined ? '' : expanded ? '▾' : '▸'}
          </span>
          <span id={labelId} data-row css={{ overflowWrap: 'anywhere' }}>
            {node.name}
          </span>
        </div>
        {expanded && (
          <ul role="group" id={groupId} css={{ margin: 0, padding: 0 }}>
            {node.childIds.map((child, i) => renderNode(child, level + 1, i + 1, node.childIds.length))}
            {renderLevelEnd(tenantId, level + 1)}
          </ul>
        )}
      </li>
    );
  };

  // A failed fetch of children is told under the tree (a tree holds only items and groups), with a retry.
  const failures = Object.entries(state.fetchErrors).filter(([id]) => state.tree.nodes[id]);

  const filter = state.query._filter;
  const searching = filter.trim() !== '';
  const { search } = state;

  return (
    <div css={{ display: 'grid', gap: space.md, alignContent: 'start' }}>
      <div role="search">
        <TextField
          type="search"
          data-search
          maxLength={200}
          autoComplete="off"
          label={t('adminPortal.allAccounts.tree.searchLabel')}
          value={filter}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
      </div>
      {searching ? (
        <div data-search-results css={{ display: 'grid', gap: space.sm }}>
          <p role="status" css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
            {search.status === 'loading'
              ? t('adminPortal.allAccounts.tree.searching')
              : search.status === 'ready'
                ? t('adminPortal.allAccounts.tree.resultCount', {
                    count: search.totalItems,
                    filter: filter.trim(),
                  })
                : ''}
          </p>
          {search.status === 'failed' && search.error && (
            <LoadError error={search.error} onRetry={() => onSearch(filter)} />
          )}
          {search.status === 'ready' && search.items.length > 0 && (
            <ul aria-label={t('adminPortal.allAccounts.tree.results')} css={{ margin: 0, padding: 0 }}>
              {search.items.map((item) => (
                <li key={item.tenantId} css={{ listStyle: 'none' }}>
                  <button
                    type="button"
                    data-result={item.tenantId}
                    aria-current={item.tenantId === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(item.tenantId)}
                    css={{
                      ...rowCss,
                      width: '100%',
                      font: 'inherit',
                      color: 'inherit',
                      textAlign: 'start',
                      border: 'none',
                      background: item.tenantId === selectedId ? 'var(--fe-color-background)' : 'transparent',
                      fontWeight: item.tenantId === selectedId ? 600 : undefined,
                      overflowWrap: 'anywhere',
                      '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: -2 },
                    }}
                  >
                    {item.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {search.status === 'ready' && search.totalItems > search.items.length && (
            <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
              {t('adminPortal.allAccounts.tree.moreResults', {
                shown: search.items.length,
                total: search.totalItems,
              })}
            </p>
          )}
        </div>
      ) : state.tree.status === 'failed' ? (
        <LoadError error={state.tree.error ?? ''} onRetry={onRetry} />
      ) : state.tree.status === 'loading' || !state.tree.rootId ? (
        <p role="status" css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.allAccounts.tree.loading')}
        </p>
      ) : (
        <ul
          role="tree"
          aria-label={t('adminPortal.allAccounts.tree.label')}
          onKeyDown={onKeyDown}
          css={{ margin: 0, padding: 0 }}
        >
          {renderNode(state.tree.rootId, 1, 1, 1)}
        </ul>
      )}
      {!searching &&
        failures.map(([id, error]) => (
          <div key={id} data-children-error={id}>
            <Alert
              severity="error"
              action={{ label: t('adminPortal.form.retry'), onClick: () => onLoadMore(id) }}
            >
              {t('adminPortal.allAccounts.tree.childrenFailed', { name: state.tree.nodes[id]!.name, error })}
            </Alert>
          </div>
        ))}
    </div>
  );
}
