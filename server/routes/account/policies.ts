// The tenant's session configuration, and the saves of its lockout, password-history, MFA, password-rules and
// password-rotation policies (the reads of those are in routes/securityPolicy.ts).
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AnswerOf } from '../../../shared/api/contracts/contract';
import { securityPolicyContracts as sp } from '../../../shared/api/contracts/securityPolicy';
import { sessionsContracts } from '../../../shared/api/contracts/sessions';
import { paths } from '../../../shared/api/paths';
import {
  policyPatchSchemas,
  readPolicy,
  savePolicy,
  type PolicyKind,
  type PolicyPatch,
} from '../../account/policies';
import { apiError, readBody, type AppEnv, type Services } from '../../context';
import { passwordTestConfig } from '../../signup/passwordPolicy';
import { endpoint, defineFamily, userActor as actor, userEndpoint } from '../endpoints';

const WRITE_POLICY = 'fe.secure.write.securityPolicy';

/** The tenant's session configuration and security policy saves (POST and PATCH alike). */
export const accountPoliciesEndpointsByName = {
  getSessionConfigurations: userEndpoint(paths.auth.getSessionConfigurations),
  createOrUpdateSessionConfigrations: endpoint(paths.auth.createOrUpdateSessionConfigrations, WRITE_POLICY),
  saveLockoutPolicy: endpoint(paths.securityPolicy.saveLockoutPolicy, WRITE_POLICY),
  saveLockoutPolicyPatch: {
    ...endpoint(paths.securityPolicy.saveLockoutPolicy, WRITE_POLICY),
    method: 'PATCH',
  },
  savePasswordHistoryPolicy: endpoint(paths.securityPolicy.savePasswordHistoryPolicy, WRITE_POLICY),
  savePasswordHistoryPolicyPatch: {
    ...endpoint(paths.securityPolicy.savePasswordHistoryPolicy, WRITE_POLICY),
    method: 'PATCH',
  },
  saveMfaPolicy: endpoint(paths.securityPolicy.saveMfaPolicy, WRITE_POLICY),
  savePasswordConfigPolicy: endpoint(paths.securityPolicy.savePasswordConfigPolicy, WRITE_POLICY),
  savePasswordRotationPolicy: endpoint(paths.securityPolicy.savePasswordRotationPolicy, WRITE_POLICY),
  saveMfaPolicyPatch: { ...endpoint(paths.securityPolicy.saveMfaPolicy, WRITE_POLICY), method: 'PATCH' },
} as const;

export const accountPoliciesRoutes = defineFamily(accountPoliciesEndpointsByName, (on, e, services) => {
  on(e.getSessionConfigurations, async (c) => {
    const answer = await readPolicy(services, c.get('auth').tenantId, 'session');
    return c.json(answer satisfies AnswerOf<typeof sessionsContracts.getSessionConfigurations>);
  });

  on(e.createOrUpdateSessionConfigrations, async (c) => {
    const answer = await save(
      c,
      services,
      'session',
      sessionsContracts.createOrUpdateSessionConfigrations.body,
    );
    return c.json(answer satisfies AnswerOf<typeof sessionsContracts.createOrUpdateSessionConfigrations>);
  });

  const saves = [
    [e.saveLockoutPolicy, e.saveLockoutPolicyPatch, 'lockout'],
    [e.savePasswordHistoryPolicy, e.savePasswordHistoryPolicyPatch, 'passwordHistory'],
    [e.saveMfaPolicy, e.saveMfaPolicyPatch, 'mfa'],
  ] as const;
  for (const [post, patch, kind] of saves)
    for (const entry of [post, patch]) on(entry, async (c) => c.json(await save(c, services, kind)));

  // Password rules: saved flat, answered as the TestConfig the read answers.
  on(e.savePasswordConfigPolicy, async (c) => {
    const saved = await save(c, services, 'passwordConfig', sp.savePasswordConfigPolicy.body);
    return c.json(passwordTestConfig(saved) satisfies AnswerOf<typeof sp.savePasswordConfigPolicy>);
  });
  on(e.savePasswordRotationPolicy, async (c) => {
    const saved = await save(c, services, 'passwordRotation', sp.savePasswordRotationPolicy.body);
    return c.json(saved satisfies AnswerOf<typeof sp.savePasswordRotationPolicy>);
  });
});

/** Saves the caller's tenant's policy from the request body (the table checked the permission). */
async function save<K extends PolicyKind>(
  c: Context<AppEnv>,
  services: Services,
  kind: K,
  body: z.ZodType<PolicyPatch<K>> = policyPatchSchemas[kind] as unknown as z.ZodType<PolicyPatch<K>>,
) {
  const patch = await readBody(c, body);
  const result = await savePolicy(services, kind, c.get('auth').tenantId, patch, actor(c));
  if (!result.ok && 'notOverridable' in result)
    throw apiError(403, 'Your vendor does not let accounts change this policy');
  if (!result.ok) throw apiError(400, ...result.errors);
  return result.value;
}
