import { useMemo } from 'react';
import { isFreeAccess, type Application } from '../../../../shared/api/applications';
import type { GroupLite, RoleLite, TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import type { MessageKey } from '../../../../shared/i18n/translate';
import { DataTable, type ColumnDef, type SortingState } from '../../../../shared/ui/DataTable';
import { ActionsMenu } from '../../kit/ActionsMenu';
import type { RowAction } from '../../kit/RowActions';
import { isTemporary, userStatus, type UserStatus } from './userStatus';
import { SORTABLE_COLUMNS } from './usersQuery';
import { size, space } from '../../../../themes/tokens';

const statusColor: Record<UserStatus, string> = {
  active: 'var(--fe-color-success)',
  invited: 'var(--fe-color-info)',
  notActivated: 'var(--fe-color-warning)',
  disabled: 'var(--fe-color-error)',
  locked: 'var(--fe-color-error)',
};

const statusLabel: Record<UserStatus, MessageKey> = {
  active: 'adminPortal.users.statusActive',
  invited: 'adminPortal.users.statusInvited',
  notActivated: 'adminPortal.users.statusNotActivated',
  disabled: 'adminPortal.users.statusDisabled',
  locked: 'adminPortal.users.statusLocked',
};

const pill = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.sm,
  padding: `1px ${space.md}`,
  borderRadius: size.radiusPill,
  border: '1px solid var(--fe-color-border)',
  fontSize: '0.85em',
  whiteSpace: 'nowrap',
  color: 'var(--fe-color-text)',
} as const;

/** A long name or email ends in an ellipsis (the whole one in the title) rather than widening the table. */
const truncated = {
  maxWidth: '20em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      css={{ width: 8, height: 8, borderRadius: '50%', background: color, flex: 'none' }}
    />
  );
}

function initials(user: TeamUser): string {
  const source = user.name?.trim() || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

export interface UsersTableProps {
  users: readonly TeamUser[];
  rolesOf: (user: TeamUser) => RoleLite[];
  groupsOf: (user: TeamUser) => GroupLite[];
  /** The applications of a user; null: no applications column (multi-app administration is off, TEAM-023). */
  applicationsOf?: ((user: TeamUser) => Application[]) | null;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selfId: string | undefined;
  /** The tenant the page acts on: users of sub-accounts only are shown without actions. */
  tenantId: string | undefined;
  /** Null: no actions column (the user may not change users). */
  actionsFor: ((user: TeamUser) => RowAction[]) | null;
  emptyMessage: string;
  /** The page of users is loading (skeleton rows before the first answer). */
  loading?: boolean;
  skeletonRows?: number;
}

/** The users of one page: name and email, roles, groups, status, last sign-in, actions. */
export function UsersTable(props: UsersTableProps) {
  const { t, locale } = useT();
  const { rolesOf, groupsOf, selfId, tenantId, actionsFor, applicationsOf } = props;
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }), [locale]);

  const columns = useMemo<ColumnDef<TeamUser, unknown>[]>(() => {
    const list: ColumnDef<TeamUser, unknown>[] = [
      {
        id: 'name',
        accessorFn: (u) => u.name,
        header: t('adminPortal.users.columnName'),
        cell: ({ row }) => {
          const user = row.original;
          return (
            <div css={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 180 }}>
              <span
                aria-hidden="true"
                css={{
                  width: 32,
                  height: 32,
                  flex: 'none',
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: '0.8em',
                  fontWeight: 700,
                  background: 'var(--fe-color-primary)',
                  color: 'var(--fe-color-primary-contrast)',
                }}
              >
                {initials(user)}
              </span>
              <div css={{ minWidth: 0 }}>
                <div css={[truncated, { fontWeight: 600 }]} title={user.name || user.email} data-name>
                  {user.name || user.email}
                  {user.id === selfId && (
                    <span css={{ fontWeight: 400, color: 'var(--fe-color-text-secondary)' }}>
                      {' '}
                      {t('adminPortal.users.you')}
                    </span>
                  )}
                </div>
                <div
                  css={[truncated, { fontSize: '0.9em', color: 'var(--fe-color-text-secondary)' }]}
                  title={user.email}
                  data-email
                >
                  {user.email}
                </div>
              </div>
            </div>
          );
        },
      },
      {
        id: 'roles',
        header: t('adminPortal.users.columnRoles'),
        enableSorting: false,
        cell: ({ row }) => {
          const roles = rolesOf(row.original);
          return (
            <div data-roles css={{ display: 'flex', flexWrap: 'wrap', gap: space.xs }}>
              {roles.length ? (
                roles.map((role) => (
                  <span key={role.id} css={pill} data-role={role.id}>
                    {role.name}
                  </span>
                ))
              ) : (
                <span css={{ color: 'var(--fe-color-text-secondary)' }}>
                  {t('adminPortal.users.noRoles')}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'groups',
        header: t('adminPortal.users.columnGroups'),
        enableSorting: false,
        cell: ({ row }) => {
          const groups = groupsOf(row.original);
          return (
            <div data-groups css={{ display: 'flex', flexWrap: 'wrap', gap: space.xs }}>
              {groups.length ? (
                groups.map((group) => (
                  <span key={group.id} css={pill}>
                    <Dot color={group.color || 'var(--fe-color-border)'} />
                    {group.name}
                  </span>
                ))
              ) : (
                <span css={{ color: 'var(--fe-color-text-secondary)' }}>
                  {t('adminPortal.users.noGroups')}
                </span>
              )}
            </div>
          );
        },
      },
      ...(applicationsOf
        ? [
            {
              id: 'applications',
              header: t('adminPortal.users.columnApplications'),
              enableSorting: false,
              cell: ({ row }) => {
                const apps = applicationsOf(row.original);
                return (
                  <div data-applications css={{ display: 'flex', flexWrap: 'wrap', gap: space.xs }}>
                    {apps.length ? (
                      apps.map((app) => (
                        <span
                          key={app.id}
                          css={pill}
                          data-app={app.id}
                          data-free={isFreeAccess(app) || undefined}
                        >
                          {app.name}
                        </span>
                      ))
                    ) : (
                      <span css={{ color: 'var(--fe-color-text-secondary)' }}>
                        {t('adminPortal.users.noApplications')}
                      </span>
                    )}
                  </div>
                );
              },
            } satisfies ColumnDef<TeamUser, unknown>,
          ]
        : []),
      {
        id: 'status',
        header: t('adminPortal.users.columnStatus'),
        accessorFn: (user) => Boolean(user.isLocked),
        // Sorted on the server by isLocked (usersQuery.sortFieldOf): locked users come together.
        cell: ({ row }) => {
          const user = row.original;
          const status = userStatus(user);
          const outside = tenantId !== undefined && !user.tenantIds?.includes(tenantId);
          return (
            <div data-status={status} css={{ display: 'flex', flexWrap: 'wrap', gap: space.xs }}>
              <span css={pill}>
                <Dot color={statusColor[status]} />
                {t(statusLabel[status])}
              </span>
              {isTemporary(user) && (
                <span css={pill} data-temporary>
                  <Dot color="var(--fe-color-warning)" />
                  {t('adminPortal.users.temporaryUntil', {
                    date: date.format(new Date(user.temporaryExpirationDate as string)),
                  })}
                </span>
              )}
              {outside && (
                <span css={pill} data-sub-account>
                  {t('adminPortal.users.subAccountUser')}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'lastLogin',
        accessorFn: (u) => u.lastLogin ?? '',
        header: t('adminPortal.users.columnLastLogin'),
        sortDescFirst: true,
        cell: ({ row }) => {
          const value = row.original.lastLogin;
          if (!value) return <span data-last-login>{t('adminPortal.users.never')}</span>;
          const at = new Date(value);
          // The date and the time may sit on two lines: the table fits a narrower card.
          return (
            <time dateTime={value} title={dateTime.format(at)} data-last-login>
              <span css={{ whiteSpace: 'nowrap' }}>{date.format(at)}</span>{' '}
              <span css={{ whiteSpace: 'nowrap' }}>{time.format(at)}</span>
            </time>
          );
        },
      },
    ];
    if (actionsFor) {
      list.push({
        id: 'actions',
        header: () => <span>{t('adminPortal.form.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const user = row.original;
          const outside = tenantId !== undefined && !user.tenantIds?.includes(tenantId);
          const actions = outside ? [] : actionsFor(user);
          return actions.length ? (
            <ActionsMenu
              id={user.id}
              label={t('adminPortal.users.actionsFor', { name: user.name || user.email })}
              actions={actions}
            />
          ) : null;
        },
      });
    }
    for (const column of list)
      if (!SORTABLE_COLUMNS.includes(column.id as (typeof SORTABLE_COLUMNS)[number]))
        column.enableSorting = false;
    return list;
  }, [t, rolesOf, groupsOf, applicationsOf, selfId, tenantId, actionsFor, dateTime, date, time]);

  return (
    <DataTable
      label={t('adminPortal.users.tableLabel')}
      columns={columns}
      data={props.users}
      getRowId={(u) => u.id}
      emptyMessage={props.emptyMessage}
      loading={props.loading}
      skeletonRows={props.skeletonRows}
      sorting={props.sorting}
      onSortingChange={(updater) =>
        props.onSortingChange(typeof updater === 'function' ? updater(props.sorting) : updater)
      }
      maxHeight={620}
      rowHeight={56}
    />
  );
}
