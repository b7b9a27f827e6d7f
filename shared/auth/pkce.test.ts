import { expect } from '@open-wc/testing';
import {
  ALPHANUMERIC,
  base64UrlEncode,
  codeChallengeS256,
  createCodeVerifier,
  randomString,
  UNRESERVED,
} from './pkce';

const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A byte source that replays `bytes` (then zeros), recording how often it was asked. */
function replay(bytes: number[]) {
  const queue = [...bytes];
  const source = (buffer: Uint8Array) => {
    source.calls += 1;
    for (let i = 0; i < buffer.length; i++) buffer[i] = queue.shift() ?? 0;
    return buffer;
  };
  source.calls = 0;
  return source;
}

describe('PKCE and random strings', () => {
  it('[HOSTED-002] computes the RFC 7636 Appendix B challenge in the browser', async () => {
    expect(await codeChallengeS256(RFC_VERIFIER)).to.equal(RFC_CHALLENGE);
  });

  it('[HOSTED-002] the challenge is base64url SHA-256 without padding: 43 characters, no + / =', async () => {
    // SHA-256('abc'), the FIPS 180-2 example, as base64url.
    expect(await codeChallengeS256('abc')).to.equal('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    for (let i = 0; i < 20; i++) {
      const challenge = await codeChallengeS256(createCodeVerifier());
      expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).to.equal('-_8');
  });

  it('creates code verifiers of 43 to 128 unreserved characters from crypto.getRandomValues', () => {
    const verifier = createCodeVerifier();
    expect(verifier).to.have.length(64);
    expect(verifier).to.match(/^[A-Za-z0-9\-._~]+$/);
    expect(createCodeVerifier(43)).to.have.length(43);
    expect(createCodeVerifier(128)).to.have.length(128);
    expect(() => createCodeVerifier(42)).to.throw(RangeError);
    expect(() => createCodeVerifier(129)).to.throw(RangeError);
    expect(createCodeVerifier()).not.to.equal(verifier);

    const original = crypto.getRandomValues;
    let calls = 0;
    crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      calls += 1;
      return original.call(crypto, array as Uint8Array) as unknown as T;
    };
    try {
      createCodeVerifier();
    } finally {
      crypto.getRandomValues = original;
    }
    expect(calls).to.be.greaterThan(0);
  });

  it('[CONST-001] the random string helper defaults to 16 alphanumeric characters', () => {
    const value = randomString();
    expect(value).to.have.length(16);
    expect(value).to.match(/^[A-Za-z0-9]{16}$/);
    expect(randomString(32)).to.match(/^[A-Za-z0-9]{32}$/);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const ch of randomString()) seen.add(ch);
    expect(seen.size).to.equal(ALPHANUMERIC.length);
  });

  it('draws characters without modulo bias: bytes past the last full alphabet cycle are skipped', () => {
    // 62 characters: 248 = 4 × 62 is the limit; 248..255 would favour the first 8 characters.
    const source = replay([255, 248, 0, 61, 62 + 1]);
    expect(randomString(3, ALPHANUMERIC, source)).to.equal('A9B');
    expect(randomString(2, UNRESERVED, replay([62, 63 + 66]))).to.equal('-.');
  });
});
