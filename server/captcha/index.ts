// Captcha on sign-in and sign-up (docs/decisions/0019-captcha.md): ALTCHA proof of work, self-hosted. The
// server hands out challenges signed with an HMAC key derived from its own signing key (every process of one
// database derives the same key), verifies the solution the login box sends in `recaptchaToken`, and spends
// it: a solution works once (an `auth_challenges` row of kind `captcha` until the challenge expires).
import { and, asc, eq } from 'drizzle-orm';
import { hkdfSync, randomUUID } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { captchaChallenge } from '../../shared/api/contracts/captcha';
import { readPolicy, readVendorPolicy } from '../account/policies';
import { hashToken } from '../auth/refresh';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import { authChallenges, policies, signingKeys } from '../db/schema';

/** ER-1014: what every refused captcha answers (missing, wrong, replayed or expired alike). */
export const CAPTCHA_REQUIRED = 'Solve the captcha to continue';

/** How long a challenge may be solved and its solution used. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The work asked: SHA-256 repeated `cost` times per try, and a solution counter drawn from this range (the
 * widget tries counters from 0 up: about 10^5 hashes, well under a second in a browser's workers).
 */
const ALGORITHM = 'SHA-256';
const COST = 10;
const COUNTER_RANGE: [number, number] = [2_000, 10_000];

type CaptchaServices = Pick<Services, 'db' | 'vendorId' | 'config'>;

const secrets = new WeakMap<Db, Promise<{ signature: string; keySignature: string }>>();

/**
 * The HMAC secrets, derived (HKDF) from the oldest signing key's private part, which every process serving
 * this database shares: a challenge one process issued verifies in another, and across restarts.
 */
function hmacSecrets(db: Db) {
  let found = secrets.get(db);
  if (!found) {
    found = (async () => {
      const [key] = await db
        .select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk })
        .from(signingKeys)
        .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid))
        .limit(1);
      const d = (key?.privateJwk as { d?: string } | undefined)?.d;
      if (!key || !d) throw new Error('no signing key to derive the captcha secret from');
      const derive = (info: string) =>
        Buffer.from(hkdfSync('sha256', d, key.kid, info, 32)).toString('base64url');
      return { signature: derive('captcha challenge'), keySignature: derive('captcha key') };
    })();
    found.catch(() => secrets.delete(db));
    secrets.set(db, found);
  }
  return found;
}

/** A fresh challenge for the widget, expiring in CHALLENGE_TTL_MS. */
export async function newChallenge({ db }: Pick<Services, 'db'>, now = new Date()): Promise<Challenge> {
  const secret = await hmacSecrets(db);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(...COUNTER_RANGE),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: secret.signature,
    hmacKeySignatureSecret: secret.keySignature,
  });
}

/** The widget's payload: base64 of `{ challenge, solution }`. */
const payloadSchema = z.object({
  challenge: captchaChallenge.extend({ signature: z.string().min(1) }),
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().min(1).max(256),
    time: z.number().optional(),
  }),
});

function decodePayload(token: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether `token` is a valid, unexpired and unused solution; a valid one is spent here (single use: a row
 * keyed by the hash of its challenge's signature, which expires with the challenge).
 */
export async function spendSolution(
  { db }: Pick<Services, 'db'>,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const payload = decodePayload(token);
  if (!payload) return false;
  const { expiresAt } = payload.challenge.parameters;
  // A challenge without an expiry was not issued here (ours all have one).
  if (!expiresAt || expiresAt * 1000 <= now.getTime()) return false;
  const secret = await hmacSecrets(db);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret.signature,
      hmacKeySignatureSecret: secret.keySignature,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) return false;
  // One statement: two requests with the same solution cannot both insert (token_hash is unique).
  const spent = await db
    .insert(authChallenges)
    .values({
      id: randomUUID(),
      kind: 'captcha',
      tokenHash: hashToken(`captcha:${payload.challenge.signature}`),
      createdAt: now,
      expiresAt: new Date(expiresAt * 1000),
      usedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: authChallenges.id });
  return spent.length === 1;
}

/** The public answer: on when the vendor's value or any account's value is on. */
export async function captchaOnAnywhere(services: CaptchaServices): Promise<boolean> {
  const rows = await services.db
    .select({ value: policies.value })
    .from(policies)
    .where(and(eq(policies.vendorId, services.vendorId), eq(policies.kind, 'captcha')));
  return rows.some((r) => (r.value as { enabled?: unknown } | null)?.enabled === true);
}

/**
 * Whether a password sign-in must carry a solved captcha: the user's account's policy or the vendor's is on;
 * for an email that matches no user, whenever the public answer is on (the answer tells nothing).
 */
export async function captchaRequiredAtSignIn(
  services: CaptchaServices,
  user: { activeTenantId: string | null } | null | undefined,
): Promise<boolean> {
  if (!user) return captchaOnAnywhere(services);
  const [account, vendor] = await Promise.all([
    readPolicy(services, user.activeTenantId, 'captcha'),
    readVendorPolicy(services, 'captcha'),
  ]);
  return account.enabled || vendor.enabled;
}

/** Refuses the request (400, ER-1014) unless `token` is a solution not used before. */
export async function assertCaptcha(services: CaptchaServices, token: string | undefined): Promise<void> {
  if (!(await spendSolution(services, token))) throw apiError(400, CAPTCHA_REQUIRED);
}
