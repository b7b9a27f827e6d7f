import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is base64url(SHA-256) without padding: always 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The S256 transform of RFC 7636 §4.2: base64url(SHA-256(ASCII(verifier))) without padding. */
export const s256 = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** True when `verifier` is well formed and transforms to `challenge` (constant-time compare). */
export function verifiesChallenge(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !CODE_VERIFIER.test(verifier)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
