import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { errorMessage } from '../../../../shared/api/errors';
import { runOperation, type OperationState } from '../../../../shared/api/operation';
import { teamApi, type AvailableRole, type TeamUser } from '../../../../shared/api/team';
import { featureFlagsAtom } from '../../../../shared/flags/flags.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { Button, ConfirmDialog, Skeleton, TextField, useToast } from '../../../../shared/ui';
import { Pagination } from '../../../../shared/ui/DataTable';
import { Checkbox, Select } from '../../../../shared/ui/form';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { PortalPage } from '../../kit/PortalPage';
import type { RowAction } from '../../kit/RowActions';
import { useOptimistic } from '../../kit/useOptimistic';
import { space } from '../../../../themes/tokens';
import { ApplicationsDialog } from './ApplicationsDialog';
import { BulkInviteDialog } from './BulkInviteDialog';
import { EditRolesDialog } from './EditRolesDialog';
import { ExpiryDialog } from './ExpiryDialog';
import { InviteLinkSection } from './InviteLinkSection';
import { InviteUserDialog, type InviteOutcome } from './InviteUserDialog';
import { UsersTable } from './UsersTable';
import { useUserApplications } from './useApplications';
import { isTemporary, resendKind } from './userStatus';
import { useUsersList } from './useUsersList';
import { afterBulkInvite, DAY_SECONDS, PAGE_SIZES } from './usersQuery';

/** TEAM-023: multi-app administration (the applications column and dialog) is behind this flag. */
export const MULTI_APPS_FLAG = 'fe-multi-apps';

type Open =
  | { dialog: 'invite' }
  | { dialog: 'bulk' }
  | { dialog: 'roles'; user: TeamUser }
  | { dialog: 'expiry'; user: TeamUser }
  | { dialog: 'delete'; user: TeamUser }
  | { dialog: 'applications'; user: TeamUser }
  | null;

type RolesState =
  { status: 'loading' | 'ready'; roles: AvailableRole[] } | { status: 'failed'; error: string };

/**
 * The users (team) page: the account's users paged, sorted and searched by the server, with their roles,
 * groups and status; inviting (one or many), role changes, disabling, deleting, resending mails, temporary
 * users and the invite link for administrators who may change users.
 */
export default function UsersPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const self = useAtomValue(userAtom);
  const { preview } = useAtomValue(optionsAtom);
  const flags = useAtomValue(featureFlagsAtom);
  const temporaryUsers = flags['temporary-users'] === true;
  const multiApps = flags[MULTI_APPS_FLAG] === true;
  const { write: canWrite, delete: canDelete } = pageAccess('users', granted);
  const users = useUsersList();
  const { query, list, search, setSearch, reload, loadWith, refine, patchItem, removeItem, changeRoles } =
    users;
  const apps = useUserApplications(multiApps, list.items);

  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const toast = useToast();
  const [roles, setRoles] = useState<RolesState>({ status: 'loading', roles: [] });
  const changes = useOptimistic();

  // The roles an administrator can hand out, for the invite and role dialogs.
  const loadKey = preview ? 'preview' : self?.id;
  useEffect(() => {
    if (!canWrite || !loadKey) return;
    let live = true;
    teamApi.loadAvailableRoles().then(
      (list) => live && setRoles({ status: 'ready', roles: Array.isArray(list) ? list : [] }),
      (err: unknown) =>
        live && setRoles({ status: 'failed', error: errorMessage(err, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user
  }, [canWrite, loadKey]);
  const availableRoles = roles.status === 'failed' ? [] : roles.roles;
  const rolesError = roles.status === 'failed' ? roles.error : null;

  /** Where a failed action's error goes: the page notice, worded by `text`. */
  const noticeOf = useCallback(
    (text: (error: string) => string): OperationState => ({
      setLoading: () => {},
      setError: (error) => setNotice(error === null ? null : { severity: 'error', text: text(error) }),
    }),
    [],
  );
  const failed = useMemo(
    () => noticeOf((error) => t('adminPortal.users.actionFailed', { error })),
    [noticeOf, t],
  );

  /** TEAM-003: the row changes at once; a failure puts it back and says why. */
  const optimistic = useCallback(
    async (user: TeamUser, patch: Partial<TeamUser>, call: () => Promise<TeamUser | void>, done?: string) => {
      const result = await changes.run(
        user.id,
        {
          apply: () => patchItem(user.id, patch),
          rollback: () =>
            patchItem(
              user.id,
              Object.fromEntries(Object.keys(patch).map((key) => [key, user[key as keyof TeamUser]])),
            ),
          call,
        },
        failed,
        t('common.genericError'),
      );
      if (!result.ok) return;
      if (result.latest && result.data && typeof result.data === 'object' && result.data.id === user.id)
        patchItem(user.id, result.data);
      if (done) toast({ text: done });
    },
    [changes, patchItem, failed, toast, t],
  );

  const name = (user: TeamUser) => user.name || user.email;

  const resend = useCallback(
    async (user: TeamUser) => {
      const invitation = resendKind(user) === 'invitation';
      const result = await runOperation(
        failed,
        (): Promise<unknown> =>
          invitation ? teamApi.resendInvitation(user.email) : teamApi.resendActivation(user.id),
        t('common.genericError'),
      );
      if (result.ok)
        toast({
          text: t(invitation ? 'adminPortal.users.invitationResent' : 'adminPortal.users.activationResent', {
            email: user.email,
          }),
        });
    },
    [t, failed, toast],
  );

  const actionsFor = useCallback(
    (user: TeamUser): RowAction[] => {
      const isSelf = user.id === self?.id;
      const actions: RowAction[] = [];
      if (canWrite) {
        actions.push({
          key: 'edit-roles',
          label: t('adminPortal.users.editRoles'),
          onSelect: () => setOpen({ dialog: 'roles', user }),
        });
        if (multiApps)
          actions.push({
            key: 'applications',
            label: t('adminPortal.users.editApplications'),
            onSelect: () => setOpen({ dialog: 'applications', user }),
          });
        const kind = resendKind(user);
        if (kind)
          actions.push({
            key: kind === 'invitation' ? 'resend-invitation' : 'resend-activation',
            label: t(
              kind === 'invitation'
                ? 'adminPortal.users.resendInvitation'
                : 'adminPortal.users.resendActivation',
            ),
            onSelect: () => void resend(user),
          });
        if (isTemporary(user)) {
          actions.push(
            {
              key: 'make-permanent',
              label: t('adminPortal.users.makePermanent'),
              onSelect: () =>
                void optimistic(
                  user,
                  { temporaryExpirationDate: null },
                  () => teamApi.setPermanentUser(user.id),
                  t('adminPortal.users.madePermanent', { name: name(user) }),
                ),
            },
            {
              key: 'edit-expiry',
              label: t('adminPortal.users.editExpiry'),
              onSelect: () => setOpen({ dialog: 'expiry', user }),
            },
          );
        }
        if (user.isLocked)
          actions.push({
            key: 'unlock',
            label: t('adminPortal.users.unlock'),
            onSelect: () =>
              void optimistic(
                user,
                { isLocked: false },
                () => teamApi.unlockUser(user.id),
                t('adminPortal.users.userUnlocked', { name: name(user) }),
              ),
          });
        if (user.isDisabled)
          actions.push({
            key: 'enable',
            label: t('adminPortal.users.enable'),
            onSelect: () =>
              void optimistic(
                user,
                { isDisabled: false },
                () => teamApi.enableUser(user.id),
                t('adminPortal.users.userEnabled', { name: name(user) }),
              ),
          });
        else if (!isSelf)
          actions.push({
            key: 'disable',
            label: t('adminPortal.users.disable'),
            onSelect: () =>
              void optimistic(
                user,
                { isDisabled: true },
                () => teamApi.disableUser(user.id),
                t('adminPortal.users.userDisabled', { name: name(user) }),
              ),
          });
      }
      if (canDelete && !isSelf)
        actions.push({
          key: 'delete',
          label: t('adminPortal.users.deleteUser'),
          danger: true,
          onSelect: () => setOpen({ dialog: 'delete', user }),
        });
      return actions;
    },
    [t, self?.id, canWrite, canDelete, multiApps, optimistic, resend],
  );

  const deleteUser = async (user: TeamUser) => {
    setOpen(null);
    let restore = () => {};
    const result = await runOperation(
      failed,
      () => {
        restore = removeItem(user);
        return teamApi.deleteUser(user.id);
      },
      t('common.genericError'),
    );
    if (!result.ok) return restore();
    toast({ text: t('adminPortal.users.deleted', { name: name(user) }) });
    // The next user moves up into the page, and the counts follow.
    reload();
  };

  const saveRoles = async (user: TeamUser, roleIds: string[]) => {
    setOpen(null);
    const failedFor = noticeOf((error) => t('adminPortal.users.rolesFailed', { name: name(user), error }));
    const result = await changeRoles(user, roleIds, availableRoles, failedFor);
    // TEAM-003: the row showed the new roles at once; the toast says the server kept them.
    if (result.ok) toast({ text: t('adminPortal.users.rolesSaved', { name: name(user) }) });
  };

  const invited = ({ user, expiryError }: InviteOutcome) => {
    setOpen(null);
    if (expiryError)
      setNotice({
        severity: 'error',
        text: t('adminPortal.users.expiryFailed', { email: user.email, error: expiryError }),
      });
    else toast({ text: t('adminPortal.users.invited', { email: user.email }) });
    reload();
  };

  const bulkFinished = () => {
    // TEAM-007: offset 0, page size 10, empty filter.
    setSearch('');
    loadWith(afterBulkInvite);
  };

  const showActions = canWrite || canDelete;
  const loading = list.status === 'loading';

  return (
    <PortalPage
      data-users-page
      busy={loading}
      title={t('adminPortal.users.title')}
      description={
        // The first load has no count yet: a placeholder of its size (the table says it is busy).
        loading && list.items.length === 0 ? (
          <Skeleton width="6em" />
        ) : (
          <span data-total>{t('common.users', { count: list.totalItems })}</span>
        )
      }
      actions={
        canWrite && (
          <>
            <Button variant="secondary" data-open-bulk onClick={() => setOpen({ dialog: 'bulk' })}>
              {t('adminPortal.users.bulkInvite')}
            </Button>
            <Button data-open-invite onClick={() => setOpen({ dialog: 'invite' })}>
              {t('adminPortal.users.invite')}
            </Button>
          </>
        )
      }
    >
      <div role="search" css={{ display: 'flex', gap: space.xl, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <div css={{ flex: '1 1 240px' }}>
          <TextField
            type="search"
            data-search
            maxLength={200}
            label={t('adminPortal.users.searchLabel')}
            placeholder={t('adminPortal.users.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div css={{ paddingBottom: space.md }}>
          <Checkbox
            label={t('adminPortal.users.includeSubAccounts')}
            data-include-sub
            checked={query.includeSubTenants}
            onChange={(event) => refine({ includeSubTenants: event.currentTarget.checked })}
          />
        </div>
        <div css={{ paddingBottom: space.md }}>
          <Checkbox
            label={t('adminPortal.users.lockedOnly')}
            data-locked-only
            checked={query.isLocked === true}
            onChange={(event) => refine({ isLocked: event.currentTarget.checked ? true : undefined })}
          />
        </div>
        <Select
          label={t('adminPortal.users.pageSize')}
          data-page-size
          value={String(query.limit)}
          onChange={(event) => refine({ limit: Number(event.currentTarget.value) })}
        >
          {[...new Set([...PAGE_SIZES, query.limit])]
            .sort((a, b) => a - b)
            .map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
        </Select>
      </div>

      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {list.status === 'failed' && <LoadError error={list.error ?? ''} onRetry={reload} />}

      <UsersTable
        users={list.items}
        rolesOf={users.rolesOf}
        groupsOf={users.groupsOf}
        applicationsOf={multiApps ? apps.applicationsOf : null}
        sorting={users.sorting}
        onSortingChange={users.sortBy}
        selfId={self?.id}
        tenantId={self?.tenantId}
        actionsFor={showActions ? actionsFor : null}
        loading={loading}
        skeletonRows={Math.min(query.limit, 10)}
        emptyMessage={
          query.filter
            ? t('adminPortal.users.noMatches', { search: query.filter })
            : t('adminPortal.users.empty')
        }
      />

      <div data-pages={list.totalPages}>
        <Pagination page={query.offset} pageCount={list.totalPages} onPage={users.setPage} />
      </div>

      {canWrite && <InviteLinkSection />}

      {open?.dialog === 'invite' && (
        <InviteUserDialog
          roles={availableRoles}
          rolesError={rolesError}
          temporaryUsers={temporaryUsers}
          onClose={() => setOpen(null)}
          onInvited={invited}
        />
      )}
      {open?.dialog === 'bulk' && (
        <BulkInviteDialog
          roles={availableRoles}
          rolesError={rolesError}
          onClose={() => setOpen(null)}
          onFinished={bulkFinished}
        />
      )}
      {open?.dialog === 'roles' && (
        <EditRolesDialog
          user={open.user}
          current={users.rolesOf(open.user)}
          roles={availableRoles}
          rolesError={rolesError}
          onClose={() => setOpen(null)}
          onSave={(roleIds) => saveRoles(open.user, roleIds)}
        />
      )}
      {open?.dialog === 'expiry' && (
        <ExpiryDialog
          user={open.user}
          onClose={() => setOpen(null)}
          onSave={(days) => {
            const user = open.user;
            setOpen(null);
            void optimistic(
              user,
              { temporaryExpirationDate: new Date(Date.now() + days * DAY_SECONDS * 1000).toISOString() },
              () => teamApi.setUserExpiration(user.id, days * DAY_SECONDS),
              t('adminPortal.users.expirySaved', { name: name(user) }),
            );
          }}
        />
      )}
      {open?.dialog === 'applications' && (
        <ApplicationsDialog
          user={open.user}
          applications={apps.apps}
          appIds={apps.appIdsOf(open.user)}
          onChanged={(update) => apps.updateUserApps(open.user, update)}
          onClose={() => setOpen(null)}
        />
      )}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        title={t('adminPortal.users.deleteTitle')}
        confirmLabel={t('adminPortal.users.deleteUser')}
        onClose={() => setOpen(null)}
        onConfirm={() => open?.dialog === 'delete' && void deleteUser(open.user)}
      >
        {open?.dialog === 'delete'
          ? t('adminPortal.users.deleteText', { name: name(open.user), email: open.user.email })
          : ''}
      </ConfirmDialog>
    </PortalPage>
  );
}
