// WebAuthn ceremonies (@simplewebauthn/server): passkeys (a first factor, discoverable credentials) and
// security keys (an MFA factor). Every challenge is a one-time challenge of the store (kind 'webauthn'): the
// challenge the authenticator signs IS the challenge's bearer token, so the answer names its challenge
// through clientDataJSON, and the challenge is spent before the signature is checked (single use).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  authenticationResponse,
  registrationResponse,
  webauthnDevice,
} from '../../shared/api/contracts/webauthn';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { webauthnCredentials } from '../db/schema';
import { findChallenge, issueChallenge, spendChallenge, type Challenge } from './challenges';

export const WEBAUTHN_KIND = 'webauthn';
/** How long a ceremony may take: the browser's own timeout plus a margin. */
export const WEBAUTHN_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 120_000;

/** What a challenge is for; a challenge of one purpose never completes another ceremony. */
export type WebAuthnPurpose =
  'passkey-login' | 'passkey-register' | 'mfa-enroll' | 'mfa-login' | 'mfa-enroll-login' | 'mfa-disable';

export type CredentialUsage = 'passkey' | 'mfa';
export type WebAuthnCredentialRow = typeof webauthnCredentials.$inferSelect;

/** The relying party: its id is the host of the public URL (http://localhost counts as a secure context). */
export function relyingParty(config: Pick<ServerConfig, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'fe-elements' };
}

// The ceremony answers of the wire (the contract's schemas, shared with the preview).
export {
  authenticationResponse as authenticationResponseSchema,
  registrationResponse as registrationResponseSchema,
} from '../../shared/api/contracts/webauthn';

export type RegistrationAnswer = z.infer<typeof registrationResponse>;
export type AuthenticationAnswer = z.infer<typeof authenticationResponse>;

/** The challenge an answer carries in its clientDataJSON (null when it is not readable). */
export function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * The live challenge an answer names, of the purpose given, spent at once (single use): a second answer
 * with the same challenge, or a verification that fails later, cannot use it again. Null otherwise.
 */
export async function takeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: WebAuthnPurpose,
): Promise<Challenge | null> {
  const token = answeredChallenge(clientDataJSON);
  if (!token) return null;
  const challenge = await findChallenge(db, WEBAUTHN_KIND, token);
  if (!challenge || (challenge.data as { purpose?: string }).purpose !== purpose) return null;
  return (await spendChallenge(db, challenge.id)) ? challenge : null;
}

const challengeBytes = (token: string) => new Uint8Array(Buffer.from(token, 'base64url'));

/** Registration options for a new credential of a user; the challenge is stored (one use, short ttl). */
export async function registrationOptions(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl'>,
  user: { id: string; email: string; name: string },
  usage: CredentialUsage,
  purpose: WebAuthnPurpose,
  data: Record<string, unknown> = {},
) {
  const { rpID, rpName } = relyingParty(config);
  const { token, id } = await issueChallenge(db, {
    kind: WEBAUTHN_KIND,
    userId: user.id,
    ttlMs: WEBAUTHN_TTL_MS,
    data: { ...data, purpose },
  });
  const existing = await db
    .select({ credentialId: webauthnCredentials.credentialId, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
    challenge: challengeBytes(token),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: transportsOf(c.transports),
    })),
    // A passkey signs in alone: discoverable (usernameless) and with user verification. A security key is a
    // second factor: any authenticator, user verification preferred.
    authenticatorSelection:
      usage === 'passkey'
        ? { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
        : { residentKey: 'discouraged', userVerification: 'preferred' },
  });
  return { options, challengeId: id, token };
}

function transportsOf(value: unknown): AuthenticatorTransport[] {
  return Array.isArray(value) ? (value.filter((t) => typeof t === 'string') as AuthenticatorTransport[]) : [];
}

export type RegistrationResult =
  | { ok: true; credential: WebAuthnCredentialRow }
  | { ok: false; reason: 'challenge' | 'verification' | 'duplicate' };

/**
 * Verifies a registration answer against its challenge (purpose and user must match) and stores the new
 * credential with the usage given.
 */
export async function completeRegistration(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl'>,
  opts: {
    userId: string;
    answer: RegistrationAnswer;
    usage: CredentialUsage;
    purpose: WebAuthnPurpose;
    name?: string;
    /** Extra check of the challenge's data (e.g. the mfaToken it belongs to). */
    accept?: (challenge: Challenge) => boolean;
  },
): Promise<RegistrationResult> {
  const challenge = await takeChallenge(db, opts.answer.response.clientDataJSON, opts.purpose);
  if (!challenge || challenge.userId !== opts.userId || (opts.accept && !opts.accept(challenge)))
    return { ok: false, reason: 'challenge' };
  const { rpID, origin } = relyingParty(config);
  const token = answeredChallenge(opts.answer.response.clientDataJSON)!;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: { ...opts.answer, rawId: opts.answer.rawId ?? opts.answer.id } as RegistrationResponseJSON,
      expectedChallenge: token,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: opts.usage === 'passkey',
    });
  } catch {
    return { ok: false, reason: 'verification' };
  }
  if (!verified.verified) return { ok: false, reason: 'verification' };
  const info = verified.registrationInfo;
  try {
    const [row] = await db
      .insert(webauthnCredentials)
      .values({
        id: randomUUID(),
        userId: opts.userId,
        usage: opts.usage,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: opts.answer.response.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: (opts.name ?? '').trim().slice(0, 100),
      })
      .returning();
    return { ok: true, credential: row! };
  } catch {
    return { ok: false, reason: 'duplicate' };
  }
}

/**
 * Authentication options. `allow` lists the credentials the user may answer with (security keys of MFA);
 * none for passkeys: discoverable credentials, so the options never depend on the email (no enumeration).
 */
export async function authenticationOptions(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl'>,
  opts: {
    purpose: WebAuthnPurpose;
    userId?: string | null;
    allow?: Pick<WebAuthnCredentialRow, 'credentialId' | 'transports'>[];
    userVerification?: 'required' | 'preferred';
    data?: Record<string, unknown>;
  },
) {
  const { rpID } = relyingParty(config);
  const { token, id } = await issueChallenge(db, {
    kind: WEBAUTHN_KIND,
    userId: opts.userId ?? null,
    ttlMs: WEBAUTHN_TTL_MS,
    data: { ...opts.data, purpose: opts.purpose },
  });
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: challengeBytes(token),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: opts.userVerification ?? 'required',
    allowCredentials: (opts.allow ?? []).map((c) => ({
      id: c.credentialId,
      transports: transportsOf(c.transports),
    })),
  });
  return { options, challengeId: id, token };
}

export type AssertionResult =
  | { ok: true; credential: WebAuthnCredentialRow; challenge: Challenge; userVerified: boolean }
  | {
      ok: false;
      reason: 'challenge' | 'credential' | 'verification' | 'counter';
      credential?: WebAuthnCredentialRow;
    };

/**
 * Verifies an authentication answer: its challenge (purpose, spent at once), the stored credential of the
 * usage given, the signature, and the signature counter. A counter that does not grow (when the
 * authenticator counts) is refused as a cloned authenticator; the counter is advanced in one statement so
 * two answers racing with the same counter cannot both pass.
 */
export async function completeAuthentication(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl'>,
  opts: {
    answer: AuthenticationAnswer;
    purpose: WebAuthnPurpose;
    usage: CredentialUsage;
    requireUserVerification: boolean;
    accept?: (challenge: Challenge, credential: WebAuthnCredentialRow) => boolean;
  },
): Promise<AssertionResult> {
  const challenge = await takeChallenge(db, opts.answer.response.clientDataJSON, opts.purpose);
  if (!challenge) return { ok: false, reason: 'challenge' };
  const [credential] = await db
    .select()
    .from(webauthnCredentials)
    .where(
      and(eq(webauthnCredentials.credentialId, opts.answer.id), eq(webauthnCredentials.usage, opts.usage)),
    );
  if (!credential) return { ok: false, reason: 'credential' };
  if (challenge.userId && challenge.userId !== credential.userId)
    return { ok: false, reason: 'credential', credential };
  // A discoverable credential names its user: it must be the credential's owner.
  const handle = opts.answer.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== credential.userId)
    return { ok: false, reason: 'credential', credential };
  if (opts.accept && !opts.accept(challenge, credential))
    return { ok: false, reason: 'credential', credential };
  const { rpID, origin } = relyingParty(config);
  let info;
  try {
    const verified = await verifyAuthenticationResponse({
      response: {
        ...opts.answer,
        rawId: opts.answer.rawId ?? opts.answer.id,
        response: { ...opts.answer.response, userHandle: handle ?? undefined },
      } as AuthenticationResponseJSON,
      expectedChallenge: answeredChallenge(opts.answer.response.clientDataJSON)!,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: opts.requireUserVerification,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: transportsOf(credential.transports),
      },
    });
    if (!verified.verified) return { ok: false, reason: 'verification', credential };
    info = verified.authenticationInfo;
  } catch (error) {
    const counter = error instanceof Error && /counter/i.test(error.message);
    return { ok: false, reason: counter ? 'counter' : 'verification', credential };
  }
  const advanced = await db
    .update(webauthnCredentials)
    .set({ counter: info.newCounter, lastUsedAt: new Date(), backedUp: info.credentialBackedUp })
    .where(
      and(
        eq(webauthnCredentials.id, credential.id),
        or(
          lt(webauthnCredentials.counter, info.newCounter),
          // An authenticator that does not count (always 0) is never a regression.
          and(eq(webauthnCredentials.counter, 0), sql`${info.newCounter} = 0`),
        ),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  if (!advanced.length) return { ok: false, reason: 'counter', credential };
  return { ok: true, credential, challenge, userVerified: info.userVerified };
}

/**
 * RFC 8176 amr of a WebAuthn sign-in: 'hwk' for a device-bound credential (the key cannot leave the
 * authenticator), 'swk' for a synced (multi-device, backed-up) passkey whose key lives in software keychains.
 */
export function webauthnAmr(credential: Pick<WebAuthnCredentialRow, 'deviceType' | 'backedUp'>): string[] {
  return [credential.deviceType === 'multiDevice' || credential.backedUp ? 'swk' : 'hwk'];
}

/**
 * Where the credential lives, in Frontegg's terms: on this device (Platform: the authenticator said it is
 * internal) or on a key or phone that roams (CrossPlatform).
 */
export const attachmentOf = (row: Pick<WebAuthnCredentialRow, 'transports'>): 'Platform' | 'CrossPlatform' =>
  transportsOf(row.transports).includes('internal') ? 'Platform' : 'CrossPlatform';

/** The public view of a credential (getWebAuthnDevices, mfaDevices.webauthn; MFA-003: it carries its id). */
export function deviceView(row: WebAuthnCredentialRow) {
  return {
    id: row.id,
    deviceType: attachmentOf(row),
    name: row.name,
    synced: row.deviceType === 'multiDevice' || row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  } satisfies z.infer<typeof webauthnDevice>;
}
