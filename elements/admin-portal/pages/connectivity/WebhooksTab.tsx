import { useEffect, useMemo, useState } from 'react';
import {
  connectivityApi,
  type WebhookConfiguration,
  type WebhookSave,
} from '../../../../shared/api/connectivity';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { Button, ConfirmDialog, useToast } from '../../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { Badge } from '../../kit/Badge';
import { secondaryText } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { actionsColumn, type RowAction } from '../../kit/RowActions';
import { useLoad } from '../../kit/useLoad';
import { eventNames, newWebhookSecret, testOutcome } from './connectivity.state';
import type { ConnectivityAccess } from './ConnectivityPage';
import { SigningSecretDialog, WebhookFormDialog } from './WebhookDialogs';
import { WebhookLogs } from './WebhookLogs';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; item: WebhookConfiguration } | null;

/** A webhook as a row: the secret never stays in the list. */
const rowOf = (answer: WebhookConfiguration): WebhookConfiguration => ({ ...answer, secret: null });

/**
 * The Webhooks tab (SCREEN-081, CONNECT-003..005): the account's webhooks with their URL, events, status and
 * deliveries; writers add and edit them (the signing secret shown once), send a test (a 200 or 201 answer is a
 * success, anything else shows in place), open a webhook's delivery log and delete it after a confirmation.
 */
export function WebhooksTab({ access }: { access: ConnectivityAccess }) {
  const { t, locale } = useT();
  const toast = useToast();
  const webhooks = useLoad(() => connectivityApi.getWebhooks());
  const categories = useLoad(() => connectivityApi.getCategories());
  const [items, setItems] = useState<WebhookConfiguration[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logsOf, setLogsOf] = useState<WebhookConfiguration | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (webhooks.state.status === 'ready') setItems(webhooks.state.data.map(rowOf));
  }, [webhooks.state]);

  const names = useMemo(
    () =>
      categories.state.status === 'ready' ? eventNames(categories.state.data) : new Map<string, string>(),
    [categories.state],
  );

  const save = async (values: WebhookSave) => {
    const answer = await connectivityApi.saveWebhook(values);
    const row = rowOf(answer);
    setItems((list) =>
      list.some((w) => w._id === row._id) ? list.map((w) => (w._id === row._id ? row : w)) : [...list, row],
    );
    setLogsOf((current) => (current?._id === row._id ? row : current));
    setOpen(null);
    if (answer.secret) setSecret(answer.secret);
    else toast({ text: t('adminPortal.connectivity.webhooks.saved', { name: row.displayName }) });
  };

  const replaceSecret = async (webhook: WebhookConfiguration) => {
    const fresh = newWebhookSecret();
    // Only the secret changes (a PATCH); the answer carries it this once.
    const answer = await connectivityApi.saveWebhook({ _id: webhook._id, secret: fresh } as WebhookSave);
    setOpen(null);
    setSecret(answer.secret ?? fresh);
  };

  const test = async (webhook: WebhookConfiguration) => {
    setTesting(webhook._id);
    setNotice(null);
    try {
      const log = await connectivityApi.testWebhook({ url: webhook.url, webhookId: webhook._id });
      const outcome = testOutcome(log);
      if (outcome.ok)
        toast({ text: t('adminPortal.connectivity.webhooks.testDelivered', { status: outcome.status }) });
      else
        setNotice({
          severity: 'error',
          text: outcome.status
            ? t('adminPortal.connectivity.webhooks.testFailedStatus', { status: outcome.status })
            : t('adminPortal.connectivity.webhooks.testFailedReason', {
                reason: outcome.reason ?? t('common.genericError'),
              }),
        });
    } catch (err) {
      setNotice({
        severity: 'error',
        text: t('adminPortal.connectivity.webhooks.testFailedReason', {
          reason: errorMessage(err, t('common.genericError')),
        }),
      });
    } finally {
      setTesting(null);
    }
  };

  const confirmDelete = async (webhook: WebhookConfiguration) => {
    setDeleting(true);
    setNotice(null);
    try {
      await connectivityApi.deleteWebhook(webhook._id);
      setItems((list) => list.filter((w) => w._id !== webhook._id));
      setLogsOf((current) => (current?._id === webhook._id ? null : current));
      toast({ text: t('adminPortal.connectivity.webhooks.deleted', { name: webhook.displayName }) });
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
    } finally {
      setDeleting(false);
      setOpen(null);
    }
  };

  const columns = useMemo<ColumnDef<WebhookConfiguration, unknown>[]>(() => {
    const number = new Intl.NumberFormat(locale);
    const list: ColumnDef<WebhookConfiguration, unknown>[] = [
      {
        id: 'name',
        accessorFn: (w) => w.displayName,
        header: t('adminPortal.connectivity.webhooks.columns.name'),
        cell: ({ row: { original: w } }) => (
          <div css={{ display: 'grid' }}>
            <span css={{ fontWeight: 600 }}>{w.displayName}</span>
            {w.description && <span css={{ ...secondaryText, fontSize: '0.85em' }}>{w.description}</span>}
          </div>
        ),
      },
      {
        id: 'url',
        accessorFn: (w) => w.url,
        header: t('adminPortal.connectivity.webhooks.columns.url'),
        enableSorting: false,
        cell: ({ getValue }) => (
          <code data-url css={{ wordBreak: 'break-all', fontSize: '0.85em' }}>
            {String(getValue())}
          </code>
        ),
      },
      {
        id: 'events',
        accessorFn: (w) => w.eventKeys.length,
        header: t('adminPortal.connectivity.webhooks.columns.events'),
        cell: ({ row: { original: w } }) => (
          <span
            data-events-count={w.eventKeys.length}
            title={w.eventKeys.map((key) => names.get(key) ?? key).join(', ')}
            css={{ whiteSpace: 'nowrap' }}
          >
            {t('adminPortal.connectivity.webhooks.eventsCount', { count: w.eventKeys.length })}
          </span>
        ),
      },
      {
        id: 'status',
        accessorFn: (w) => (w.isActive ? 1 : 0),
        header: t('adminPortal.connectivity.webhooks.columns.status'),
        cell: ({ row: { original: w } }) => (
          <span data-status={w.isActive ? 'active' : 'inactive'}>
            <Badge>
              {t(
                w.isActive
                  ? 'adminPortal.connectivity.webhooks.active'
                  : 'adminPortal.connectivity.webhooks.inactive',
              )}
            </Badge>
          </span>
        ),
      },
      {
        id: 'deliveries',
        accessorFn: (w) => w.invocations,
        header: t('adminPortal.connectivity.webhooks.columns.deliveries'),
        cell: ({ getValue }) => <span data-deliveries>{number.format(Number(getValue()))}</span>,
      },
      actionsColumn(t('adminPortal.form.actions'), (w: WebhookConfiguration) => {
        const action = (
          key: 'edit' | 'test' | 'logs' | 'delete',
          label: string,
          onSelect: () => void,
        ): RowAction => ({
          key,
          label,
          ariaLabel: t(`adminPortal.connectivity.webhooks.${key}`, { name: w.displayName }),
          onSelect,
        });
        return [
          ...(access.write
            ? [
                action('edit', t('adminPortal.form.edit'), () => setOpen({ kind: 'edit', item: w })),
                action('test', t('adminPortal.connectivity.webhooks.testAction'), () => {
                  if (testing === null) void test(w);
                }),
              ]
            : []),
          action('logs', t('adminPortal.connectivity.webhooks.logsAction'), () => setLogsOf(w)),
          ...(access.delete
            ? [
                {
                  ...action('delete', t('adminPortal.form.delete'), () =>
                    setOpen({ kind: 'delete', item: w }),
                  ),
                  danger: true,
                },
              ]
            : []),
        ];
      }),
    ];
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, names, access.write, access.delete, testing]);

  const editing = open?.kind === 'edit' ? open.item : undefined;
  const removing = open?.kind === 'delete' ? open.item : null;

  return (
    <div
      data-part="webhooks"
      aria-busy={testing !== null || undefined}
      css={{ display: 'grid', gap: space.xl }}
    >
      {access.write && (
        <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button data-action="create" onClick={() => setOpen({ kind: 'create' })}>
            {t('adminPortal.connectivity.webhooks.add')}
          </Button>
        </div>
      )}
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {webhooks.state.status === 'failed' ? (
        <LoadError error={webhooks.state.error} onRetry={webhooks.reload} />
      ) : (
        <DataTable
          label={t('adminPortal.connectivity.webhooks.tableLabel')}
          columns={columns}
          data={items}
          getRowId={(w) => w._id}
          emptyMessage={t('adminPortal.connectivity.webhooks.empty')}
          loading={webhooks.state.status === 'loading'}
          skeletonRows={2}
        />
      )}
      {logsOf && (
        <WebhookLogs
          key={logsOf._id}
          webhook={logsOf}
          names={names}
          canRetry={access.write}
          onClose={() => setLogsOf(null)}
        />
      )}
      {(open?.kind === 'create' || editing) && (
        <WebhookFormDialog
          key={editing?._id ?? 'new'}
          webhook={editing}
          categories={categories.state}
          onRetryCategories={categories.reload}
          onClose={() => setOpen(null)}
          onSave={save}
          onReplaceSecret={editing ? () => replaceSecret(editing) : undefined}
        />
      )}
      {secret && <SigningSecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={removing !== null}
        alert
        title={
          removing ? t('adminPortal.connectivity.webhooks.deleteTitle', { name: removing.displayName }) : ''
        }
        confirmLabel={t('adminPortal.form.delete')}
        busy={deleting}
        onClose={() => setOpen(null)}
        onConfirm={() => removing && void confirmDelete(removing)}
      >
        {removing && t('adminPortal.connectivity.webhooks.deleteBody', { url: removing.url })}
      </ConfirmDialog>
    </div>
  );
}
