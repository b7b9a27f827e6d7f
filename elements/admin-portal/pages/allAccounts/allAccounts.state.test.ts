import { expect } from '@open-wc/testing';
import type { SearchedSubTenant, SubTenantsPage, TenantTreeNode } from '../../../../shared/api/hierarchy';
import type { UsersPage } from '../../../../shared/api/team';
import {
  allAccountsReducer,
  initialAllAccountsState,
  loadMoreKey,
  loadMoreOffset,
  treeKey,
  visibleNodes,
  type AllAccountsAction,
  type AllAccountsState,
} from './allAccounts.state';

const CREATED = '2024-01-01T00:00:00.000Z';

function node(
  tenantId: string,
  name: string,
  children: TenantTreeNode[] = [],
  loadMoreLink: string | null = null,
) {
  return {
    tenantId,
    tenantName: name,
    name,
    alias: null,
    createdAt: CREATED,
    metadata: '{}',
    isReseller: false,
    tenantType: 'customer',
    numberOfUsers: 1,
    children,
    loadMoreLink,
  } satisfies TenantTreeNode;
}

function item(tenantId: string, name: string, parentTenantId: string, isParent = false): SearchedSubTenant {
  return {
    tenantId,
    name,
    createdAt: CREATED,
    metadata: { isParent },
    isReseller: false,
    subAccountAccessType: 'defaultOn',
    tenantType: 'customer',
    parentTenantId,
    numberOfUsers: 0,
  };
}

const pageOf = (items: SearchedSubTenant[], totalItems = items.length): SubTenantsPage => ({
  items,
  _metadata: { totalItems, totalPages: 1 },
});

const run = (...actions: AllAccountsAction[]) =>
  actions.reduce<AllAccountsState>(allAccountsReducer, initialAllAccountsState());

const ACME = node('acme', 'Acme', [
  node('europe', 'Acme Europe', [node('paris', 'Acme Paris')]),
  node('labs', 'Acme Labs'),
]);
const loaded = () => run({ type: 'treeLoaded', root: ACME });

describe('all accounts state', () => {
  it('[TENANTS-009] holds the tree (tenantId, children), the query params and the selected account with its slots', () => {
    const initial = initialAllAccountsState();
    expect(initial.query, 'the search asks limit 50 from offset 0 (TENANTS-010)').to.deep.equal({
      _filter: '',
      _limit: 50,
      _offset: 0,
    });
    expect(initial.tree.status).to.equal('loading');

    let state = loaded();
    expect(state.tree.rootId).to.equal('acme');
    expect(state.tree.nodes.acme!.childIds).to.deep.equal(['europe', 'labs']);
    expect(state.tree.nodes.europe!.childIds).to.deep.equal(['paris']);
    expect(state.tree.nodes.paris!.parentId).to.equal('europe');
    expect(state.expanded, 'the root is expanded at first').to.deep.equal({ acme: true });
    expect(state.selected, 'the caller’s own account is selected at first').to.deep.include({
      tenantId: 'acme',
      name: 'Acme',
      parentName: null,
      own: true,
      jwt: null,
      users: null,
      settings: null,
    });

    state = allAccountsReducer(state, { type: 'selected', tenantId: 'europe' });
    expect(state.selected).to.deep.include({
      tenantId: 'europe',
      parentId: 'acme',
      parentName: 'Acme',
      own: false,
    });
    const users = { items: [], _metadata: { totalItems: 0, totalPages: 0 } } as unknown as UsersPage;
    state = [
      { type: 'jwtLoaded', tenantId: 'europe', jwt: 'europe-token' },
      { type: 'usersLoaded', tenantId: 'europe', users },
      // A late answer for another account fills nothing.
      { type: 'jwtLoaded', tenantId: 'labs', jwt: 'labs-token' },
    ].reduce<AllAccountsState>((s, a) => allAccountsReducer(s, a as AllAccountsAction), state);
    expect(state.selected!.jwt).to.equal('europe-token');
    expect(state.selected!.users).to.equal(users);
    state = allAccountsReducer(state, { type: 'selected', tenantId: 'labs' });
    expect(state.selected, 'a newly selected account starts with empty slots').to.deep.include({
      tenantId: 'labs',
      jwt: null,
      users: null,
    });
  });

  it('[TENANTS-003] an account listed twice in the tree is shown once, where first met', () => {
    const root = node('acme', 'Acme', [
      node('europe', 'Acme Europe', [node('labs', 'Acme Labs (again)'), node('paris', 'Acme Paris')]),
      node('labs', 'Acme Labs'),
      node('europe', 'Acme Europe'),
      node('acme', 'Acme'),
    ]);
    const state = run({ type: 'treeLoaded', root });
    expect(state.tree.nodes.acme!.childIds).to.deep.equal(['europe', 'labs']);
    expect(state.tree.nodes.europe!.childIds).to.deep.equal(['paris']);
    expect(state.tree.nodes.labs!.name).to.equal('Acme Labs');
    const rows = visibleNodes(allAccountsReducer(state, { type: 'toggled', tenantId: 'europe' }));
    expect(rows.map((r) => r.key)).to.deep.equal(['acme', 'europe', 'paris', 'labs']);
  });

  it('a level with a loadMoreLink loads its next children from the link’s offset, each once', () => {
    expect(
      loadMoreOffset('/tenants/resources/hierarchy/v2?_subTenantId=acme&_offset=50&_limit=50', 2),
    ).to.deep.equal({
      offset: 50,
    });
    expect(loadMoreOffset('/tenants/resources/hierarchy/v2?_subTenantId=acme', 7)).to.deep.equal({
      offset: 7,
    });
    expect(loadMoreOffset(null, 7)).to.equal(null);

    const root = node('acme', 'Acme', [node('a1', 'A1'), node('a2', 'A2')], '/x?_subTenantId=acme&_offset=2');
    let state = run({ type: 'treeLoaded', root });
    expect(state.tree.nodes.acme!.more).to.deep.equal({ offset: 2 });
    state = allAccountsReducer(state, { type: 'childrenRequested', tenantId: 'acme' });
    expect(state.fetching.acme).to.equal(true);
    state = allAccountsReducer(state, {
      type: 'childrenLoaded',
      tenantId: 'acme',
      offset: 2,
      page: pageOf([item('a2', 'A2', 'acme'), item('a3', 'A3', 'acme', true)], 5),
    });
    expect(state.tree.nodes.acme!.childIds).to.deep.equal(['a1', 'a2', 'a3']);
    expect(state.tree.nodes.acme!.more, 'two of five still to come').to.deep.equal({ offset: 4 });
    expect(state.tree.nodes.a3, 'metadata.isParent gives an expander').to.deep.include({
      hasChildren: true,
      childrenLoaded: false,
    });
    expect(state.fetching.acme).to.equal(undefined);
    state = allAccountsReducer(state, {
      type: 'childrenLoaded',
      tenantId: 'acme',
      offset: 4,
      page: pageOf([item('a5', 'A5', 'acme')], 5),
    });
    expect(state.tree.nodes.acme!.more, 'every child listed').to.equal(null);

    state = allAccountsReducer(state, { type: 'childrenFailed', tenantId: 'a3', error: 'Down' });
    expect(state.fetchErrors.a3).to.equal('Down');
    state = allAccountsReducer(state, { type: 'childrenRequested', tenantId: 'a3' });
    expect(state.fetchErrors.a3).to.equal(undefined);
  });

  it('[TENANTS-010] a stale search answer never overwrites a newer one; clearing drops every answer', () => {
    let state = loaded();
    state = allAccountsReducer(state, { type: 'searchTyped', filter: 'ac' });
    const first = state.search.seq;
    expect(state.search.status).to.equal('loading');
    expect(state.query).to.deep.equal({ _filter: 'ac', _limit: 50, _offset: 0 });
    state = allAccountsReducer(state, { type: 'searchTyped', filter: 'acme l' });
    const second = state.search.seq;
    state = allAccountsReducer(state, {
      type: 'searchAnswered',
      seq: second,
      page: pageOf([item('labs', 'Acme Labs', 'acme'), item('labs', 'Acme Labs', 'acme')]),
    });
    state = allAccountsReducer(state, {
      type: 'searchAnswered',
      seq: first,
      page: pageOf([item('europe', 'Acme Europe', 'acme'), item('labs', 'Acme Labs', 'acme')]),
    });
    expect(
      state.search.items.map((i) => i.tenantId),
      'the newer answer, each account once',
    ).to.deep.equal(['labs']);
    state = allAccountsReducer(state, { type: 'searchFailed', seq: first, error: 'late failure' });
    expect(state.search.status).to.equal('ready');

    state = allAccountsReducer(state, { type: 'searchTyped', filter: 'p' });
    const third = state.search.seq;
    state = allAccountsReducer(state, { type: 'searchTyped', filter: '' });
    state = allAccountsReducer(state, {
      type: 'searchAnswered',
      seq: third,
      page: pageOf([item('paris', 'P', 'europe')]),
    });
    expect(state.search).to.deep.include({ status: 'idle', items: [] });
  });

  it('a searched account is selected with its parent’s name when the page knows it', () => {
    let state = allAccountsReducer(loaded(), { type: 'searchTyped', filter: 'x' });
    state = allAccountsReducer(state, {
      type: 'searchAnswered',
      seq: state.search.seq,
      page: pageOf([item('deep', 'Deep', 'hidden'), item('hidden', 'Hidden', 'europe')]),
    });
    state = allAccountsReducer(state, { type: 'selected', tenantId: 'deep' });
    expect(state.selected).to.deep.include({ tenantId: 'deep', parentId: 'hidden', parentName: 'Hidden' });
    state = allAccountsReducer(state, { type: 'selected', tenantId: 'hidden' });
    expect(state.selected).to.deep.include({ parentName: 'Acme Europe' });
    state = allAccountsReducer(state, { type: 'searchTyped', filter: 'y' });
    state = allAccountsReducer(state, {
      type: 'searchAnswered',
      seq: state.search.seq,
      page: pageOf([item('far', 'Far', 'unknown')]),
    });
    state = allAccountsReducer(state, { type: 'selected', tenantId: 'far' });
    expect(state.selected).to.deep.include({ parentId: 'unknown', parentName: null });
    state = allAccountsReducer(state, { type: 'parentNamed', tenantId: 'far', parentName: 'Unknown Ltd' });
    expect(state.selected!.parentName).to.equal('Unknown Ltd');
  });

  it('a created account is inserted under its parent, in view, and selected', () => {
    let state = allAccountsReducer(loaded(), {
      type: 'created',
      parentId: 'europe',
      tenantId: 'rome',
      name: 'Acme Rome',
    });
    expect(state.tree.nodes.europe!.childIds).to.deep.equal(['paris', 'rome']);
    expect(state.expanded.europe).to.equal(true);
    expect(state.selected).to.deep.include({
      tenantId: 'rome',
      name: 'Acme Rome',
      parentName: 'Acme Europe',
    });
    expect(visibleNodes(state).map((r) => [r.key, r.level])).to.deep.equal([
      ['acme', 1],
      ['europe', 2],
      ['paris', 3],
      ['rome', 3],
      ['labs', 2],
    ]);
    state = allAccountsReducer(state, {
      type: 'created',
      parentId: 'labs',
      tenantId: 'l1',
      name: 'Labs One',
    });
    expect(state.tree.nodes.labs).to.deep.include({ hasChildren: true, childIds: ['l1'] });
  });

  it('a renamed account shows its new name; a deleted one goes with its subtree and its parent is selected', () => {
    let state = allAccountsReducer(loaded(), { type: 'selected', tenantId: 'paris' });
    state = allAccountsReducer(state, { type: 'renamed', tenantId: 'europe', name: 'Acme EU' });
    expect(state.tree.nodes.europe!.name).to.equal('Acme EU');
    expect(state.selected!.parentName, 'the selected child follows its parent’s name').to.equal('Acme EU');
    state = allAccountsReducer(state, { type: 'renamed', tenantId: 'paris', name: 'Acme Île-de-France' });
    expect(state.selected!.name).to.equal('Acme Île-de-France');

    state = allAccountsReducer(state, { type: 'selected', tenantId: 'europe' });
    state = allAccountsReducer(state, { type: 'deleted', tenantId: 'europe' });
    expect(Object.keys(state.tree.nodes).sort()).to.deep.equal(['acme', 'labs']);
    expect(state.tree.nodes.acme!.childIds).to.deep.equal(['labs']);
    expect(state.selected).to.deep.include({ tenantId: 'acme', own: true });
  });

  it('[SCREEN-076] the arrow keys follow the WAI-ARIA tree pattern', () => {
    let state = loaded();
    expect(treeKey(state, 'acme', 'ArrowDown')).to.deep.equal({ focus: 'europe' });
    expect(treeKey(state, 'labs', 'ArrowDown'), 'the last row stays').to.equal(null);
    expect(treeKey(state, 'labs', 'ArrowUp')).to.deep.equal({ focus: 'europe' });
    expect(treeKey(state, 'acme', 'ArrowUp')).to.equal(null);
    expect(treeKey(state, 'europe', 'ArrowRight'), 'a closed parent opens').to.deep.equal({
      toggle: 'europe',
      expanded: true,
    });
    expect(treeKey(state, 'labs', 'ArrowRight'), 'a leaf does nothing').to.equal(null);
    expect(treeKey(state, 'europe', 'ArrowLeft'), 'a closed child moves to its parent').to.deep.equal({
      focus: 'acme',
    });
    state = allAccountsReducer(state, { type: 'toggled', tenantId: 'europe', expanded: true });
    expect(treeKey(state, 'europe', 'ArrowRight'), 'an open parent moves to its first child').to.deep.equal({
      focus: 'paris',
    });
    expect(treeKey(state, 'paris', 'ArrowDown')).to.deep.equal({ focus: 'labs' });
    expect(treeKey(state, 'europe', 'ArrowLeft'), 'an open parent closes').to.deep.equal({
      toggle: 'europe',
      expanded: false,
    });
    expect(treeKey(state, 'acme', 'End')).to.deep.equal({ focus: 'labs' });
    expect(treeKey(state, 'labs', 'Home')).to.deep.equal({ focus: 'acme' });
    const more = loadMoreKey('acme');
    const acme = { ...state.tree.nodes.acme!, more: { offset: 2 } };
    state = { ...state, tree: { ...state.tree, nodes: { ...state.tree.nodes, acme } } };
    expect(visibleNodes(state).at(-1), '"Load more" is the last row of its level').to.deep.equal({
      key: more,
      tenantId: 'acme',
      level: 2,
      loadMore: true,
    });
    expect(treeKey(state, 'labs', 'ArrowDown')).to.deep.equal({ focus: more });
    expect(treeKey(state, more, 'ArrowLeft'), 'back to its account').to.deep.equal({ focus: 'acme' });
    expect(treeKey(state, more, 'ArrowRight')).to.equal(null);
    const failed = allAccountsReducer(state, { type: 'childrenFailed', tenantId: 'acme', error: 'x' });
    expect(visibleNodes(failed).at(-1)!.key, 'a failed level shows its error instead').to.equal('labs');
    expect(
      allAccountsReducer(state, { type: 'toggled', tenantId: 'labs' }),
      'a leaf is never expanded',
    ).to.equal(state);
  });
});
