// Enrolling an MFA device, at login (forced MFA, nothing enrolled yet) or from the profile: the authenticator
// app (a QR code, then its first code) and SMS (a texted code). Both end with a new recovery code.
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { issueChallenge, latestChallenge, spendChallenge } from '../auth/challenges';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import { mfaDevices, recoveryCodes } from '../db/schema';
import { CODE_EXPIRED, checkOtc, issueOtc, limitCodes, TOO_MANY_ATTEMPTS, WRONG_CODE } from './codes';
import {
  countFactorAttempt,
  deviceCount,
  listDevices,
  maskPhone,
  newRecoveryCode,
  newTotpSecret,
  verifyTotp,
} from './devices';
import { mfaChallengeOf } from './login';
import { mfaUser } from './user';

export const ALREADY_ENROLLED = 'MFA is already enrolled';

/** The pending authenticator's first code may come this long after its QR code. */
const ENROLL_TTL_MS = 10 * 60_000;

/** The kinds of the enrolment challenges. */
const KIND = { totp: 'mfa-enroll-totp', sms: 'mfa-enroll-sms' } as const;

/** Whether the user has any verified MFA device (security keys included). */
const isEnrolled = async (db: Db, userId: string) =>
  deviceCount(await listDevices(db, userId, { mask: true })) > 0;

/** After devices are removed: whether any is left; with none, the recovery codes go too (MFA-008). */
export async function stillEnrolled(db: Db, userId: string) {
  const left = await isEnrolled(db, userId);
  if (!left) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return left;
}

/**
 * The MFA sign-in of an mfaToken and its user, for an enrolment at login: only for a user with no device, so
 * it never adds a device past the MFA.
 */
export async function loginEnrolment(services: Services, mfaToken: string) {
  const mfa = await mfaChallengeOf(services, mfaToken);
  if (await isEnrolled(services.db, mfa.userId)) throw apiError(400, ALREADY_ENROLLED);
  return { mfa, user: await mfaUser(services, mfa.userId) };
}

/** A new unverified device of the user; earlier unverified ones of its kind go. */
async function pendingDevice(
  db: Db,
  userId: string,
  device: { kind: 'authenticator' | 'sms'; name: string; secret?: string; phoneNumber?: string },
) {
  await db
    .delete(mfaDevices)
    .where(
      and(eq(mfaDevices.userId, userId), eq(mfaDevices.kind, device.kind), isNull(mfaDevices.verifiedAt)),
    );
  const [row] = await db
    .insert(mfaDevices)
    .values({ id: crypto.randomUUID(), userId, ...device })
    .returning();
  return row!;
}

/** A new (unverified) authenticator of the user: its QR code and secret. */
export async function preEnrollAuthenticator(db: Db, user: { id: string; email: string }) {
  const { secret, qrCode } = await newTotpSecret(user.email);
  const device = await pendingDevice(db, user.id, {
    kind: 'authenticator',
    name: 'Authenticator app',
    secret,
  });
  await issueChallenge(db, {
    kind: KIND.totp,
    userId: user.id,
    ttlMs: ENROLL_TTL_MS,
    supersede: true,
    data: { deviceId: device.id },
  });
  return { qrCode, secret };
}

/** Verifies the first code of the pending authenticator (5 attempts); the device is then enrolled. */
export async function enrollAuthenticator(db: Db, userId: string, typed: string) {
  const challenge = await latestChallenge(db, userId, KIND.totp);
  if (!challenge) throw apiError(400, CODE_EXPIRED);
  if (!(await countFactorAttempt(db, challenge.id, 'enroll'))) throw apiError(400, TOO_MANY_ATTEMPTS);
  const deviceId = (challenge.data as { deviceId?: string }).deviceId ?? '';
  const [device] = await db.select().from(mfaDevices).where(eq(mfaDevices.id, deviceId));
  if (!device || !(await verifyTotp(db, device, typed))) throw apiError(400, WRONG_CODE);
  if (!(await spendChallenge(db, challenge.id))) throw apiError(400, CODE_EXPIRED);
  await db.update(mfaDevices).set({ verifiedAt: new Date() }).where(eq(mfaDevices.id, device.id));
  return newRecoveryCode(db, userId);
}

/** A new (unverified) SMS device of the user and a code texted to it; at login, bound to the MFA sign-in. */
export async function preEnrollSms(
  services: Services,
  c: Context,
  userId: string,
  phone: string,
  mfaChallengeId?: string,
) {
  const { db, sms } = services;
  await limitCodes(services, c, userId);
  const device = await pendingDevice(db, userId, { kind: 'sms', name: 'SMS', phoneNumber: phone });
  const issued = await issueOtc(db, KIND.sms, userId, {
    deviceId: device.id,
    ...(mfaChallengeId ? { mfaChallengeId } : {}),
  });
  await sms.send({ to: phone, text: `Your verification code is ${issued.code}. It expires in 5 minutes.` });
  return { otcToken: issued.token, phoneNumber: maskPhone(phone) };
}

/** Verifies the texted code of the pending SMS device; the device is then enrolled. */
export async function enrollSms(
  db: Db,
  userId: string,
  token: string,
  typed: string,
  mfaChallengeId?: string,
) {
  const data = await checkOtc(db, KIND.sms, token, userId, typed, mfaChallengeId);
  await db
    .update(mfaDevices)
    .set({ verifiedAt: new Date() })
    .where(and(eq(mfaDevices.id, data.deviceId ?? ''), eq(mfaDevices.userId, userId)));
  return newRecoveryCode(db, userId);
}
