import { useState, type FormEvent } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { paths } from '../../../shared/api/paths';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button, TextField } from '../../../shared/ui';
import type { ForgotPasswordStep } from '../flows/password.machine';
import { BackToLogin } from '../RouteLink';
import { ScreenHeader } from './ScreenHeader';
import { isEmail, useEmailError } from './useFieldErrors';

export function ForgotPasswordScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const [step, setStep] = useState<ForgotPasswordStep>('forgotPassword');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = useEmailError();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email)) return;
    setBusy(true);
    setError(null);
    try {
      await api.request(paths.auth.forgotPassword, { body: { email: email.trim() } });
      setStep('success');
    } catch (e) {
      setError(errorMessage(e, t('loginBox.forgotPassword.unknownError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={t('loginBox.forgotPassword.title')} />
      {step === 'success' ? (
        <p role="status">{t('loginBox.forgotPassword.success', { email: email.trim() })}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
        >
          <p css={{ margin: 0 }}>{t('loginBox.forgotPassword.text')}</p>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('loginBox.forgotPassword.emailLabel')}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            error={emailError(email, touched)}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {t('loginBox.forgotPassword.submit')}
          </Button>
        </form>
      )}
      <BackToLogin host={host} />
    </>
  );
}
