// MFA calls: at login with the mfaToken of the login answer (auth/v1/user/mfa/*), step-up, and in the
// profile with the user's token (users/v1/mfa/*).
import type { AuthAnswer } from '../auth/session';
import type { ApiClient } from './client';
import type { breachedPassword } from './contracts/auth';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { mfaContracts, mfaDevices, mfaLoginAnswer, mfaRequiredAnswer } from './contracts/mfa';
import { paths } from './paths';
import type { z } from 'zod';

type C = typeof mfaContracts;

/** The device lists of the MFA state (MFA-002, ENUM-004); a WebAuthn device carries an id (MFA-003). */
export type MfaDeviceLists = z.infer<typeof mfaDevices>;

type FullChallenge = z.infer<typeof mfaRequiredAnswer>;
/**
 * The MFA-required answer: no session, an mfaToken and the user's (masked) devices. Step-up answers carry
 * only part of it, so only `mfaRequired` and `mfaToken` are certain.
 */
export type MfaChallenge = Pick<FullChallenge, 'mfaRequired' | 'mfaToken'> &
  Partial<Omit<FullChallenge, 'mfaRequired' | 'mfaToken'>>;

/** A login answer after MFA: the session, and the recovery code after an enrolment (MFA-006). */
export type MfaAnswer = AuthAnswer &
  Partial<Pick<Extract<z.infer<typeof mfaLoginAnswer>, { recoveryCode?: string }>, 'recoveryCode'>> &
  Partial<Pick<z.infer<typeof breachedPassword>, 'isBreachedPassword'>>;

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
      post<AnswerOf<C['preEnrollMFAAuthenticatorAppForLogin']>>(a.preEnrollMFAAuthenticatorAppForLogin, {
        mfaToken,
      }),
    enrollAuthenticator: (mfaToken: string, token: string) =>
      post<MfaAnswer>(a.enrollMFAAuthenticatorAppForLogin, { mfaToken, token }),
    preEnrollSms: (mfaToken: string, phoneNumber: string) =>
      post<AnswerOf<C['preEnrollMFASMSForLogin']>>(a.preEnrollMFASMSForLogin, { mfaToken, phoneNumber }),
    enrollSms: (mfaToken: string, otcToken: string, code: string) =>
      post<MfaAnswer>(a.enrollMFASMSForLogin, { mfaToken, otcToken, code }),
    verifyAuthenticator: (mfaToken: string, deviceId: string, value: string, rememberDevice: boolean) =>
      post<MfaAnswer>(a.verifyMFAAuthenticatorAppForLogin, { mfaToken, value, rememberDevice }, { deviceId }),
    preVerifySms: (mfaToken: string, deviceId: string) =>
      post<AnswerOf<C['preVerifyMFASMSForLogin']>>(a.preVerifyMFASMSForLogin, { mfaToken }, { deviceId }),
    verifySms: (
      mfaToken: string,
      deviceId: string,
      otcToken: string,
      code: string,
      rememberDevice: boolean,
    ) => post<MfaAnswer>(a.verifyMFASMSForLogin, { mfaToken, otcToken, code, rememberDevice }, { deviceId }),
    preVerifyEmail: (mfaToken: string) =>
      post<AnswerOf<C['preVerifyMFAEmailCode']>>(a.preVerifyMFAEmailCode, { mfaToken }),
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
    devices: () => client.request<AnswerOf<C['getMFADevices']>>(a.getMFADevices),
    preEnrollAuthenticator: () =>
      client.request<AnswerOf<C['preEnrollMFAAuthenticatorApp']>>(a.preEnrollMFAAuthenticatorApp, {
        body: {},
      }),
    enrollAuthenticator: (token: string) =>
      client.request<AnswerOf<C['enrollMFAAuthenticatorApp']>>(a.enrollMFAAuthenticatorApp, {
        body: { token } satisfies BodyOf<C['enrollMFAAuthenticatorApp']>,
      }),
    preEnrollSms: (phoneNumber: string) =>
      client.request<AnswerOf<C['preEnrollMFASMS']>>(a.preEnrollMFASMS, { body: { phoneNumber } }),
    enrollSms: (otcToken: string, code: string) =>
      client.request<AnswerOf<C['enrollMFASMS']>>(a.enrollMFASMS, { body: { otcToken, code } }),
    disableAuthenticator: (deviceId: string, token: string) =>
      client.request<AnswerOf<C['disableMFAAuthenticatorApp']>>(a.disableMFAAuthenticatorApp, {
        params: { deviceId },
        body: { token },
      }),
    preDisableSms: (deviceId: string) =>
      client.request<AnswerOf<C['preDisableMFASMS']>>(a.preDisableMFASMS, { params: { deviceId }, body: {} }),
    disableSms: (deviceId: string, otcToken: string, code: string) =>
      client.request<AnswerOf<C['disableMFASMS']>>(a.disableMFASMS, {
        params: { deviceId },
        body: { otcToken, code },
      }),
  };
}
