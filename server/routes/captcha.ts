// Captcha (docs/decisions/0019-captcha.md): the public policy the login box reads before sign-in, a fresh
// ALTCHA challenge for its widget, and the account's own policy an administrator reads and saves.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { captchaContracts as cc } from '../../shared/api/contracts/captcha';
import { paths } from '../../shared/api/paths';
import { policyRowOf, readPolicy, savePolicy, vendorSince } from '../account/policies';
import { captchaOnAnywhere, newChallenge } from '../captcha';
import { apiError, readBody } from '../context';
import { defineFamily, endpoint, publicEndpoint, signIn, userActor } from './endpoints';

const p = paths.securityPolicy;

/** Routes of the captcha policy and challenges, with the permission each requires. */
export const captchaEndpointsByName = {
  // Read by the login box before sign-in (Frontegg's path ends in /public): on when any account's is on.
  getCaptchaPolicy: publicEndpoint(p.getCaptchaPolicy, 'on when the vendor or any account has it on'),
  // Anyone may ask for work to do; counted against the sign-in budget like the other public sign-in calls.
  getCaptchaChallenge: signIn(publicEndpoint(p.getCaptchaChallenge, 'a fresh proof-of-work challenge')),
  getTenantCaptchaPolicy: endpoint(
    p.getTenantCaptchaPolicy,
    'fe.secure.read.securityPolicy',
    "the caller's tenant's policy in effect",
  ),
  saveCaptchaPolicy: endpoint(p.saveCaptchaPolicy, 'fe.secure.write.securityPolicy'),
} as const;

type Answer = AnswerOf<typeof cc.getCaptchaPolicy>;

export const captchaRoutes = defineFamily(captchaEndpointsByName, (on, e, services) => {
  const { vendorId } = services;

  /** The answer for the tenant's value in effect (its row, else the vendor's, else the default). */
  async function tenantView(tenantId: string): Promise<Answer> {
    const [value, row] = await Promise.all([
      readPolicy(services, tenantId, 'captcha'),
      policyRowOf(services, 'captcha', tenantId),
    ]);
    return { ...row, enabled: value.enabled, siteKey: '' };
  }

  on(e.getCaptchaPolicy, async (c) => {
    const [enabled, since] = await Promise.all([captchaOnAnywhere(services), vendorSince(services)]);
    return c.json({
      id: `${vendorId}:captcha`,
      enabled,
      siteKey: '',
      createdAt: since,
      updatedAt: since,
    } satisfies AnswerOf<typeof cc.getCaptchaPolicy>);
  });

  on(e.getCaptchaChallenge, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await newChallenge(services)) satisfies AnswerOf<typeof cc.getCaptchaChallenge>);
  });

  on(e.getTenantCaptchaPolicy, async (c) =>
    c.json((await tenantView(c.get('auth').tenantId)) satisfies AnswerOf<typeof cc.getTenantCaptchaPolicy>),
  );

  on(e.saveCaptchaPolicy, async (c) => {
    const body = await readBody(c, cc.saveCaptchaPolicy.body);
    const tenantId = c.get('auth').tenantId;
    // savePolicy writes the audit row (before and after).
    const result = await savePolicy(services, 'captcha', tenantId, body, userActor(c));
    if (!result.ok && 'notOverridable' in result)
      throw apiError(403, 'Your vendor does not let accounts change this policy');
    if (!result.ok) throw apiError(400, ...result.errors);
    return c.json((await tenantView(tenantId)) satisfies AnswerOf<typeof cc.saveCaptchaPolicy>);
  });
});
