import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { profileApi } from '../../../../shared/api/profile';
import { sessionsApi, type LoginSession } from '../../../../shared/api/sessions';
import { useAccountData, type AccountData } from '../../../../shared/api/useAccountData';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, ConfirmDialog, SkeletonBlock, useToast } from '../../../../shared/ui';
import { useFieldAppearance } from '../../appearance';
import { Subsection } from '../../PageParts';
import { PasskeysSection } from './PasskeysSection';
import { PhoneNumbersSection } from './PhoneNumbersSection';
import { MfaManage } from './MfaManage';
import { describeUserAgent } from './userAgent';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { pillCss } from './listStyles';
import { runOperation } from '../../../../shared/api/operation';

/** The privacy page (ROUTE-038): the user's login sessions, and MFA (methods, passkeys, phone numbers). */
export default function PrivacyPage() {
  const { t } = useT();
  const sessions = useFieldAppearance('privacy', 'loginSessions');
  const mfa = useFieldAppearance('privacy', 'mfa');
  return (
    <section aria-labelledby="fe-page-title" data-page-content="privacy">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.privacy.title')}
      </h3>
      <div css={{ display: 'grid', gap: space['2xl'] }}>
        {sessions !== 'hidden' && <SessionsSection canRevoke={sessions === 'edit'} />}
        {mfa !== 'hidden' && <MfaSection />}
      </div>
    </section>
  );
}

/** Loading, failed (with "try again"), or the content. */
function Loaded<T>(props: {
  state: AccountData<T>;
  reload: () => void;
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useT();
  const { state } = props;
  if (state.status === 'loading') return <SkeletonBlock label={t('common.loading')} lines={4} />;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={props.reload} />;
  if (state.status !== 'ready') return null;
  return <>{props.children(state.data)}</>;
}

function useDeviceName() {
  const { t } = useT();
  return (session: LoginSession) => {
    const { browser, os } = describeUserAgent(session.userAgent);
    if (browser && os) return t('adminPortal.privacy.deviceOn', { browser, os });
    return browser ?? os ?? t('adminPortal.privacy.unknownDevice');
  };
}

type Confirm = { kind: 'one'; session: LoginSession } | { kind: 'others' } | null;

/** The user's login sessions, the current one marked; others can be signed out one by one or all at once. */
function SessionsSection({ canRevoke }: { canRevoke: boolean }) {
  const { t, locale } = useT();
  const deviceName = useDeviceName();
  const { state, reload } = useAccountData(async () => {
    const [list, current] = await Promise.all([
      sessionsApi.getSessions(),
      // Older servers may not answer the current session: the list's `current` flag still marks it.
      sessionsApi.getCurrentSession().catch(() => null),
    ]);
    const sessions = Array.isArray(list) ? list : [];
    return sessions.map((s) => ({ ...s, current: current ? s.id === current.id : s.current === true }));
  });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  // A failure stays in the section (the user must act); a completed action is a toast.
  const [status, setStatus] = useState<{ kind: 'failed'; error: string } | null>(null);
  const toast = useToast();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const revoke = async () => {
    if (!confirm) return;
    const result = await runOperation(
      {
        setLoading: setBusy,
        setError: (error) => setStatus(error === null ? null : { kind: 'failed', error }),
      },
      () =>
        confirm.kind === 'one'
          ? sessionsApi.revokeSession(confirm.session.id)
          : sessionsApi.revokeOtherSessions(),
      t('common.genericError'),
    );
    setConfirm(null);
    if (!result.ok) return;
    toast({
      text: t(
        confirm.kind === 'one' ? 'adminPortal.privacy.signedOut' : 'adminPortal.privacy.signedOutOthers',
      ),
    });
    reload();
  };

  return (
    <Subsection title={t('adminPortal.privacy.sessions')} id="fe-privacy-sessions">
      <p css={{ margin: `0 0 ${space.md}`, color: 'var(--fe-color-text-secondary)' }}>
        {t('adminPortal.privacy.sessionsIntro')}
      </p>
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      <Loaded state={state} reload={reload}>
        {(sessions) => {
          const others = sessions.filter((s) => !s.current);
          return (
            <div css={{ display: 'grid', gap: space.md }}>
              <div css={{ overflowX: 'auto' }}>
                <table css={tableCss} data-sessions>
                  <thead>
                    <tr>
                      <th scope="col">{t('adminPortal.privacy.device')}</th>
                      <th scope="col">{t('adminPortal.privacy.ipAddress')}</th>
                      <th scope="col">{t('adminPortal.privacy.signedIn')}</th>
                      {canRevoke && <th scope="col">{t('adminPortal.form.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {sessions.map((session) => (
                      <tr
                        key={session.id}
                        data-session={session.id}
                        data-current={session.current || undefined}
                      >
                        <td>
                          {deviceName(session)}
                          {session.current && (
                            <span css={badgeCss}>{t('adminPortal.privacy.thisDevice')}</span>
                          )}
                        </td>
                        <td>{session.ipAddress}</td>
                        <td>{formatDate(date, session.createdAt)}</td>
                        {canRevoke && (
                          <td>
                            {!session.current && (
                              <Button
                                variant="text"
                                data-revoke={session.id}
                                aria-label={t('adminPortal.privacy.signOutSession', {
                                  device: deviceName(session),
                                })}
                                onClick={() => setConfirm({ kind: 'one', session })}
                              >
                                {t('adminPortal.privacy.signOut')}
                              </Button>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {others.length === 0 ? (
                <p css={{ margin: 0 }}>{t('adminPortal.privacy.noOtherSessions')}</p>
              ) : (
                canRevoke && (
                  <div>
                    <Button
                      variant="secondary"
                      data-revoke-others
                      onClick={() => setConfirm({ kind: 'others' })}
                    >
                      {t('adminPortal.privacy.signOutOthers')}
                    </Button>
                  </div>
                )
              )}
            </div>
          );
        }}
      </Loaded>
      <ConfirmDialog
        open={confirm !== null}
        title={t(
          confirm?.kind === 'others'
            ? 'adminPortal.privacy.signOutOthersTitle'
            : 'adminPortal.privacy.signOutTitle',
        )}
        confirmLabel={t(
          confirm?.kind === 'others' ? 'adminPortal.privacy.signOutOthers' : 'adminPortal.privacy.signOut',
        )}
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setConfirm(null)}
      >
        {confirm?.kind === 'one'
          ? t('adminPortal.privacy.signOutBody', {
              device: deviceName(confirm.session),
              ip: confirm.session.ipAddress,
            })
          : t('adminPortal.privacy.signOutOthersBody')}
      </ConfirmDialog>
    </Subsection>
  );
}

/** The MFA methods, passkeys and sign-in phone numbers of the user, read-only (enrolment is elsewhere). */
function MfaSection() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const { state, reload } = useAccountData(async () => {
    const devices = await profileApi.getMfaDevices();
    return {
      devices: {
        webauthn: devices?.webauthn ?? [],
        phones: devices?.phones ?? [],
        authenticators: devices?.authenticators ?? [],
        emails: devices?.emails ?? [],
      },
    };
  });
  return (
    <>
      <Subsection title={t('adminPortal.privacy.mfa')} id="fe-privacy-mfa">
        <Loaded state={state} reload={reload}>
          {({ devices }) => {
            const methods = [
              ...devices.authenticators.map((d) => ({
                id: d.id,
                label: t('adminPortal.privacy.authenticatorApp'),
              })),
              ...devices.phones.map((d) => ({
                id: d.id,
                label: t('adminPortal.privacy.smsTo', { phone: d.phoneNumber }),
              })),
              ...devices.emails.map((d) => ({
                id: d.email,
                label: t('adminPortal.privacy.emailTo', { email: d.email }),
              })),
              ...devices.webauthn.map((d) => ({
                id: d.id,
                label: t('adminPortal.privacy.securityKey', { name: d.name ?? '' }).trim(),
              })),
            ];
            const on = methods.length > 0 || user?.mfaEnrolled === true;
            return (
              <div css={{ display: 'grid', gap: space.md }} data-mfa={on ? 'on' : 'off'}>
                <p css={{ margin: 0, fontWeight: 600 }}>
                  {t(on ? 'adminPortal.privacy.mfaOn' : 'adminPortal.privacy.mfaOff')}
                </p>
                {methods.length > 0 && (
                  <ul aria-label={t('adminPortal.privacy.mfaMethods')} css={listCss} data-mfa-methods>
                    {methods.map((m) => (
                      <li key={m.id}>{m.label}</li>
                    ))}
                  </ul>
                )}
                <MfaManage devices={devices} onChanged={reload} />
              </div>
            );
          }}
        </Loaded>
      </Subsection>
      <PasskeysSection />
      <PhoneNumbersSection />
    </>
  );
}

function formatDate(format: Intl.DateTimeFormat, value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

const tableCss = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    textAlign: 'start',
    padding: `${space.md} 10px`,
    borderBottom: '1px solid var(--fe-color-border)',
    verticalAlign: 'middle',
  },
  '& th': { fontSize: '0.85em', color: 'var(--fe-color-text-secondary)', fontWeight: 600 },
} as const;

const badgeCss = {
  ...pillCss,
  marginInlineStart: space.md,
  border: '1px solid var(--fe-color-primary)',
} as const;

const listCss = { margin: 0, paddingInlineStart: 20, display: 'grid', gap: space.xs } as const;
