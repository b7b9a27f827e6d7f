// MFA devices of a user: listing (masked, for the login box and the profile), whether MFA applies at
// sign-in, TOTP verification (a code accepted once), recovery codes and remembered browsers.
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { readPolicy, type MfaPolicy } from '../account/policies';
import { hashToken } from '../auth/refresh';
import type { z } from 'zod';
import type { mfaDevices as mfaDevicesAnswer } from '../../shared/api/contracts/mfa';
import { attachmentOf } from '../auth/webauthn';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import { authChallenges, mfaDevices, recoveryCodes, trustedDevices, webauthnCredentials } from '../db/schema';

/** The device lists of the MFA state (MFA-002): webauthn, phones, authenticators and emails (ENUM-004). */
export type MfaDeviceLists = z.infer<typeof mfaDevicesAnswer>;

/** +1 ••• ••• 4567: enough to recognise the phone, not to learn the number. */
export const maskPhone = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

/** a•••@example.com */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Selects the user's security keys: their WebAuthn credentials registered as an MFA factor. */
export const securityKeysOf = (userId: string) =>
  and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.usage, 'mfa'));

/** One of the user's security keys; else 404. */
export async function securityKey(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), securityKeysOf(userId)));
  if (!row) throw apiError(404, 'No such device');
  return row;
}

/** The user's verified devices; masked for the login box (the caller is not signed in yet). */
export async function listDevices(
  db: Db,
  userId: string,
  { mask }: { mask: boolean },
): Promise<MfaDeviceLists> {
  const rows = await db
    .select()
    .from(mfaDevices)
    .where(and(eq(mfaDevices.userId, userId), isNotNull(mfaDevices.verifiedAt)))
    .orderBy(mfaDevices.createdAt);
  const keys = await db.select().from(webauthnCredentials).where(securityKeysOf(userId));
  return {
    webauthn: keys.map((k) => ({
      id: k.id,
      deviceType: attachmentOf(k),
      name: k.name,
      createdAt: k.createdAt.toISOString(),
    })),
    phones: rows
      .filter((r) => r.kind === 'sms' && r.phoneNumber)
      .map((r) => ({ id: r.id, phoneNumber: mask ? maskPhone(r.phoneNumber!) : r.phoneNumber! })),
    authenticators: rows.filter((r) => r.kind === 'authenticator').map((r) => ({ id: r.id })),
    emails: rows
      .filter((r) => r.kind === 'email' && r.email)
      .map((r) => ({ id: r.id, email: mask ? maskEmail(r.email!) : r.email! })),
  };
}

export const deviceCount = (d: MfaDeviceLists) =>
  d.webauthn.length + d.phones.length + d.authenticators.length + d.emails.length;

/** MFA applies at sign-in when the tenant forces it, or when the user enrolled a device. */
export function mfaApplies(policy: MfaPolicy, enrolled: boolean, proof: { method: string }): boolean {
  if (enrolled) return true;
  if (policy.enforceMFAType === 'Force') return true;
  // ForceExceptSAML: users who signed in through SAML are not forced.
  return policy.enforceMFAType === 'ForceExceptSAML' && proof.method !== 'saml';
}

export const mfaPolicyOf = (
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  tenantId: string | null,
) => readPolicy(services, tenantId, 'mfa');

// ---------------------------------------------------------------- TOTP

export const TOTP_ISSUER = 'fe-elements';

/** A new authenticator secret, its otpauth URI and the QR code of that URI (a PNG data URL). */
export async function newTotpSecret(label: string) {
  const secret = generateSecret();
  const uri = generateURI({ issuer: TOTP_ISSUER, label, secret });
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
  return { secret, uri, qrCode };
}

/**
 * Checks a TOTP code (±1 step) and records its time step: the same or an older step is refused afterwards,
 * so a code is accepted once (no replay within its window). Atomic: a parallel replay loses the update.
 */
export async function verifyTotp(
  db: Db,
  device: { id: string; secret: string | null },
  code: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!device.secret || !/^\d{6}$/.test(code)) return false;
  let result: Awaited<ReturnType<typeof verify>>;
  try {
    result = await verify({
      secret: device.secret,
      token: code,
      epochTolerance: 30,
      epoch: Math.floor(nowMs / 1000),
    });
  } catch {
    return false;
  }
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  const claimed = await db
    .update(mfaDevices)
    .set({ lastUsedStep: step, lastUsedAt: new Date(nowMs) })
    .where(
      and(
        eq(mfaDevices.id, device.id),
        sql`(${mfaDevices.lastUsedStep} is null or ${mfaDevices.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ id: mfaDevices.id });
  return claimed.length === 1;
}

/** The user's devices of a kind: one device when `id` is given; only verified ones when `verified`. */
export function devicesOf(
  db: Db,
  userId: string,
  kind: 'authenticator' | 'sms' | 'email',
  { id, verified = false }: { id?: string; verified?: boolean } = {},
) {
  return db
    .select()
    .from(mfaDevices)
    .where(
      and(
        eq(mfaDevices.userId, userId),
        eq(mfaDevices.kind, kind),
        id === undefined ? undefined : eq(mfaDevices.id, id),
        verified ? isNotNull(mfaDevices.verifiedAt) : undefined,
      ),
    );
}

/** Whether the code is a current one of any of the devices (accepted once, as `verifyTotp`). */
export async function verifyAnyTotp(db: Db, devices: { id: string; secret: string | null }[], code: string) {
  for (const device of devices) if (await verifyTotp(db, device, code)) return true;
  return false;
}

// ---------------------------------------------------------------- recovery codes

const RECOVERY_CODES = 1;

/** Replaces the user's recovery codes with a new one (shown once; stored hashed). */
export async function newRecoveryCode(db: Db, userId: string): Promise<string> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    randomBytes(10)
      .toString('hex')
      .toUpperCase()
      .replace(/(.{5})(?=.)/g, '$1-'),
  );
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ id: randomUUID(), userId, codeHash: hashRecovery(code) })));
  return codes[0]!;
}

/** Recovery codes compare without dashes, spaces or case. */
const hashRecovery = (code: string) => hashToken(code.replace(/[\s-]/g, '').toUpperCase());

/** Spends a recovery code of the user: true once per code. */
export async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecovery(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

// ---------------------------------------------------------------- remembered browsers

export const TRUSTED_DEVICE_COOKIE = 'fe_mfa_device';

export async function rememberDevice(db: Db, userId: string, ttlS: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(trustedDevices).values({
    id: randomUUID(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return token;
}

export async function isTrustedDevice(db: Db, userId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, hashToken(token)),
        gt(trustedDevices.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

// ---------------------------------------------------------------- attempts per factor

export const MAX_FACTOR_ATTEMPTS = 5;

/**
 * Counts one attempt of a factor (authenticator, recovery, ...) on the MFA challenge, in one statement; each
 * factor has its own counter. False once the factor has used its attempts: the challenge is then spent.
 */
export async function countFactorAttempt(db: Db, challengeId: string, factor: string): Promise<boolean> {
  const path = `{attempts,${factor}}`;
  const [row] = await db
    .update(authChallenges)
    .set({
      data: sql`jsonb_set(
        case when ${authChallenges.data} ? 'attempts' then ${authChallenges.data}
             else jsonb_set(${authChallenges.data}, '{attempts}', '{}'::jsonb) end,
        ${path}::text[],
        to_jsonb(coalesce((${authChallenges.data} -> 'attempts' ->> ${factor})::int, 0) + 1))`,
    })
    .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.usedAt)))
    .returning({ data: authChallenges.data });
  const count = Number(
    (row?.data as { attempts?: Record<string, number> } | undefined)?.attempts?.[factor] ?? Infinity,
  );
  if (count > MAX_FACTOR_ATTEMPTS) {
    await db.update(authChallenges).set({ usedAt: new Date() }).where(eq(authChallenges.id, challengeId));
    return false;
  }
  return true;
}
