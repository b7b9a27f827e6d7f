import { useAtomValue } from 'jotai';
import { useId, useRef, useState, type ReactNode } from 'react';
import { runOperation } from '../../../../shared/api/operation';
import { DEFAULT_INVITE_LINK_MINUTES, teamApi, type InviteLink } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { Alert, Button, ConfirmDialog, SkeletonBlock } from '../../../../shared/ui';
import { ExpirySelect } from './ExpirySelect';
import { inviteLinkUrl } from './inviteLinkUrl';
import { DAY_MINUTES } from './usersQuery';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';
import { controlCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';

const DEFAULT_DAYS = DEFAULT_INVITE_LINK_MINUTES / DAY_MINUTES;

/**
 * The account's shareable invite link (TEAM-020): shown, created (30 days by default), copied, given a new
 * expiry, or deleted. Only rendered for administrators who may invite.
 */
export function InviteLinkSection() {
  const { t, locale } = useT();
  const titleId = useId();
  const { routes, urlStrategy } = useAtomValue(optionsAtom);
  const { state, reload, setData } = useLoad(() => teamApi.getInviteLink());
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const run = async (call: () => Promise<InviteLink | null>) => {
    setCopied(null);
    const result = await runOperation({ setLoading: setBusy, setError }, call, t('common.genericError'));
    if (result.ok) setData(result.data);
  };

  const link = state.status === 'ready' ? state.data : null;
  const url = link ? inviteLinkUrl(link.token, routes.signUpUrl, urlStrategy, new URL(location.href)) : '';
  const expired = link ? Date.parse(link.expires) < Date.now() : false;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      input.current?.select();
      setCopied('manual');
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      data-invite-link
      css={{
        marginTop: space['2xl'],
        padding: space.xl,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        display: 'grid',
        gap: space.lg,
      }}
    >
      <div>
        <h4 id={titleId} css={{ margin: 0, fontSize: '1.05em' }}>
          {t('adminPortal.users.inviteLinkTitle')}
        </h4>
        <p css={{ margin: `${space.xs} 0 0`, color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.users.inviteLinkText')}
        </p>
      </div>
      {state.status === 'loading' && <SkeletonBlock label={t('common.loading')} height={64} />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {error && <Alert severity="error">{error}</Alert>}
      {state.status === 'ready' && link && (
        <>
          <div css={{ display: 'flex', gap: space.md, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <div css={{ flex: '1 1 280px', display: 'flex', flexDirection: 'column', gap: space.xs }}>
              <label htmlFor={`${titleId}-url`} css={fieldLabelCss}>
                {t('adminPortal.users.inviteLinkLabel')}
              </label>
              <input
                ref={input}
                id={`${titleId}-url`}
                data-invite-url
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                css={controlCss(false)}
              />
            </div>
            <Button data-copy-link onClick={() => void copy()} disabled={busy}>
              {t('adminPortal.users.copyLink')}
            </Button>
          </div>
          <p data-link-expires css={{ margin: 0 }}>
            {t(expired ? 'adminPortal.users.inviteLinkExpired' : 'adminPortal.users.inviteLinkExpires', {
              date: new Date(link.expires).toLocaleString(locale, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </p>
          {copied && (
            <p role="status" css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
              {t(copied === 'copied' ? 'adminPortal.users.linkCopied' : 'adminPortal.users.copyManually')}
            </p>
          )}
          <ExpiryBar days={days} onDays={setDays} busy={busy}>
            <Button
              variant="secondary"
              data-update-link
              disabled={busy}
              onClick={() => void run(() => teamApi.updateInviteLink(days * DAY_MINUTES))}
            >
              {t('adminPortal.users.updateLinkExpiry')}
            </Button>
            <Button
              variant="secondary"
              data-delete-link
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
            >
              {t('adminPortal.users.deleteLink')}
            </Button>
          </ExpiryBar>
        </>
      )}
      {state.status === 'ready' && !link && (
        <ExpiryBar days={days} onDays={setDays} busy={busy}>
          <Button
            data-create-link
            disabled={busy}
            onClick={() => void run(() => teamApi.createInviteLink(days * DAY_MINUTES))}
          >
            {t('adminPortal.users.createLink')}
          </Button>
        </ExpiryBar>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('adminPortal.users.deleteLinkTitle')}
        confirmLabel={t('adminPortal.users.deleteLink')}
        busy={busy}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void run(async () => {
            await teamApi.deleteInviteLink();
            return null;
          });
        }}
      >
        {t('adminPortal.users.deleteLinkText')}
      </ConfirmDialog>
    </section>
  );
}

/** The link's lifetime to choose, beside what to do with the link (create it, or update or delete it). */
function ExpiryBar(props: {
  days: number;
  onDays: (days: number) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <div css={{ display: 'flex', gap: space.md, alignItems: 'flex-end', flexWrap: 'wrap' }}>
      <ExpirySelect
        label={t('adminPortal.users.linkExpiresIn')}
        days={props.days}
        onChange={props.onDays}
        disabled={props.busy}
      />
      {props.children}
    </div>
  );
}
