import { useEffect, useState } from 'react';
import {
  connectivityApi,
  type ChannelMap,
  type SlackSubscription,
} from '../../../../shared/api/connectivity';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, useToast } from '../../../../shared/ui';
import { controlCss } from '../../../../shared/ui/fieldStyles';
import { space } from '../../../../themes/tokens';
import { secondaryText } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';
import { Switch } from '../sso/parts';
import {
  formSubscription,
  groupByCategory,
  slackActiveOf,
  slackDraftAfterSave,
  slackDraftOf,
  slackSave,
  slackUnsavedUrls,
  type SlackDraft,
} from './connectivity.state';
import type { ConnectivityAccess } from './ConnectivityPage';

const cellCss = {
  padding: `${space.sm} ${space.md}`,
  borderBottom: '1px solid var(--fe-color-border)',
  textAlign: 'start',
  verticalAlign: 'middle',
} as const;

/**
 * The Slack tab (SCREEN-079): the account's one Slack subscription as a form — per event a switch and the
 * incoming-webhook URL of the channel it posts to — saved with one POST (none yet) or PATCH. The subscription's
 * own on/off (`isActive`) has its switch and is saved as shown. The wire has no per-event switch: an event
 * switched off is not saved, so its URL stays in the form only, and a warning says so. Without a Slack app on
 * the server (`getSlackScope` refused) a notice says so and the URLs still work (CONNECT-006).
 */
export function SlackTab({ access }: { access: ConnectivityAccess }) {
  const { t } = useT();
  const toast = useToast();
  const events = useLoad(() => connectivityApi.getChannelMaps(['slack']));
  const configuration = useLoad(() => connectivityApi.getSlackConfiguration());
  // The Slack app (OAuth registration) is optional: a refusal only shows the notice.
  const scope = useLoad(() => connectivityApi.getSlackScope());
  const [subscription, setSubscription] = useState<SlackSubscription | undefined>();
  const [draft, setDraft] = useState<SlackDraft>({});
  const [active, setActive] = useState(true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (configuration.state.status !== 'ready') return;
    const first = formSubscription(configuration.state.data.slackSubscriptions);
    setSubscription(first);
    setDraft(slackDraftOf(first));
    setActive(slackActiveOf(first));
  }, [configuration.state]);

  const names = new Map(
    (events.state.status === 'ready' ? events.state.data : []).map((e) => [e.key, e.displayName]),
  );
  const change = (key: string, patch: Partial<SlackDraft[string]>) =>
    setDraft((all) => ({ ...all, [key]: { enabled: false, url: '', ...all[key], ...patch } }));

  const save = async () => {
    const { body, missing, invalid } = slackSave(draft, subscription?.id, active);
    const list = (keys: string[]) => keys.map((key) => names.get(key) ?? key).join(', ');
    if (missing.length)
      return setNotice({
        severity: 'error',
        text: t('adminPortal.connectivity.slack.missingUrl', { events: list(missing) }),
      });
    if (invalid.length)
      return setNotice({
        severity: 'error',
        text: t('adminPortal.connectivity.slack.invalidUrl', { events: list(invalid) }),
      });
    setNotice(null);
    setBusy(true);
    try {
      const saved = await connectivityApi.saveSlackSubscription(body);
      setSubscription(saved);
      setDraft((before) => slackDraftAfterSave(saved, before));
      setActive(saved.isActive);
      toast({ text: t('adminPortal.connectivity.slack.saved') });
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
    } finally {
      setBusy(false);
    }
  };

  const failed =
    events.state.status === 'failed'
      ? events
      : configuration.state.status === 'failed'
        ? configuration
        : null;
  const loading = events.state.status === 'loading' || configuration.state.status === 'loading';
  const unsaved = slackUnsavedUrls(draft);

  const row = (event: ChannelMap) => {
    const value = draft[event.key] ?? { enabled: false, url: '' };
    return (
      <tr key={event.key} data-slack-event={event.key}>
        <td css={cellCss}>{event.displayName}</td>
        <td css={cellCss}>
          <Switch
            label={t('adminPortal.connectivity.slack.send', { event: event.displayName })}
            checked={value.enabled}
            disabled={!access.write || busy}
            onChange={(enabled) => change(event.key, { enabled })}
          />
        </td>
        <td css={{ ...cellCss, width: '55%' }}>
          <input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.slack.com/services/…"
            aria-label={t('adminPortal.connectivity.slack.url', { event: event.displayName })}
            value={value.url}
            readOnly={!access.write}
            disabled={busy}
            onChange={(e) => change(event.key, { url: e.currentTarget.value })}
            css={{ ...controlCss(false), width: '100%', boxSizing: 'border-box', fontSize: '0.9em' }}
          />
        </td>
      </tr>
    );
  };

  return (
    <div data-part="slack" css={{ display: 'grid', gap: space.xl }}>
      {scope.state.status === 'failed' && (
        <div data-slack-not-configured>
          <Alert severity="info">{t('adminPortal.connectivity.slack.notConfigured')}</Alert>
        </div>
      )}
      <p css={{ ...secondaryText, margin: 0 }}>{t('adminPortal.connectivity.slack.intro')}</p>
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      {failed && failed.state.status === 'failed' ? (
        <LoadError error={failed.state.error} onRetry={failed.reload} />
      ) : loading ? (
        <p aria-busy="true" css={{ ...secondaryText, margin: 0 }}>
          {t('common.loading')}
        </p>
      ) : (
        <>
          <div data-slack-active css={{ display: 'flex', alignItems: 'center', gap: space.sm }}>
            <Switch
              label={t('adminPortal.connectivity.slack.active')}
              checked={active}
              disabled={!access.write || busy}
              onChange={setActive}
            />
            <span aria-hidden="true">{t('adminPortal.connectivity.slack.active')}</span>
          </div>
          {!active && (
            <div data-slack-inactive>
              <Alert severity="warning">{t('adminPortal.connectivity.slack.inactive')}</Alert>
            </div>
          )}
          <div css={{ overflowX: 'auto' }}>
            <table
              aria-label={t('adminPortal.connectivity.slack.tableLabel')}
              css={{ width: '100%', borderCollapse: 'collapse' }}
            >
              <thead>
                <tr>
                  <th scope="col" css={cellCss}>
                    {t('adminPortal.connectivity.slack.columns.event')}
                  </th>
                  <th scope="col" css={cellCss}>
                    {t('adminPortal.connectivity.slack.columns.send')}
                  </th>
                  <th scope="col" css={cellCss}>
                    {t('adminPortal.connectivity.slack.columns.url')}
                  </th>
                </tr>
              </thead>
              {groupByCategory(events.state.status === 'ready' ? events.state.data : []).map((group) => (
                <tbody key={group.name}>
                  <tr>
                    <th
                      scope="colgroup"
                      colSpan={3}
                      css={{ ...cellCss, ...secondaryText, fontWeight: 600, fontSize: '0.85em' }}
                    >
                      {group.name}
                    </th>
                  </tr>
                  {group.events.map(row)}
                </tbody>
              ))}
            </table>
          </div>
          {access.write && unsaved.length > 0 && (
            <div data-slack-unsaved>
              <Alert severity="warning">
                {t('adminPortal.connectivity.slack.offUrlsNotSaved', {
                  events: unsaved.map((key) => names.get(key) ?? key).join(', '),
                })}
              </Alert>
            </div>
          )}
          {access.write && (
            <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                data-save-slack
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void save()}
              >
                {t('adminPortal.connectivity.slack.save')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
