import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { signupApi } from '../../../shared/api/signup';
import { errorMessage } from '../../../shared/api/errors';
import { applyAuthAnswer } from '../../../shared/auth/session';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Button, PasswordField, TextField } from '../../../shared/ui';
import { signUpOutcome } from '../flows/signup.machine';
import { defaultPasswordConfig, passwordProblem } from '../flows/password.machine';
import { useCaptcha } from '../captcha';
import { BackToLogin, RouteLink } from '../RouteLink';
import { ScreenHeader } from './ScreenHeader';
import { isEmail, useEmailError, usePasswordError } from './useFieldErrors';

export function SignUpScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  // An account's shareable invite link opens this screen with its token: the new user joins that account.
  const invitationToken = useAtomValue(currentSearchParamsAtom).get('invitationToken') || undefined;
  const [form, setForm] = useState({ name: '', email: '', password: '', companyName: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const passwordText = usePasswordError();
  const emailError = useEmailError();
  const captcha = useCaptcha();
  const problem = passwordProblem(form.password, null, defaultPasswordConfig);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form.name.trim() || !isEmail(form.email) || problem) return;
    const recaptchaToken = captcha.take();
    if (recaptchaToken === false) return;
    setBusy(true);
    setError(null);
    try {
      const body = {
        ...form,
        email: form.email.trim(),
        companyName: (!invitationToken && form.companyName.trim()) || undefined,
        invitationToken,
        recaptchaToken,
      };
      const answer = await signupApi.signUp(body);
      const outcome = signUpOutcome(answer);
      if ('stage' in outcome) setSentTo(body.email);
      else if ('goTo' in outcome) navigate(routes.loginUrl, { from: host });
      else {
        await applyAuthAnswer(answer);
        navigate(routes.authenticatedUrl, { from: host });
      }
    } catch (e) {
      setError(errorMessage(e, t('common.genericError')));
      // The solution was spent (or refused): a new challenge for the next try.
      captcha.reset();
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <>
        <ScreenHeader title={t('loginBox.signUp.successTitle')} />
        <p role="status">{t('loginBox.signUp.successText', { email: sentTo })}</p>
        <BackToLogin host={host} />
      </>
    );
  return (
    <>
      <ScreenHeader title={t('loginBox.signUp.title')} />
      <form
        noValidate
        onSubmit={submit}
        aria-busy={busy}
        css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
      >
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={t('loginBox.signUp.nameLabel')}
          name="name"
          autoComplete="name"
          error={touched && !form.name.trim() ? t('common.required') : null}
          {...field('name')}
        />
        <TextField
          label={t('loginBox.signUp.emailLabel')}
          type="email"
          name="email"
          autoComplete="email"
          error={emailError(form.email, touched)}
          {...field('email')}
        />
        <PasswordField
          label={t('loginBox.signUp.passwordLabel')}
          value={form.password}
          error={touched ? passwordText(problem) : null}
          onValue={(password) => setForm({ ...form, password })}
        />
        {!invitationToken && (
          <TextField
            label={t('loginBox.signUp.companyLabel')}
            name="companyName"
            autoComplete="organization"
            {...field('companyName')}
          />
        )}
        {captcha.field}
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? t('loginBox.signUp.submitting') : t('loginBox.signUp.submit')}
        </Button>
        <p css={{ margin: 0 }}>
          {t('loginBox.signUp.haveAccount')}{' '}
          <RouteLink to={routes.loginUrl} host={host}>
            {t('loginBox.signUp.signIn')}
          </RouteLink>
        </p>
      </form>
    </>
  );
}
