import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import {
  apiTokensApi,
  type ApiTokenKind,
  type CreatedApiToken,
  type TenantApiToken,
} from '../../../../shared/api/apiTokens';
import { rolesApi, type Permission, type Role } from '../../../../shared/api/roles';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { hasPermission } from '../../../../shared/auth/permissions';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button } from '../../../../shared/ui';
import type { ColumnDef } from '../../../../shared/ui/DataTable';
import { Badge } from '../../kit/Badge';
import { secondaryText } from '../../kit/columns';
import { PageNotice } from '../../kit/notices';
import { PortalPage } from '../../kit/PortalPage';
import { DeleteDialog, ResourceTable } from '../../kit/ResourceTable';
import { actionsColumn } from '../../kit/RowActions';
import { useResourceList } from '../../kit/useResourceList';
import { permissionKeysAtom } from '../../portal.atoms';
import { pageAccess } from '../controls';
import { AddApiTokenDialog, ApiTokenCreatedDialog, type NewApiToken } from './ApiTokenDialogs';

/** The wait between the add dialog closing and the success dialog opening (TOKENS-003). */
export const SUCCESS_DIALOG_DELAY_MS = 200;

/** A row of either page: a personal token has no roleIds. */
type TokenRow = Omit<TenantApiToken, 'roleIds'> & { roleIds?: string[] };

/**
 * The roles a creator may give a tenant token: those whose every permission the creator holds (the server
 * refuses the others, ER-5002). A role's `permissions` are permission ids, read as keys through the list.
 */
export function grantableRoles(
  roles: readonly Role[],
  permissions: readonly Permission[],
  granted: readonly string[],
): Role[] {
  const keyOf = new Map(permissions.map((p) => [p.id, p.key]));
  return roles.filter((role) => role.permissions.every((id) => hasPermission(granted, keyOf.get(id) ?? id)));
}

const NO_ROLES: Role[] = [];
const entryOf = { personal: 'personalApiTokens', tenant: 'apiTokens' } as const;

/**
 * An API tokens page (SCREEN-045 personal, SCREEN-046 tenant): the tokens with their description, clientId,
 * dates and (tenant) roles; writers generate tokens (SCREEN-047, then the secret once, SCREEN-048) and
 * delete them after a confirmation.
 */
export function ApiTokensView({ kind }: { kind: ApiTokenKind }) {
  const { t, locale } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite, delete: canDelete } = pageAccess(entryOf[kind], granted);
  const { state, reload } = useAccountData<TokenRow[]>(() =>
    kind === 'personal' ? apiTokensApi.getUserApiTokens() : apiTokensApi.getTenantApiTokens(),
  );
  // The roles of the account (names in the table, the choice in the add dialog): tenant tokens only.
  const rolesLoad = useAccountData(async () =>
    kind === 'tenant'
      ? Promise.all([rolesApi.getRoles(), rolesApi.getPermissions()])
      : ([[], []] as [Role[], Permission[]]),
  );
  const roles = rolesLoad.state.status === 'ready' ? rolesLoad.state.data[0] : NO_ROLES;
  const offered = useMemo(
    () =>
      rolesLoad.state.status === 'ready'
        ? grantableRoles(rolesLoad.state.data[0], rolesLoad.state.data[1], granted)
        : NO_ROLES,
    [rolesLoad.state, granted],
  );
  const rolesError = rolesLoad.state.status === 'failed' ? rolesLoad.state.error : null;

  const nameOf = (token: TokenRow) => token.description || token.clientId;
  const list = useResourceList<TokenRow>(state.status === 'ready' ? state.data : null, {
    remove: (token) =>
      kind === 'personal'
        ? apiTokensApi.deleteUserApiToken(token.clientId)
        : apiTokensApi.deleteTenantApiToken(token.clientId),
    deletedText: (token) => t('adminPortal.apiTokens.deleted', { name: nameOf(token) }),
  });
  const { open, setOpen, close } = list;

  // TOKENS-003: the add dialog closes; once that is on screen, 200 ms later the success dialog shows the
  // secret. The wait starts in a task after the close's commit (a passive effect may run within the commit's
  // own task), so it is never shorter.
  const [pending, setPending] = useState<CreatedApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  useEffect(() => {
    if (!pending) return;
    let timer = setTimeout(() => {
      timer = setTimeout(() => {
        setPending(null);
        setCreated(pending);
      }, SUCCESS_DIALOG_DELAY_MS);
    }, 0);
    return () => clearTimeout(timer);
  }, [pending]);

  const create = async (input: NewApiToken) => {
    const answer =
      kind === 'personal'
        ? await apiTokensApi.createUserApiToken(input)
        : await apiTokensApi.createTenantApiToken({ ...input, roleIds: input.roleIds ?? [] });
    // The secret stays in the success dialog only, never in the table's rows.
    const { secret, ...row } = answer;
    list.add(row);
    close();
    setPending({ ...row, secret });
  };

  const columns = useMemo<ColumnDef<TokenRow, unknown>[]>(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const when = (value: string | null, none: string, marker: `data-${string}`) =>
      value ? (
        <time dateTime={value} {...{ [marker]: true }} css={{ whiteSpace: 'nowrap' }}>
          {Number.isNaN(Date.parse(value)) ? value : dateTime.format(new Date(value))}
        </time>
      ) : (
        <span {...{ [marker]: true }} css={secondaryText}>
          {none}
        </span>
      );
    const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? id;
    const columnList: ColumnDef<TokenRow, unknown>[] = [
      {
        id: 'description',
        accessorFn: (token) => token.description,
        header: t('adminPortal.apiTokens.columns.description'),
        cell: ({ row: { original: token } }) =>
          token.description ? (
            <span css={{ fontWeight: 600 }}>{token.description}</span>
          ) : (
            <span css={secondaryText}>{t('adminPortal.apiTokens.noDescription')}</span>
          ),
      },
      {
        id: 'clientId',
        accessorFn: (token) => token.clientId,
        header: t('adminPortal.apiTokens.columns.clientId'),
        enableSorting: false,
        cell: ({ getValue }) => (
          <code data-client-id css={{ wordBreak: 'break-all' }}>
            {String(getValue())}
          </code>
        ),
      },
      {
        id: 'createdAt',
        accessorFn: (token) => token.createdAt,
        header: t('adminPortal.apiTokens.columns.createdAt'),
        cell: ({ row }) => when(row.original.createdAt, '', 'data-created'),
      },
      {
        id: 'expires',
        accessorFn: (token) => token.expires ?? '',
        header: t('adminPortal.apiTokens.columns.expires'),
        cell: ({ row }) => when(row.original.expires, t('adminPortal.apiTokens.never'), 'data-expires'),
      },
      {
        id: 'lastUsed',
        accessorFn: (token) => token.lastUsed ?? '',
        header: t('adminPortal.apiTokens.columns.lastUsed'),
        cell: ({ row }) =>
          when(row.original.lastUsed, t('adminPortal.apiTokens.neverUsed'), 'data-last-used'),
      },
    ];
    if (kind === 'tenant')
      columnList.push({
        id: 'roles',
        accessorFn: (token) => (token.roleIds ?? []).map(roleName).join(', '),
        header: t('adminPortal.apiTokens.columns.roles'),
        enableSorting: false,
        cell: ({ row: { original: token } }) =>
          token.roleIds?.length ? (
            <span data-token-roles>
              {token.roleIds.map((id) => (
                <Badge key={id}>{roleName(id)}</Badge>
              ))}
            </span>
          ) : (
            <span css={secondaryText}>{t('adminPortal.apiTokens.noRoles')}</span>
          ),
      });
    if (canDelete)
      columnList.push(
        actionsColumn(t('adminPortal.form.actions'), (token: TokenRow) =>
          list.writeActions(token, {
            delete: t('adminPortal.apiTokens.deleteToken', { name: nameOf(token) }),
          }),
        ),
      );
    return columnList;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, kind, roles, canDelete, list.writeActions]);

  return (
    <PortalPage
      data-page={entryOf[kind]}
      title={t(`adminPortal.apiTokens.${kind}.title`)}
      description={t(`adminPortal.apiTokens.${kind}.intro`)}
      actions={
        canWrite && (
          <Button data-action="create" onClick={() => setOpen({ kind: 'create' })}>
            {t('adminPortal.apiTokens.create')}
          </Button>
        )
      }
    >
      {!canWrite && <Alert severity="info">{t(`adminPortal.apiTokens.${kind}.readOnlyNotice`)}</Alert>}
      <PageNotice notice={list.notice} onClose={() => list.setNotice(null)} />
      <ResourceTable
        label={t(`adminPortal.apiTokens.${kind}.tableLabel`)}
        columns={columns}
        items={list.items}
        state={state}
        onRetry={reload}
        emptyMessage={t(`adminPortal.apiTokens.${kind}.empty`)}
      />
      {open?.kind === 'create' && (
        <AddApiTokenDialog
          kind={kind}
          roles={offered}
          rolesError={rolesError}
          onClose={close}
          onCreate={create}
        />
      )}
      {created && <ApiTokenCreatedDialog token={created} onClose={() => setCreated(null)} />}
      <DeleteDialog
        list={list}
        title={t('adminPortal.apiTokens.deleteTitle')}
        body={(token) => t('adminPortal.apiTokens.deleteBody', { name: nameOf(token) })}
      />
    </PortalPage>
  );
}
