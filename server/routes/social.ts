import { and, eq } from 'drizzle-orm';
import { type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { socialContracts as sc, socialProvider } from '../../shared/api/contracts/social';
import { paths } from '../../shared/api/paths';
import { EMAIL_DOMAIN_REFUSED } from '../../shared/api/contracts/sso';
import { ssoPaths } from '../../shared/api/sso';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody, type AppEnv } from '../context';
import { socialProviders } from '../db/schema';
import {
  bindingMatches,
  callbackRedirect,
  issueLoginCode,
  exchangeLoginCode,
  SSO_FAILED,
  startBinding,
  takeState,
} from '../sso/handoff';
import { resolveExternalUser } from '../sso/identities';
import { discover, oidcClientConfig } from '../sso/oidc';
import { oidcRedirect, oidcReturn } from '../sso/oidcFlow';
import { devEndpoint, defineFamily, publicEndpoint, signIn, publicEndpoints } from './endpoints';

/** Provider names: the social providers of the wire (ENUM-038); anything else is no provider (''). */
const providerName = socialProvider.or(z.literal('')).catch('');

export const socialEndpointsByName = {
  ...publicEndpoints(paths.auth, 'getSocialLoginProviders', 'getSocialLoginProvidersV2'),
  ...signIn(publicEndpoints(ssoPaths, 'socialStart', 'socialCallback')),
  loginViaSocialLogin: signIn(publicEndpoint(paths.auth.loginViaSocialLogin)),
} as const;

/** The provider's return address on this server (the redirect URI registered at the provider). */
const callbackAddress = (publicUrl: string, provider: string) =>
  `${publicUrl}${ssoPaths.socialCallback.path.replace('{provider}', provider)}`;

/**
 * Social login (LOGIN-021 server side, ROUTE-011): the vendor's OAuth/OIDC providers (`social_providers`),
 * listed without secrets; a start address per provider (code flow with PKCE S256, state and nonce); the
 * provider's return address (code exchange, ID token checks, user found, linked or created — never linked to
 * an existing account by an email the provider does not mark verified); and the post-login of the login box's
 * social callback route. Providers must support OIDC discovery.
 */
export const socialRoutes = defineFamily(socialEndpointsByName, (on, e, services) => {
  const { db, config, vendorId } = services;
  const sessions = createSessionIssuer(services);
  const redirectUri = (provider: string) => callbackAddress(config.publicUrl, provider);
  const isEnabled = and(eq(socialProviders.vendorId, vendorId), eq(socialProviders.enabled, true));

  /** This vendor's enabled providers: all of them, or the one named. */
  const enabledProviders = (name?: string) =>
    db
      .select()
      .from(socialProviders)
      .where(and(isEnabled, name === undefined ? undefined : eq(socialProviders.provider, name)));

  const loadProvider = async (name: string) => {
    if (!name) return null;
    const [row] = await enabledProviders(name);
    const parsed = oidcClientConfig.safeParse(row?.config);
    return row && parsed.success ? { name: row.provider, client: parsed.data } : null;
  };

  const list = async (c: Context) => {
    const rows = await enabledProviders();
    const answer = rows.flatMap((r) => {
      const type = socialProvider.safeParse(r.provider);
      const client = oidcClientConfig.safeParse(r.config);
      if (!type.success || !client.success) return [];
      return [
        {
          type: type.data,
          active: true,
          clientId: client.data.clientId,
          redirectUrl: redirectUri(type.data),
          authorizationUrl: `${config.publicUrl}${ssoPaths.socialStart.path.replace('{provider}', type.data)}`,
          customised: true,
          additionalScopes: client.data.scopes ?? [],
        },
      ];
    });
    return c.json(answer satisfies AnswerOf<typeof sc.getSocialLoginProvidersV2>);
  };
  on(e.getSocialLoginProviders, list);
  on(e.getSocialLoginProvidersV2, list);

  const failed = async (c: Context<AppEnv>, provider: string, reason: string) => {
    await c.var.audit({
      action: 'User login failed',
      severity: 'Medium',
      json: { method: `social-${provider}`, reason },
    });
    return c.redirect(
      callbackRedirect(services, 'socialLoginCallbackUrl', {
        // The email-domain restrictions' refusal is named: the login box says so (the rest is one error).
        error: reason === 'email-domain' ? EMAIL_DOMAIN_REFUSED : 'login_failed',
        ...(provider ? { provider } : {}),
      }),
    );
  };

  on(e.socialStart, async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const provider = await loadProvider(name);
    if (!provider) return failed(c, name, 'unknown provider');
    const configuration = await discover(config, provider.client).catch(() => null);
    if (!configuration) return failed(c, name, 'discovery failed');
    const binding = startBinding(c);
    const url = await oidcRedirect(services, configuration, provider.client, {
      redirectUri: redirectUri(name),
      data: { kind: 'social', provider: name, binding },
    });
    return c.redirect(url.href);
  });

  on(e.socialCallback, async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const state = await takeState(services, c.req.query('state'));
    const data = (state?.data ?? {}) as Record<string, unknown>;
    if (!state || data.kind !== 'social' || data.provider !== name)
      return failed(c, name, 'unknown or replayed state');
    if (!bindingMatches(c, data.binding)) return failed(c, name, 'another browser');
    const provider = await loadProvider(name);
    if (!provider) return failed(c, name, 'provider gone');
    if (c.req.query('error')) return failed(c, name, 'refused by the provider');
    const proved = await oidcReturn(config, provider.client, redirectUri(name), c, data);
    if (!proved.ok) return failed(c, name, proved.reason);
    const resolved = await resolveExternalUser(
      services,
      { ...proved.identity, provider: `social:${name}`, userProvider: name },
      { ownTenant: true },
      caller(c),
    );
    if (!resolved.ok) return failed(c, name, resolved.reason);
    const code = await issueLoginCode(services, resolved.user.id, resolved.user.activeTenantId, {
      via: `social:${name}`,
      method: `social-${name}`,
      binding: String(data.binding),
    });
    return c.redirect(callbackRedirect(services, 'socialLoginCallbackUrl', { code, provider: name }));
  });

  on(e.loginViaSocialLogin, async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const { code } = await readBody(c, sc.loginViaSocialLogin.body);
    if (!name) throw apiError(401, SSO_FAILED);
    return c.json(await exchangeLoginCode(services, sessions, c, code, `social:${name}`));
  });
});

export const socialDevEndpointsByName = {
  registerProvider: devEndpoint({ method: 'POST', path: '/dev/social-providers' }, 'a local OIDC provider'),
} as const;

/**
 * Dev only (DEV_ROUTES=1): registers or replaces a social provider, so a local OIDC
 * provider can stand in for google, github, ... against `npm start`.
 * POST /dev/social-providers `{ provider, config: { issuer, clientId, clientSecret } }` → `{ redirectUri }`.
 */
export const socialDevRoutes = defineFamily(socialDevEndpointsByName, (on, e, { db, config, vendorId }) => {
  on(e.registerProvider, async (c) => {
    const body = await readBody(c, z.object({ provider: socialProvider, config: oidcClientConfig }));
    await db
      .insert(socialProviders)
      .values({ id: randomUUID(), vendorId, provider: body.provider, config: body.config })
      .onConflictDoUpdate({
        target: [socialProviders.vendorId, socialProviders.provider],
        set: { config: body.config, enabled: true },
      });
    return c.json({ provider: body.provider, redirectUri: callbackAddress(config.publicUrl, body.provider) });
  });
});
