import { useState, type FormEvent } from 'react';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button } from '../../../shared/ui';
import type { ForgotPasswordStep } from '../flows/password.machine';
import { BackToLogin } from '../RouteLink';
import { EmailField } from './EmailField';
import { ScreenHeader } from './ScreenHeader';
import { isEmail, useEmailError } from './useFieldErrors';
import { useResetMail } from './useResetMail';

export function ForgotPasswordScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, sent, send } = useResetMail();
  const step: ForgotPasswordStep = sent ? 'success' : 'forgotPassword';
  const emailError = useEmailError();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email)) return;
    await send(email.trim());
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
          <EmailField
            label={t('loginBox.forgotPassword.emailLabel')}
            autoComplete="email"
            value={email}
            error={emailError(email, touched)}
            onChange={setEmail}
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
