// MFA calls (MFA-*): at login with an mfaToken (auth/v1/user/mfa/*: enrolment when forced and not enrolled,
// verification by authenticator app, SMS code, email code or recovery code), and in the profile with a
// Bearer token (users/v1/mfa/*: devices, enrol, disable). Every code is attempt-limited per factor.
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { mfaContracts, type mfaStrategy } from '../../shared/api/contracts/mfa';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import type { z } from 'zod';
import { paths } from '../../shared/api/paths';
import { route } from '../account/guards';
import { limitIssuance } from '../account/issuance';
import { writeAudit } from '../audit';
import { checkChallengeCode, findChallenge, issueChallenge, spendChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { authChallenges, mfaDevices, recoveryCodes, users, webauthnCredentials } from '../db/schema';
import { requireUser } from '../middleware/bearer';
import {
  countFactorAttempt,
  deviceCount,
  listDevices,
  maskPhone,
  mfaPolicyOf,
  newRecoveryCode,
  newTotpSecret,
  spendRecoveryCode,
  verifyTotp,
} from '../mfa/devices';
import { completeMfa, mfaChallengeOf, MFA_NOT_ENROLLED } from '../mfa/login';

export const WRONG_CODE = 'The code is incorrect';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Sign in again';
export const CODE_EXPIRED = 'The code has expired. Send a new one';
export const ALREADY_ENROLLED = 'MFA is already enrolled';
export const WRONG_RECOVERY_CODE = 'The recovery code is incorrect';

const OTC_TTL_MS = 5 * 60_000;
const ENROLL_TTL_MS = 10 * 60_000;

const mc = mfaContracts;
/** The bodies of the calls: the contract's schemas (MFA-*). */
const body = {
  mfaToken: mc.preVerifyMFAEmailCode.body,
  authenticatorVerify: mc.loginWithMfa.body,
  authenticatorEnroll: mc.enrollMFAAuthenticatorAppForLogin.body,
  smsPreEnroll: mc.preEnrollMFASMSForLogin.body,
  otcVerify: mc.verifyMFASMSForLogin.body,
  recover: mc.recoverMfaToken.body,
  profileCode: mc.enrollMFAAuthenticatorApp.body,
  profileSms: mc.preEnrollMFASMS.body,
  profileOtc: mc.enrollMFASMS.body,
  disableMfa: mc.disableMfa.body,
};

/** The kinds of challenges of this module. */
const KIND = {
  enrollTotp: 'mfa-enroll-totp',
  enrollSms: 'mfa-enroll-sms',
  sms: 'mfa-sms',
  email: 'mfa-email',
  disableSms: 'mfa-disable-sms',
} as const;

export function mfaRoutes(services: Services): Hono<AppEnv> {
  const { db, vendorId, tokens, sms, mailer } = services;
  const app = new Hono<AppEnv>();
  const sessions = createSessionIssuer(services);

  const userRow = async (id: string) => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw apiError(401, 'Unauthorized');
    return user;
  };
  const audit = (
    c: Context,
    user: { id: string; email: string; activeTenantId: string | null },
    action: string,
    json: Record<string, unknown> = {},
  ) =>
    writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId: user.id,
      email: user.email,
      action,
      json,
      ...caller(c),
    });
  const enrolled = async (userId: string) => deviceCount(await listDevices(db, userId, { mask: true })) > 0;
  /** Before a code is texted or mailed: the user's and the caller's budgets of MFA codes (429 when spent). */
  const limitCodes = (c: Context, userId: string) =>
    limitIssuance(services, { kind: 'mfa-code', account: userId, address: caller(c).ipAddress });

  /** The user's newest live challenge of a kind (enrolments: the code comes without a token). */
  const latestChallenge = async (userId: string, kind: string) => {
    const [row] = await db
      .select()
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.userId, userId),
          eq(authChallenges.kind, kind),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(authChallenges.createdAt))
      .limit(1);
    return row ?? null;
  };

  const codeError = (result: 'wrong' | 'exhausted' | 'expired') =>
    result === 'wrong'
      ? apiError(400, WRONG_CODE)
      : result === 'exhausted'
        ? apiError(400, TOO_MANY_ATTEMPTS)
        : apiError(400, CODE_EXPIRED);

  /** A live otc challenge issued for this MFA login (or this profile user), checked with its own counter. */
  const checkOtc = async (kind: string, token: string, userId: string, typed: string, bound?: string) => {
    const challenge = await findChallenge(db, kind, token);
    const data = (challenge?.data ?? {}) as {
      mfaChallengeId?: string;
      deviceId?: string;
      phoneNumber?: string;
    };
    if (!challenge || challenge.userId !== userId || (bound && data.mfaChallengeId !== bound))
      throw apiError(400, CODE_EXPIRED);
    const result = await checkChallengeCode(db, challenge.id, typed);
    if (result !== 'ok') throw codeError(result);
    return data;
  };

  // -------------------------------------------------------------- enrolment: authenticator app

  /** A new (unverified) authenticator of the user: its QR code and secret; earlier unverified ones go. */
  const preEnrollAuthenticator = async (user: { id: string; email: string }) => {
    const { secret, qrCode } = await newTotpSecret(user.email);
    await db
      .delete(mfaDevices)
      .where(
        and(
          eq(mfaDevices.userId, user.id),
          eq(mfaDevices.kind, 'authenticator'),
          isNull(mfaDevices.verifiedAt),
        ),
      );
    const [device] = await db
      .insert(mfaDevices)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        kind: 'authenticator',
        name: 'Authenticator app',
        secret,
      })
      .returning();
    await issueChallenge(db, {
      kind: KIND.enrollTotp,
      userId: user.id,
      ttlMs: ENROLL_TTL_MS,
      supersede: true,
      data: { deviceId: device!.id },
    });
    return { qrCode, secret };
  };

  /** Verifies the first code of the pending authenticator (5 attempts); the device is then enrolled. */
  const enrollAuthenticator = async (userId: string, typed: string) => {
    const challenge = await latestChallenge(userId, KIND.enrollTotp);
    if (!challenge) throw apiError(400, CODE_EXPIRED);
    if (!(await countFactorAttempt(db, challenge.id, 'enroll'))) throw apiError(400, TOO_MANY_ATTEMPTS);
    const deviceId = (challenge.data as { deviceId?: string }).deviceId ?? '';
    const [device] = await db.select().from(mfaDevices).where(eq(mfaDevices.id, deviceId));
    if (!device || !(await verifyTotp(db, device, typed))) throw apiError(400, WRONG_CODE);
    if (!(await spendChallenge(db, challenge.id))) throw apiError(400, CODE_EXPIRED);
    await db.update(mfaDevices).set({ verifiedAt: new Date() }).where(eq(mfaDevices.id, device.id));
    return newRecoveryCode(db, userId);
  };

  // -------------------------------------------------------------- enrolment: SMS

  const preEnrollSms = async (c: Context, user: { id: string }, phone: string, mfaChallengeId?: string) => {
    await limitCodes(c, user.id);
    await db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, user.id), eq(mfaDevices.kind, 'sms'), isNull(mfaDevices.verifiedAt)));
    const [device] = await db
      .insert(mfaDevices)
      .values({ id: crypto.randomUUID(), userId: user.id, kind: 'sms', name: 'SMS', phoneNumber: phone })
      .returning();
    const issued = await issueChallenge(db, {
      kind: KIND.enrollSms,
      userId: user.id,
      ttlMs: OTC_TTL_MS,
      codeDigits: 6,
      supersede: true,
      data: { deviceId: device!.id, ...(mfaChallengeId ? { mfaChallengeId } : {}) },
    });
    await sms.send({ to: phone, text: `Your verification code is ${issued.code}. It expires in 5 minutes.` });
    return { otcToken: issued.token, phoneNumber: maskPhone(phone) };
  };

  const enrollSms = async (userId: string, token: string, typed: string, mfaChallengeId?: string) => {
    const data = await checkOtc(KIND.enrollSms, token, userId, typed, mfaChallengeId);
    await db
      .update(mfaDevices)
      .set({ verifiedAt: new Date() })
      .where(and(eq(mfaDevices.id, data.deviceId ?? ''), eq(mfaDevices.userId, userId)));
    return newRecoveryCode(db, userId);
  };

  // -------------------------------------------------------------- login: enrolment (forced, not enrolled)

  /** Login-time enrolment is only for a user with no device: it must never add a device past the MFA. */
  const loginEnrolment = async (token: string) => {
    const mfa = await mfaChallengeOf(services, token);
    if (await enrolled(mfa.userId)) throw apiError(400, ALREADY_ENROLLED);
    return { mfa, user: await userRow(mfa.userId) };
  };

  app.post(paths.auth.preEnrollMFAAuthenticatorAppForLogin.path, async (c) => {
    const { mfaToken: token } = await readBody(c, body.mfaToken);
    const { user } = await loginEnrolment(token);
    return c.json(
      (await preEnrollAuthenticator(user)) satisfies AnswerOf<typeof mc.preEnrollMFAAuthenticatorAppForLogin>,
    );
  });

  app.post(paths.auth.enrollMFAAuthenticatorAppForLogin.path, async (c) => {
    const { mfaToken: token, token: typed } = await readBody(c, body.authenticatorEnroll);
    const { mfa, user } = await loginEnrolment(token);
    const recoveryCode = await enrollAuthenticator(user.id, typed);
    await audit(c, user, 'MFA enrolled', { kind: 'authenticator' });
    return c.json(
      await completeMfa(
        c,
        services,
        sessions,
        mfa,
        user,
        { amr: ['otp'], label: 'authenticator' },
        { recoveryCode },
      ),
    );
  });

  app.post(paths.auth.preEnrollMFASMSForLogin.path, async (c) => {
    const { mfaToken: token, phoneNumber: phone } = await readBody(c, body.smsPreEnroll);
    const { mfa, user } = await loginEnrolment(token);
    return c.json(
      (await preEnrollSms(c, user, phone, mfa.challenge.id)) satisfies AnswerOf<
        typeof mc.preEnrollMFASMSForLogin
      >,
    );
  });

  app.post(paths.auth.enrollMFASMSForLogin.path, async (c) => {
    const input = await readBody(c, body.otcVerify);
    const { mfa, user } = await loginEnrolment(input.mfaToken);
    const recoveryCode = await enrollSms(user.id, input.otcToken, input.code, mfa.challenge.id);
    await audit(c, user, 'MFA enrolled', { kind: 'sms' });
    return c.json(
      await completeMfa(c, services, sessions, mfa, user, { amr: ['sms'], label: 'sms' }, { recoveryCode }),
    );
  });

  // -------------------------------------------------------------- login: verification

  /** An authenticator code at login: counted on the MFA challenge (authenticator counter), accepted once. */
  const verifyAuthenticatorLogin = async (c: Context, deviceId: string | null) => {
    const input = await readBody(c, body.authenticatorVerify);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'authenticator')))
      throw apiError(401, TOO_MANY_ATTEMPTS);
    const devices = await db
      .select()
      .from(mfaDevices)
      .where(
        and(
          eq(mfaDevices.userId, user.id),
          eq(mfaDevices.kind, 'authenticator'),
          isNotNull(mfaDevices.verifiedAt),
        ),
      );
    const candidates = deviceId ? devices.filter((d) => d.id === deviceId) : devices;
    let ok = false;
    for (const device of candidates) if (!ok && (await verifyTotp(db, device, input.value))) ok = true;
    if (!ok) {
      await audit(c, user, 'MFA verification failed', { factor: 'authenticator' });
      throw apiError(400, WRONG_CODE);
    }
    return c.json(
      await completeMfa(c, services, sessions, mfa, user, {
        amr: ['otp'],
        label: 'authenticator',
        rememberDevice: input.rememberDevice,
      }),
    );
  };
  app.post(paths.auth.loginWithMfa.path, (c) => verifyAuthenticatorLogin(c, null));

  // SMS at login: a code to the device's phone (its own challenge and counter).
  app.post(route(paths.auth.preVerifyMFASMSForLogin.path), async (c) => {
    const { mfaToken: token } = await readBody(c, body.mfaToken);
    const mfa = await mfaChallengeOf(services, token);
    await limitCodes(c, mfa.userId);
    const [device] = await db
      .select()
      .from(mfaDevices)
      .where(
        and(
          eq(mfaDevices.id, c.req.param('deviceId') ?? ''),
          eq(mfaDevices.userId, mfa.userId),
          eq(mfaDevices.kind, 'sms'),
          isNotNull(mfaDevices.verifiedAt),
        ),
      );
    if (!device?.phoneNumber) throw apiError(404, 'No such device');
    const issued = await issueChallenge(db, {
      kind: KIND.sms,
      userId: mfa.userId,
      ttlMs: OTC_TTL_MS,
      codeDigits: 6,
      supersede: true,
      data: { mfaChallengeId: mfa.challenge.id, deviceId: device.id },
    });
    await sms.send({
      to: device.phoneNumber,
      text: `Your sign-in code is ${issued.code}. It expires in 5 minutes.`,
    });
    return c.json({
      otcToken: issued.token,
      phoneNumber: maskPhone(device.phoneNumber),
    } satisfies AnswerOf<typeof mc.preVerifyMFASMSForLogin>);
  });

  app.post(route(paths.auth.verifyMFASMSForLogin.path), async (c) => {
    const input = await readBody(c, body.otcVerify);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    await checkOtc(KIND.sms, input.otcToken, user.id, input.code, mfa.challenge.id);
    return c.json(
      await completeMfa(c, services, sessions, mfa, user, {
        amr: ['sms'],
        label: 'sms',
        rememberDevice: input.rememberDevice,
      }),
    );
  });

  // Email code at login (an email device of the user).
  app.post(paths.auth.preVerifyMFAEmailCode.path, async (c) => {
    const { mfaToken: token } = await readBody(c, body.mfaToken);
    const mfa = await mfaChallengeOf(services, token);
    await limitCodes(c, mfa.userId);
    const [device] = await db
      .select()
      .from(mfaDevices)
      .where(
        and(
          eq(mfaDevices.userId, mfa.userId),
          eq(mfaDevices.kind, 'email'),
          isNotNull(mfaDevices.verifiedAt),
        ),
      );
    if (!device?.email) throw apiError(400, MFA_NOT_ENROLLED);
    const issued = await issueChallenge(db, {
      kind: KIND.email,
      userId: mfa.userId,
      ttlMs: OTC_TTL_MS,
      codeDigits: 6,
      supersede: true,
      data: { mfaChallengeId: mfa.challenge.id, deviceId: device.id },
    });
    await mailer.send({
      to: device.email,
      subject: 'Your sign-in code',
      text: `Your sign-in code is ${issued.code}. It expires in 5 minutes.`,
      html: `<p>Your sign-in code is <strong>${issued.code}</strong>. It expires in 5 minutes.</p>`,
    });
    return c.json({ otcToken: issued.token } satisfies AnswerOf<typeof mc.preVerifyMFAEmailCode>);
  });

  app.post(paths.auth.verifyMFAEmailCode.path, async (c) => {
    const input = await readBody(c, body.otcVerify);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    await checkOtc(KIND.email, input.otcToken, user.id, input.code, mfa.challenge.id);
    return c.json(
      await completeMfa(c, services, sessions, mfa, user, {
        amr: ['otp', 'email'],
        label: 'email',
        rememberDevice: input.rememberDevice,
      }),
    );
  });

  // A recovery code instead of the device: spent once; the session is multi-factor but not a fresh
  // device proof (no otp/sms/hwk), so step-up still asks for a device.
  app.post(paths.auth.recoverMfaToken.path, async (c) => {
    const input = await readBody(c, body.recover);
    const mfa = await mfaChallengeOf(services, input.mfaToken);
    const user = await userRow(mfa.userId);
    if (!(await countFactorAttempt(db, mfa.challenge.id, 'recovery'))) throw apiError(401, TOO_MANY_ATTEMPTS);
    if (!(await spendRecoveryCode(db, user.id, input.recoveryCode))) {
      await audit(c, user, 'MFA recovery failed');
      throw apiError(400, WRONG_RECOVERY_CODE);
    }
    await writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId: user.id,
      email: user.email,
      action: 'MFA recovery code used',
      severity: 'Medium',
      ...caller(c),
    });
    return c.json(await completeMfa(c, services, sessions, mfa, user, { amr: [], label: 'recovery' }));
  });

  // After the static enrol routes: 'enroll' is not a device id.
  app.post(route(paths.auth.verifyMFAAuthenticatorAppForLogin.path), (c) =>
    verifyAuthenticatorLogin(c, c.req.param('deviceId') ?? ''),
  );

  // May the login box offer "remember this device"? (the policy of the mfaToken's user's tenant)
  app.get(paths.auth.checkIfAllowToRememberMfaDevice.path, async (c) => {
    const token = c.req.query('mfaToken');
    const challenge = token ? await findChallenge(db, 'mfa-login', token) : null;
    const policy = await mfaPolicyOf(services, challenge?.tenantId ?? null);
    return c.json({
      isAllowedToRemember: policy.allowRememberMyDevice,
      mfaDeviceExpiration: policy.mfaDeviceExpiration,
    } satisfies AnswerOf<typeof mc.checkIfAllowToRememberMfaDevice>);
  });

  app.get(paths.auth.getMFAStrategiesConfig.path, (c) =>
    c.json({
      strategies: [
        { strategy: 'AuthenticatorApp', isActive: true },
        { strategy: 'SMS', isActive: true },
        { strategy: 'EmailCode', isActive: true },
        { strategy: 'WebAuthnCrossPlatform', isActive: true },
      ] satisfies { strategy: z.infer<typeof mfaStrategy>; isActive: boolean }[],
    } satisfies AnswerOf<typeof mc.getMFAStrategiesConfig>),
  );

  // -------------------------------------------------------------- profile (Bearer)

  // Bearer on each route (a sub-app's '*' middleware would reach every route mounted after it).
  const bearer = requireUser(tokens);
  const profile = {
    get: (path: string, handler: (c: Context<AppEnv>) => Promise<Response>) => app.get(path, bearer, handler),
    post: (path: string, handler: (c: Context<AppEnv>) => Promise<Response>) =>
      app.post(path, bearer, handler),
  };

  profile.get(paths.auth.getMFADevices.path, async (c) =>
    c.json(
      (await listDevices(db, c.get('auth').sub, { mask: false })) satisfies AnswerOf<typeof mc.getMFADevices>,
    ),
  );

  const profilePreEnroll = async (c: Context<AppEnv>) =>
    c.json(
      (await preEnrollAuthenticator(await userRow(c.get('auth').sub))) satisfies AnswerOf<
        typeof mc.preEnrollMFAAuthenticatorApp
      >,
    );
  profile.post(paths.auth.preEnrollMFAAuthenticatorApp.path, profilePreEnroll);
  profile.post(paths.auth.enrollMfa.path, profilePreEnroll);

  const profileEnroll = async (c: Context<AppEnv>) => {
    const { token: typed } = await readBody(c, body.profileCode);
    const user = await userRow(c.get('auth').sub);
    const recoveryCode = await enrollAuthenticator(user.id, typed);
    await audit(c, user, 'MFA enrolled', { kind: 'authenticator' });
    return c.json({ recoveryCode, mfaEnrolled: true } satisfies AnswerOf<typeof mc.verifyMfa>);
  };
  profile.post(paths.auth.enrollMFAAuthenticatorApp.path, profileEnroll);
  profile.post(paths.auth.verifyMfa.path, profileEnroll);

  profile.post(paths.auth.preEnrollMFASMS.path, async (c) => {
    const { phoneNumber: phone } = await readBody(c, body.profileSms);
    return c.json(
      (await preEnrollSms(c, await userRow(c.get('auth').sub), phone)) satisfies AnswerOf<
        typeof mc.preEnrollMFASMS
      >,
    );
  });

  profile.post(paths.auth.enrollMFASMS.path, async (c) => {
    const input = await readBody(c, body.profileOtc);
    const user = await userRow(c.get('auth').sub);
    const recoveryCode = await enrollSms(user.id, input.otcToken, input.code);
    await audit(c, user, 'MFA enrolled', { kind: 'sms' });
    return c.json({ recoveryCode, mfaEnrolled: true } satisfies AnswerOf<typeof mc.enrollMFASMS>);
  });

  /** Disabling one device clears every device of that kind (MFA-008); no device left → no recovery codes. */
  const clearKind = async (c: Context<AppEnv>, userId: string, kind: 'authenticator' | 'sms') => {
    await db.delete(mfaDevices).where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.kind, kind)));
    const left = await enrolled(userId);
    if (!left) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const user = await userRow(userId);
    await writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId,
      email: user.email,
      action: 'MFA disabled',
      severity: 'Medium',
      json: { kind },
      ...caller(c),
    });
    return { mfaEnrolled: left } satisfies AnswerOf<typeof mc.disableMFASMS>;
  };

  // The authenticator is disabled with a current code of it.
  profile.post(route(paths.auth.disableMFAAuthenticatorApp.path), async (c) => {
    const { token: typed } = await readBody(c, body.profileCode);
    const userId = c.get('auth').sub;
    const [device] = await db
      .select()
      .from(mfaDevices)
      .where(
        and(
          eq(mfaDevices.id, c.req.param('deviceId') ?? ''),
          eq(mfaDevices.userId, userId),
          eq(mfaDevices.kind, 'authenticator'),
        ),
      );
    if (!device) throw apiError(404, 'No such device');
    if (!(await verifyTotp(db, device, typed))) throw apiError(400, WRONG_CODE);
    return c.json(await clearKind(c, userId, 'authenticator'));
  });

  // SMS: a code to the phone first, then the disable with it.
  profile.post(route(paths.auth.preDisableMFASMS.path), async (c) => {
    const userId = c.get('auth').sub;
    await limitCodes(c, userId);
    const [device] = await db
      .select()
      .from(mfaDevices)
      .where(
        and(
          eq(mfaDevices.id, c.req.param('deviceId') ?? ''),
          eq(mfaDevices.userId, userId),
          eq(mfaDevices.kind, 'sms'),
        ),
      );
    if (!device?.phoneNumber) throw apiError(404, 'No such device');
    const issued = await issueChallenge(db, {
      kind: KIND.disableSms,
      userId,
      ttlMs: OTC_TTL_MS,
      codeDigits: 6,
      supersede: true,
      data: { deviceId: device.id },
    });
    await sms.send({ to: device.phoneNumber, text: `Your code to turn off SMS sign-in is ${issued.code}.` });
    return c.json({
      otcToken: issued.token,
      phoneNumber: maskPhone(device.phoneNumber),
    } satisfies AnswerOf<typeof mc.preDisableMFASMS>);
  });

  profile.post(route(paths.auth.disableMFASMS.path), async (c) => {
    const input = await readBody(c, body.profileOtc);
    const userId = c.get('auth').sub;
    const data = await checkOtc(KIND.disableSms, input.otcToken, userId, input.code);
    if (data.deviceId !== c.req.param('deviceId')) throw apiError(400, CODE_EXPIRED);
    return c.json(await clearKind(c, userId, 'sms'));
  });

  // Every MFA method off, with an authenticator code or a recovery code.
  profile.post(paths.auth.disableMfa.path, async (c) => {
    const { token: typed } = await readBody(c, body.disableMfa);
    const userId = c.get('auth').sub;
    const authenticators = await db
      .select()
      .from(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.kind, 'authenticator')));
    let ok = false;
    for (const device of authenticators) if (!ok && (await verifyTotp(db, device, typed))) ok = true;
    if (!ok && !(await spendRecoveryCode(db, userId, typed))) throw apiError(400, WRONG_CODE);
    await db.delete(mfaDevices).where(eq(mfaDevices.userId, userId));
    await db
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.usage, 'mfa')));
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const user = await userRow(userId);
    await writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId,
      email: user.email,
      action: 'MFA disabled',
      severity: 'High',
      json: { kind: 'all' },
      ...caller(c),
    });
    return c.json({ mfaEnrolled: false } satisfies AnswerOf<typeof mc.disableMfa>);
  });

  return app;
}
