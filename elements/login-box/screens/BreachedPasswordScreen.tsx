import { useT } from '../../../shared/i18n/useT';
import { Alert, Button } from '../../../shared/ui';
import { ScreenHeader } from './ScreenHeader';
import { useResetMail } from './useResetMail';

/**
 * The breachedPassword step (LOGIN-011): the password was found in a breach, so no session was opened; the
 * user resets it by mail (breachedPasswordSuccess once the mail is sent).
 */
export function BreachedPasswordScreen({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useT();
  const { busy, error, sent, send } = useResetMail();
  const step = sent ? 'breachedPasswordSuccess' : 'breachedPassword';
  return (
    <div data-step={step} css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
      <ScreenHeader title={t('loginBox.breached.title')} />
      {step === 'breachedPassword' ? (
        <>
          <Alert severity="warning">{t('loginBox.breached.text')}</Alert>
          <p css={{ margin: 0 }}>{t('loginBox.breached.resetText', { email })}</p>
          {error && <Alert severity="error">{error}</Alert>}
          <Button fullWidth disabled={busy} onClick={() => void send(email)}>
            {busy ? t('loginBox.breached.sending') : t('loginBox.breached.reset')}
          </Button>
        </>
      ) : (
        <p role="status" css={{ margin: 0 }}>
          {t('loginBox.breached.success', { email })}
        </p>
      )}
      <Button variant="text" onClick={onBack}>
        {t('loginBox.breached.back')}
      </Button>
    </div>
  );
}
