import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { ssoApi, type SocialProvider, type SsoCallbackKind } from '../../../shared/api/sso';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Button, Spinner } from '../../../shared/ui';
import { providerLabel, readSsoCallback, SSO_FAILURE_REDIRECT_MS } from '../flows/sso.machine';
import { PostLoginGate } from '../PostLoginGate';
import { BackToLogin } from '../RouteLink';
import { useLogin } from '../useLogin';
import { OrDivider } from './OrDivider';
import { ScreenHeader } from './ScreenHeader';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A callback route of an SSO or social sign-in: the server sent the browser here with a one-time login code
 * (bound to this browser), which is exchanged for a session; then the post-login steps of every sign-in
 * (MFA, breached password, passkeys prompt, redirect: LOGIN-009).
 */
function SsoCallback({
  host,
  kind,
  title,
  onFailure,
  failure,
}: {
  host: EventTarget;
  kind: SsoCallbackKind;
  title: string;
  /** What a failure does besides showing `failure` (SSO: the redirect of LOGIN-020). */
  onFailure?: () => void;
  failure: React.ReactNode;
}) {
  const { t } = useT();
  const callback = readSsoCallback(useAtomValue(currentSearchParamsAtom));
  const { state, run } = useLogin(host);
  const started = useRef(false);
  const failed = callback.kind === 'failed' || state.error !== null;

  useEffect(() => {
    if (started.current || callback.kind !== 'code') return;
    started.current = true;
    void run(() => ssoApi.postLogin(kind, callback.code, callback.provider ?? undefined));
  }, [callback, kind, run]);

  // Refused by the account's email-domain restrictions: said as such, and the page stays for it to be read.
  const domainRefused = callback.kind === 'failed' && callback.domainRefused;
  const failureHandled = useRef(false);
  useEffect(() => {
    if (!failed || domainRefused || failureHandled.current) return;
    failureHandled.current = true;
    onFailure?.();
  }, [failed, domainRefused, onFailure]);

  return (
    <PostLoginGate host={host}>
      <ScreenHeader title={title} />
      <div data-step={failed ? 'failed' : state.step} css={{ display: 'grid', gap: 'var(--fe-spacing)' }}>
        {domainRefused ? (
          <>
            <Alert severity="error">{t('loginBox.sso.emailDomainRefused')}</Alert>
            <BackToLogin host={host} />
          </>
        ) : failed ? (
          failure
        ) : state.step === 'success' ? (
          <p role="status">{t('loginBox.login.redirecting')}</p>
        ) : (
          <Spinner label={t('loginBox.sso.signingIn')} />
        )}
      </div>
    </PostLoginGate>
  );
}

/** loginWithSSOFailed: the message, then the authenticated URL after 1 second (LOGIN-020). */
function useSsoFailure(host: EventTarget) {
  const { routes } = useAtomValue(optionsAtom);
  const { t } = useT();
  const onFailure = () => {
    void sleep(SSO_FAILURE_REDIRECT_MS).then(() =>
      navigate(routes.authenticatedUrl, { from: host, replace: true }),
    );
  };
  return {
    onFailure,
    failure: <Alert severity="error">{t('loginBox.sso.failed')}</Alert>,
  };
}

/** An OIDC or SAML callback: its failure is loginWithSSOFailed (LOGIN-020). */
function SsoProviderCallback({ host, kind }: { host: EventTarget; kind: 'oidc' | 'saml' }) {
  const { t } = useT();
  const { onFailure, failure } = useSsoFailure(host);
  const title = t(kind === 'oidc' ? 'loginBox.sso.oidcTitle' : 'loginBox.sso.samlTitle');
  return <SsoCallback host={host} kind={kind} title={title} onFailure={onFailure} failure={failure} />;
}

/** ROUTE-013: the OIDC callback route. */
export const OidcCallbackScreen = ({ host }: { host: EventTarget }) => (
  <SsoProviderCallback host={host} kind="oidc" />
);

/** ROUTE-014: the SAML callback route. */
export const SamlCallbackScreen = ({ host }: { host: EventTarget }) => (
  <SsoProviderCallback host={host} kind="saml" />
);

/** ROUTE-011: the social login callback route; a failure says 'Failed to authenticate' (LOGIN-021). */
export function SocialCallbackScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  return (
    <SsoCallback
      host={host}
      kind="social"
      title={t('loginBox.sso.socialTitle')}
      failure={
        <>
          <Alert severity="error">{t('loginBox.sso.socialFailed')}</Alert>
          <BackToLogin host={host} />
        </>
      }
    />
  );
}

/** The social providers the server offers, as buttons that start a sign-in with each. */
export function SocialLoginButtons({ host }: { host: EventTarget }) {
  const { t } = useT();
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let live = true;
    void ssoApi
      .socialProviders()
      .then((list) => live && setProviders(Array.isArray(list) ? list.filter((p) => p.active) : []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;
  return (
    <div
      css={{ display: 'grid', gap: 'var(--fe-spacing)', marginTop: 'calc(var(--fe-spacing) * 2)' }}
      data-part="social-login"
    >
      <OrDivider>{t('loginBox.sso.or')}</OrDivider>
      {providers.map((p) => (
        <Button
          key={p.type}
          variant="secondary"
          fullWidth
          data-provider={p.type}
          onClick={() => navigate(ssoApi.socialStartUrl(p.type), { from: host })}
        >
          {t('loginBox.sso.continueWith', { provider: providerLabel(p.type) })}
        </Button>
      ))}
    </div>
  );
}
