import { useAtomValue } from 'jotai';
import { useReducer, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { phoneApi } from '../../../shared/api/phone';
import { useT } from '../../../shared/i18n/useT';
import { navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Button, CodeField, PhoneField } from '../../../shared/ui';
import {
  afterPhoneChange,
  initialResetPhoneState,
  PENDING_PASSWORDLESS_KEY,
  resetPhoneReducer,
} from '../flows/resetPhone.machine';
import { RouteLink } from '../RouteLink';
import { EmailField } from './EmailField';
import { ScreenHeader } from './ScreenHeader';
import { isEmail, useEmailError } from './useFieldErrors';

const gridCss = { display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' } as const;
const isPhone = (s: string) => /^\+[1-9]\d{6,14}$/.test(s.replace(/[\s\-().]/g, ''));

/** Reset phone number: ResetPhoneNumber → VerifyResetPhoneNumber → ChangePhoneNumber (PHONE-001). */
export function ResetPhoneScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const [state, dispatch] = useReducer(resetPhoneReducer, initialResetPhoneState);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = useEmailError()(email, touched);

  const step = async (valid: boolean, work: () => Promise<void>) => {
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
      setTouched(false);
    } catch (e) {
      setError(errorMessage(e, t('loginBox.resetPhone.failed')));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state.step === 'ResetPhoneNumber')
      void step(isEmail(email), async () => {
        const { resetPhoneNumberToken } = await phoneApi.resetPhoneNumber(email);
        dispatch({ type: 'requested', email, resetPhoneNumberToken });
      });
    else if (state.step === 'VerifyResetPhoneNumber')
      void step(/^\d{4,8}$/.test(code), async () => {
        const { changePhoneNumberToken } = await phoneApi.verifyResetPhoneNumber(
          state.resetPhoneNumberToken ?? '',
          code,
        );
        dispatch({ type: 'verified', changePhoneNumberToken });
      });
    else
      void step(isPhone(phone), async () => {
        await phoneApi.changePhoneNumber(state.changePhoneNumberToken ?? '', phone.replace(/[\s\-().]/g, ''));
        // PHONE-004: the SMS login has started; the login route continues at its code step.
        const next = afterPhoneChange(state.email, routes.loginUrl);
        sessionStorage.setItem(PENDING_PASSWORDLESS_KEY, JSON.stringify(next.pending));
        navigate(next.to, { from: host });
      });
  };

  return (
    <>
      <ScreenHeader title={t('loginBox.resetPhone.title')} subtitle={t('loginBox.resetPhone.subtitle')} />
      <form noValidate onSubmit={onSubmit} aria-busy={busy} css={gridCss} data-step={state.step}>
        {error && <Alert severity="error">{error}</Alert>}
        {state.step === 'ResetPhoneNumber' && (
          <EmailField
            label={t('loginBox.resetPhone.emailLabel')}
            value={email}
            error={emailError}
            onChange={setEmail}
          />
        )}
        {state.step === 'VerifyResetPhoneNumber' && (
          <>
            <p role="status" css={{ margin: 0 }}>
              {t('loginBox.resetPhone.codeSent', { email: state.email })}
            </p>
            <CodeField
              label={t('loginBox.resetPhone.codeLabel')}
              value={code}
              error={touched && !/^\d{4,8}$/.test(code) ? t('loginBox.passwordless.codeInvalid') : null}
              onValue={setCode}
            />
          </>
        )}
        {state.step === 'ChangePhoneNumber' && (
          <PhoneField
            label={t('loginBox.resetPhone.phoneLabel')}
            value={phone}
            error={touched && !isPhone(phone) ? t('loginBox.resetPhone.phoneInvalid') : null}
            onValue={setPhone}
          />
        )}
        <Button type="submit" fullWidth disabled={busy}>
          {state.step === 'ResetPhoneNumber'
            ? t('loginBox.resetPhone.request')
            : state.step === 'VerifyResetPhoneNumber'
              ? t('loginBox.resetPhone.verify')
              : t('loginBox.resetPhone.change')}
        </Button>
        <RouteLink to={routes.loginUrl} host={host}>
          {t('loginBox.login.backToLogin')}
        </RouteLink>
      </form>
    </>
  );
}
