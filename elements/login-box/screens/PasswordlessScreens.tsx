import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { createPasswordlessApi } from '../../../shared/api/passwordless';
import type { AuthAnswer } from '../../../shared/auth/session';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Button, CodeField, Spinner } from '../../../shared/ui';
import {
  afterPreLogin,
  mainStrategy,
  SSO_REDIRECT_MS,
  startsWithPreLogin,
  type LoginStep,
  type PasswordlessType,
  type PublicAuthStrategies,
} from '../login.machine';
import { PENDING_PASSWORDLESS_KEY, readPending, type PendingPasswordless } from '../flows/resetPhone.machine';
import { PostLoginGate } from '../PostLoginGate';
import { RouteLink } from '../RouteLink';
import { usePublicStrategies } from '../usePublicStrategies';
import { useLogin } from '../useLogin';
import { LoginScreen } from './LoginScreen';
import { EmailField } from './EmailField';
import { ScreenHeader } from './ScreenHeader';
import { SignInButton } from './SignInButton';
import { isEmail, useEmailError } from './useFieldErrors';

const passwordless = createPasswordlessApi(api);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gridCss = { display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' } as const;

/** A failed passwordless call: the server's message, else 'Failed to authenticate' (LOGIN-021). */
function failure(error: unknown, fallback: string): Error {
  return Object.assign(new Error(errorMessage(error, fallback)), { status: 401 });
}

/**
 * The login route's entry: reads the vendor's public auth strategies; with email and password only it shows
 * the password form, otherwise the email comes first (preLogin, LOGIN-006).
 */
export function LoginEntry({ host }: { host: EventTarget }) {
  const { t } = useT();
  const strategies = usePublicStrategies();
  // A passwordless login started elsewhere (after a phone reset, PHONE-004) continues at its code step.
  const [pending] = useState(() => readPending(sessionStorage));
  useEffect(() => {
    if (pending) sessionStorage.removeItem(PENDING_PASSWORDLESS_KEY);
  }, [pending]);
  if (strategies === undefined) return <Spinner label={t('loginBox.passwordless.loading')} />;
  if (pending) return <PreLoginFlow host={host} strategies={strategies} pending={pending} />;
  if (!startsWithPreLogin(strategies)) return <LoginScreen host={host} />;
  return <PreLoginFlow host={host} strategies={strategies} />;
}

type FlowStep = 'preLogin' | LoginStep;

/** preLogin → SSO redirect (after 2000 ms) or the strategy's step: password, link sent, email or SMS code. */
export function PreLoginFlow({
  host,
  strategies,
  sleepFor = sleep,
  pending = null,
}: {
  host: EventTarget;
  strategies: PublicAuthStrategies | null;
  sleepFor?: (ms: number) => Promise<unknown>;
  pending?: PendingPasswordless | null;
}) {
  const { t } = useT();
  const [step, setStep] = useState<FlowStep>(
    pending ? (pending.type === 'smscode' ? 'loginWithSmsOtc' : 'loginWithOtc') : 'preLogin',
  );
  const [email, setEmail] = useState(pending?.email ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState<PasswordlessType | null>(pending?.type ?? null);
  const emailError = useEmailError()(email, touched);
  const strategy = mainStrategy(strategies);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email) || busy) return;
    setBusy(true);
    setError(null);
    try {
      // LOGIN-006: lookup by email (and tenant); an SSO address wins (LOGIN-007).
      const answer = await passwordless.preLogin(email).catch(() => null);
      const outcome = afterPreLogin(answer, strategy);
      if (outcome.step === 'redirectToSSO' && 'address' in outcome) {
        setStep('redirectToSSO');
        await sleepFor(SSO_REDIRECT_MS);
        navigate(outcome.address, { from: host });
        return;
      }
      // LOGIN-008: the strategy picks the step; passwordless sends the link or code first.
      const next = 'passwordless' in outcome ? outcome.passwordless : null;
      if (next) await passwordless.passwordlessPreLogin(next, email);
      setType(next);
      setStep(outcome.step);
    } catch (e) {
      setError(errorMessage(e, t('loginBox.passwordless.failed')));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setStep('preLogin');
    setError(null);
  };

  if (step === 'redirectToSSO')
    return (
      <div data-step="redirectToSSO" role="status">
        <Spinner label={t('loginBox.passwordless.redirectingToSso')} />
        <p>{t('loginBox.passwordless.redirectingToSso')}</p>
      </div>
    );
  if (step === 'loginWithPassword') return <LoginScreen host={host} email={email} />;
  if (step === 'magicLinkPreLoginSuccess')
    return (
      <div data-step="magicLinkPreLoginSuccess" css={gridCss}>
        <p role="status">{t('loginBox.passwordless.linkSent', { email })}</p>
        <Button variant="secondary" onClick={restart}>
          {t('loginBox.passwordless.useAnotherEmail')}
        </Button>
      </div>
    );
  if ((step === 'loginWithOtc' || step === 'loginWithSmsOtc') && type)
    return (
      <CodeForm
        host={host}
        step={step}
        type={type}
        email={email}
        onResend={() => passwordless.passwordlessPreLogin(type, email)}
        onRestart={restart}
      />
    );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy} css={gridCss} data-step="preLogin">
      {error && <Alert severity="error">{error}</Alert>}
      <EmailField
        label={t('loginBox.login.emailLabel')}
        value={email}
        error={emailError}
        onChange={setEmail}
      />
      <Button type="submit" fullWidth disabled={busy}>
        {busy ? t('loginBox.passwordless.sending') : t('loginBox.login.continue')}
      </Button>
    </form>
  );
}

/** The email code (loginWithOtc) or SMS code (loginWithSmsOtc) step. */
function CodeForm({
  host,
  step,
  type,
  email,
  onResend,
  onRestart,
}: {
  host: EventTarget;
  step: 'loginWithOtc' | 'loginWithSmsOtc';
  type: PasswordlessType;
  email: string;
  onResend: () => Promise<unknown>;
  onRestart: () => void;
}) {
  const { t } = useT();
  const { state, run } = useLogin(host);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [resent, setResent] = useState(false);
  const codeError = touched && !/^\d{4,8}$/.test(code) ? t('loginBox.passwordless.codeInvalid') : null;
  const failed = t('loginBox.passwordless.failed');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!/^\d{4,8}$/.test(code)) return;
    void run(() =>
      passwordless.passwordlessPostLogin(type, { email, code }).catch((e: unknown): AuthAnswer => {
        throw failure(e, failed);
      }),
    );
  };

  if (state.step === 'success') return <p role="status">{t('loginBox.login.redirecting')}</p>;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={state.loading} css={gridCss} data-step={step}>
      <p css={{ margin: 0 }}>
        {step === 'loginWithSmsOtc'
          ? t('loginBox.passwordless.smsCodeSent')
          : t('loginBox.passwordless.codeSent', { email })}
      </p>
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {resent && <Alert severity="info">{t('loginBox.passwordless.resent')}</Alert>}
      <CodeField
        label={t('loginBox.passwordless.codeLabel')}
        value={code}
        error={codeError}
        onValue={setCode}
      />
      <SignInButton loading={state.loading} />
      <div css={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        <Button
          variant="secondary"
          onClick={() => {
            setResent(false);
            void onResend().then(
              () => setResent(true),
              () => undefined,
            );
          }}
        >
          {t('loginBox.passwordless.resend')}
        </Button>
        <Button variant="secondary" onClick={onRestart}>
          {t('loginBox.passwordless.useAnotherEmail')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The magic-link route (ROUTE-015): the link only opens this page; the user signs in with an explicit click,
 * so a mail scanner that fetches the link does not spend it.
 */
export function MagicLinkScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const token = useAtomValue(currentSearchParamsAtom).get('token');
  const { state, run } = useLogin(host);
  const failed = t('loginBox.passwordless.failed');
  // After the sign-in: the post-login steps, as on the login route (LOGIN-009).
  return (
    <PostLoginGate host={host}>
      <ScreenHeader title={t('loginBox.passwordless.magicLinkTitle')} />
      {state.step === 'success' ? (
        <p role="status">{t('loginBox.login.redirecting')}</p>
      ) : (
        <div css={gridCss} data-step="magicLink">
          {!token && <Alert severity="error">{failed}</Alert>}
          {state.error && <Alert severity="error">{state.error}</Alert>}
          {token && <p css={{ margin: 0 }}>{t('loginBox.passwordless.magicLinkPrompt')}</p>}
          {token && (
            <Button
              fullWidth
              disabled={state.loading}
              onClick={() =>
                void run(() =>
                  passwordless
                    .passwordlessPostLogin('magiclink', { token })
                    .catch((e: unknown): AuthAnswer => {
                      throw failure(e, failed);
                    }),
                )
              }
            >
              {state.loading ? t('loginBox.login.submitting') : t('loginBox.login.submit')}
            </Button>
          )}
          <RouteLink to={routes.loginUrl} host={host}>
            {t('loginBox.login.backToLogin')}
          </RouteLink>
        </div>
      )}
    </PostLoginGate>
  );
}
