// MFA calls: at login with the mfaToken of the login answer (auth/v1/user/mfa/*), step-up, and in the
// profile with the user's token (users/v1/mfa/*).
import type { AuthAnswer } from '../auth/session';
import type { ApiClient } from './client';
import { paths } from './paths';

/** The device lists of the MFA state (MFA-002); a WebAuthn device carries an id (MFA-003). */
export interface MfaDeviceLists {
  webauthn: { id: string; deviceType?: string; name?: string; createdAt?: string }[];
  phones: { id: string; phoneNumber: string }[];
  authenticators: { id: string }[];
  emails: { id?: string; email: string }[];
}

/** The MFA-required login answer: no session, an mfaToken and the user's (masked) devices. */
export interface MfaChallenge {
  mfaRequired: true;
  mfaToken: string;
  mfaEnrolled?: boolean;
  mfaDevices?: MfaDeviceLists;
  allowRememberDevice?: boolean;
  rememberDeviceDays?: number;
  email?: string;
}

/** A login answer after MFA: the session, and the recovery code after an enrolment (MFA-006). */
export type MfaAnswer = AuthAnswer & { recoveryCode?: string; isBreachedPassword?: boolean };

export const emptyDevices = (): MfaDeviceLists => ({
  webauthn: [],
  phones: [],
  authenticators: [],
  emails: [],
});

export function mfaLoginApi(client: ApiClient) {
  const post = <T>(
    route: (typeof paths.auth)[keyof typeof paths.auth],
    body: unknown,
    params?: Record<string, string>,
  ) => client.request<T>(route, { body, params });
  const a = paths.auth;
  return {
    preEnrollAuthenticator: (mfaToken: string) =>
      post<{ qrCode: string; secret: string }>(a.preEnrollMFAAuthenticatorAppForLogin, { mfaToken }),
    enrollAuthenticator: (mfaToken: string, token: string) =>
      post<MfaAnswer>(a.enrollMFAAuthenticatorAppForLogin, { mfaToken, token }),
    preEnrollSms: (mfaToken: string, phoneNumber: string) =>
      post<{ otcToken: string; phoneNumber: string }>(a.preEnrollMFASMSForLogin, { mfaToken, phoneNumber }),
    enrollSms: (mfaToken: string, otcToken: string, code: string) =>
      post<MfaAnswer>(a.enrollMFASMSForLogin, { mfaToken, otcToken, code }),
    verifyAuthenticator: (mfaToken: string, deviceId: string, value: string, rememberDevice: boolean) =>
      post<MfaAnswer>(a.verifyMFAAuthenticatorAppForLogin, { mfaToken, value, rememberDevice }, { deviceId }),
    preVerifySms: (mfaToken: string, deviceId: string) =>
      post<{ otcToken: string; phoneNumber: string }>(a.preVerifyMFASMSForLogin, { mfaToken }, { deviceId }),
    verifySms: (
      mfaToken: string,
      deviceId: string,
      otcToken: string,
      code: string,
      rememberDevice: boolean,
    ) => post<MfaAnswer>(a.verifyMFASMSForLogin, { mfaToken, otcToken, code, rememberDevice }, { deviceId }),
    preVerifyEmail: (mfaToken: string) => post<{ otcToken: string }>(a.preVerifyMFAEmailCode, { mfaToken }),
    verifyEmail: (mfaToken: string, otcToken: string, code: string, rememberDevice: boolean) =>
      post<MfaAnswer>(a.verifyMFAEmailCode, { mfaToken, otcToken, code, rememberDevice }),
    recover: (mfaToken: string, recoveryCode: string) =>
      post<MfaAnswer>(a.recoverMfaToken, { mfaToken, recoveryCode }),
    /** Step-up (STEPUP-006): the user when already satisfied, else an MFA challenge. */
    generateStepUp: (maxAge?: number) =>
      post<MfaAnswer | MfaChallenge>(a.generateStepupSession, maxAge === undefined ? {} : { maxAge }),
  };
}

/** Profile-time MFA (users/v1/mfa/*). */
export function mfaProfileApi(client: ApiClient) {
  const a = paths.auth;
  return {
    devices: () => client.request<MfaDeviceLists>(a.getMFADevices),
    preEnrollAuthenticator: () =>
      client.request<{ qrCode: string; secret: string }>(a.preEnrollMFAAuthenticatorApp, { body: {} }),
    enrollAuthenticator: (token: string) =>
      client.request<{ recoveryCode: string }>(a.enrollMFAAuthenticatorApp, { body: { token } }),
    preEnrollSms: (phoneNumber: string) =>
      client.request<{ otcToken: string }>(a.preEnrollMFASMS, { body: { phoneNumber } }),
    enrollSms: (otcToken: string, code: string) =>
      client.request<{ recoveryCode: string }>(a.enrollMFASMS, { body: { otcToken, code } }),
    disableAuthenticator: (deviceId: string, token: string) =>
      client.request<{ mfaEnrolled: boolean }>(a.disableMFAAuthenticatorApp, {
        params: { deviceId },
        body: { token },
      }),
    preDisableSms: (deviceId: string) =>
      client.request<{ otcToken: string }>(a.preDisableMFASMS, { params: { deviceId }, body: {} }),
    disableSms: (deviceId: string, otcToken: string, code: string) =>
      client.request<{ mfaEnrolled: boolean }>(a.disableMFASMS, {
        params: { deviceId },
        body: { otcToken, code },
      }),
  };
}
