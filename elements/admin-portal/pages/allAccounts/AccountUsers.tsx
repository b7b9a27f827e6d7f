import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import { runOperation } from '../../../../shared/api/operation';
import type { RolesApi } from '../../../../shared/api/roles';
import type {
  AvailableRole,
  createTeamApi,
  RoleLite,
  TeamUser,
  UsersPage,
  UsersQuery,
} from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { Alert, Button, ConfirmDialog, useToast } from '../../../../shared/ui';
import { DataTable, Pagination, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { secondaryText } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { actionsColumn } from '../../kit/RowActions';
import { useOptimistic } from '../../kit/useOptimistic';
import { useServerList } from '../../kit/useServerList';
import { Switch } from '../sso/parts';
import { AddAccountUserDialog } from './AddAccountUserDialog';
import { EditAccountRolesDialog } from './EditAccountRolesDialog';

/** TENANTS-011: the selected account's users, 10 a page from the first. */
export const ACCOUNT_USERS_QUERY: Readonly<UsersQuery> = Object.freeze({
  offset: 0,
  limit: 10,
  filter: '',
  sortBy: 'name',
  order: 'ASC',
  includeSubTenants: false,
});

type TeamApi = ReturnType<typeof createTeamApi>;

type Open =
  { dialog: 'add' } | { dialog: 'roles'; user: TeamUser } | { dialog: 'remove'; user: TeamUser } | null;

type RolesState =
  { status: 'loading' | 'ready'; roles: AvailableRole[] } | { status: 'failed'; error: string };

/**
 * The Users tab of the selected account: its members read with `team` (bound to the account's token for a
 * sub-account, the session's for the caller's own), 10 a page; adding, role changes and removal go through
 * the sub-tenants calls with the parent's (session's) token; on the caller's own account each member's
 * sub-account access is a switch (optimistic, put back with the server's reason on failure).
 */
export function AccountUsers({
  account,
  team,
  roles: rolesCalls,
  canWrite,
  onUsers,
}: {
  account: { tenantId: string; name: string; own: boolean };
  team: TeamApi;
  /** The roles calls in this account (its token for a sub-account): the roles it may hand out. */
  roles: RolesApi;
  canWrite: boolean;
  /** Told each page of users that arrives for the account. */
  onUsers?: (page: UsersPage) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const self = useAtomValue(userAtom);
  const { preview } = useAtomValue(optionsAtom);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [userRoles, setUserRoles] = useState<Record<string, RoleLite[]>>({});
  const [available, setAvailable] = useState<RolesState>({ status: 'loading', roles: [] });
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const access = useOptimistic();

  const users = useServerList<TeamUser, UsersQuery>({
    initialQuery: ACCOUNT_USERS_QUERY,
    fetchPage: async (query) => {
      const page = await team.getUsers(query);
      onUsers?.(page);
      return page;
    },
    onPage: (items, live) => {
      const ids = items.map((u) => u.id);
      if (!ids.length) return;
      // The roles in this account; a failed call leaves those the list answer carried.
      team.getUsersRoles(ids).then(
        (answer) =>
          live() &&
          Array.isArray(answer) &&
          setUserRoles(Object.fromEntries(answer.map((entry) => [entry.userId, entry.roles]))),
        () => {},
      );
    },
    searchDebounceMs: 0,
  });
  const { list, query, setPage, reload, patchItem } = users;
  const rolesOf = (user: TeamUser): RoleLite[] => userRoles[user.id] ?? user.roles ?? [];

  // The roles an administrator hands out in this account.
  const loadKey = preview ? 'preview' : self?.id;
  useEffect(() => {
    if (!canWrite || !loadKey) return;
    let live = true;
    rolesCalls.getRoles().then(
      (roles) => live && setAvailable({ status: 'ready', roles: Array.isArray(roles) ? roles : [] }),
      (err: unknown) =>
        live && setAvailable({ status: 'failed', error: errorMessage(err, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user
  }, [canWrite, loadKey]);
  const roles = available.status === 'failed' ? [] : available.roles;
  const rolesError = available.status === 'failed' ? available.error : null;

  const failed = (text: (error: string) => string) => ({
    setLoading: () => {},
    setError: (error: string | null) =>
      setNotice(error === null ? null : { severity: 'error', text: text(error) }),
  });

  /** TENANTS-021: the switch moves at once; a refusal puts it back and says why. */
  const setAccess = (user: TeamUser, allow: boolean) => {
    const before = user.subAccountAccessAllowed;
    void access.run(
      user.id,
      {
        apply: () => patchItem(user.id, { subAccountAccessAllowed: allow }),
        rollback: () => patchItem(user.id, { subAccountAccessAllowed: before }),
        call: () => hierarchyApi.updateSubAccountAccess(user.id, allow),
      },
      failed((error) => t('adminPortal.allAccounts.details.accessFailed', { email: user.email, error })),
      t('common.genericError'),
    );
  };

  const remove = async (user: TeamUser) => {
    const result = await runOperation(
      { setLoading: setRemoving, setError: setRemoveError },
      () =>
        hierarchyApi.removeUserFromTenantAndSubTenants({
          userId: user.id,
          subTenants: [{ tenantId: account.tenantId }],
        }),
      t('common.genericError'),
    );
    if (!result.ok) return;
    setOpen(null);
    toast({ text: t('adminPortal.allAccounts.details.removed', { email: user.email, name: account.name }) });
    reload();
  };

  const columns = useMemo<ColumnDef<TeamUser, unknown>[]>(() => {
    const list: ColumnDef<TeamUser, unknown>[] = [
      {
        id: 'name',
        header: t('adminPortal.allAccounts.details.columns.name'),
        accessorFn: (user) => user.name ?? '',
        cell: ({ row }) =>
          row.original.name ? (
            <span data-user-name>{row.original.name}</span>
          ) : (
            <span css={secondaryText}>—</span>
          ),
      },
      {
        id: 'email',
        header: t('adminPortal.allAccounts.details.columns.email'),
        accessorFn: (user) => user.email,
        cell: ({ row }) => (
          <span css={{ display: 'inline-block', minWidth: '18ch', overflowWrap: 'anywhere' }}>
            {row.original.email}
          </span>
        ),
      },
      {
        id: 'roles',
        header: t('adminPortal.allAccounts.details.columns.roles'),
        enableSorting: false,
        cell: ({ row }) => {
          const names = rolesOf(row.original).map((r) => r.name);
          return names.length ? (
            <span data-user-roles>{names.join(', ')}</span>
          ) : (
            <span css={secondaryText}>{t('adminPortal.allAccounts.details.noRoles')}</span>
          );
        },
      },
    ];
    if (account.own)
      list.push({
        id: 'access',
        header: t('adminPortal.allAccounts.details.columns.access'),
        enableSorting: false,
        cell: ({ row }) => (
          <Switch
            data-sub-account-access={row.original.id}
            label={t('adminPortal.allAccounts.details.accessFor', { email: row.original.email })}
            checked={row.original.subAccountAccessAllowed !== false}
            disabled={!canWrite}
            onChange={(allow) => setAccess(row.original, allow)}
          />
        ),
      });
    if (canWrite)
      list.push(
        actionsColumn<TeamUser>(t('adminPortal.allAccounts.details.columns.actions'), (user) => [
          {
            key: 'edit-roles',
            label: t('adminPortal.allAccounts.details.editRoles'),
            ariaLabel: t('adminPortal.allAccounts.details.editRolesFor', { email: user.email }),
            onSelect: () => setOpen({ dialog: 'roles', user }),
          },
          {
            key: 'remove',
            label: t('adminPortal.allAccounts.details.remove'),
            ariaLabel: t('adminPortal.allAccounts.details.removeFor', { email: user.email }),
            danger: true,
            onSelect: () => {
              setRemoveError(null);
              setOpen({ dialog: 'remove', user });
            },
          },
        ]),
      );
    return list;
    // The cells read the latest roles and rows through the closures made for this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, account.own, account.tenantId, canWrite, userRoles, list.items]);

  const loading = list.status === 'loading';
  const removed = open?.dialog === 'remove' ? open.user : null;

  return (
    <div data-account-users css={{ display: 'grid', gap: space.xl }}>
      {canWrite && (
        <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button data-add-user onClick={() => setOpen({ dialog: 'add' })}>
            {t('adminPortal.allAccounts.details.addUser')}
          </Button>
        </div>
      )}
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {list.status === 'failed' ? (
        <LoadError error={list.error ?? ''} onRetry={reload} />
      ) : (
        <>
          <DataTable
            label={t('adminPortal.allAccounts.details.usersOf', { name: account.name })}
            columns={columns}
            data={list.items}
            getRowId={(user) => user.id}
            emptyMessage={t('adminPortal.allAccounts.details.noUsers')}
            loading={loading}
            skeletonRows={3}
          />
          <div data-pages={list.totalPages}>
            <Pagination page={query.offset} pageCount={list.totalPages} onPage={setPage} />
          </div>
        </>
      )}

      {open?.dialog === 'add' && (
        <AddAccountUserDialog
          tenantId={account.tenantId}
          roles={roles}
          rolesError={rolesError}
          onClose={() => setOpen(null)}
          onAdded={(email) => {
            setOpen(null);
            toast({ text: t('adminPortal.allAccounts.details.added', { email, name: account.name }) });
            reload();
          }}
        />
      )}
      {open?.dialog === 'roles' && (
        <EditAccountRolesDialog
          tenantId={account.tenantId}
          user={open.user}
          current={rolesOf(open.user)}
          roles={roles}
          rolesError={rolesError}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            const user = open.user;
            setOpen(null);
            setUserRoles((current) => ({ ...current, [user.id]: saved }));
            toast({ text: t('adminPortal.allAccounts.details.rolesSaved', { email: user.email }) });
          }}
        />
      )}
      <ConfirmDialog
        open={removed !== null}
        alert
        title={removed ? t('adminPortal.allAccounts.details.removeTitle', { email: removed.email }) : ''}
        confirmLabel={t('adminPortal.allAccounts.details.remove')}
        busy={removing}
        onClose={() => setOpen(null)}
        onConfirm={() => removed && void remove(removed)}
      >
        {removed && (
          <div css={{ display: 'grid', gap: space.md }}>
            {removeError && <Alert severity="error">{removeError}</Alert>}
            <p css={{ margin: 0 }}>
              {t('adminPortal.allAccounts.details.removeText', { email: removed.email, name: account.name })}
            </p>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
