// Security policy reads (the `securityPolicy` group of the paths table): the lockout, password-history and
// MFA policies in effect in the caller's tenant (its saved value, else the vendor's, else the default) and
// the vendor's, the vendor's global policy, password rules and password rotation (captcha: routes/captcha.ts).
// Each answers the Frontegg shape with the id and dates of the policy row it comes from. The saves stay in
// routes/account.ts.
import { exportSPKI, importJWK, type JWK } from 'jose';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { securityPolicyContracts as sp } from '../../shared/api/contracts/securityPolicy';
import { paths } from '../../shared/api/paths';
import { policyRowOf, readPolicy, readVendorPolicy, vendorSince, type PolicyKind } from '../account/policies';
import { vendorSettings } from '../account/vendorSettings';
import { passwordTestConfig } from '../signup/passwordPolicy';
import { endpoint, type Endpoint, defineFamily } from './endpoints';

const READ = 'fe.secure.read.securityPolicy';
const p = paths.securityPolicy;

/** Routes of the security policy reads, with the permission each requires. */
export const securityPolicyEndpointsByName = {
  getGlobalSecurityPolicy: endpoint(p.getGlobalSecurityPolicy, READ),
  getLockoutPolicy: endpoint(p.getLockoutPolicy, READ, "the caller's tenant's policy in effect"),
  getVendorLockoutPolicy: endpoint(p.getVendorLockoutPolicy, READ),
  getPasswordHistoryPolicy: endpoint(
    p.getPasswordHistoryPolicy,
    READ,
    "the caller's tenant's policy in effect",
  ),
  getVendorPasswordHistoryPolicy: endpoint(p.getVendorPasswordHistoryPolicy, READ),
  getMfaPolicy: endpoint(p.getMfaPolicy, READ, "the caller's tenant's policy in effect"),
  getVendorMfaPolicy: endpoint(p.getVendorMfaPolicy, READ),
  getPasswordRotationPolicy: endpoint(
    p.getPasswordRotationPolicy,
    READ,
    "the caller's tenant's policy in effect",
  ),
  getVendorPasswordRotationPolicy: endpoint(p.getVendorPasswordRotationPolicy, READ),
  // The password rules every password form applies: any signed-in user.
  getPasswordConfigPolicy: endpoint(
    p.getPasswordConfigPolicy,
    null,
    "the caller's tenant's password rules in effect",
  ),
} as const;

export const securityPolicyEndpoints: Endpoint[] = Object.values(securityPolicyEndpointsByName);

export const securityPolicyRoutes = defineFamily(securityPolicyEndpointsByName, (on, e, services) => {
  const { vendorId, config, tokens } = services;

  /** A policy in effect in the tenant (`tenantId`) or the vendor's (null), with its row's id and dates. */
  async function policyView<K extends PolicyKind>(kind: K, tenantId: string | null) {
    const [value, stored] = await Promise.all([
      tenantId ? readPolicy(services, tenantId, kind) : readVendorPolicy(services, kind),
      policyRowOf(services, kind, tenantId),
    ]);
    return { ...stored, ...value };
  }

  /** The newest signing key's public key, base64 SPKI (the PEM's body), as Frontegg answers `publicKey`. */
  async function publicKey(): Promise<string> {
    const keys = tokens.jwks().keys;
    const key = keys[keys.length - 1];
    if (!key) return '';
    const pem = await exportSPKI((await importJWK(key as JWK, 'RS256', { extractable: true })) as CryptoKey);
    return pem.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, '');
  }

  on(e.getGlobalSecurityPolicy, async (c) => {
    const [since, mfa] = await Promise.all([vendorSince(services), readVendorPolicy(services, 'mfa')]);
    return c.json({
      id: vendorId,
      createdAt: since,
      updatedAt: since,
      enforceMFAType: mfa.enforceMFAType,
      ...vendorSettings(config),
      publicKey: await publicKey(),
    } satisfies AnswerOf<typeof sp.getGlobalSecurityPolicy>);
  });

  const tenantOf = (c: { get(key: 'auth'): { tenantId: string } }) => c.get('auth').tenantId;

  on(e.getLockoutPolicy, async (c) =>
    c.json((await policyView('lockout', tenantOf(c))) satisfies AnswerOf<typeof sp.getLockoutPolicy>),
  );
  on(e.getVendorLockoutPolicy, async (c) =>
    c.json((await policyView('lockout', null)) satisfies AnswerOf<typeof sp.getVendorLockoutPolicy>),
  );
  on(e.getPasswordHistoryPolicy, async (c) =>
    c.json(
      (await policyView('passwordHistory', tenantOf(c))) satisfies AnswerOf<
        typeof sp.getPasswordHistoryPolicy
      >,
    ),
  );
  on(e.getVendorPasswordHistoryPolicy, async (c) =>
    c.json(
      (await policyView('passwordHistory', null)) satisfies AnswerOf<
        typeof sp.getVendorPasswordHistoryPolicy
      >,
    ),
  );
  on(e.getMfaPolicy, async (c) =>
    c.json((await policyView('mfa', tenantOf(c))) satisfies AnswerOf<typeof sp.getMfaPolicy>),
  );
  on(e.getVendorMfaPolicy, async (c) =>
    c.json((await policyView('mfa', null)) satisfies AnswerOf<typeof sp.getVendorMfaPolicy>),
  );

  // Password rotation (Frontegg's shape has no id or dates): the tenant's in effect, and the vendor's.
  on(e.getPasswordRotationPolicy, async (c) =>
    c.json(
      (await readPolicy(services, tenantOf(c), 'passwordRotation')) satisfies AnswerOf<
        typeof sp.getPasswordRotationPolicy
      >,
    ),
  );
  on(e.getVendorPasswordRotationPolicy, async (c) =>
    c.json(
      (await readVendorPolicy(services, 'passwordRotation')) satisfies AnswerOf<
        typeof sp.getVendorPasswordRotationPolicy
      >,
    ),
  );

  // The rules every password form of the caller's account applies (signup/passwordPolicy.ts), as TestConfig.
  on(e.getPasswordConfigPolicy, async (c) =>
    c.json(
      passwordTestConfig(await readPolicy(services, tenantOf(c), 'passwordConfig')) satisfies AnswerOf<
        typeof sp.getPasswordConfigPolicy
      >,
    ),
  );
});
