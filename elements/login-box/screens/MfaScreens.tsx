import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { mfaLoginApi, type MfaAnswer, type MfaChallenge } from '../../../shared/api/mfa';
import { ceremonyError, enrollSecurityKeyForLogin, webAuthnAvailable } from '../../../shared/auth/webauthn';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button, Checkbox, CodeField, TextField, TotpSecret } from '../../../shared/ui';
import {
  deviceChoices,
  mfaReducer,
  mfaStateFrom,
  type MfaDeviceChoice,
  type MfaEvent,
  type MfaState,
  type MfaStep,
} from '../flows/mfa.machine';
import { ScreenHeader } from './ScreenHeader';

const mfa = mfaLoginApi(api);
const stack = { display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' } as const;

/** The MFA step of a login (LOGIN-010) or a step-up (STEPUP-008): `complete` takes the answer that holds the session. */
export interface MfaLogin {
  challenge: MfaChallenge;
  complete: (answer: MfaAnswer) => Promise<void>;
}

interface StepProps {
  state: MfaState;
  dispatch: (event: MfaEvent) => void;
  login: MfaLogin;
  /** Runs a call with the saving flag and the error message; answers undefined on failure. */
  call: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  /** Runs a verification call; its answer (the session) completes the MFA step. */
  verify: (fn: () => Promise<MfaAnswer>) => Promise<void>;
}

/** The MFA step of a login or step-up: enrolment (when forced and not enrolled) or verification. */
export function MfaLoginScreen({
  challenge,
  onComplete,
}: {
  challenge: MfaChallenge;
  onComplete: MfaLogin['complete'];
}) {
  return <MfaFlow key={challenge.mfaToken} login={{ challenge, complete: onComplete }} />;
}

function MfaFlow({ login }: { login: MfaLogin }) {
  const { t } = useT();
  const [state, dispatch] = useReducer(mfaReducer, login.challenge, mfaStateFrom);
  const call = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    dispatch({ type: 'busy' });
    try {
      return await fn();
    } catch (error) {
      dispatch({ type: 'failed', error: errorMessage(error, t('common.genericError')) });
      return undefined;
    }
  };
  const verify = async (fn: () => Promise<MfaAnswer>) => {
    const answer = await call(fn);
    if (answer) await login.complete(answer);
  };
  const props: StepProps = { state, dispatch, login, call, verify };
  const enrolling = !state.mfaEnrolled || state.step === 'recoveryCode';
  return (
    <div data-mfa-step={state.step} css={stack}>
      <ScreenHeader
        title={t(enrolling ? 'loginBox.mfa.enrollTitle' : 'loginBox.mfa.verifyTitle')}
        subtitle={t(enrolling ? 'loginBox.mfa.enrollSubtitle' : 'loginBox.mfa.verifySubtitle')}
      />
      {state.error && <Alert severity="error">{state.error}</Alert>}
      <Step {...props} />
    </div>
  );
}

/**
 * The screen of each MFA step; a step without one chooses the device. Other flows add theirs (the passkeys
 * flow adds `webauthn` for security keys).
 */
export const mfaStepScreens: Partial<Record<MfaStep, (props: StepProps) => ReactNode>> = {
  enroll: EnrollChoice,
  enrollAuthenticatorApp: EnrollAuthenticator,
  smsSetPhoneNumber: SmsPhone,
  recoveryCode: RecoveryCodeShown,
  verify: ChooseDevice,
  authenticatorApp: AuthenticatorVerify,
  smsVerifyCode: SmsVerify,
  emailVerifyCode: EmailVerify,
  recover: Recover,
  noMFAEnrolledStepUp: NoMfaEnrolled,
};

function Step(props: StepProps) {
  const Screen = mfaStepScreens[props.state.step] ?? ChooseDevice;
  return <Screen {...props} />;
}

/** A six-digit code form; `remember` adds the "remember this device" box when the policy allows it. */
function CodeForm(props: {
  label: string;
  submitLabel: string;
  state: MfaState;
  onSubmit: (code: string, remember: boolean) => void;
  remember?: boolean;
  children?: ReactNode;
}) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState(false);
  const error = touched && !/^\d{6}$/.test(code) ? t('loginBox.mfa.codeInvalid') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (/^\d{6}$/.test(code)) props.onSubmit(code, remember);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={props.state.saving} css={stack}>
      {props.children}
      <CodeField label={props.label} digits={6} value={code} error={error} onValue={setCode} />
      {props.remember && props.state.allowRememberDevice && (
        <Checkbox
          name="rememberDevice"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          label={t('loginBox.mfa.rememberDevice', { days: props.state.rememberDeviceDays })}
        />
      )}
      <Button type="submit" fullWidth disabled={props.state.saving}>
        {props.state.saving ? t('loginBox.mfa.verifying') : props.submitLabel}
      </Button>
    </form>
  );
}

function EnrollChoice({ dispatch, call, state }: StepProps) {
  const { t } = useT();
  const authenticator = async () => {
    const answer = await call(() => mfa.preEnrollAuthenticator(state.mfaToken!));
    if (answer) dispatch({ type: 'qrCode', qrCode: answer.qrCode, secret: answer.secret });
  };
  // A security key (the passkeys slice): enrolled in one ceremony, then the recovery code as for the others.
  const securityKey = async () => {
    const answer = await call(() =>
      enrollSecurityKeyForLogin(api, state.mfaToken!).catch((e: unknown) => {
        throw ceremonyError(e, t('loginBox.passkeys.cancelled'));
      }),
    );
    if (answer) {
      pendingAnswer = answer;
      dispatch({ type: 'enrolled', recoveryCode: answer.recoveryCode ?? null });
    }
  };
  return (
    <div css={stack}>
      <p css={{ margin: 0 }}>{t('loginBox.mfa.enrollChoose')}</p>
      <Button fullWidth disabled={state.saving} onClick={() => void authenticator()}>
        {t('loginBox.mfa.authenticatorApp')}
      </Button>
      <Button
        variant="secondary"
        fullWidth
        disabled={state.saving}
        onClick={() => dispatch({ type: 'goTo', step: 'smsSetPhoneNumber' })}
      >
        {t('loginBox.mfa.sms')}
      </Button>
      {webAuthnAvailable() && (
        <Button
          variant="secondary"
          fullWidth
          disabled={state.saving}
          data-enroll-security-key
          onClick={() => void securityKey()}
        >
          {t('loginBox.passkeys.securityKey')}
        </Button>
      )}
    </div>
  );
}

function EnrollAuthenticator({ state, dispatch, call }: StepProps) {
  const { t } = useT();
  const verify = async (code: string) => {
    const answer = await call(() => mfa.enrollAuthenticator(state.mfaToken!, code));
    if (answer) {
      pendingAnswer = answer;
      dispatch({ type: 'enrolled', recoveryCode: answer.recoveryCode ?? null });
    }
  };
  return (
    <CodeForm
      label={t('loginBox.mfa.codeLabel')}
      submitLabel={t('loginBox.mfa.verify')}
      state={state}
      onSubmit={(code) => void verify(code)}
    >
      <p css={{ margin: 0 }}>{t('loginBox.mfa.scanQr')}</p>
      {state.qrCode && (
        <img
          src={state.qrCode}
          alt={t('loginBox.mfa.qrAlt')}
          width={200}
          height={200}
          css={{ justifySelf: 'center', background: '#fff', padding: 8, borderRadius: 'var(--fe-radius)' }}
        />
      )}
      <TotpSecret secret={state.secret} />
    </CodeForm>
  );
}

/** The enrolment answer (the session) is kept until the recovery code is acknowledged. */
let pendingAnswer: MfaAnswer | null = null;

function SmsPhone({ state, dispatch, call }: StepProps) {
  const { t } = useT();
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = /^\+[1-9]\d{6,14}$/.test(phone.replace(/[\s()-]/g, ''));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    const answer = await call(() => mfa.preEnrollSms(state.mfaToken!, phone));
    if (answer) dispatch({ type: 'codeSent', otcToken: answer.otcToken, phoneNumber: answer.phoneNumber });
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={state.saving} css={stack}>
      <TextField
        label={t('loginBox.mfa.phoneLabel')}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        placeholder="+15551234567"
        value={phone}
        error={touched && !valid ? t('loginBox.mfa.phoneInvalid') : null}
        onChange={(e) => setPhone(e.target.value)}
      />
      <Button type="submit" fullWidth disabled={state.saving}>
        {t('loginBox.mfa.sendCode')}
      </Button>
      <BackLink onClick={() => dispatch({ type: 'goTo', step: 'enroll' })} />
    </form>
  );
}

function RecoveryCodeShown({ state, login }: StepProps) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  return (
    <div css={stack}>
      <Alert severity="success">{t('loginBox.mfa.enrolled')}</Alert>
      <p css={{ margin: 0 }}>{t('loginBox.mfa.recoveryCodeText')}</p>
      <code
        data-recovery-code
        css={{
          display: 'block',
          padding: 'var(--fe-spacing)',
          border: '1px dashed var(--fe-color-border)',
          borderRadius: 'var(--fe-radius)',
          fontSize: '1.1em',
          textAlign: 'center',
          letterSpacing: 1,
        }}
      >
        {state.recoveryCode}
      </code>
      <Button
        fullWidth
        disabled={busy}
        onClick={() => {
          const answer = pendingAnswer;
          if (!answer) return;
          setBusy(true);
          void login.complete(answer);
        }}
      >
        {t('loginBox.mfa.continue')}
      </Button>
    </div>
  );
}

function deviceLabel(t: ReturnType<typeof useT>['t'], device: MfaDeviceChoice): string {
  switch (device.kind) {
    case 'authenticator':
      return t('loginBox.mfa.authenticatorApp');
    case 'sms':
      return t('loginBox.mfa.smsTo', { phone: device.phoneNumber });
    case 'email':
      return t('loginBox.mfa.emailTo', { email: device.email });
    case 'webauthn':
      return t('loginBox.mfa.securityKey');
  }
}

function ChooseDevice({ state, dispatch }: StepProps) {
  const { t } = useT();
  return (
    <div css={stack}>
      <p css={{ margin: 0 }}>{t('loginBox.mfa.chooseDevice')}</p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--fe-spacing)' }}>
        {deviceChoices(state.mfaDevices).map((device) => (
          <li key={`${device.kind}-${device.id}`}>
            <Button variant="secondary" fullWidth onClick={() => dispatch({ type: 'choose', device })}>
              {deviceLabel(t, device)}
            </Button>
          </li>
        ))}
      </ul>
      <RecoverLink dispatch={dispatch} />
    </div>
  );
}

function RecoverLink({ dispatch }: { dispatch: StepProps['dispatch'] }) {
  const { t } = useT();
  return (
    <Button variant="text" onClick={() => dispatch({ type: 'goTo', step: 'recover' })}>
      {t('loginBox.mfa.useRecoveryCode')}
    </Button>
  );
}

function BackLink({ onClick }: { onClick: () => void }) {
  const { t } = useT();
  return (
    <Button variant="text" onClick={onClick}>
      {t('loginBox.mfa.otherMethod')}
    </Button>
  );
}

/** Back to the device list when there are several, and the recovery-code way in. */
function VerifyLinks({ state, dispatch }: StepProps) {
  const several = deviceChoices(state.mfaDevices).length > 1;
  return (
    <div css={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
      {several && <BackLink onClick={() => dispatch({ type: 'goTo', step: 'verify' })} />}
      <RecoverLink dispatch={dispatch} />
    </div>
  );
}

/** A code step of a verification: the code form under `text`, then the other ways in. */
function VerifyCodeStep({
  text,
  remember = true,
  links = true,
  onCode,
  ...props
}: StepProps & {
  text: ReactNode;
  remember?: boolean;
  links?: boolean;
  onCode: (code: string, remember: boolean) => Promise<void>;
}) {
  const { t } = useT();
  return (
    <>
      <CodeForm
        label={t('loginBox.mfa.codeLabel')}
        submitLabel={t('loginBox.mfa.verify')}
        state={props.state}
        remember={remember}
        onSubmit={(code, keep) => void onCode(code, keep)}
      >
        {text}
      </CodeForm>
      {links && <VerifyLinks {...props} />}
    </>
  );
}

function AuthenticatorVerify(props: StepProps) {
  const { t } = useT();
  const { state, verify } = props;
  return (
    <VerifyCodeStep
      {...props}
      text={<p css={{ margin: 0 }}>{t('loginBox.mfa.authenticatorText')}</p>}
      onCode={(code, remember) =>
        verify(() => mfa.verifyAuthenticator(state.mfaToken!, state.deviceId!, code, remember))
      }
    />
  );
}

/** Sends the code once when the step opens (and again on "Resend"). */
function useSendCode(send: () => Promise<void>, sent: boolean) {
  const once = useRef(false);
  useEffect(() => {
    if (sent || once.current) return;
    once.current = true;
    void send();
  }, [send, sent]);
}

function SmsVerify(props: StepProps) {
  const { t } = useT();
  const { state, call, verify, dispatch } = props;
  const enrolling = !state.mfaEnrolled;
  const send = async () => {
    const answer = await call(() => mfa.preVerifySms(state.mfaToken!, state.deviceId!));
    if (answer) dispatch({ type: 'codeSent', otcToken: answer.otcToken, phoneNumber: answer.phoneNumber });
  };
  useSendCode(send, enrolling || Boolean(state.otcToken));
  const onCode = async (code: string, remember: boolean) => {
    if (!enrolling)
      return verify(() => mfa.verifySms(state.mfaToken!, state.deviceId!, state.otcToken!, code, remember));
    const answer = await call(() => mfa.enrollSms(state.mfaToken!, state.otcToken!, code));
    if (answer) {
      pendingAnswer = answer;
      dispatch({ type: 'enrolled', recoveryCode: answer.recoveryCode ?? null });
    }
  };
  const text = state.otcToken
    ? t('loginBox.mfa.smsSent', { phone: state.phoneNumber ?? '' })
    : t('common.loading');
  return (
    <VerifyCodeStep
      {...props}
      text={<SentStatus text={text} />}
      remember={!enrolling}
      links={!enrolling}
      onCode={onCode}
    />
  );
}

/** Where the code went, or that it is on its way. */
function SentStatus({ text }: { text: string }) {
  return (
    <p css={{ margin: 0 }} role="status">
      {text}
    </p>
  );
}

function EmailVerify(props: StepProps) {
  const { t } = useT();
  const { state, call, verify, dispatch } = props;
  const send = async () => {
    const answer = await call(() => mfa.preVerifyEmail(state.mfaToken!));
    if (answer) dispatch({ type: 'codeSent', otcToken: answer.otcToken });
  };
  useSendCode(send, Boolean(state.otcToken));
  return (
    <VerifyCodeStep
      {...props}
      text={<SentStatus text={state.otcToken ? t('loginBox.mfa.emailSent') : t('common.loading')} />}
      onCode={(code, remember) =>
        verify(() => mfa.verifyEmail(state.mfaToken!, state.otcToken!, code, remember))
      }
    />
  );
}

function Recover({ state, verify, dispatch }: StepProps) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (code.trim().length < 8) return;
    await verify(() => mfa.recover(state.mfaToken!, code.trim()));
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={state.saving} css={stack}>
      <p css={{ margin: 0 }}>{t('loginBox.mfa.recoverText')}</p>
      <TextField
        label={t('loginBox.mfa.recoveryCodeLabel')}
        name="recoveryCode"
        autoComplete="off"
        value={code}
        error={touched && code.trim().length < 8 ? t('loginBox.mfa.recoveryCodeInvalid') : null}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" fullWidth disabled={state.saving}>
        {state.saving ? t('loginBox.mfa.verifying') : t('loginBox.mfa.signInWithRecovery')}
      </Button>
      <BackLink
        onClick={() => {
          const choices = deviceChoices(state.mfaDevices);
          if (choices.length === 1) dispatch({ type: 'choose', device: choices[0]! });
          else dispatch({ type: 'goTo', step: 'verify' });
        }}
      />
    </form>
  );
}

/** Step-up for a user without MFA (STEPUP-009). */
export function NoMfaEnrolled() {
  const { t } = useT();
  return (
    <Alert severity="warning">
      <span data-mfa-step="noMFAEnrolledStepUp">{t('loginBox.mfa.noMfaEnrolled')}</span>
    </Alert>
  );
}
