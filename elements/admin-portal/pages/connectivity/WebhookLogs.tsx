import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  connectivityApi,
  type WebhookConfiguration,
  type WebhookLog,
  type WebhookLogsPage,
} from '../../../../shared/api/connectivity';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { Button, Dialog, useToast } from '../../../../shared/ui';
import { compactButtonCss } from '../../../../shared/ui/Button';
import { DataTable, Pagination, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { secondaryText } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { regionCss } from '../../kit/region';
import type { LoadState } from '../../kit/useLoad';
import {
  logsOffset,
  logsPageCount,
  retriedAttemptArrived,
  RETRY_WATCH_MS,
  RETRY_WATCH_TRIES,
} from './connectivity.state';

const RESULT_KEYS = {
  delivered: 'adminPortal.connectivity.logs.results.delivered',
  retrying: 'adminPortal.connectivity.logs.results.retrying',
  failed: 'adminPortal.connectivity.logs.results.failed',
} as const;

const RESULT_COLORS = {
  delivered: 'var(--fe-color-success)',
  retrying: 'var(--fe-color-warning)',
  failed: 'var(--fe-color-error)',
} as const;

/** A JSON body indented for reading; any other text as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const preCss = {
  margin: 0,
  padding: space.md,
  maxHeight: 240,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontSize: '0.85em',
  border: '1px solid var(--fe-color-border)',
  borderRadius: 'var(--fe-radius)',
  background: 'var(--fe-color-background)',
} as const;

/** One attempt's request body and the start of the receiver's answer, as text. */
function DeliveryDetails({ log, onClose }: { log: WebhookLog; onClose: () => void }) {
  const { t } = useT();
  const id = useId();
  return (
    <Dialog
      open
      title={t('adminPortal.connectivity.logs.detailsTitle')}
      width={680}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('adminPortal.form.close')}</Button>}
    >
      <div data-delivery-details css={{ display: 'grid', gap: space.md }}>
        <code css={{ ...secondaryText, fontSize: '0.85em', wordBreak: 'break-all' }}>
          webhook-id: {log.deliveryId}
        </code>
        <h3 id={`${id}-request`} css={{ margin: 0, fontSize: '1em' }}>
          {t('adminPortal.connectivity.logs.request')}
        </h3>
        <pre data-request-body tabIndex={0} aria-labelledby={`${id}-request`} css={preCss}>
          {readable(log.body)}
        </pre>
        <h3 id={`${id}-response`} css={{ margin: 0, fontSize: '1em' }}>
          {t('adminPortal.connectivity.logs.response')}
        </h3>
        <pre data-response-body tabIndex={0} aria-labelledby={`${id}-response`} css={preCss}>
          {log.response || log.error || t('adminPortal.connectivity.logs.emptyResponse')}
        </pre>
      </div>
    </Dialog>
  );
}

/**
 * The delivery log of one webhook (SCREEN-081): its attempts newest first, 10 a page from offset 0
 * (CONNECT-005), each with its time, event, attempt number, HTTP status (or why none came), result and latency;
 * a retry queues the delivery again (the call's 202 is its success, CONNECT-004): the worker sends it a moment
 * later, so the first page is read again every second, for up to ten, until the new attempt of that delivery
 * shows; that row's Retry waits meanwhile. Each row's buttons are named by its event, attempt and time.
 */
export function WebhookLogs({
  webhook,
  names,
  canRetry,
  onClose,
}: {
  webhook: WebhookConfiguration;
  /** Event display names by key. */
  names: ReadonlyMap<string, string>;
  canRetry: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useT();
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<WebhookLogsPage>>({ status: 'loading' });
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The rows whose retry is on its way (asked, and its new attempt not listed yet). */
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<WebhookLog | null>(null);
  // What a retry's watch reads after its awaits: still shown? which webhook, page and rows now?
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const latest = useRef({ webhookId: webhook._id, page, rows: [] as readonly WebhookLog[] });
  latest.current = {
    webhookId: webhook._id,
    page,
    rows: state.status === 'ready' ? state.data.rows : [],
  };

  useEffect(() => {
    let live = true;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    connectivityApi.getWebhookLogs(webhook._id, logsOffset(page)).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // `t` changes with the locale; the webhook, the page and the refresh count decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webhook._id, page, attempt]);

  const refresh = () => setAttempt((n) => n + 1);

  const settle = (id: string) =>
    setRetrying((all) => {
      const next = new Set(all);
      next.delete(id);
      return next;
    });

  /** Reads the first page again until the retried delivery's new attempt shows (or the log is gone). */
  const watchRetry = async (log: WebhookLog, known: ReadonlySet<string>) => {
    const webhookId = webhook._id;
    const gone = () => !mounted.current || latest.current.webhookId !== webhookId;
    for (let i = 0; i < RETRY_WATCH_TRIES; i++) {
      if (i > 0) await new Promise((done) => setTimeout(done, RETRY_WATCH_MS));
      if (gone()) return;
      let fresh: WebhookLogsPage;
      try {
        fresh = await connectivityApi.getWebhookLogs(webhookId, 0);
      } catch {
        continue;
      }
      if (gone()) return;
      if (latest.current.page === 0) setState({ status: 'ready', data: fresh });
      if (retriedAttemptArrived(fresh.rows, log.deliveryId, known)) return;
    }
  };

  const retry = async (log: WebhookLog) => {
    // The rows of that delivery listed now: the new attempt is the one that is not.
    const known = new Set(
      latest.current.rows.filter((row) => row.deliveryId === log.deliveryId).map((row) => row.id),
    );
    known.add(log.id);
    setRetrying((all) => new Set(all).add(log.id));
    setNotice(null);
    try {
      await connectivityApi.retryWebhook(log.id);
    } catch (err) {
      if (mounted.current) {
        setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
        settle(log.id);
      }
      return;
    }
    if (!mounted.current) return;
    toast({ text: t('adminPortal.connectivity.logs.retryQueued') });
    // The new attempt is the newest: back to the first page, read again until it shows.
    setPage(0);
    latest.current = { ...latest.current, page: 0 };
    await watchRetry(log, known);
    if (mounted.current) settle(log.id);
  };

  const columns = useMemo<ColumnDef<WebhookLog, unknown>[]>(() => {
    const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
    const when = (log: WebhookLog) =>
      Number.isNaN(Date.parse(log.createdAt)) ? log.createdAt : time.format(new Date(log.createdAt));
    const eventName = (log: WebhookLog) =>
      log.kind === 'test'
        ? t('adminPortal.connectivity.logs.testEvent')
        : (names.get(log.eventKey) ?? log.eventKey);
    /** What tells a row's buttons apart: its event, attempt and time. */
    const about = (log: WebhookLog) => ({ event: eventName(log), attempt: log.attempt, time: when(log) });
    return [
      {
        id: 'time',
        accessorFn: (log) => log.createdAt,
        header: t('adminPortal.connectivity.logs.columns.time'),
        enableSorting: false,
        cell: ({ row: { original: log } }) => (
          <time dateTime={log.createdAt} css={{ whiteSpace: 'nowrap' }}>
            {when(log)}
          </time>
        ),
      },
      {
        id: 'event',
        accessorFn: (log) => log.eventKey,
        header: t('adminPortal.connectivity.logs.columns.event'),
        enableSorting: false,
        cell: ({ row: { original: log } }) => <span data-event-key={log.eventKey}>{eventName(log)}</span>,
      },
      {
        id: 'attempt',
        accessorFn: (log) => log.attempt,
        header: t('adminPortal.connectivity.logs.columns.attempt'),
        enableSorting: false,
        cell: ({ getValue }) => <span data-attempt>{String(getValue())}</span>,
      },
      {
        id: 'status',
        accessorFn: (log) => log.statusCode,
        header: t('adminPortal.connectivity.logs.columns.status'),
        enableSorting: false,
        cell: ({ row: { original: log } }) => (
          <span data-status-code={log.statusCode}>
            {log.statusCode || log.error || t('adminPortal.connectivity.logs.noStatus')}
          </span>
        ),
      },
      {
        id: 'result',
        accessorFn: (log) => log.deliveryStatus,
        header: t('adminPortal.connectivity.logs.columns.result'),
        enableSorting: false,
        cell: ({ row: { original: log } }) => (
          <span
            data-result={log.deliveryStatus}
            css={{
              whiteSpace: 'nowrap',
              paddingInlineStart: space.sm,
              borderInlineStart: `4px solid ${RESULT_COLORS[log.deliveryStatus]}`,
            }}
          >
            {t(RESULT_KEYS[log.deliveryStatus])}
          </span>
        ),
      },
      {
        id: 'latency',
        accessorFn: (log) => log.latencyMs,
        header: t('adminPortal.connectivity.logs.columns.latency'),
        enableSorting: false,
        cell: ({ getValue }) => (
          <span css={{ whiteSpace: 'nowrap' }}>
            {t('adminPortal.connectivity.logs.latency', { ms: Number(getValue()) })}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>
            {t('adminPortal.connectivity.logs.columns.actions')}
          </span>
        ),
        enableSorting: false,
        cell: ({ row: { original: log } }) => (
          <div css={{ display: 'flex', gap: space.xs, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
            {canRetry && (
              <button
                type="button"
                data-retry={log.id}
                // The visible "Retry" starts the name (label in name); the rest tells the rows apart.
                aria-label={t('adminPortal.connectivity.logs.retryLabel', about(log))}
                disabled={retrying.has(log.id)}
                aria-busy={retrying.has(log.id) || undefined}
                onClick={() => void retry(log)}
                css={compactButtonCss}
              >
                {t('adminPortal.connectivity.logs.retry')}
              </button>
            )}
            <button
              type="button"
              data-details={log.id}
              aria-label={t('adminPortal.connectivity.logs.detailsLabel', about(log))}
              onClick={() => setDetails(log)}
              css={compactButtonCss}
            >
              {t('adminPortal.connectivity.logs.details')}
            </button>
          </div>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, names, canRetry, retrying]);

  const title = t('adminPortal.connectivity.logs.title', { name: webhook.displayName });
  const data = state.status === 'ready' ? state.data : null;

  return (
    <section aria-label={title} data-logs={webhook._id} css={regionCss}>
      <div css={{ display: 'flex', alignItems: 'center', gap: space.md, flexWrap: 'wrap' }}>
        <h3 css={{ margin: 0, flex: 1, fontSize: '1.05em' }}>{title}</h3>
        <Button variant="secondary" data-refresh onClick={refresh}>
          {t('adminPortal.connectivity.logs.refresh')}
        </Button>
        <Button variant="secondary" data-close-logs onClick={onClose}>
          {t('adminPortal.connectivity.logs.close')}
        </Button>
      </div>
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {state.status === 'failed' ? (
        <LoadError error={state.error} onRetry={refresh} />
      ) : (
        <>
          {data && (
            <p data-logs-total aria-live="polite" css={{ ...secondaryText, margin: 0 }}>
              {t('adminPortal.connectivity.logs.total', { count: data.count })}
            </p>
          )}
          <DataTable
            label={t('adminPortal.connectivity.logs.tableLabel')}
            columns={columns}
            data={data?.rows ?? []}
            getRowId={(log) => log.id}
            emptyMessage={t('adminPortal.connectivity.logs.empty')}
            loading={state.status === 'loading'}
            skeletonRows={3}
            maxHeight={560}
          />
          <Pagination page={page} pageCount={logsPageCount(data?.count ?? 0)} onPage={setPage} />
        </>
      )}
      {details && <DeliveryDetails log={details} onClose={() => setDetails(null)} />}
    </section>
  );
}
