import { emptyDevices, type MfaChallenge, type MfaDeviceLists } from '../../../shared/api/mfa';

/**
 * MFA steps (ENUM-003, 000 §4): verify (choose a device), recoveryCode (shown at the end of enrolment),
 * authenticatorApp, smsSetPhoneNumber, smsVerifyCode, emailVerifyCode, noMFAEnrolledStepUp; plus the
 * enrolment choice, the authenticator enrolment (QR code), sign-in with a recovery code, and the WebAuthn
 * security-key step (its screen is added by the passkeys flow).
 */
export const mfaSteps = [
  'verify',
  'recoveryCode',
  'authenticatorApp',
  'smsSetPhoneNumber',
  'smsVerifyCode',
  'emailVerifyCode',
  'noMFAEnrolledStepUp',
] as const;
/** The steps this machine adds to the spec's (ENUM-003): enrolment choice and QR code, recovery, WebAuthn. */
export const mfaExtraSteps = ['enroll', 'enrollAuthenticatorApp', 'recover', 'webauthn'] as const;
export type MfaStep = (typeof mfaSteps)[number] | (typeof mfaExtraSteps)[number];

/** The MFA state (MFA-001). */
export interface MfaState {
  step: MfaStep;
  loading: boolean;
  saving: boolean;
  error: string | null;
  recoveryCode: string | null;
  qrCode: string | null;
  otcToken: string | null;
  phoneNumber: string | null;
  mfaToken: string | null;
  mfaDevices: MfaDeviceLists;
  /** The device the verification step is about. */
  deviceId: string | null;
  /** The authenticator secret for manual entry, with the QR code. */
  secret: string | null;
  mfaEnrolled: boolean;
  /** "Remember this device" may be offered (policy). */
  allowRememberDevice: boolean;
  rememberDeviceDays: number;
}

/** One device of the lists, as the verify step offers it. */
export type MfaDeviceChoice =
  | { kind: 'authenticator'; id: string }
  | { kind: 'sms'; id: string; phoneNumber: string }
  | { kind: 'email'; id: string; email: string }
  | { kind: 'webauthn'; id: string; name?: string };

/** Every enrolled device, in the order the verify step lists them. New kinds are added here. */
export function deviceChoices(devices: MfaDeviceLists): MfaDeviceChoice[] {
  return [
    ...devices.authenticators.map((d) => ({ kind: 'authenticator' as const, id: d.id })),
    ...devices.phones.map((d) => ({ kind: 'sms' as const, id: d.id, phoneNumber: d.phoneNumber })),
    ...devices.emails.map((d) => ({ kind: 'email' as const, id: d.id ?? d.email, email: d.email })),
    ...devices.webauthn.map((d) => ({ kind: 'webauthn' as const, id: d.id, name: d.name })),
  ];
}

/** The step that verifies one device. */
export const stepForDevice = (device: MfaDeviceChoice): MfaStep =>
  device.kind === 'authenticator'
    ? 'authenticatorApp'
    : device.kind === 'sms'
      ? 'smsVerifyCode'
      : device.kind === 'email'
        ? 'emailVerifyCode'
        : 'webauthn';

/**
 * Where MFA verification starts: with exactly one device, that device's step (MFA-004); with several, the
 * verify step to choose (MFA-005); with none, enrolment.
 */
export function verificationStart(devices: MfaDeviceLists): { step: MfaStep; deviceId: string | null } {
  const choices = deviceChoices(devices);
  if (choices.length === 0) return { step: 'enroll', deviceId: null };
  if (choices.length === 1) return { step: stepForDevice(choices[0]!), deviceId: choices[0]!.id };
  return { step: 'verify', deviceId: null };
}

/** The MFA state of an MFA-required answer (login or step-up, STEPUP-008). */
export function mfaStateFrom(challenge: MfaChallenge): MfaState {
  const devices = challenge.mfaDevices ?? emptyDevices();
  const start = verificationStart(devices);
  const enrolled = challenge.mfaEnrolled ?? deviceChoices(devices).length > 0;
  return {
    step: enrolled ? start.step : 'enroll',
    loading: false,
    saving: false,
    error: null,
    recoveryCode: null,
    qrCode: null,
    otcToken: null,
    phoneNumber: null,
    mfaToken: challenge.mfaToken,
    mfaDevices: devices,
    deviceId: enrolled ? start.deviceId : null,
    secret: null,
    mfaEnrolled: enrolled,
    allowRememberDevice: Boolean(challenge.allowRememberDevice),
    rememberDeviceDays: challenge.rememberDeviceDays ?? 0,
  };
}

export type MfaEvent =
  | { type: 'choose'; device: MfaDeviceChoice }
  | { type: 'goTo'; step: MfaStep }
  | { type: 'busy' }
  | { type: 'failed'; error: string }
  | { type: 'qrCode'; qrCode: string; secret: string }
  | { type: 'codeSent'; otcToken: string; phoneNumber?: string | null }
  /** Enrolment verified: the recovery code is shown next and mfaEnrolled is set (MFA-006, MFA-007). */
  | { type: 'enrolled'; recoveryCode: string | null };

export function mfaReducer(state: MfaState, event: MfaEvent): MfaState {
  switch (event.type) {
    case 'choose':
      return {
        ...state,
        step: stepForDevice(event.device),
        deviceId: event.device.id,
        error: null,
        otcToken: null,
      };
    case 'goTo':
      return { ...state, step: event.step, error: null, loading: false, saving: false };
    case 'busy':
      return { ...state, saving: true, error: null };
    case 'failed':
      return { ...state, saving: false, loading: false, error: event.error };
    case 'qrCode':
      return {
        ...state,
        step: 'enrollAuthenticatorApp',
        qrCode: event.qrCode,
        secret: event.secret,
        saving: false,
      };
    case 'codeSent':
      return {
        ...state,
        step:
          'smsVerifyCode' === state.step || state.step === 'smsSetPhoneNumber' ? 'smsVerifyCode' : state.step,
        otcToken: event.otcToken,
        phoneNumber: event.phoneNumber ?? state.phoneNumber,
        saving: false,
        error: null,
      };
    case 'enrolled':
      return {
        ...state,
        step: 'recoveryCode',
        recoveryCode: event.recoveryCode,
        mfaEnrolled: true,
        saving: false,
        error: null,
      };
  }
}
