// Login-time MFA calls (MFA-*, auth/v1/user/mfa/*), authorised by the mfaToken of their body: enrolment when
// MFA is forced and nothing is enrolled, verification by authenticator app, SMS code, email code or recovery
// code. Every code is attempt-limited per factor.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { mfaContracts as mc, type mfaStrategy } from '../../shared/api/contracts/mfa';
import { paths } from '../../shared/api/paths';
import { findChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { apiError, readBody, type AppEnv } from '../context';
import {
  checkOtc,
  issueOtc,
  limitCodes,
  TOO_MANY_ATTEMPTS,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from '../mfa/codes';
import {
  countFactorAttempt,
  devicesOf,
  maskPhone,
  mfaPolicyOf,
  spendRecoveryCode,
  verifyAnyTotp,
} from '../mfa/devices';
import {
  enrollAuthenticator,
  enrollSms,
  loginEnrolment,
  preEnrollAuthenticator,
  preEnrollSms,
} from '../mfa/enrolment';
import { completeMfa, MFA_LOGIN, mfaChallengeOf, MFA_NOT_ENROLLED } from '../mfa/login';
import { auditMfa, mfaUser } from '../mfa/user';
import { defineFamily, mfaTokenEndpoint, publicEndpoint, signIn, mfaTokenEndpoints } from './endpoints';

/** The kinds of the sign-in code challenges. */
const KIND = { sms: 'mfa-sms', email: 'mfa-email' } as const;

/** The mfaToken of the body (or query) names the sign-in it finishes; no bearer yet. */
export const mfaLoginEndpointsByName = {
  ...signIn(
    mfaTokenEndpoints(
      paths.auth,
      'preEnrollMFAAuthenticatorAppForLogin',
      'enrollMFAAuthenticatorAppForLogin',
      'preEnrollMFASMSForLogin',
      'enrollMFASMSForLogin',
      'loginWithMfa',
      'preVerifyMFASMSForLogin',
      'verifyMFASMSForLogin',
      'preVerifyMFAEmailCode',
      'verifyMFAEmailCode',
      'recoverMfaToken',
      'verifyMFAAuthenticatorAppForLogin',
    ),
  ),
  checkIfAllowToRememberMfaDevice: mfaTokenEndpoint(paths.auth.checkIfAllowToRememberMfaDevice),
  getMFAStrategiesConfig: publicEndpoint(paths.auth.getMFAStrategiesConfig),
} as const;

export const mfaLoginRoutes = defineFamily(mfaLoginEndpointsByName, (on, e, services) => {
  const { db, sms, mailer } = services;
  const sessions = createSessionIssuer(services);

  /** The MFA sign-in of the mfaToken and its user. */
  const signInOf = async (mfaToken: string) => {
    const mfa = await mfaChallengeOf(services, mfaToken);
    return { mfa, user: await mfaUser(services, mfa.userId) };
  };

  // -------------------------------------------------------------- enrolment (forced, not enrolled)

  on(e.preEnrollMFAAuthenticatorAppForLogin, async (c) => {
    const { mfaToken } = await readBody(c, mc.preEnrollMFAAuthenticatorAppForLogin.body);
    const { user } = await loginEnrolment(services, mfaToken);
    return c.json(
      (await preEnrollAuthenticator(db, user)) satisfies AnswerOf<
        typeof mc.preEnrollMFAAuthenticatorAppForLogin
      >,
    );
  });

  on(e.enrollMFAAuthenticatorAppForLogin, async (c) => {
    const { mfaToken, token: typed } = await readBody(c, mc.enrollMFAAuthenticatorAppForLogin.body);
    const { mfa, user } = await loginEnrolment(services, mfaToken);
    const recoveryCode = await enrollAuthenticator(db, user.id, typed);
    await auditMfa(c, user, 'MFA enrolled', { kind: 'authenticator' });
    const factor = { amr: ['otp'], label: 'authenticator' };
    return c.json(await completeMfa(c, services, sessions, mfa, user, factor, { recoveryCode }));
  });

  on(e.preEnrollMFASMSForLogin, async (c) => {
    const { mfaToken, phoneNumber } = await readBody(c, mc.preEnrollMFASMSForLogin.body);
    const { mfa, user } = await loginEnrolment(services, mfaToken);
    return c.json(
      (await preEnrollSms(services, c, user.id, phoneNumber, mfa.challenge.id)) satisfies AnswerOf<
        typeof mc.preEnrollMFASMSForLogin
      >,
    );
  });

  on(e.enrollMFASMSForLogin, async (c) => {
    const input = await readBody(c, mc.enrollMFASMSForLogin.body);
    const { mfa, user } = await loginEnrolment(services, input.mfaToken);
    const recoveryCode = await enrollSms(db, user.id, input.otcToken, input.code, mfa.challenge.id);
    await auditMfa(c, user, 'MFA enrolled', { kind: 'sms' });
    const factor = { amr: ['sms'], label: 'sms' };
    return c.json(await completeMfa(c, services, sessions, mfa, user, factor, { recoveryCode }));
  });

  // -------------------------------------------------------------- verification

  /** An authenticator code at login: counted on the MFA challenge (authenticator counter), accepted once. */
  const verifyAuthenticatorLogin = async (c: Context<AppEnv>, deviceId?: string) => {
    const input = await readBody(c, mc.loginWithMfa.body);
    const { mfa, user } = await signInOf(input.mfaToken);
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'authenticator')))
      throw apiError(401, TOO_MANY_ATTEMPTS);
    const candidates = await devicesOf(db, user.id, 'authenticator', { id: deviceId, verified: true });
    if (!(await verifyAnyTotp(db, candidates, input.value))) {
      await auditMfa(c, user, 'MFA verification failed', { factor: 'authenticator' });
      throw apiError(400, WRONG_CODE);
    }
    const factor = { amr: ['otp'], label: 'authenticator', rememberDevice: input.rememberDevice };
    return c.json(await completeMfa(c, services, sessions, mfa, user, factor));
  };
  on(e.loginWithMfa, (c) => verifyAuthenticatorLogin(c));

  /** A texted or mailed code at login: checked on its own challenge, bound to the MFA sign-in. */
  const verifyOtcLogin = async (c: Context<AppEnv>, kind: string, amr: string[], label: string) => {
    const input = await readBody(c, mc.verifyMFASMSForLogin.body);
    const { mfa, user } = await signInOf(input.mfaToken);
    await checkOtc(db, kind, input.otcToken, user.id, input.code, mfa.challenge.id);
    const factor = { amr, label, rememberDevice: input.rememberDevice };
    return c.json(await completeMfa(c, services, sessions, mfa, user, factor));
  };

  // SMS at login: a code to the device's phone (its own challenge and counter).
  on(e.preVerifyMFASMSForLogin, async (c) => {
    const { mfaToken } = await readBody(c, mc.preVerifyMFASMSForLogin.body);
    const mfa = await mfaChallengeOf(services, mfaToken);
    await limitCodes(services, c, mfa.userId);
    const id = c.req.param('deviceId') ?? '';
    const [device] = await devicesOf(db, mfa.userId, 'sms', { id, verified: true });
    if (!device?.phoneNumber) throw apiError(404, 'No such device');
    const data = { mfaChallengeId: mfa.challenge.id, deviceId: device.id };
    const issued = await issueOtc(db, KIND.sms, mfa.userId, data);
    await sms.send({
      to: device.phoneNumber,
      text: `Your sign-in code is ${issued.code}. It expires in 5 minutes.`,
    });
    return c.json({
      otcToken: issued.token,
      phoneNumber: maskPhone(device.phoneNumber),
    } satisfies AnswerOf<typeof mc.preVerifyMFASMSForLogin>);
  });
  on(e.verifyMFASMSForLogin, (c) => verifyOtcLogin(c, KIND.sms, ['sms'], 'sms'));

  // Email code at login (an email device of the user).
  on(e.preVerifyMFAEmailCode, async (c) => {
    const { mfaToken } = await readBody(c, mc.preVerifyMFAEmailCode.body);
    const mfa = await mfaChallengeOf(services, mfaToken);
    await limitCodes(services, c, mfa.userId);
    const [device] = await devicesOf(db, mfa.userId, 'email', { verified: true });
    if (!device?.email) throw apiError(400, MFA_NOT_ENROLLED);
    const data = { mfaChallengeId: mfa.challenge.id, deviceId: device.id };
    const issued = await issueOtc(db, KIND.email, mfa.userId, data);
    await mailer.send({
      to: device.email,
      subject: 'Your sign-in code',
      text: `Your sign-in code is ${issued.code}. It expires in 5 minutes.`,
      html: `<p>Your sign-in code is <strong>${issued.code}</strong>. It expires in 5 minutes.</p>`,
    });
    return c.json({ otcToken: issued.token } satisfies AnswerOf<typeof mc.preVerifyMFAEmailCode>);
  });
  on(e.verifyMFAEmailCode, (c) => verifyOtcLogin(c, KIND.email, ['otp', 'email'], 'email'));

  // A recovery code instead of the device: spent once; the session is multi-factor but not a fresh
  // device proof (no otp/sms/hwk), so step-up still asks for a device.
  on(e.recoverMfaToken, async (c) => {
    const input = await readBody(c, mc.recoverMfaToken.body);
    const { mfa, user } = await signInOf(input.mfaToken);
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'recovery'))) throw apiError(401, TOO_MANY_ATTEMPTS);
    if (!(await spendRecoveryCode(db, user.id, input.recoveryCode))) {
      await auditMfa(c, user, 'MFA recovery failed');
      throw apiError(400, WRONG_RECOVERY_CODE);
    }
    await auditMfa(c, user, 'MFA recovery code used', {}, 'Medium');
    return c.json(await completeMfa(c, services, sessions, mfa, user, { amr: [], label: 'recovery' }));
  });

  // After the static enrol routes: 'enroll' is not a device id.
  on(e.verifyMFAAuthenticatorAppForLogin, (c) => verifyAuthenticatorLogin(c, c.req.param('deviceId') ?? ''));

  // May the login box offer "remember this device"? (the policy of the mfaToken's user's tenant)
  on(e.checkIfAllowToRememberMfaDevice, async (c) => {
    const token = c.req.query('mfaToken');
    const challenge = token ? await findChallenge(db, MFA_LOGIN, token) : null;
    const policy = await mfaPolicyOf(services, challenge?.tenantId ?? null);
    return c.json({
      isAllowedToRemember: policy.allowRememberMyDevice,
      mfaDeviceExpiration: policy.mfaDeviceExpiration,
    } satisfies AnswerOf<typeof mc.checkIfAllowToRememberMfaDevice>);
  });

  on(e.getMFAStrategiesConfig, (c) =>
    c.json({
      strategies: [
        { strategy: 'AuthenticatorApp', isActive: true },
        { strategy: 'SMS', isActive: true },
        { strategy: 'EmailCode', isActive: true },
        { strategy: 'WebAuthnCrossPlatform', isActive: true },
      ] satisfies { strategy: z.infer<typeof mfaStrategy>; isActive: boolean }[],
    } satisfies AnswerOf<typeof mc.getMFAStrategiesConfig>),
  );
});
