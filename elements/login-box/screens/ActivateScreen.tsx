import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signupApi } from '../../../shared/api/signup';
import { errorMessage } from '../../../shared/api/errors';
import { applyAuthAnswer, signOut } from '../../../shared/auth/session';
import { isAuthenticatedAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { store } from '../../../shared/store';
import { Alert, Button, PasswordField, Spinner } from '../../../shared/ui';
import {
  ACTIVATION_REDIRECT_MS,
  afterActivation,
  linkParams,
  stepAfterStrategy,
  type ActivateStep,
} from '../flows/activate.machine';
import { defaultPasswordConfig, passwordProblem } from '../flows/password.machine';
import { EmailField } from './EmailField';
import { ScreenHeader } from './ScreenHeader';
import { usePasswordError } from './useFieldErrors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Activation from the mailed link: strategy → (password form) → activate → success → redirect. */
export function ActivateScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const link = linkParams(useAtomValue(currentSearchParamsAtom));
  const [step, setStep] = useState<ActivateStep>(link ? 'activating' : 'resend');
  const [error, setError] = useState<string | null>(link ? null : t('loginBox.activate.failed'));
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const passwordText = usePasswordError();
  const started = useRef(false);

  const activate = async (withPassword?: string) => {
    if (!link) return;
    setStep('activating');
    try {
      const answer = await signupApi.activate({
        ...link,
        ...(withPassword ? { password: withPassword } : {}),
      });
      setStep('success');
      await sleep(ACTIVATION_REDIRECT_MS);
      const next = afterActivation(answer, routes);
      if (next.signedIn) await applyAuthAnswer(answer);
      navigate(next.to, { from: host });
    } catch (e) {
      setError(errorMessage(e, t('loginBox.activate.failed')));
      setStep('resend');
    }
  };

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    void (async () => {
      // A signed-in user activating another account is signed out first, silently.
      if (store.get(isAuthenticatedAtom)) await signOut().catch(() => undefined);
      try {
        const strategy = await signupApi.activateStrategy(link);
        const next = stepAfterStrategy(strategy);
        if (next === 'activatingForm') setStep(next);
        else await activate();
      } catch (e) {
        setError(errorMessage(e, t('loginBox.activate.failed')));
        setStep('resend');
      }
    })();
    // Runs once per mounted link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const problem = passwordProblem(password, null, defaultPasswordConfig);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) void activate(password);
  };

  return (
    <>
      {/* The new user never had a password: the form sets one. */}
      <ScreenHeader
        title={t(
          step === 'activatingForm' ? 'loginBox.activate.setPasswordTitle' : 'loginBox.activate.title',
        )}
      />
      {step === 'activating' && <Spinner label={t('loginBox.activate.activating')} />}
      {step === 'success' && <p role="status">{t('loginBox.activate.success')}</p>}
      {step === 'activatingForm' && (
        <form noValidate onSubmit={submit} css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
          <p css={{ margin: 0 }}>{t('loginBox.activate.setPassword')}</p>
          <PasswordField
            label={t('loginBox.activate.passwordLabel')}
            value={password}
            error={touched ? passwordText(problem) : null}
            onValue={setPassword}
          />
          <Button type="submit" fullWidth>
            {t('loginBox.activate.submit')}
          </Button>
        </form>
      )}
      {step === 'resend' && <ResendActivation error={error} />}
    </>
  );
}

function ResendActivation({ error }: { error: string | null }) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    try {
      await signupApi.resendActivationEmail(email.trim());
      setSent(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {sent ? (
        <p role="status">{t('loginBox.activate.resent')}</p>
      ) : (
        <>
          <EmailField
            label={t('loginBox.activate.emailLabel')}
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('loginBox.activate.resend')}
          </Button>
        </>
      )}
    </form>
  );
}
