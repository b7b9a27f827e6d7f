import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { paths } from '../../../shared/api/paths';
import { useT } from '../../../shared/i18n/useT';
import { store } from '../../../shared/store';
import { Alert, Button } from '../../../shared/ui';
import { breachedPasswordAtom } from '../mfa.atoms';
import { ScreenHeader } from './ScreenHeader';

/**
 * The breachedPassword step (LOGIN-011): the password was found in a breach, so no session was opened; the
 * user resets it by mail (breachedPasswordSuccess once the mail is sent).
 */
export function BreachedPasswordScreen() {
  const { t } = useT();
  const breached = useAtomValue(breachedPasswordAtom);
  const [step, setStep] = useState<'breachedPassword' | 'breachedPasswordSuccess'>('breachedPassword');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!breached) return null;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.request(paths.auth.forgotPassword, { body: { email: breached.email } });
      setStep('breachedPasswordSuccess');
    } catch (e) {
      setError(errorMessage(e, t('loginBox.forgotPassword.unknownError')));
    } finally {
      setBusy(false);
    }
  };
  const back = () => store.set(breachedPasswordAtom, null);
  return (
    <div data-step={step} css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
      <ScreenHeader title={t('loginBox.breached.title')} />
      {step === 'breachedPassword' ? (
        <>
          <Alert severity="warning">{t('loginBox.breached.text')}</Alert>
          <p css={{ margin: 0 }}>{t('loginBox.breached.resetText', { email: breached.email })}</p>
          {error && <Alert severity="error">{error}</Alert>}
          <Button fullWidth disabled={busy} onClick={() => void send()}>
            {busy ? t('loginBox.breached.sending') : t('loginBox.breached.reset')}
          </Button>
        </>
      ) : (
        <p role="status" css={{ margin: 0 }}>
          {t('loginBox.breached.success', { email: breached.email })}
        </p>
      )}
      <Button variant="text" onClick={back}>
        {t('loginBox.breached.back')}
      </Button>
    </div>
  );
}
