import { useEffect, useId, useMemo, useState } from 'react';
import {
  connectivityApi,
  type ChannelConfiguration,
  type ChannelMap,
  type MessageChannel,
} from '../../../../shared/api/connectivity';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { useToast } from '../../../../shared/ui';
import { compactButtonCss } from '../../../../shared/ui/Button';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { controlCss, fieldErrorCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';
import { space } from '../../../../themes/tokens';
import { DialogForm } from '../../kit/DialogForm';
import { secondaryText } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';
import { useOptimistic } from '../../kit/useOptimistic';
import { hintCss, Switch } from '../sso/parts';
import {
  editedRecipients,
  MAX_RECIPIENTS,
  parseRecipients,
  pausedRecipientsOf,
  recipientsOf,
  recipientsSave,
} from './connectivity.state';
import type { ConnectivityAccess } from './ConnectivityPage';

/**
 * The recipients of one event on a channel: one address (email) or +E.164 number (SMS) per comma or line,
 * checked before sending; the server's refusal shows in the dialog.
 */
function RecipientsDialog({
  channel,
  initial,
  onClose,
  onSave,
}: {
  channel: MessageChannel;
  initial: string[];
  onClose: () => void;
  onSave: (recipients: string[]) => Promise<void>;
}) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState(initial.join('\n'));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const { recipients, invalid } = parseRecipients(text, channel);
    if (invalid.length)
      return setFieldError(
        t(`adminPortal.connectivity.channels.invalid.${channel}`, { values: invalid.join(', ') }),
      );
    if (recipients.length > MAX_RECIPIENTS)
      return setFieldError(t('adminPortal.connectivity.channels.tooMany', { max: MAX_RECIPIENTS }));
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await onSave(recipients);
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      setBusy(false);
    }
  };

  return (
    <DialogForm
      title={t('adminPortal.connectivity.channels.recipientsTitle')}
      name="recipients"
      width={520}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.form.save')}
      busy={busy}
      error={error}
    >
      <div css={{ display: 'grid', gap: space.xs }}>
        <label htmlFor={id} css={fieldLabelCss}>
          {t('adminPortal.connectivity.channels.recipientsLabel')}
        </label>
        <textarea
          id={id}
          rows={5}
          value={text}
          disabled={busy}
          spellCheck={false}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.currentTarget.value)}
          css={{ ...controlCss(Boolean(fieldError)), resize: 'vertical' }}
        />
        <p id={`${id}-hint`} css={hintCss}>
          {t(`adminPortal.connectivity.channels.hint.${channel}`)}
        </p>
        {fieldError && (
          <span id={`${id}-error`} css={fieldErrorCss}>
            {fieldError}
          </span>
        )}
      </div>
    </DialogForm>
  );
}

/**
 * The Email (SCREEN-078) and SMS (SCREEN-080) tabs: the events that may go to the channel, each with its
 * on/off switch (PATCH, or POST of a configuration when none exists yet; a refused change goes back) and its
 * recipients (POST of the configuration with one "Default" subscription, or PUT of the existing one).
 */
export function MessageChannelTab({
  channel,
  access,
}: {
  channel: MessageChannel;
  access: ConnectivityAccess;
}) {
  const { t } = useT();
  const toast = useToast();
  const optimistic = useOptimistic();
  const events = useLoad(() => connectivityApi.getChannelMaps([channel]));
  const configs = useLoad(() => connectivityApi.getMessageConfigurations(channel));
  // The loaded configurations by event key, under this tab's changes since (a switch shows its state from the
  // first render of its row: no flip from "off" once the configurations arrive).
  const loaded = useMemo(
    () =>
      configs.state.status === 'ready'
        ? Object.fromEntries(configs.state.data.map((config) => [config.eventKey, config]))
        : {},
    [configs.state],
  );
  const [changes, setChanges] = useState<Record<string, ChannelConfiguration | undefined>>({});
  useEffect(() => setChanges({}), [configs.state]);
  const byKey = useMemo<Record<string, ChannelConfiguration | undefined>>(
    () => ({ ...loaded, ...changes }),
    [loaded, changes],
  );
  const [editing, setEditing] = useState<ChannelMap | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const put = (config: ChannelConfiguration) => setChanges((all) => ({ ...all, [config.eventKey]: config }));

  const toggle = async (event: ChannelMap, enabled: boolean) => {
    const before = byKey[event.key];
    setNotice(null);
    const result = await optimistic.run(
      event.key,
      {
        apply: () =>
          put(before ? { ...before, enabled } : { eventKey: event.key, enabled, subscriptions: [] }),
        rollback: () => setChanges((all) => ({ ...all, [event.key]: before })),
        call: () =>
          before
            ? connectivityApi.setMessageConfigurationEnabled(channel, event.key, enabled)
            : connectivityApi.saveMessageConfiguration(channel, {
                eventKey: event.key,
                enabled,
                subscriptions: [],
              }),
      },
      {
        setLoading: () => {},
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      t('common.genericError'),
    );
    if (result.ok && result.latest) {
      put(result.data);
      toast({
        text: t(
          enabled
            ? 'adminPortal.connectivity.channels.turnedOn'
            : 'adminPortal.connectivity.channels.turnedOff',
          {
            event: event.displayName,
          },
        ),
      });
    }
  };

  const saveRecipients = async (event: ChannelMap, recipients: string[]) => {
    const plan = recipientsSave(byKey[event.key], recipients);
    const answer =
      plan.kind === 'put'
        ? await connectivityApi.saveMessageSubscription(channel, event.key, plan.subscriptionId, plan.body)
        : await connectivityApi.saveMessageConfiguration(channel, { eventKey: event.key, ...plan.body });
    put(answer);
    setEditing(null);
    toast({ text: t('adminPortal.connectivity.channels.saved', { event: event.displayName }) });
  };

  const columns = useMemo<ColumnDef<ChannelMap, unknown>[]>(
    () => [
      {
        id: 'event',
        accessorFn: (event) => event.displayName,
        header: t('adminPortal.connectivity.channels.columns.event'),
        enableSorting: false,
        cell: ({ row: { original: event } }) => (
          <div css={{ display: 'grid' }}>
            <span css={{ fontWeight: 600 }}>{event.displayName}</span>
            <span css={{ ...secondaryText, fontSize: '0.85em' }}>{event.category.name}</span>
          </div>
        ),
      },
      {
        id: 'send',
        header: t('adminPortal.connectivity.channels.columns.send'),
        enableSorting: false,
        cell: ({ row: { original: event } }) => (
          <Switch
            label={t(`adminPortal.connectivity.channels.send.${channel}`, { event: event.displayName })}
            data-send={event.key}
            checked={byKey[event.key]?.enabled ?? false}
            disabled={!access.write}
            onChange={(next) => void toggle(event, next)}
          />
        ),
      },
      {
        id: 'recipients',
        header: t('adminPortal.connectivity.channels.columns.recipients'),
        enableSorting: false,
        cell: ({ row: { original: event } }) => {
          const list = recipientsOf(byKey[event.key]);
          const paused = pausedRecipientsOf(byKey[event.key]);
          return list.length || paused.length ? (
            <span data-recipients={event.key} css={{ display: 'grid', wordBreak: 'break-all' }}>
              {list.length > 0 && <span>{list.join(', ')}</span>}
              {paused.length > 0 && (
                <span data-paused-recipients css={secondaryText}>
                  {t('adminPortal.connectivity.channels.pausedRecipients', { recipients: paused.join(', ') })}
                </span>
              )}
            </span>
          ) : (
            <span data-recipients={event.key} css={secondaryText}>
              {t('adminPortal.connectivity.channels.noRecipients')}
            </span>
          );
        },
      },
      {
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>
            {t('adminPortal.connectivity.channels.columns.actions')}
          </span>
        ),
        enableSorting: false,
        cell: ({ row: { original: event } }) =>
          access.write && (
            <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
              <button
                type="button"
                data-edit-recipients={event.key}
                aria-label={t('adminPortal.connectivity.channels.editRecipients', {
                  event: event.displayName,
                })}
                onClick={() => setEditing(event)}
                css={{ ...compactButtonCss, whiteSpace: 'nowrap' }}
              >
                {t('adminPortal.connectivity.channels.editAction')}
              </button>
            </div>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, channel, byKey, access.write],
  );

  const rows = useMemo(
    () => (events.state.status === 'ready' && configs.state.status === 'ready' ? events.state.data : []),
    [events.state, configs.state],
  );
  const failed =
    events.state.status === 'failed' ? events : configs.state.status === 'failed' ? configs : null;

  return (
    <div data-part={channel} css={{ display: 'grid', gap: space.xl }}>
      <p css={{ ...secondaryText, margin: 0 }}>{t(`adminPortal.connectivity.channels.intro.${channel}`)}</p>
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {failed && failed.state.status === 'failed' ? (
        <LoadError error={failed.state.error} onRetry={failed.reload} />
      ) : (
        <DataTable
          label={t(`adminPortal.connectivity.channels.tableLabel.${channel}`)}
          columns={columns}
          // The rows come with their configurations: a switch never shows "off" for a configuration still on its way.
          data={rows}
          getRowId={(event) => event.key}
          emptyMessage={t('adminPortal.connectivity.channels.empty')}
          loading={events.state.status === 'loading' || configs.state.status === 'loading'}
          rowHeight={56}
          maxHeight={640}
        />
      )}
      {editing && (
        <RecipientsDialog
          channel={channel}
          initial={editedRecipients(byKey[editing.key])}
          onClose={() => setEditing(null)}
          onSave={(recipients) => saveRecipients(editing, recipients)}
        />
      )}
    </div>
  );
}
