import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { signupApi } from '../../../shared/api/signup';
import { useT } from '../../../shared/i18n/useT';

/** Sends the password-reset mail (forgot password, breached password): busy, the failure text, and `sent`. */
export function useResetMail() {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = async (email: string) => {
    setBusy(true);
    setError(null);
    try {
      await signupApi.forgotPassword(email);
      setSent(true);
    } catch (e) {
      setError(errorMessage(e, t('loginBox.forgotPassword.unknownError')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, sent, send };
}
