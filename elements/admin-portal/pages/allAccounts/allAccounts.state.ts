// The All accounts page's state (TENANTS-009): the accounts tree (tenantId, children), the search's query
// params (limit 50 from offset 0, TENANTS-010), and the selected account with the slots its pane fills — its
// user JWT, users and settings. A pure reducer (tested without DOM) held by page-level jotai atoms, so the
// details pane can fill its slots with the same dispatch.
import { atom } from 'jotai';
import type { AccountSettings } from '../../../../shared/api/accountSettings';
import { SEARCH_DEFAULT_LIMIT } from '../../../../shared/api/contracts/hierarchy';
import type { SearchedSubTenant, SubTenantsPage, TenantTreeNode } from '../../../../shared/api/hierarchy';
import type { UsersPage } from '../../../../shared/api/team';

/** One account of the tree. */
export interface AccountNode {
  tenantId: string;
  name: string;
  parentId: string | null;
  /** Its children in the order shown, each once (TENANTS-003). */
  childIds: string[];
  /** The children are known (from the tree or a fetch); when not, expanding fetches them. */
  childrenLoaded: boolean;
  /** It has children (shown with an expander). */
  hasChildren: boolean;
  /** Where the next page of children starts ("Load more"), or null when every child is listed. */
  more: { offset: number } | null;
}

/** The selected account and what its pane loads for it (the pane fills jwt, users and settings). */
export interface SelectedAccount {
  tenantId: string;
  name: string;
  parentId: string | null;
  /** Null for the caller's own account, and while a searched account's parent is not known yet. */
  parentName: string | null;
  /** The caller's own account (the root of the tree). */
  own: boolean;
  jwt: string | null;
  users: UsersPage | null;
  settings: AccountSettings | null;
}

export type LoadStatus = 'loading' | 'ready' | 'failed';

export interface AllAccountsState {
  tree: {
    status: LoadStatus;
    error: string | null;
    rootId: string | null;
    nodes: Record<string, AccountNode>;
  };
  expanded: Record<string, boolean>;
  /** Children being fetched per account, and the last failure of such a fetch. */
  fetching: Record<string, boolean>;
  fetchErrors: Record<string, string>;
  /** The search's query params (TENANTS-010/026). */
  query: { _filter: string; _limit: number; _offset: number };
  /** `seq` names the latest search (each change of the filter): an answer of another one is dropped. */
  search: {
    seq: number;
    status: 'idle' | 'loading' | 'ready' | 'failed';
    items: SearchedSubTenant[];
    totalItems: number;
    error: string | null;
  };
  selected: SelectedAccount | null;
}

export const initialAllAccountsState = (): AllAccountsState => ({
  tree: { status: 'loading', error: null, rootId: null, nodes: {} },
  expanded: {},
  fetching: {},
  fetchErrors: {},
  query: { _filter: '', _limit: SEARCH_DEFAULT_LIMIT, _offset: 0 },
  search: { seq: 0, status: 'idle', items: [], totalItems: 0, error: null },
  selected: null,
});

export type AllAccountsAction =
  | { type: 'reset' }
  | { type: 'treeRequested' }
  | { type: 'treeLoaded'; root: TenantTreeNode }
  | { type: 'treeFailed'; error: string }
  | { type: 'toggled'; tenantId: string; expanded?: boolean }
  | { type: 'childrenRequested'; tenantId: string }
  | { type: 'childrenLoaded'; tenantId: string; offset: number; page: SubTenantsPage }
  | { type: 'childrenFailed'; tenantId: string; error: string }
  | { type: 'searchTyped'; filter: string }
  | { type: 'searchAnswered'; seq: number; page: SubTenantsPage }
  | { type: 'searchFailed'; seq: number; error: string }
  | { type: 'selected'; tenantId: string }
  | { type: 'parentNamed'; tenantId: string; parentName: string }
  | { type: 'jwtLoaded'; tenantId: string; jwt: string | null }
  | { type: 'usersLoaded'; tenantId: string; users: UsersPage | null }
  | { type: 'settingsLoaded'; tenantId: string; settings: AccountSettings | null }
  | { type: 'created'; parentId: string; tenantId: string; name: string }
  | { type: 'renamed'; tenantId: string; name: string }
  | { type: 'deleted'; tenantId: string };

/** Where the next children of a tree node start, from its `loadMoreLink` (a search call's path and query). */
export function loadMoreOffset(link: string | null | undefined, shown: number): { offset: number } | null {
  if (!link) return null;
  let offset = shown;
  try {
    const value = new URL(link, 'https://link.invalid').searchParams.get('_offset');
    if (value !== null && /^\d+$/.test(value)) offset = Number(value);
  } catch {
    // An unreadable link: continue after the children shown.
  }
  return { offset };
}

/** The nodes of a tree answer, each account once (TENANTS-003: a tenant reached twice is kept where first met). */
function nodesOfTree(root: TenantTreeNode): Record<string, AccountNode> {
  const nodes: Record<string, AccountNode> = {};
  const visit = (tree: TenantTreeNode, parentId: string | null) => {
    const children = (tree.children ?? []).filter((c, i, all) => {
      if (nodes[c.tenantId] || c.tenantId === tree.tenantId) return false;
      return all.findIndex((o) => o.tenantId === c.tenantId) === i;
    });
    nodes[tree.tenantId] = {
      tenantId: tree.tenantId,
      name: tree.name ?? tree.tenantName,
      parentId,
      childIds: children.map((c) => c.tenantId),
      childrenLoaded: true,
      hasChildren: children.length > 0 || Boolean(tree.loadMoreLink),
      more: loadMoreOffset(tree.loadMoreLink, children.length),
    };
    // Reserved before descending, so a child listed again deeper is dropped there.
    for (const child of children) nodes[child.tenantId] ??= placeholder(child.tenantId, tree.tenantId);
    for (const child of children) visit(child, tree.tenantId);
  };
  visit(root, null);
  return nodes;
}

const placeholder = (tenantId: string, parentId: string): AccountNode => ({
  tenantId,
  name: tenantId,
  parentId,
  childIds: [],
  childrenLoaded: false,
  hasChildren: false,
  more: null,
});

/** The account, its descendants known to the tree. */
function subtreeIds(nodes: Record<string, AccountNode>, tenantId: string): string[] {
  const ids: string[] = [];
  const walk = (id: string) => {
    if (!nodes[id] || ids.includes(id)) return;
    ids.push(id);
    nodes[id].childIds.forEach(walk);
  };
  walk(tenantId);
  return ids;
}

const without = <T>(record: Record<string, T>, ids: string[]): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !ids.includes(key)));

/** The name of an account the page knows, from the tree or the search answer. */
export function accountName(state: AllAccountsState, tenantId: string): string | null {
  return (
    state.tree.nodes[tenantId]?.name ?? state.search.items.find((i) => i.tenantId === tenantId)?.name ?? null
  );
}

function selectedFor(state: AllAccountsState, tenantId: string): SelectedAccount | null {
  const node = state.tree.nodes[tenantId];
  const item = state.search.items.find((i) => i.tenantId === tenantId);
  const name = node?.name ?? item?.name;
  if (name === undefined) return null;
  const own = tenantId === state.tree.rootId;
  const parentId = own ? null : (node?.parentId ?? item?.parentTenantId ?? null);
  return {
    tenantId,
    name,
    parentId,
    parentName: parentId ? accountName(state, parentId) : null,
    own,
    jwt: null,
    users: null,
    settings: null,
  };
}

/** The slots of the selected account, filled only while that account is still the selected one. */
function fillSelected(state: AllAccountsState, tenantId: string, patch: Partial<SelectedAccount>) {
  if (state.selected?.tenantId !== tenantId) return state;
  return { ...state, selected: { ...state.selected, ...patch } };
}

export function allAccountsReducer(state: AllAccountsState, action: AllAccountsAction): AllAccountsState {
  switch (action.type) {
    case 'reset':
      return initialAllAccountsState();
    case 'treeRequested':
      return { ...state, tree: { ...state.tree, status: 'loading', error: null } };
    case 'treeLoaded': {
      const nodes = nodesOfTree(action.root);
      const rootId = action.root.tenantId;
      const next: AllAccountsState = {
        ...state,
        tree: { status: 'ready', error: null, rootId, nodes },
        // The root is expanded at first.
        expanded: { ...state.expanded, [rootId]: true },
      };
      return { ...next, selected: next.selected ?? selectedFor(next, rootId) };
    }
    case 'treeFailed':
      return { ...state, tree: { ...state.tree, status: 'failed', error: action.error } };
    case 'toggled': {
      const node = state.tree.nodes[action.tenantId];
      if (!node?.hasChildren) return state;
      const expanded = action.expanded ?? !state.expanded[action.tenantId];
      return { ...state, expanded: { ...state.expanded, [action.tenantId]: expanded } };
    }
    case 'childrenRequested':
      return {
        ...state,
        fetching: { ...state.fetching, [action.tenantId]: true },
        fetchErrors: without(state.fetchErrors, [action.tenantId]),
      };
    case 'childrenFailed':
      return {
        ...state,
        fetching: without(state.fetching, [action.tenantId]),
        fetchErrors: { ...state.fetchErrors, [action.tenantId]: action.error },
      };
    case 'childrenLoaded': {
      const parent = state.tree.nodes[action.tenantId];
      if (!parent) return { ...state, fetching: without(state.fetching, [action.tenantId]) };
      const nodes = { ...state.tree.nodes };
      const childIds = [...parent.childIds];
      for (const item of action.page.items) {
        // Each account once (TENANTS-003): one already in the tree stays where it is.
        if (nodes[item.tenantId] || item.tenantId === action.tenantId) continue;
        nodes[item.tenantId] = {
          tenantId: item.tenantId,
          name: item.name,
          parentId: action.tenantId,
          childIds: [],
          childrenLoaded: false,
          hasChildren: item.metadata?.isParent === true,
          more: null,
        };
        childIds.push(item.tenantId);
      }
      const next = action.offset + action.page.items.length;
      const more = action.page.items.length > 0 && next < action.page._metadata.totalItems;
      nodes[action.tenantId] = {
        ...parent,
        childIds,
        childrenLoaded: true,
        hasChildren: childIds.length > 0 || more,
        more: more ? { offset: next } : null,
      };
      return {
        ...state,
        tree: { ...state.tree, nodes },
        fetching: without(state.fetching, [action.tenantId]),
      };
    }
    case 'searchTyped': {
      // Every change names a new search: the answers of the earlier ones are dropped from now on.
      const seq = state.search.seq + 1;
      const query = { ...state.query, _filter: action.filter, _offset: 0 };
      if (action.filter.trim() === '')
        return { ...state, query, search: { ...initialAllAccountsState().search, seq } };
      return { ...state, query, search: { ...state.search, seq, status: 'loading', error: null } };
    }
    case 'searchAnswered':
      if (action.seq !== state.search.seq || state.search.status === 'idle') return state;
      return {
        ...state,
        search: {
          ...state.search,
          status: 'ready',
          // Each account once (TENANTS-003).
          items: action.page.items.filter(
            (item, i, all) => all.findIndex((o) => o.tenantId === item.tenantId) === i,
          ),
          totalItems: action.page._metadata.totalItems,
          error: null,
        },
      };
    case 'searchFailed':
      if (action.seq !== state.search.seq || state.search.status === 'idle') return state;
      return { ...state, search: { ...state.search, status: 'failed', items: [], error: action.error } };
    case 'selected': {
      if (state.selected?.tenantId === action.tenantId) return state;
      const selected = selectedFor(state, action.tenantId);
      return selected ? { ...state, selected } : state;
    }
    case 'parentNamed':
      return fillSelected(state, action.tenantId, { parentName: action.parentName });
    case 'jwtLoaded':
      return fillSelected(state, action.tenantId, { jwt: action.jwt });
    case 'usersLoaded':
      return fillSelected(state, action.tenantId, { users: action.users });
    case 'settingsLoaded':
      return fillSelected(state, action.tenantId, { settings: action.settings });
    case 'created': {
      const parent = state.tree.nodes[action.parentId];
      if (!parent) {
        // Under a searched account the tree has not listed: selected; the tree lists it once its parent loads.
        return {
          ...state,
          selected: {
            tenantId: action.tenantId,
            name: action.name,
            parentId: action.parentId,
            parentName: accountName(state, action.parentId),
            own: false,
            jwt: null,
            users: null,
            settings: null,
          },
        };
      }
      const nodes = { ...state.tree.nodes };
      if (!nodes[action.tenantId]) {
        nodes[action.tenantId] = {
          ...placeholder(action.tenantId, action.parentId),
          name: action.name,
          // A new account has no children yet.
          childrenLoaded: true,
        };
        nodes[action.parentId] = {
          ...parent,
          childIds: [...parent.childIds, action.tenantId],
          hasChildren: true,
        };
      }
      // Its parent and every ancestor expanded, so the new account is in view.
      const expanded = { ...state.expanded };
      for (let id: string | null = action.parentId; id; id = nodes[id]?.parentId ?? null) expanded[id] = true;
      const next = { ...state, tree: { ...state.tree, nodes }, expanded };
      return { ...next, selected: selectedFor(next, action.tenantId) };
    }
    case 'renamed': {
      const node = state.tree.nodes[action.tenantId];
      const nodes = node
        ? { ...state.tree.nodes, [action.tenantId]: { ...node, name: action.name } }
        : state.tree.nodes;
      const items = state.search.items.map((i) =>
        i.tenantId === action.tenantId ? { ...i, name: action.name } : i,
      );
      let selected = state.selected;
      if (selected?.tenantId === action.tenantId) selected = { ...selected, name: action.name };
      else if (selected?.parentId === action.tenantId) selected = { ...selected, parentName: action.name };
      return { ...state, tree: { ...state.tree, nodes }, search: { ...state.search, items }, selected };
    }
    case 'deleted': {
      const node = state.tree.nodes[action.tenantId];
      const gone = node ? subtreeIds(state.tree.nodes, action.tenantId) : [action.tenantId];
      let nodes = without(state.tree.nodes, gone);
      const parent = node?.parentId ? nodes[node.parentId] : undefined;
      if (parent) {
        const childIds = parent.childIds.filter((id) => id !== action.tenantId);
        nodes = {
          ...nodes,
          [parent.tenantId]: {
            ...parent,
            childIds,
            hasChildren: childIds.length > 0 || parent.more !== null,
          },
        };
      }
      const items = state.search.items.filter(
        (i) => !gone.includes(i.tenantId) && !gone.includes(i.parentTenantId),
      );
      const next: AllAccountsState = {
        ...state,
        tree: { ...state.tree, nodes },
        expanded: without(state.expanded, gone),
        search: { ...state.search, items },
        selected: state.selected && gone.includes(state.selected.tenantId) ? null : state.selected,
      };
      // The deleted account's parent is selected instead.
      if (!next.selected && parent) return { ...next, selected: selectedFor(next, parent.tenantId) };
      return next;
    }
  }
}

/**
 * A row of the tree as shown, depth first: an account, or after an open account's children its "Load more"
 * (a tree item too: a tree holds only items and groups).
 */
export interface VisibleNode {
  /** The row's key: the account's id, or `loadMoreKey(id)` for its "Load more". */
  key: string;
  tenantId: string;
  /** aria-level: 1 for the root. */
  level: number;
  loadMore: boolean;
}

/** The key of an account's "Load more" row (a line break: never in an id). */
export const loadMoreKey = (tenantId: string) => `${tenantId}\n+`;

export function visibleNodes(state: AllAccountsState): VisibleNode[] {
  const rows: VisibleNode[] = [];
  const walk = (id: string, level: number) => {
    const node = state.tree.nodes[id];
    if (!node) return;
    rows.push({ key: id, tenantId: id, level, loadMore: false });
    if (!state.expanded[id]) return;
    for (const child of node.childIds) walk(child, level + 1);
    if (node.more && !state.fetchErrors[id])
      rows.push({ key: loadMoreKey(id), tenantId: id, level: level + 1, loadMore: true });
  };
  if (state.tree.rootId) walk(state.tree.rootId, 1);
  return rows;
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End';

/**
 * The WAI-ARIA tree pattern's arrow keys from the focused row: which row to focus next, or which account to
 * expand or collapse instead.
 */
export function treeKey(
  state: AllAccountsState,
  focused: string,
  key: TreeKey,
): { focus: string } | { toggle: string; expanded: boolean } | null {
  const rows = visibleNodes(state);
  const index = rows.findIndex((r) => r.key === focused);
  const row = rows[index];
  if (!row) return rows[0] ? { focus: rows[0].key } : null;
  const node = state.tree.nodes[row.tenantId]!;
  switch (key) {
    case 'ArrowDown':
      return rows[index + 1] ? { focus: rows[index + 1]!.key } : null;
    case 'ArrowUp':
      return index > 0 ? { focus: rows[index - 1]!.key } : null;
    case 'Home':
      return { focus: rows[0]!.key };
    case 'End':
      return { focus: rows[rows.length - 1]!.key };
    case 'ArrowRight':
      if (row.loadMore || !node.hasChildren) return null;
      if (!state.expanded[row.tenantId]) return { toggle: row.tenantId, expanded: true };
      return rows[index + 1] && rows[index + 1]!.level > row.level ? { focus: rows[index + 1]!.key } : null;
    case 'ArrowLeft':
      // "Load more" belongs to the account whose children it lists.
      if (row.loadMore) return { focus: row.tenantId };
      if (node.hasChildren && state.expanded[row.tenantId]) return { toggle: row.tenantId, expanded: false };
      return node.parentId ? { focus: node.parentId } : null;
  }
}

/** The page's state in the page's store (a fresh one each time the page opens). */
export const allAccountsAtom = atom<AllAccountsState>(initialAllAccountsState());

/** Applies one action to the page's state (the details pane fills the selected account's slots with it). */
export const dispatchAllAccountsAtom = atom(null, (get, set, action: AllAccountsAction) =>
  set(allAccountsAtom, allAccountsReducer(get(allAccountsAtom), action)),
);

/** The selected account, or null. */
export const selectedAccountAtom = atom((get) => get(allAccountsAtom).selected);
