import * as client from 'openid-client';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import { guardedFetchFunction } from '../net/guardedFetch';

/** An OIDC provider the server is a relying party of (an SSO configuration or a social provider). */
export const oidcClientConfig = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.array(z.string().min(1)).optional(),
});
export type OidcClientConfig = z.infer<typeof oidcClientConfig>;

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/**
 * The provider's configuration by discovery (cached 10 minutes). The issuer is customer-given (an account's SSO
 * configuration): every request to it — discovery, token, userinfo, JWKS — goes through the guarded fetch
 * (no private or loopback addresses unless ALLOW_PRIVATE_NETWORK_FETCH=1; plain http only outside production).
 */
export function discover(server: ServerConfig, provider: OidcClientConfig): Promise<client.Configuration> {
  const key = `${provider.issuer}\n${provider.clientId}\n${provider.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const guarded = guardedFetchFunction(server) as client.CustomFetch;
  const config = client
    .discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      {
        [client.customFetch]: guarded,
        ...(server.production ? {} : { execute: [client.allowInsecureRequests] }),
      },
    )
    .then((configuration) => {
      configuration[client.customFetch] = guarded;
      return configuration;
    });
  discovered.set(key, { at: Date.now(), config });
  config.catch(() => discovered.delete(key));
  return config;
}

/** What a flow keeps in its state challenge between the redirect and the callback. */
export interface OidcFlowSecrets {
  codeVerifier: string;
  nonce: string;
}

/** The authorization URL (code flow, PKCE S256, state and nonce) and the secrets the callback needs. */
export async function authorizationUrl(
  configuration: client.Configuration,
  opts: { redirectUri: string; state: string; scopes?: string[] },
): Promise<{ url: URL; secrets: OidcFlowSecrets }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: opts.redirectUri,
    scope: (opts.scopes ?? ['openid', 'email', 'profile']).join(' '),
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: opts.state,
    nonce,
  });
  return { url, secrets: { codeVerifier, nonce } };
}

/** The verified claims of the ID token after the code exchange (signature, iss, aud, exp, nonce checked). */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The values of the groups claim asked for (ID token, else userinfo); [] when none was asked or sent. */
  groups: string[];
}

export async function exchangeCode(
  configuration: client.Configuration,
  callbackUrl: URL,
  expected: OidcFlowSecrets & { state: string },
  opts: { groupsClaim?: string } = {},
): Promise<OidcIdentity> {
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let { email, email_verified: emailVerified, name } = claims as Record<string, unknown>;
  let groups = opts.groupsClaim ? (claims as Record<string, unknown>)[opts.groupsClaim] : undefined;
  // Some providers put the email (or the groups) only in the userinfo answer.
  if (typeof email !== 'string' || (opts.groupsClaim && groups === undefined)) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    if (typeof email !== 'string') {
      email = info.email;
      emailVerified = info.email_verified;
    }
    name ??= info.name;
    if (opts.groupsClaim && groups === undefined) groups = info[opts.groupsClaim];
  }
  return {
    subject: claims.sub,
    email: typeof email === 'string' ? email : null,
    // Only an explicit `true` counts: a missing or string claim is not a verification.
    emailVerified: emailVerified === true,
    name: typeof name === 'string' ? name : null,
    groups: claimValues(groups),
  };
}

/** A groups claim as a list of strings: an array of strings, or one string (some IdPs send one group so). */
const claimValues = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.length > 0);
