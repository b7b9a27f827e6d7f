// A real OpenID Provider (oidc-provider) on 127.0.0.1 and a random port, for tests and e2e journeys: SSO
// configurations and social providers point at it. Sign-in at it needs no form: the account set with
// `signInAs` is logged in and consents at once. Each account may carry `groups` (a claim of the profile scope:
// in the userinfo answer, or also in the ID token with `groupsInIdToken`).
import { exportJWK, generateKeyPair } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account that signs in at the next authorization (null: the provider refuses with access_denied). */
  signInAs(account: IdpAccount | null): void;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Put the scopes' claims (groups among them) in the ID token too, not only in userinfo. */
  groupsInIdToken?: boolean;
}): Promise<LocalOidcProvider> {
  const clientId = opts.clientId ?? 'fe-elements-test';
  const clientSecret = opts.clientSecret ?? 'a-long-test-client-secret-0123456789';
  const accounts = new Map<string, IdpAccount>();
  let next: IdpAccount | null = null;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['local-idp-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: !opts.groupsInIdToken,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!next) {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The user refused' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        accounts.set(next.sub, next);
        const grant = new provider.Grant({ accountId: next.sub, clientId: details.params.client_id! });
        grant.addOIDCScope(details.params.scope ?? 'openid');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: next.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
