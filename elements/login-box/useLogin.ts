import { useAtomValue } from 'jotai';
import { useCallback, useReducer } from 'react';
import { authApi } from '../../shared/api/auth';
import { api } from '../../shared/api/client';
import { errorMessage, isSignInBlocked } from '../../shared/api/errors';
import type { MfaAnswer, MfaChallenge } from '../../shared/api/mfa';
import { safeRedirectTarget } from '../../shared/auth/redirect';
import { applyAuthAnswer, clearSession, type AuthAnswer } from '../../shared/auth/session';
import { isCeremonyCancelled, setPreferredLoginMethod, signInWithPasskey } from '../../shared/auth/webauthn';
import { userAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../shared/options/location';
import type { HostOptions } from '../../shared/options/options';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import {
  initialLoginState,
  loginReducer,
  POST_LOGIN_REDIRECT_MS,
  postLoginStep,
  postLoginTarget,
  storesSession,
  type PostLoginStep,
} from './login.machine';
import { loginStepAtom, signInRedirectPendingAtom, type SignInMethod } from './loginStep.atoms';
import { shouldPromptPasskeys } from './passkeys';

/**
 * The saved path after login: the `redirectUrl` parameter when same-site rules allow it (LOGIN-018/019),
 * then without the auth pages (LOGIN-014); an in-app URL becomes its path.
 */
export function savedPathAfterLogin(
  redirectUrl: string | null,
  options: HostOptions,
  origin: string,
): string | null {
  if (!redirectUrl) return null;
  const target = safeRedirectTarget(redirectUrl, {
    enforceSameSite: options.enforceRedirectToSameSite,
    currentOrigin: origin,
    allowedOrigins: options.allowedRedirectOrigins,
    fallback: options.routes.authenticatedUrl,
  });
  const url = new URL(target, origin);
  if (url.origin !== origin) return url.href;
  // A path that starts with // would be read as another host (protocol-relative): never a saved path.
  if (url.pathname.startsWith('//')) return options.routes.authenticatedUrl;
  return `${url.pathname}${url.search}${url.hash}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The post-login steps of a sign-in answer (LOGIN-009), shared by every sign-in hook and the post-login gate:
 * `proceed` stores the session, picks the next step and puts it in the step atom; `redirect` ends the login.
 */
export function usePostLogin(host: EventTarget) {
  const options = useAtomValue(optionsAtom);
  const params = useAtomValue(currentSearchParamsAtom);

  /** The redirect that ends a login: fe-authenticated, then after 200 ms the saved path or the authenticated URL. */
  const redirect = useCallback(async () => {
    host.dispatchEvent(
      new CustomEvent('fe-authenticated', {
        bubbles: true,
        composed: true,
        detail: { user: store.get(userAtom) },
      }),
    );
    await sleep(POST_LOGIN_REDIRECT_MS);
    const saved = savedPathAfterLogin(params.get('redirectUrl'), options, location.origin);
    navigate(postLoginTarget(saved, options.routes), { from: host });
  }, [host, options, params]);

  /**
   * The post-login steps of an answer, in the order of LOGIN-009: MFA (LOGIN-010; the gate calls back here
   * with the answer that holds the session), breached password (LOGIN-011), passkeys prompt, redirect.
   * `settle` hears the step before the redirect starts (the screen says "Redirecting…").
   */
  const proceed = useCallback(
    async (
      answer: MfaAnswer,
      method: SignInMethod,
      settle: (step: PostLoginStep) => void = () => undefined,
    ) => {
      // An MFA challenge stores no session (LOGIN-015); otherwise token and user are kept (LOGIN-016).
      const hasSession = storesSession(answer) && Boolean(answer.accessToken);
      // Set before the session: the login route must not take this user for one who arrived signed in.
      if (hasSession) store.set(signInRedirectPendingAtom, true);
      if (hasSession) await applyAuthAnswer(answer);
      if (method === 'passkey' && hasSession) setPreferredLoginMethod('passkeys');
      const next = postLoginStep({
        mfaRequired: !storesSession(answer),
        breachedPassword: Boolean(answer.isBreachedPassword),
        authenticated: hasSession,
        // LOGIN-012: asked only once a session is stored (the devices call needs it).
        passkeysOffered: hasSession && (await shouldPromptPasskeys(api)),
      });
      settle(next);
      if (next === 'mfa') store.set(loginStepAtom, { step: next, challenge: answer as MfaChallenge, method });
      else if (next === 'breachedPassword')
        store.set(loginStepAtom, { step: next, email: (answer as { email?: string }).email ?? '' });
      else if (next === 'promptPasskeys') store.set(loginStepAtom, { step: next });
      else await redirect();
    },
    [redirect],
  );
  return { proceed, redirect };
}

/** Wires the login machine to the API, the session atoms and the redirect; screens only render. */
export function useLogin(host: EventTarget) {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const { proceed } = usePostLogin(host);
  const { t } = useT();

  /** Runs a sign-in call (password, passkey, ...) and the post-login steps of its answer (LOGIN-009). */
  const run = useCallback(
    async (signIn: () => Promise<AuthAnswer>, method: SignInMethod = 'password') => {
      dispatch({ type: 'submit' });
      try {
        await proceed(await signIn(), method, (next) =>
          // A step screen takes over (the form starts afresh behind it); otherwise the login succeeded.
          dispatch({ type: next === 'mfa' || next === 'breachedPassword' ? 'reset' : 'succeeded' }),
        );
      } catch (error) {
        // A failed login leaves no session behind (LOGIN-017).
        clearSession();
        store.set(signInRedirectPendingAtom, false);
        const message = isCeremonyCancelled(error)
          ? t('loginBox.passkeys.cancelled')
          : errorMessage(error, t('common.genericError'));
        dispatch({ type: 'failed', error: message, blocked: isSignInBlocked(error) });
      }
    },
    [proceed, t],
  );

  /** Password sign-in; `recaptchaToken`: the solved captcha, when the policy asks for one. */
  const submit = useCallback(
    (email: string, password: string, recaptchaToken?: string) =>
      run(() => authApi.login({ email, password, recaptchaToken })),
    [run],
  );
  /** Passkey sign-in (discoverable credential; bound to the email when one is given). */
  const submitPasskey = useCallback(
    (email?: string) => run(() => signInWithPasskey(api, { email }), 'passkey'),
    [run],
  );
  return { state, submit, submitPasskey, run };
}
