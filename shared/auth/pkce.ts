/** PKCE (RFC 7636) and random strings, from WebCrypto only. */

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** RFC 3986 unreserved characters: the code verifier's alphabet (RFC 7636 §4.1). */
export const UNRESERVED = `${ALPHANUMERIC}-._~`;
export const VERIFIER_MIN_LENGTH = 43;
export const VERIFIER_MAX_LENGTH = 128;

export type RandomBytes = (bytes: Uint8Array) => Uint8Array;
const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * `length` characters drawn uniformly from `alphabet` (CONST-001: 16 alphanumeric by default). Bytes at or
 * above the largest multiple of the alphabet size are dropped, so no character is more likely than another.
 */
export function randomString(
  length = 16,
  alphabet = ALPHANUMERIC,
  random: RandomBytes = cryptoRandom,
): string {
  if (alphabet.length < 2 || alphabet.length > 256)
    throw new RangeError('The alphabet needs 2 to 256 characters');
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(Math.max(16, (length - out.length) * 2)))) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A code verifier: 43–128 characters of the unreserved set from `crypto.getRandomValues` (64 by default). */
export function createCodeVerifier(length = 64, random: RandomBytes = cryptoRandom): string {
  if (!Number.isInteger(length) || length < VERIFIER_MIN_LENGTH || length > VERIFIER_MAX_LENGTH)
    throw new RangeError(`A code verifier has ${VERIFIER_MIN_LENGTH} to ${VERIFIER_MAX_LENGTH} characters`);
  return randomString(length, UNRESERVED, random);
}

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 code challenge: base64url(SHA-256(ASCII(verifier))) without padding (HOSTED-002). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  return base64UrlEncode(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}
