import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import { hasPermission } from '../../../../shared/auth/permissions';
import { useT } from '../../../../shared/i18n/useT';
import { Button, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { PortalPage } from '../../kit/PortalPage';
import { regionCss } from '../../kit/region';
import { permissionKeysAtom } from '../../portal.atoms';
import { AccountDetails } from './AccountDetails';
import { AccountTree } from './AccountTree';
import { allAccountsAtom, dispatchAllAccountsAtom, type AllAccountsAction } from './allAccounts.state';
import { CreateSubAccountDialog } from './CreateSubAccountDialog';

/** Creating, renaming and deleting sub-accounts (the server's hierarchy endpoint tables require it). */
export const HIERARCHY_WRITE = 'fe.account-hierarchy.write.subAccount';
/** The search asks once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * All accounts (SCREEN-075/076, TENANTS-009/010): the caller's account and its sub-accounts as a tree with
 * search, and the selected account's pane (its users and settings, rename, delete, switch). Writers create
 * sub-accounts under the selected account.
 */
export default function AllAccountsPage() {
  const { t } = useT();
  const state = useAtomValue(allAccountsAtom);
  const setState = useSetAtom(dispatchAllAccountsAtom);
  const granted = useAtomValue(permissionKeysAtom);
  const canWrite = hasPermission(granted, HIERARCHY_WRITE);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Answers that arrive after the page closed are dropped.
  const live = useRef(true);
  const dispatch = useCallback((action: AllAccountsAction) => live.current && setState(action), [setState]);
  const failure = (error: unknown) => errorMessage(error, t('common.genericError'));

  // Fresh state for each opening of the page (its atoms live in the page's one store).
  useEffect(() => {
    live.current = true;
    setState({ type: 'reset' });
    return () => {
      live.current = false;
      setState({ type: 'reset' });
    };
  }, [setState]);

  // The tree loads once (again on a retry).
  useEffect(() => {
    dispatch({ type: 'treeRequested' });
    hierarchyApi.getSubTenantsAsTree().then(
      (root) => dispatch({ type: 'treeLoaded', root }),
      (error: unknown) => dispatch({ type: 'treeFailed', error: failure(error) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  // The search asks once typing pauses; each change of the filter names a new search (TENANTS-010/026).
  const { seq } = state.search;
  const filter = state.query._filter.trim();
  useEffect(() => {
    if (!filter) return;
    const { _limit, _offset } = state.query;
    const timer = setTimeout(() => {
      hierarchyApi.searchSubTenants({ _filter: filter, _limit, _offset }).then(
        (page) => dispatch({ type: 'searchAnswered', seq, page }),
        (error: unknown) => dispatch({ type: 'searchFailed', seq, error: failure(error) }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);

  const fetchChildren = (tenantId: string) => {
    const node = state.tree.nodes[tenantId];
    if (!node || state.fetching[tenantId]) return;
    const offset = node.childrenLoaded ? (node.more?.offset ?? node.childIds.length) : 0;
    dispatch({ type: 'childrenRequested', tenantId });
    hierarchyApi.searchSubTenants({ _subTenantId: tenantId, _offset: offset }).then(
      (page) => dispatch({ type: 'childrenLoaded', tenantId, offset, page }),
      (error: unknown) => dispatch({ type: 'childrenFailed', tenantId, error: failure(error) }),
    );
  };

  const toggle = (tenantId: string, expanded: boolean) => {
    dispatch({ type: 'toggled', tenantId, expanded });
    const node = state.tree.nodes[tenantId];
    if (expanded && node && !node.childrenLoaded) fetchChildren(tenantId);
  };

  // A searched account deeper than the tree shows: its parent's name is read from the hierarchy.
  const selected = state.selected;
  const missingParent =
    selected && selected.parentId && selected.parentName === null ? selected.tenantId : null;
  useEffect(() => {
    if (!missingParent) return;
    hierarchyApi.getParentTenantsById(missingParent).then(
      (parents) => {
        const parent = parents.find((p) => p.level === 1);
        if (parent) dispatch({ type: 'parentNamed', tenantId: missingParent, parentName: parent.tenantName });
      },
      () => undefined,
    );
  }, [missingParent, dispatch]);

  // New sub-accounts go under the selected account; the caller's own when none is.
  const parentId = state.selected?.tenantId ?? state.tree.rootId;
  const parentName = parentId ? (state.tree.nodes[parentId]?.name ?? state.selected?.name ?? '') : '';
  const create = async (name: string) => {
    if (!parentId) return;
    const created = await hierarchyApi.createSubTenant({ name, parentTenantId: parentId });
    dispatch({ type: 'created', parentId, tenantId: created.tenantId, name: created.name });
    setCreating(false);
    toast({ text: t('adminPortal.allAccounts.create.created', { name: created.name }) });
  };

  const account = useMemo(
    () =>
      selected && {
        tenantId: selected.tenantId,
        name: selected.name,
        parentName: selected.parentName,
        own: selected.own,
      },
    [selected?.tenantId, selected?.name, selected?.parentName, selected?.own], // eslint-disable-line react-hooks/exhaustive-deps
  );

  return (
    <PortalPage
      data-page="allAccounts"
      data-page-content="allAccounts"
      title={t('adminPortal.allAccounts.page.title')}
      description={t('adminPortal.allAccounts.page.intro')}
      busy={state.tree.status === 'loading'}
    >
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
          gap: space['2xl'],
          alignItems: 'start',
          '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
        }}
      >
        <div data-pane="accounts" css={{ ...regionCss, padding: space.md }}>
          {canWrite && state.tree.status === 'ready' && parentId && (
            <div css={{ display: 'grid', gap: space.xs }}>
              <Button
                data-create-sub-account
                onClick={() => setCreating(true)}
                aria-describedby="fe-create-under"
              >
                {t('adminPortal.allAccounts.create.button')}
              </Button>
              <span id="fe-create-under" css={{ fontSize: '0.9em', color: 'var(--fe-color-text-secondary)' }}>
                {t('adminPortal.allAccounts.create.under', { name: parentName })}
              </span>
            </div>
          )}
          <AccountTree
            state={state}
            onSearch={(value) => dispatch({ type: 'searchTyped', filter: value })}
            onSelect={(tenantId) => dispatch({ type: 'selected', tenantId })}
            onToggle={toggle}
            onLoadMore={fetchChildren}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        </div>
        <div data-pane="details" css={{ minWidth: 0 }}>
          {account ? (
            <AccountDetails
              key={account.tenantId}
              account={account}
              onChanged={(change) =>
                change.kind === 'renamed'
                  ? dispatch({ type: 'renamed', tenantId: account.tenantId, name: change.name })
                  : dispatch({ type: 'deleted', tenantId: account.tenantId })
              }
            />
          ) : (
            state.tree.status === 'ready' && (
              <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
                {t('adminPortal.allAccounts.page.noSelection')}
              </p>
            )
          )}
        </div>
      </div>
      {creating && parentId && (
        <CreateSubAccountDialog
          parentName={parentName}
          onClose={() => setCreating(false)}
          onCreate={create}
        />
      )}
    </PortalPage>
  );
}
