import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { errorMessage } from '../../../../shared/api/errors';
import { teamApi, type AvailableRole, type TeamUser } from '../../../../shared/api/team';
import { featureFlagsAtom } from '../../../../shared/flags/flags.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { Alert, Button, ConfirmDialog, Skeleton, TextField, useToast } from '../../../../shared/ui';
import { Pagination, type SortingState } from '../../../../shared/ui/DataTable';
import { Checkbox, Select } from '../../../../shared/ui/form';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import type { MenuAction } from './ActionsMenu';
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
import {
  afterBulkInvite,
  columnOfSortField,
  DAY_SECONDS,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  sortFieldOf,
} from './usersQuery';

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

/** A failed action stays on the page until closed; completed actions are toasts. */
interface Notice {
  severity: 'error';
  text: string;
}

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
  const { query, setQuery, loadWith, list, reload, patchUser, removeUser, changeRoles } = users;
  const apps = useUserApplications(multiApps, list.items);

  const [search, setSearch] = useState(query.filter);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const toast = useToast();
  const [roles, setRoles] = useState<RolesState>({ status: 'loading', roles: [] });

  // The search box asks the server once typing pauses; a new search starts at the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((q) => (q.filter === search.trim() ? q : { ...q, filter: search.trim(), offset: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, setQuery]);

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

  const failed = useCallback(
    (err: unknown) =>
      setNotice({
        severity: 'error',
        text: t('adminPortal.users.actionFailed', { error: errorMessage(err, t('common.genericError')) }),
      }),
    [t],
  );

  /** TEAM-003: the row changes at once; a failure puts it back and says why. */
  /** The latest change of each user: an older answer (or failure) must not undo a newer change. */
  const changes = useRef(new Map<string, number>());
  const optimistic = useCallback(
    async (user: TeamUser, patch: Partial<TeamUser>, call: () => Promise<TeamUser | void>, done?: string) => {
      setNotice(null);
      const token = (changes.current.get(user.id) ?? 0) + 1;
      changes.current.set(user.id, token);
      const latest = () => changes.current.get(user.id) === token;
      patchUser(user.id, patch);
      try {
        const answer = await call();
        if (latest() && answer && typeof answer === 'object' && answer.id === user.id)
          patchUser(user.id, answer);
        if (done) toast({ text: done });
      } catch (err) {
        if (latest())
          patchUser(
            user.id,
            Object.fromEntries(Object.keys(patch).map((key) => [key, user[key as keyof TeamUser]])),
          );
        failed(err);
      }
    },
    [patchUser, failed, toast],
  );

  const name = (user: TeamUser) => user.name || user.email;

  const resend = useCallback(
    async (user: TeamUser) => {
      setNotice(null);
      try {
        if (resendKind(user) === 'invitation') await teamApi.resendInvitation(user.email);
        else await teamApi.resendActivation(user.id);
        toast({
          text: t(
            resendKind(user) === 'invitation'
              ? 'adminPortal.users.invitationResent'
              : 'adminPortal.users.activationResent',
            { email: user.email },
          ),
        });
      } catch (err) {
        failed(err);
      }
    },
    [t, failed, toast],
  );

  const actionsFor = useCallback(
    (user: TeamUser): MenuAction[] => {
      const isSelf = user.id === self?.id;
      const actions: MenuAction[] = [];
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
    setNotice(null);
    const restore = removeUser(user);
    try {
      await teamApi.deleteUser(user.id);
      toast({ text: t('adminPortal.users.deleted', { name: name(user) }) });
      // The next user moves up into the page, and the counts follow.
      reload();
    } catch (err) {
      restore();
      failed(err);
    }
  };

  const saveRoles = (user: TeamUser, roleIds: string[]) => {
    setOpen(null);
    setNotice(null);
    changeRoles(user, roleIds, availableRoles).then(
      // TEAM-003: the row showed the new roles at once; the toast says the server kept them.
      () => toast({ text: t('adminPortal.users.rolesSaved', { name: name(user) }) }),
      (err: unknown) =>
        setNotice({
          severity: 'error',
          text: t('adminPortal.users.rolesFailed', {
            name: name(user),
            error: errorMessage(err, t('common.genericError')),
          }),
        }),
    );
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

  const sorting = useMemo<SortingState>(
    () => [{ id: columnOfSortField(query.sortBy), desc: query.order === 'DESC' }],
    [query.sortBy, query.order],
  );

  const showActions = canWrite || canDelete;
  const loading = list.status === 'loading';

  return (
    <section
      aria-labelledby="fe-page-title"
      aria-busy={loading}
      data-users-page
      css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 'var(--fe-spacing)', flexWrap: 'wrap' }}>
        <div css={{ flex: 1, minWidth: 160 }}>
          <h3 id="fe-page-title" css={{ margin: 0 }}>
            {t('adminPortal.users.title')}
          </h3>
          <p css={{ margin: '2px 0 0', color: 'var(--fe-color-text-secondary)' }}>
            {/* The first load has no count yet: a placeholder of its size (the table says it is busy). */}
            {loading && list.items.length === 0 ? (
              <Skeleton width="6em" />
            ) : (
              <span data-total>{t('common.users', { count: list.totalItems })}</span>
            )}
          </p>
        </div>
        {canWrite && (
          <>
            <Button variant="secondary" data-open-bulk onClick={() => setOpen({ dialog: 'bulk' })}>
              {t('adminPortal.users.bulkInvite')}
            </Button>
            <Button data-open-invite onClick={() => setOpen({ dialog: 'invite' })}>
              {t('adminPortal.users.invite')}
            </Button>
          </>
        )}
      </div>

      <div
        role="search"
        css={{
          display: 'flex',
          gap: 'calc(var(--fe-spacing) * 2)',
          alignItems: 'flex-end',
          flexWrap: 'wrap',
        }}
      >
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
        <div css={{ paddingBottom: 8 }}>
          <Checkbox
            label={t('adminPortal.users.includeSubAccounts')}
            data-include-sub
            checked={query.includeSubTenants}
            onChange={(event) => {
              const includeSubTenants = event.currentTarget.checked;
              setQuery((q) => ({ ...q, includeSubTenants, offset: 0 }));
            }}
          />
        </div>
        <div css={{ paddingBottom: 8 }}>
          <Checkbox
            label={t('adminPortal.users.lockedOnly')}
            data-locked-only
            checked={query.isLocked === true}
            onChange={(event) => {
              const isLocked = event.currentTarget.checked ? true : undefined;
              setQuery((q) => ({ ...q, isLocked, offset: 0 }));
            }}
          />
        </div>
        <Select
          label={t('adminPortal.users.pageSize')}
          data-page-size
          value={String(query.limit)}
          onChange={(event) => {
            const limit = Number(event.currentTarget.value);
            setQuery((q) => ({ ...q, limit, offset: 0 }));
          }}
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

      {notice && (
        <div data-notice={notice.severity}>
          <Alert
            severity={notice.severity}
            action={{ label: t('adminPortal.form.close'), onClick: () => setNotice(null) }}
          >
            {notice.text}
          </Alert>
        </div>
      )}

      {list.status === 'failed' && (
        <div data-load-error>
          <Alert severity="error" action={{ label: t('adminPortal.form.retry'), onClick: reload }}>
            {t('adminPortal.form.loadFailed', { error: list.error ?? '' })}
          </Alert>
        </div>
      )}

      <UsersTable
        users={list.items}
        rolesOf={users.rolesOf}
        groupsOf={users.groupsOf}
        applicationsOf={multiApps ? apps.applicationsOf : null}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          if (!first) return;
          setQuery((q) => ({
            ...q,
            sortBy: sortFieldOf(first.id),
            order: first.desc ? 'DESC' : 'ASC',
            offset: 0,
          }));
        }}
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
        <Pagination
          page={query.offset}
          pageCount={list.totalPages}
          onPage={(page) => setQuery((q) => ({ ...q, offset: page }))}
        />
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
    </section>
  );
}
