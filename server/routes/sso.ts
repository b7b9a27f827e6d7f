import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Context } from 'hono';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { ssoContracts as ssc } from '../../shared/api/contracts/sso';
import { paths } from '../../shared/api/paths';
import { EMAIL_DOMAIN_REFUSED } from '../../shared/api/contracts/sso';
import { ssoPaths } from '../../shared/api/sso';
import { issueChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { roles, ssoConfigurations, ssoDomains, tenants } from '../db/schema';
import { applySsoGrants } from '../sso/groupMapping';
import { addressesOf, insertSsoConfiguration } from '../sso/store';
import {
  bindingMatches,
  callbackRedirect,
  issueLoginCode,
  EXTERNAL_AMR,
  exchangeLoginCode,
  SSO_FAILED,
  startBinding,
  STATE_TTL_MS,
  takeState,
} from '../sso/handoff';

export { EXTERNAL_AMR, SSO_FAILED };
import { enterSsoTenant, resolveExternalUser, type ExternalProfile } from '../sso/identities';
import { discover, oidcClientConfig } from '../sso/oidc';
import { oidcRedirect, oidcReturn } from '../sso/oidcFlow';
import {
  claimedIssuer,
  firstUseOfAssertion,
  newRequestId,
  samlAuthorizeUrl,
  samlIdpConfig,
  samlSpMetadata,
  validateSamlResponse,
  type SamlIdentity,
} from '../sso/saml';
import { devEndpoint, defineFamily, publicEndpoint, signIn, publicEndpoints } from './endpoints';

const startQuery = z.object({ configurationId: z.string().min(1).max(100) });

/** Configurations an IdP-initiated assertion is tried against (one IdP's metadata imported by several accounts). */
const MAX_IDP_CANDIDATES = 5;

type SsoConfiguration = typeof ssoConfigurations.$inferSelect;

export const ssoEndpointsByName = {
  ...signIn(publicEndpoints(ssoPaths, 'ssoStart', 'oidcCallback', 'samlAcs', 'samlMetadata')),
  ...signIn(publicEndpoints(paths.auth, 'oidcPostLogin', 'oidcPostLoginV2', 'postLogin')),
  getSSOPublicConfiguration: publicEndpoint(paths.auth.getSSOPublicConfiguration),
} as const;

/**
 * SSO sign-in (LOGIN-007 server side, ROUTE-013/014): the start address pre-login answers, the OIDC relying
 * party (openid-client: discovery, code flow with PKCE S256, state and nonce) and SAML service provider
 * (node-saml: signed assertion, issuer, audience, recipient, InResponseTo, time window, replay), SP- and
 * IdP-initiated, the one-time login code the login box's callback route exchanges, and the public SSO
 * configuration. Every SSO sign-in re-applies the configuration's default roles and group mappings (SSO-008).
 *
 * A session opened here has amr ['ext']: the first factor was proved at an external IdP, whose own amr is
 * not trusted for step-up (RFC 8176 has no federated value; 'ext' names none of pwd/otp/sms/hwk/mfa).
 */
export const ssoRoutes = defineFamily(ssoEndpointsByName, (on, e, services) => {
  const { db, config, vendorId } = services;
  const sessions = createSessionIssuer(services);
  const { oidcRedirectUri, sp } = addressesOf(config.publicUrl);

  const loadConfiguration = async (id: string): Promise<SsoConfiguration | null> => {
    const [row] = await db
      .select({ sso: ssoConfigurations })
      .from(ssoConfigurations)
      .innerJoin(tenants, eq(tenants.id, ssoConfigurations.tenantId))
      .where(and(eq(ssoConfigurations.id, id), eq(tenants.vendorId, vendorId)));
    return row?.sso.enabled ? row.sso : null;
  };

  const failed = async (
    c: Context<AppEnv>,
    kind: 'oidc' | 'saml',
    reason: string,
    tenantId?: string | null,
  ) => {
    await c.var.audit({
      tenantId,
      action: 'User login failed',
      severity: 'Medium',
      json: { method: `sso-${kind}`, reason },
    });
    return c.redirect(
      callbackRedirect(services, kind === 'oidc' ? 'oidcRedirectUrl' : 'samlCallbackUrl', {
        // The email-domain restrictions' refusal is named: the login box says so (the rest is one error).
        error: reason === 'email-domain' ? EMAIL_DOMAIN_REFUSED : 'login_failed',
      }),
    );
  };

  // The SSO address of pre-login: a page navigation that leaves for the tenant's identity provider.
  on(e.ssoStart, async (c) => {
    const query = startQuery.safeParse(c.req.query());
    const sso = query.success ? await loadConfiguration(query.data.configurationId) : null;
    if (!sso) return failed(c, 'oidc', 'unknown configuration');
    const binding = startBinding(c);
    if (sso.kind === 'oidc') {
      const provider = oidcClientConfig.safeParse(sso.config);
      if (!provider.success) return failed(c, 'oidc', 'bad configuration', sso.tenantId);
      const configuration = await discover(config, provider.data).catch(() => null);
      if (!configuration) return failed(c, 'oidc', 'discovery failed', sso.tenantId);
      const url = await oidcRedirect(services, configuration, provider.data, {
        redirectUri: oidcRedirectUri,
        tenantId: sso.tenantId,
        data: { configurationId: sso.id, kind: 'oidc', binding },
      });
      return c.redirect(url.href);
    }
    const idp = samlIdpConfig.safeParse(sso.config);
    if (!idp.success) return failed(c, 'saml', 'bad configuration', sso.tenantId);
    const requestId = newRequestId();
    const { token } = await issueChallenge(db, {
      kind: 'sso-state',
      tenantId: sso.tenantId,
      ttlMs: STATE_TTL_MS,
      data: { configurationId: sso.id, kind: 'saml', binding, requestId, issuedAt: Date.now() },
    });
    return c.redirect(await samlAuthorizeUrl(idp.data, sp, token, requestId));
  });

  /** The user of a proved external identity, signed into the configuration's tenant, as a login code. */
  const completeSso = async (
    c: Context<AppEnv>,
    kind: 'oidc' | 'saml',
    binding: string,
    sso: SsoConfiguration,
    identity: Omit<ExternalProfile, 'provider' | 'userProvider'> & { groups: string[] },
  ) => {
    const who = caller(c);
    // A configuration signs in only the users of the email domains it validated: an account's IdP is trusted
    // for its own domains, never for another account's users (whatever email_verified it asserts). Within
    // them, an OIDC provider's email_verified false still never links an existing account.
    if (!(await vouchedDomain(db, sso.id, identity.email)))
      return failed(c, kind, 'email domain not validated by the configuration', sso.tenantId);
    const resolved = await resolveExternalUser(
      services,
      {
        ...identity,
        provider: `sso:${sso.id}`,
        userProvider: kind === 'saml' ? 'saml' : 'oidc',
      },
      { tenantId: sso.tenantId, roleIds: stringList(sso.defaultRoleIds) },
      who,
    );
    if (!resolved.ok) return failed(c, kind, resolved.reason, sso.tenantId);
    const entered = await enterSsoTenant(
      services,
      resolved.user.id,
      sso.tenantId,
      stringList(sso.defaultRoleIds),
    );
    if (entered !== 'entered')
      return failed(
        c,
        kind,
        entered === 'disabled' ? 'disabled in the tenant' : 'email-domain',
        sso.tenantId,
      );
    // SSO-008: default roles and the group mappings, from what the IdP says at this sign-in.
    const changes = await applySsoGrants(services, sso, resolved.user.id, identity.groups);
    if (
      changes.rolesAdded.length ||
      changes.rolesRemoved.length ||
      changes.groupsJoined.length ||
      changes.groupsLeft.length
    )
      await c.var.audit({
        tenantId: sso.tenantId,
        userId: resolved.user.id,
        email: resolved.user.email,
        action: 'SSO roles and groups applied at sign-in',
        json: { configurationId: sso.id, method: `sso-${kind}`, ...changes },
      });
    const code = await issueLoginCode(services, resolved.user.id, sso.tenantId, {
      via: kind,
      method: `sso-${kind}`,
      binding,
    });
    return c.redirect(
      callbackRedirect(services, kind === 'oidc' ? 'oidcRedirectUrl' : 'samlCallbackUrl', { code }),
    );
  };

  // The OIDC redirect_uri: state (once, this browser), then the code exchange and ID token checks.
  on(e.oidcCallback, async (c) => {
    const state = await takeState(services, c.req.query('state'));
    const data = (state?.data ?? {}) as Record<string, unknown>;
    if (!state || data.kind !== 'oidc') return failed(c, 'oidc', 'unknown or replayed state');
    if (!bindingMatches(c, data.binding)) return failed(c, 'oidc', 'another browser', state.tenantId);
    const sso = await loadConfiguration(String(data.configurationId));
    const provider = oidcClientConfig.safeParse(sso?.config);
    if (!sso || !provider.success) return failed(c, 'oidc', 'configuration gone', state.tenantId);
    if (c.req.query('error')) return failed(c, 'oidc', 'refused by the provider', sso.tenantId);
    const proved = await oidcReturn(config, provider.data, oidcRedirectUri, c, data, {
      groupsClaim: sso.groupsClaim,
    });
    if (!proved.ok) return failed(c, 'oidc', proved.reason, sso.tenantId);
    return completeSso(c, 'oidc', String(data.binding ?? ''), sso, proved.identity);
  });

  // The SAML assertion consumer service (HTTP-POST binding). SP-initiated: RelayState is the state challenge's
  // token (once, this browser). IdP-initiated: no state of ours; the configuration is the one whose IdP issued it.
  on(e.samlAcs, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const relayState = typeof form.RelayState === 'string' ? form.RelayState : undefined;
    const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : undefined;
    if (!samlResponse) return failed(c, 'saml', 'no SAMLResponse');
    const state = await takeState(services, relayState);
    if (!state) return idpInitiated(c, samlResponse);
    const data = (state.data ?? {}) as Record<string, unknown>;
    if (data.kind !== 'saml') return failed(c, 'saml', 'unknown or replayed RelayState');
    if (!bindingMatches(c, data.binding)) return failed(c, 'saml', 'another browser', state.tenantId);
    const sso = await loadConfiguration(String(data.configurationId));
    if (!sso || sso.kind !== 'saml') return failed(c, 'saml', 'configuration gone', state.tenantId);
    return consumeAssertion(c, sso, samlResponse, String(data.binding), {
      id: String(data.requestId),
      issuedAt: Number(data.issuedAt),
    });
  });

  /**
   * IdP-initiated SAML (an unsolicited response, with no RelayState of ours): the one enabled SAML configuration
   * of this vendor whose IdP entity id is the response's Issuer validates it (none or several: refused), with no
   * InResponseTo allowed. Nothing binds it to a browser beforehand (the user never passed here), so the ACS binds
   * the login code to the browser that posted the assertion now; the assertion is accepted once (replay store),
   * the login code is one-time and lives 60 s.
   */
  const idpInitiated = async (c: Context<AppEnv>, samlResponse: string) => {
    const issuer = claimedIssuer(samlResponse);
    if (!issuer) return failed(c, 'saml', 'unsolicited response without an Issuer');
    // Only configurations with a validated domain sign anyone in; IdP metadata is public, so several accounts may
    // have imported this IdP's: the assertion is for the one that validated the user's email domain.
    const rows = await db
      .select({ sso: ssoConfigurations })
      .from(ssoConfigurations)
      .innerJoin(tenants, eq(tenants.id, ssoConfigurations.tenantId))
      .where(
        and(
          eq(tenants.vendorId, vendorId),
          isNull(tenants.deletedAt),
          eq(ssoConfigurations.enabled, true),
          eq(ssoConfigurations.kind, 'saml'),
          sql`${ssoConfigurations.config}->>'idpIssuer' = ${issuer}`,
          sql`exists (select 1 from ${ssoDomains} where ${ssoDomains.configurationId} = ${ssoConfigurations.id} and ${ssoDomains.validated})`,
        ),
      )
      .limit(MAX_IDP_CANDIDATES);
    if (!rows.length) return failed(c, 'saml', 'unknown IdP issuer');
    let lastError = "no configuration of this IdP validated the user's domain";
    for (const { sso } of rows) {
      const checked = await validated(sso, samlResponse, null);
      if (!checked.ok) {
        lastError = checked.reason;
        continue;
      }
      if (await vouchedDomain(db, sso.id, checked.identity.email))
        return takeAndComplete(c, sso, checked.identity, startBinding(c));
    }
    return failed(c, 'saml', lastError, rows.length === 1 ? rows[0]!.sso.tenantId : null);
  };

  /** An assertion checked against a configuration's IdP (signature, issuer, audience, recipient, window). */
  const validated = async (
    sso: SsoConfiguration,
    samlResponse: string,
    request: { id: string; issuedAt: number } | null,
  ): Promise<{ ok: true; identity: SamlIdentity } | { ok: false; reason: string }> => {
    const idp = samlIdpConfig.safeParse(sso.config);
    if (!idp.success) return { ok: false, reason: 'bad configuration' };
    try {
      const identity = await validateSamlResponse(idp.data, sp, request, samlResponse, {
        groupsAttribute: sso.groupsClaim,
      });
      return { ok: true, identity };
    } catch (error) {
      return { ok: false, reason: `assertion: ${(error as Error).message}`.slice(0, 200) };
    }
  };

  /** Validates an assertion for a configuration, takes it once, and signs its user in. */
  const consumeAssertion = async (
    c: Context<AppEnv>,
    sso: SsoConfiguration,
    samlResponse: string,
    binding: string,
    request: { id: string; issuedAt: number } | null,
  ) => {
    const checked = await validated(sso, samlResponse, request);
    if (!checked.ok) return failed(c, 'saml', checked.reason, sso.tenantId);
    return takeAndComplete(c, sso, checked.identity, binding);
  };

  /** A validated assertion, taken once (the replay store), then its user signed in. */
  const takeAndComplete = async (
    c: Context<AppEnv>,
    sso: SsoConfiguration,
    identity: SamlIdentity,
    binding: string,
  ) => {
    // Replay: each assertion once (the only guard of IdP-initiated ones; defence in depth for the others).
    if (!(await firstUseOfAssertion(db, identity.assertion)))
      return failed(c, 'saml', 'assertion: replayed', sso.tenantId);
    return completeSso(c, 'saml', binding, sso, {
      subject: identity.subject,
      email: identity.email,
      name: identity.name,
      groups: identity.groups,
      // SAML has no email_verified: an address in a domain this configuration validated (checked by
      // completeSso) is vouched for.
      emailVerified: true,
    });
  };

  on(e.samlMetadata, (c) =>
    c.body(samlSpMetadata(sp), 200, { 'content-type': 'application/samlmetadata+xml' }),
  );

  // Post-login of the login box's OIDC and SAML callback routes: the one-time code for a session.
  const postLogin = (via: 'oidc' | 'saml') => async (c: Context) => {
    const { code } = await readBody(c, ssc.oidcPostLogin.body);
    return c.json(await exchangeLoginCode(services, sessions, c, code, via));
  };
  on(e.oidcPostLogin, postLogin('oidc'));
  on(e.oidcPostLoginV2, postLogin('oidc'));
  on(e.postLogin, postLogin('saml'));

  // Whether SSO is offered at all (no configuration detail: domains and IdPs stay private).
  on(e.getSSOPublicConfiguration, async (c) => {
    const rows = await db
      .select({ id: ssoConfigurations.id })
      .from(ssoConfigurations)
      .innerJoin(tenants, eq(tenants.id, ssoConfigurations.tenantId))
      .where(and(eq(tenants.vendorId, vendorId), eq(ssoConfigurations.enabled, true)))
      .limit(1);
    return c.json({ isActive: rows.length > 0 } satisfies AnswerOf<typeof ssc.getSSOPublicConfiguration>);
  });
});

/** Whether the email's domain is one the configuration validated (the IdP is then trusted for the address). */
async function vouchedDomain(db: Services['db'], configurationId: string, email: string | null) {
  const domain = email?.split('@')[1]?.toLowerCase();
  if (!domain) return false;
  const rows = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.configurationId, configurationId),
        eq(ssoDomains.domain, domain),
        eq(ssoDomains.validated, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const devSsoBody = z.object({
  /** The tenant (id or name); the demo tenant when absent. */
  tenant: z.string().min(1).max(200).optional(),
  kind: z.enum(['oidc', 'saml']),
  domains: z.array(z.string().trim().toLowerCase().min(1).max(253)).max(20).default([]),
  config: z.union([oidcClientConfig, samlIdpConfig]),
  defaultRoleKeys: z.array(z.string().min(1).max(100)).max(20).default([]),
});

export const ssoDevEndpointsByName = {
  registerConfiguration: devEndpoint({ method: 'POST', path: '/dev/sso-configurations' }, 'a local IdP'),
} as const;

/**
 * Dev only (DEV_ROUTES=1): registers an SSO configuration, so a local identity provider
 * (e2e tests, a demo) can be used against `npm start`. POST /dev/sso-configurations
 * `{ kind, domains, config, tenant?, defaultRoleKeys? }` → `{ id, tenantId, startUrl, redirectUri, sp }`.
 */
export const ssoDevRoutes = defineFamily(ssoDevEndpointsByName, (on, e, { db, vendorId, config }) => {
  const endpoints = addressesOf(config.publicUrl);
  on(e.registerConfiguration, async (c) => {
    const body = await readBody(c, devSsoBody);
    const all = await db.select().from(tenants).where(eq(tenants.vendorId, vendorId));
    const tenant = body.tenant
      ? all.find((t) => t.id === body.tenant || t.name === body.tenant)
      : all.find((t) => t.parentId === null);
    if (!tenant) throw apiError(404, 'No such tenant');
    const roleRows = body.defaultRoleKeys.length
      ? (await db.select().from(roles).where(eq(roles.vendorId, vendorId))).filter((r) =>
          body.defaultRoleKeys.includes(r.key),
        )
      : [];
    const id = await insertSsoConfiguration(db, {
      tenantId: tenant.id,
      kind: body.kind,
      config: body.config,
      defaultRoleIds: roleRows.map((r) => r.id),
      validatedDomains: body.domains,
    });
    return c.json({
      id,
      tenantId: tenant.id,
      startUrl: `${config.publicUrl}${ssoPaths.ssoStart.path}?configurationId=${id}`,
      redirectUri: endpoints.oidcRedirectUri,
      sp: endpoints.sp,
    });
  });
});
