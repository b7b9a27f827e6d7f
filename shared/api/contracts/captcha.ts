// Captcha (ALTCHA, self-hosted proof of work; docs/decisions/0019-captcha.md): the public policy the login box
// reads before sign-in, a fresh challenge for its widget, and the account's own policy an administrator reads
// and saves. The paths are in the `securityPolicy` group of the paths table.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { id, isoDate } from './common';

/** Captcha (Frontegg's ISecurityPolicyCaptcha; `siteKey` is '' — ALTCHA has none — and `provider` is ours). */
export const captchaPolicy = z.object({
  id,
  createdAt: isoDate,
  updatedAt: isoDate,
  enabled: z.boolean(),
  siteKey: z.string(),
  minScore: z.number().optional(),
  /** Which captcha the login box shows: ALTCHA's proof of work (ours). */
  provider: z.literal('altcha').optional(),
});

/** An ALTCHA challenge (altcha-lib's v2 `Challenge`): what the widget solves, signed by the server. */
export const captchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    /** Seconds since the epoch after which a solution is refused. */
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

const p = paths.securityPolicy;

export const captchaContracts = {
  /** Public: on when the vendor's value or any account's value is on (the box does not know the account). */
  getCaptchaPolicy: contract({ route: p.getCaptchaPolicy, response: captchaPolicy }),
  /** Public: a fresh challenge for the widget. */
  getCaptchaChallenge: contract({ route: p.getCaptchaChallenge, response: captchaChallenge }),
  /** The policy in effect in the caller's account. */
  getTenantCaptchaPolicy: contract({ route: p.getTenantCaptchaPolicy, response: captchaPolicy }),
  /** An administrator turns captcha on sign-in and sign-up on or off for the account. */
  saveCaptchaPolicy: contract({
    route: p.saveCaptchaPolicy,
    body: z.object({ enabled: z.boolean() }),
    response: captchaPolicy,
  }),
};
