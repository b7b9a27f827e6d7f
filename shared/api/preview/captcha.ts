// Captcha (ALTCHA) in the preview: the public and the account's policy (off unless a test turns
// `state.captchaPolicy.enabled` on), an easy unsigned challenge the widget solves in a few tries, and the check
// sign-in and sign-up make: a solution shaped like the widget's payload, each challenge once.
import { captchaContracts as cc } from '../contracts/captcha';
import { paths } from '../paths';
import { fail, iso, on, parseWith, randomHex, type PreviewRoute } from './common';
import type { SampleState } from './sampleData';

/** The server's answer to a missing, wrong or reused solution (ER-1014). */
export const CAPTCHA_REQUIRED = 'Solve the captcha to continue';

const SINCE = '2024-01-01T00:00:00.000Z';
const TTL_SECONDS = 600;

/** The nonces of the challenges a sign-in or sign-up has used, per sample state. */
const used = new WeakMap<SampleState, Set<string>>();

function nonceOf(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token)) as {
      challenge?: { parameters?: { nonce?: unknown; expiresAt?: unknown } };
      solution?: { counter?: unknown; derivedKey?: unknown };
    };
    const { nonce, expiresAt } = payload.challenge?.parameters ?? {};
    const { counter, derivedKey } = payload.solution ?? {};
    if (typeof nonce !== 'string' || typeof counter !== 'number' || typeof derivedKey !== 'string')
      return null;
    if (typeof expiresAt === 'number' && expiresAt * 1000 <= Date.now()) return null;
    return nonce;
  } catch {
    return null;
  }
}

/** Sign-in and sign-up: with the policy on, a solution not used before (as the server refuses it: 400). */
export function checkPreviewCaptcha(state: SampleState, token: string | undefined): void {
  if (!state.captchaPolicy.enabled) return;
  const nonce = token ? nonceOf(token) : null;
  const spent = used.get(state) ?? new Set<string>();
  used.set(state, spent);
  if (!nonce || spent.has(nonce)) throw fail(400, CAPTCHA_REQUIRED);
  spent.add(nonce);
}

const view = (state: SampleState) => ({
  ...state.captchaPolicy,
  siteKey: '',
  createdAt: SINCE,
  updatedAt: SINCE,
});

export const captchaHandlers: PreviewRoute[] = [
  on(paths.securityPolicy.getCaptchaPolicy, ({ state }) => view(state)),
  on(paths.securityPolicy.getTenantCaptchaPolicy, ({ state }) => view(state)),
  on(paths.securityPolicy.saveCaptchaPolicy, ({ state, body }) => {
    state.captchaPolicy.enabled = parseWith(cc.saveCaptchaPolicy.body, body).enabled;
    return { ...view(state), updatedAt: iso(new Date()) };
  }),
  // Unsigned and easy (a derived key starting with one hex zero: about 16 tries); the shape is the server's.
  on(paths.securityPolicy.getCaptchaChallenge, ({ now }) => ({
    parameters: {
      algorithm: 'SHA-256',
      nonce: randomHex(16),
      salt: randomHex(16),
      cost: 1,
      keyLength: 32,
      keyPrefix: '0',
      expiresAt: Math.floor(now.getTime() / 1000) + TTL_SECONDS,
    },
  })),
];
