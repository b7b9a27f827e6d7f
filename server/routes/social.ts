import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { socialContracts as sc, socialProvider } from '../../shared/api/contracts/social';
import { paths } from '../../shared/api/paths';
import { ssoPaths } from '../../shared/api/sso';
import { route } from '../account/guards';
import { writeAudit } from '../audit';
import { issueChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { authChallenges, socialProviders } from '../db/schema';
import {
  bindingMatches,
  callbackRedirect,
  issueLoginCode,
  exchangeLoginCode,
  SSO_FAILED,
  startBinding,
  STATE_TTL_MS,
  takeState,
} from '../sso/handoff';
import { resolveExternalUser } from '../sso/identities';
import { authorizationUrl, discover, exchangeCode, oidcClientConfig } from '../sso/oidc';

/** Provider names: the social providers of the wire (ENUM-038); anything else is no provider (''). */
const providerName = socialProvider.or(z.literal('')).catch('');

/**
 * Social login (LOGIN-021 server side, ROUTE-011): the vendor's OAuth/OIDC providers (`social_providers`),
 * listed without secrets; a start address per provider (code flow with PKCE S256, state and nonce); the
 * provider's return address (code exchange, ID token checks, user found, linked or created — never linked to
 * an existing account by an email the provider does not mark verified); and the post-login of the login box's
 * social callback route. Providers must support OIDC discovery.
 */
export function socialRoutes(services: Services): Hono<AppEnv> {
  const { db, config, vendorId } = services;
  const app = new Hono<AppEnv>();
  const sessions = createSessionIssuer(services);
  const redirectUri = (provider: string) =>
    `${config.publicUrl}${ssoPaths.socialCallback.path.replace('{provider}', provider)}`;

  const enabledProviders = () =>
    db
      .select()
      .from(socialProviders)
      .where(and(eq(socialProviders.vendorId, vendorId), eq(socialProviders.enabled, true)));

  const loadProvider = async (name: string) => {
    if (!name) return null;
    const [row] = await db
      .select()
      .from(socialProviders)
      .where(
        and(
          eq(socialProviders.vendorId, vendorId),
          eq(socialProviders.provider, name),
          eq(socialProviders.enabled, true),
        ),
      );
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
  app.get(paths.auth.getSocialLoginProviders.path, list);
  app.get(paths.auth.getSocialLoginProvidersV2.path, list);

  const failed = async (c: Context, provider: string, reason: string) => {
    await writeAudit(db, {
      vendorId,
      action: 'User login failed',
      severity: 'Medium',
      json: { method: `social-${provider}`, reason },
      ...caller(c),
    });
    return c.redirect(
      callbackRedirect(services, 'socialLoginCallbackUrl', {
        error: 'login_failed',
        ...(provider ? { provider } : {}),
      }),
    );
  };

  app.get(route(ssoPaths.socialStart.path), async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const provider = await loadProvider(name);
    if (!provider) return failed(c, name, 'unknown provider');
    const configuration = await discover(config, provider.client).catch(() => null);
    if (!configuration) return failed(c, name, 'discovery failed');
    const binding = startBinding(c);
    const { id, token } = await issueChallenge(db, { kind: 'sso-state', ttlMs: STATE_TTL_MS });
    const { url, secrets } = await authorizationUrl(configuration, {
      redirectUri: redirectUri(name),
      state: token,
      scopes: provider.client.scopes,
    });
    await db
      .update(authChallenges)
      .set({ data: { kind: 'social', provider: name, binding, ...secrets } })
      .where(eq(authChallenges.id, id));
    return c.redirect(url.href);
  });

  app.get(route(ssoPaths.socialCallback.path), async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const state = await takeState(services, c.req.query('state'));
    const data = (state?.data ?? {}) as Record<string, unknown>;
    if (!state || data.kind !== 'social' || data.provider !== name)
      return failed(c, name, 'unknown or replayed state');
    if (!bindingMatches(c, data.binding)) return failed(c, name, 'another browser');
    const provider = await loadProvider(name);
    if (!provider) return failed(c, name, 'provider gone');
    if (c.req.query('error')) return failed(c, name, 'refused by the provider');
    const callbackUrl = new URL(redirectUri(name));
    callbackUrl.search = new URL(c.req.url).search;
    let identity;
    try {
      identity = await exchangeCode(await discover(config, provider.client), callbackUrl, {
        state: c.req.query('state')!,
        codeVerifier: String(data.codeVerifier),
        nonce: String(data.nonce),
      });
    } catch (error) {
      return failed(c, name, `code exchange: ${(error as Error).message}`.slice(0, 200));
    }
    const resolved = await resolveExternalUser(
      services,
      { ...identity, provider: `social:${name}`, userProvider: name },
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

  app.post(route(paths.auth.loginViaSocialLogin.path), async (c) => {
    const name = providerName.parse(c.req.param('provider'));
    const { code } = await readBody(c, sc.loginViaSocialLogin.body);
    if (!name) throw apiError(401, SSO_FAILED);
    return c.json(await exchangeLoginCode(services, sessions, c, code, `social:${name}`));
  });

  if (config.devRoutes) {
    /**
     * Dev only (mounted only with DEV_ROUTES=1): registers or replaces a social provider, so a local OIDC
     * provider can stand in for google, github, ... against `npm start`.
     * POST /dev/social-providers `{ provider, config: { issuer, clientId, clientSecret } }` → `{ redirectUri }`.
     */
    app.post('/dev/social-providers', async (c) => {
      const body = await readBody(c, z.object({ provider: socialProvider, config: oidcClientConfig }));
      await db
        .insert(socialProviders)
        .values({ id: randomUUID(), vendorId, provider: body.provider, config: body.config })
        .onConflictDoUpdate({
          target: [socialProviders.vendorId, socialProviders.provider],
          set: { config: body.config, enabled: true },
        });
      return c.json({ provider: body.provider, redirectUri: redirectUri(body.provider) });
    });
  }
  return app;
}
