// One-time codes of MFA (texted or mailed): their budget, their challenge and their check, shared by the
// login-time and the profile-time calls. Every code is attempt-limited on its own challenge.
import type { Context } from 'hono';
import { limitIssuance } from '../account/issuance';
import { checkChallengeCode, findChallenge, issueChallenge, type CodeCheck } from '../auth/challenges';
import { apiError, caller, type Services } from '../context';
import type { Db } from '../db';

export const WRONG_CODE = 'The code is incorrect';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Sign in again';
export const CODE_EXPIRED = 'The code has expired. Send a new one';
export const WRONG_RECOVERY_CODE = 'The recovery code is incorrect';

/** How long a texted or mailed code lives (its messages say 5 minutes). */
const OTC_TTL_MS = 5 * 60_000;

/** What a code's challenge remembers: the MFA sign-in it belongs to, the device, the phone being enrolled. */
export interface OtcData {
  mfaChallengeId?: string;
  deviceId?: string;
  phoneNumber?: string;
}

/** Before a code is texted or mailed: the user's and the caller's budgets of MFA codes (429 when spent). */
export const limitCodes = (services: Services, c: Context, userId: string) =>
  limitIssuance(services, { kind: 'mfa-code', account: userId, address: caller(c).ipAddress });

/** A new 6-digit code of `kind` for the user, replacing any live one of that kind: its token and code. */
export const issueOtc = (db: Db, kind: string, userId: string, data: OtcData) =>
  issueChallenge(db, { kind, userId, ttlMs: OTC_TTL_MS, codeDigits: 6, supersede: true, data: { ...data } });

const codeError = (result: Exclude<CodeCheck, 'ok'>) =>
  apiError(400, result === 'wrong' ? WRONG_CODE : result === 'exhausted' ? TOO_MANY_ATTEMPTS : CODE_EXPIRED);

/**
 * A live code challenge issued to this user (and, when `bound`, for this MFA sign-in), checked with its own
 * counter: its data, or a 400.
 */
export async function checkOtc(
  db: Db,
  kind: string,
  token: string,
  userId: string,
  typed: string,
  bound?: string,
): Promise<OtcData> {
  const challenge = await findChallenge(db, kind, token);
  const data = (challenge?.data ?? {}) as OtcData;
  if (!challenge || challenge.userId !== userId || (bound && data.mfaChallengeId !== bound))
    throw apiError(400, CODE_EXPIRED);
  const result = await checkChallengeCode(db, challenge.id, typed);
  if (result !== 'ok') throw codeError(result);
  return data;
}
