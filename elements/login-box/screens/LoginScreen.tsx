import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../../shared/i18n/useT';
import { Alert, PasswordField } from '../../../shared/ui';
import { useAtomValue } from 'jotai';
import { navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { useCaptcha } from '../captcha';
import { RouteLink } from '../RouteLink';
import { useLogin } from '../useLogin';
import { EmailField } from './EmailField';
import { SignInButton } from './SignInButton';
import { useUnlockLink } from '../useUnlockLink';
import { SocialLoginButtons } from './SsoScreens';
import { isEmail, useEmailError } from './useFieldErrors';

/** The email and password form; `email` comes filled in after a pre-login step (LOGIN-008). */
export function LoginScreen({ host, email: initialEmail = '' }: { host: EventTarget; email?: string }) {
  const { t } = useT();
  const { state, submit } = useLogin(host);
  const unlock = useUnlockLink();
  const { routes } = useAtomValue(optionsAtom);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = useEmailError()(email, touched);
  const passwordError = touched && !password ? t('common.required') : null;
  const captcha = useCaptcha();
  const { reset: resetCaptcha } = captcha;
  // A refused sign-in spent the solution (or it was refused): the widget starts a new challenge.
  useEffect(() => {
    if (state.error && !state.loading) resetCaptcha();
  }, [state, resetCaptcha]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email) || !password) return;
    const recaptchaToken = captcha.take();
    if (recaptchaToken === false) return;
    void submit(email, password, recaptchaToken);
  };

  if (state.step === 'success') return <p role="status">{t('loginBox.login.redirecting')}</p>;
  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-busy={state.loading}
        css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
      >
        {unlock === 'unlocking' && <p role="status">{t('loginBox.login.unlocking')}</p>}
        {unlock === 'unlocked' && <Alert severity="success">{t('loginBox.login.unlocked')}</Alert>}
        {unlock === 'failed' && <Alert severity="error">{t('loginBox.login.unlockFailed')}</Alert>}
        {state.error && (
          <Alert
            severity="error"
            action={
              state.blocked
                ? {
                    label: t('loginBox.login.resetToUnlock'),
                    onClick: () => navigate(routes.forgetPasswordUrl, { from: host }),
                  }
                : undefined
            }
          >
            {state.error}
          </Alert>
        )}
        <EmailField
          label={t('loginBox.login.emailLabel')}
          value={email}
          error={emailError}
          onChange={setEmail}
          autoComplete="username webauthn"
        />
        <PasswordField
          current
          label={t('loginBox.login.passwordLabel')}
          value={password}
          error={passwordError}
          onValue={setPassword}
        />
        {captcha.field}
        <SignInButton loading={state.loading} />
        <div css={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
          <RouteLink to={routes.forgetPasswordUrl} host={host}>
            {t('loginBox.login.forgotPassword')}
          </RouteLink>
          <span>
            {t('loginBox.login.noAccount')}{' '}
            <RouteLink to={routes.signUpUrl} host={host}>
              {t('loginBox.login.signUp')}
            </RouteLink>
          </span>
        </div>
      </form>
      <SocialLoginButtons host={host} />
    </>
  );
}
