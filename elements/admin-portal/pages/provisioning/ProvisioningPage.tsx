import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  directoryApi,
  type CreatedScimConnection,
  type ScimConnection,
  type ScimConnectionInput,
} from '../../../../shared/api/directory';
import { errorMessage } from '../../../../shared/api/errors';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, useToast } from '../../../../shared/ui';
import type { ColumnDef } from '../../../../shared/ui/DataTable';
import { secondaryText } from '../../kit/columns';
import { PageNotice, type Notice } from '../../kit/notices';
import { PortalPage } from '../../kit/PortalPage';
import { ResourceTable } from '../../kit/ResourceTable';
import { actionsColumn } from '../../kit/RowActions';
import { permissionKeysAtom } from '../../portal.atoms';
import { pageAccess } from '../controls';
import { Switch } from '../sso/parts';
import { AddConnectionDialog, ConnectionCreatedDialog, DeleteConnectionDialog } from './ProvisioningDialogs';

/**
 * The Provisioning page (SCREEN-067, navigation entry `provisioning`): the tenant's SCIM connections (SCIM-002)
 * with their user counts (SCIM-001, read with SCIM-006), created with a token shown once (SCIM-003), synced
 * to user management or not (SCIM-004), deleted with or without what they provisioned (SCIM-005).
 */
export default function ProvisioningPage() {
  const { t, locale } = useT();
  const toast = useToast();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite } = pageAccess('provisioning', granted);
  const { state, reload } = useAccountData(() => directoryApi.getConnections());
  const [items, setItems] = useState<ScimConnection[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedScimConnection | null>(null);
  const [deleting, setDeleting] = useState<ScimConnection | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [syncing, setSyncing] = useState<Record<string, boolean>>({});
  const [counting, setCounting] = useState(false);

  /** SCIM-006: each connection's user count, read from its own call (the list's count may lag). */
  const refreshCounts = useCallback(async (list: readonly ScimConnection[]) => {
    if (!list.length) return;
    setCounting(true);
    const counts = await Promise.all(
      list.map((c) =>
        directoryApi.countUsers(c.id).then(
          (count) => [c.id, count] as const,
          () => null,
        ),
      ),
    );
    setCounting(false);
    const byId = new Map(counts.filter((x) => x !== null));
    setItems((current) => current.map((c) => (byId.has(c.id) ? { ...c, usersCount: byId.get(c.id)! } : c)));
  }, []);

  useEffect(() => {
    const list = state.status === 'ready' ? state.data : [];
    setItems(list);
    void refreshCounts(list);
  }, [state, refreshCounts]);

  const nameOf = useCallback(
    (c: Pick<ScimConnection, 'connectionName' | 'source'>) =>
      c.connectionName || t(`adminPortal.provisioning.sources.${c.source}`),
    [t],
  );

  const create = async (input: ScimConnectionInput) => {
    const answer = await directoryApi.createConnection(input);
    // The token stays in the dialog only; the row is what the list would answer.
    setItems((list) => [
      ...list,
      {
        id: answer.id,
        connectionName: answer.connectionName,
        source: input.source,
        syncToUserManagement: input.syncToUserManagement ?? true,
        createdAt: new Date().toISOString(),
        lastSync: null,
        usersCount: 0,
        scimBaseUrl: answer.scimBaseUrl,
      },
    ]);
    setAdding(false);
    setCreated(answer);
  };

  const toggleSync = async (connection: ScimConnection, next: boolean) => {
    setNotice(null);
    setSyncing((all) => ({ ...all, [connection.id]: next }));
    try {
      await directoryApi.updateConnection(connection.id, { syncToUserManagement: next });
      setItems((list) =>
        list.map((c) => (c.id === connection.id ? { ...c, syncToUserManagement: next } : c)),
      );
      toast({
        text: t(next ? 'adminPortal.provisioning.syncOn' : 'adminPortal.provisioning.syncOff', {
          name: nameOf(connection),
        }),
      });
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
    } finally {
      setSyncing(({ [connection.id]: _done, ...rest }) => rest);
    }
  };

  const confirmDelete = async (deleteAll: boolean) => {
    if (!deleting) return;
    setDeleteBusy(true);
    setNotice(null);
    try {
      await directoryApi.deleteConnection(deleting.id, deleteAll);
      setItems((list) => list.filter((c) => c.id !== deleting.id));
      toast({ text: t('adminPortal.provisioning.deleted', { name: nameOf(deleting) }) });
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const columns = useMemo<ColumnDef<ScimConnection, unknown>[]>(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const when = (value: string | null, marker: `data-${string}`) =>
      value ? (
        <time dateTime={value} {...{ [marker]: true }} css={{ whiteSpace: 'nowrap' }}>
          {Number.isNaN(Date.parse(value)) ? value : date.format(new Date(value))}
        </time>
      ) : (
        <span {...{ [marker]: true }} css={secondaryText}>
          {t('adminPortal.provisioning.neverSynced')}
        </span>
      );
    const list: ColumnDef<ScimConnection, unknown>[] = [
      {
        id: 'name',
        accessorFn: (c) => nameOf(c),
        header: t('adminPortal.provisioning.columns.name'),
        cell: ({ getValue }) => <span css={{ fontWeight: 600 }}>{String(getValue())}</span>,
      },
      {
        id: 'source',
        accessorFn: (c) => t(`adminPortal.provisioning.sources.${c.source}`),
        header: t('adminPortal.provisioning.columns.source'),
      },
      {
        id: 'users',
        accessorFn: (c) => c.usersCount,
        header: t('adminPortal.provisioning.columns.users'),
        cell: ({ row }) => (
          <span data-users-count={row.original.usersCount} css={{ whiteSpace: 'nowrap' }}>
            {t('adminPortal.provisioning.usersCount', { count: row.original.usersCount })}
          </span>
        ),
      },
      {
        id: 'created',
        accessorFn: (c) => c.createdAt,
        header: t('adminPortal.provisioning.columns.created'),
        cell: ({ row }) => when(row.original.createdAt, 'data-created'),
      },
      {
        id: 'lastSync',
        accessorFn: (c) => c.lastSync ?? '',
        header: t('adminPortal.provisioning.columns.lastSync'),
        cell: ({ row }) => when(row.original.lastSync, 'data-last-sync'),
      },
      {
        id: 'sync',
        accessorFn: (c) => (c.syncToUserManagement ? 1 : 0),
        header: t('adminPortal.provisioning.columns.sync'),
        enableSorting: false,
        cell: ({ row: { original: c } }) => {
          const pending = syncing[c.id];
          return (
            <Switch
              label={t('adminPortal.provisioning.syncToUserManagement')}
              data-sync={c.id}
              checked={pending ?? c.syncToUserManagement}
              busy={pending !== undefined}
              disabled={!canWrite}
              onChange={(next) => void toggleSync(c, next)}
            />
          );
        },
      },
    ];
    if (canWrite)
      list.push(
        actionsColumn(t('adminPortal.form.actions'), (c: ScimConnection) => [
          {
            key: 'delete',
            label: t('adminPortal.form.delete'),
            ariaLabel: t('adminPortal.provisioning.deleteConnection', { name: nameOf(c) }),
            onSelect: () => setDeleting(c),
          },
        ]),
      );
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, canWrite, syncing, nameOf]);

  return (
    <PortalPage
      data-page="provisioning"
      busy={state.status === 'loading'}
      title={t('adminPortal.provisioning.title')}
      description={t('adminPortal.provisioning.intro')}
      actions={
        <>
          {items.length > 0 && (
            <Button
              variant="secondary"
              data-refresh
              disabled={counting}
              onClick={() => void refreshCounts(items)}
            >
              {t('adminPortal.provisioning.refresh')}
            </Button>
          )}
          {canWrite && (
            <Button data-action="create" onClick={() => setAdding(true)}>
              {t('adminPortal.provisioning.add')}
            </Button>
          )}
        </>
      }
    >
      {!canWrite && <Alert severity="info">{t('adminPortal.provisioning.readOnlyNotice')}</Alert>}
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      <ResourceTable
        label={t('adminPortal.provisioning.tableLabel')}
        columns={columns}
        items={items}
        state={state}
        onRetry={reload}
        emptyMessage={t('adminPortal.provisioning.empty')}
      />
      {adding && <AddConnectionDialog onClose={() => setAdding(false)} onCreate={create} />}
      {created && <ConnectionCreatedDialog created={created} onClose={() => setCreated(null)} />}
      <DeleteConnectionDialog
        key={deleting?.id ?? 'none'}
        name={deleting ? nameOf(deleting) : null}
        busy={deleteBusy}
        onClose={() => setDeleting(null)}
        onConfirm={(deleteAll) => void confirmDelete(deleteAll)}
      />
    </PortalPage>
  );
}
