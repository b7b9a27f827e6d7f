// The two legs of an OIDC code flow the server runs as relying party (SSO configurations and social
// providers alike): the redirect to the provider, and the code exchange on its return.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type * as client from 'openid-client';
import { issueChallenge } from '../auth/challenges';
import type { ServerConfig } from '../config';
import type { Services } from '../context';
import { authChallenges } from '../db/schema';
import { STATE_TTL_MS } from './handoff';
import { authorizationUrl, discover, exchangeCode, type OidcClientConfig, type OidcIdentity } from './oidc';

/**
 * The provider's authorization URL. The state is a new state challenge's own token; its data (`data` and the
 * flow's PKCE secrets) is filled once the secrets exist.
 */
export async function oidcRedirect(
  { db }: Pick<Services, 'db'>,
  configuration: client.Configuration,
  provider: OidcClientConfig,
  flow: { redirectUri: string; tenantId?: string | null; data: Record<string, unknown> },
): Promise<URL> {
  const { id, token } = await issueChallenge(db, {
    kind: 'sso-state',
    tenantId: flow.tenantId,
    ttlMs: STATE_TTL_MS,
  });
  const { url, secrets } = await authorizationUrl(configuration, {
    redirectUri: flow.redirectUri,
    state: token,
    scopes: provider.scopes,
  });
  await db
    .update(authChallenges)
    .set({ data: { ...flow.data, ...secrets } })
    .where(eq(authChallenges.id, id));
  return url;
}

/**
 * The identity the provider's return to `redirectUri` proves: the code exchanged against the state's
 * secrets (`data`), the ID token checked; or why not.
 */
export async function oidcReturn(
  server: ServerConfig,
  provider: OidcClientConfig,
  redirectUri: string,
  c: Context,
  data: Record<string, unknown>,
  opts: { groupsClaim?: string } = {},
): Promise<{ ok: true; identity: OidcIdentity } | { ok: false; reason: string }> {
  const callbackUrl = new URL(redirectUri);
  callbackUrl.search = new URL(c.req.url).search;
  try {
    const identity = await exchangeCode(
      await discover(server, provider),
      callbackUrl,
      {
        state: c.req.query('state')!,
        codeVerifier: String(data.codeVerifier),
        nonce: String(data.nonce),
      },
      opts,
    );
    return { ok: true, identity };
  } catch (error) {
    return { ok: false, reason: `code exchange: ${(error as Error).message}`.slice(0, 200) };
  }
}
