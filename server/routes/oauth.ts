import { and, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { authContracts } from '../../shared/api/contracts/auth';
import { paths } from '../../shared/api/paths';
import { trustedOrigin } from '../middleware/trusted-origin';
import { auditRefreshReuse, writeAudit } from '../audit';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, type AppEnv } from '../context';
import { sessions } from '../db/schema';
import { addressPasses, assertRefreshAllowed, IP_REFUSED } from '../ipRestrictions';
import {
  allowDemoRedirectsAt,
  findClient,
  isAnyRegisteredRedirect,
  isRegisteredRedirect,
  type OAuthClient,
} from '../oauth/clients';
import { issueCode, redeemCode } from '../oauth/codes';
import { touchSession } from '../account/policies';
import { createHostedSessions, type HostedSession } from '../oauth/hostedSession';
import { pageContext } from '../html';
import { AUTHORIZE_PATH, authorizePage, messagePage } from '../oauth/page';
import { S256_CHALLENGE } from '../oauth/pkce';
import { defineFamily, publicEndpoint, signIn, uncounted } from './endpoints';

export const OAUTH_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
export const DEFAULT_SCOPE = 'openid email profile';

const text = (max: number) => z.string().min(1).max(max);

const authorizeRequest = z.object({
  response_type: text(50).optional(),
  client_id: text(200),
  redirect_uri: text(2000),
  scope: text(500).optional(),
  state: text(1000).optional(),
  code_challenge: text(200).optional(),
  code_challenge_method: text(20).optional(),
  nonce: text(500).optional(),
  prompt: text(50).optional(),
});
type AuthorizeRequest = z.infer<typeof authorizeRequest>;
const trustedPart = authorizeRequest.pick({ client_id: true, redirect_uri: true, state: true });

const tokenRequest = authContracts.exchangeOAuthTokens.body;

/**
 * An OAuth error answer (RFC 6749 §5.2): `{ error, error_description }`, never cached; `errors` (an extra
 * member, which RFC 6749 allows) carries the description as every other refusal of this API does.
 */
function oauthError(c: Context, status: 400 | 401 | 403, error: string, description: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: description, errors: [description] }, status);
}

/** The request whose client and redirect URI are known good: only now may errors go to the redirect URI. */
type Checked =
  | { ok: true; request: AuthorizeRequest & { scope: string; code_challenge: string }; client: OAuthClient }
  | { ok: false; redirect: false; status: 400; error: string; description: string }
  | { ok: false; redirect: true; request: AuthorizeRequest; error: string; description: string };

const refuse = (description: string, error = 'invalid_request') =>
  ({ ok: false, redirect: false, status: 400, error, description }) as const;

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

export const oauthEndpointsByName = {
  authorize: signIn(publicEndpoint({ method: 'GET', path: AUTHORIZE_PATH }, 'the hosted login page')),
  authorizeSubmit: signIn(publicEndpoint({ method: 'POST', path: AUTHORIZE_PATH }, 'the hosted login form')),
  exchangeOAuthTokens: signIn(publicEndpoint(paths.auth.exchangeOAuthTokens)),
  silentOAuthRefreshToken: uncounted(publicEndpoint(paths.auth.silentOAuthRefreshToken)),
  OAuthLogout: signIn(publicEndpoint(paths.auth.OAuthLogout)),
} as const;

/** OAuth hosted login: authorize (PKCE S256 only), token, silent authorize, logout. */
export const oauthRoutes = defineFamily(
  oauthEndpointsByName,
  (on, e, services, { now = () => new Date() }: { now?: () => Date } = {}) => {
    const { db, refresh, vendorId, tokens } = services;
    const issuer = createSessionIssuer(services);
    const hosted = createHostedSessions(services);

    // Development only: the hosted example works at any loopback origin it is opened at (allowDemoRedirectsAt).
    const demoOrigins: MiddlewareHandler<AppEnv>[] = services.config.devRoutes
      ? [
          async (c, next) => {
            await allowDemoRedirectsAt(services, new URL(c.req.url).origin);
            await next();
          },
        ]
      : [];

    /**
     * Two stages: client_id and redirect_uri first, whose failures stay on our page (never a redirect to an
     * unverified URI); then the rest, whose failures go back to the now trusted redirect URI.
     */
    async function check(raw: unknown, repeated: string[] = []): Promise<Checked> {
      const target = trustedPart.safeParse(raw);
      if (!target.success) {
        const issue = target.error.issues[0];
        return refuse(`${issue?.path.join('.') || 'request'}: ${issue?.message}`);
      }
      if (repeated.includes('client_id') || repeated.includes('redirect_uri'))
        return refuse('client_id and redirect_uri must be given once');
      const trusted = await trust(target.data.client_id, target.data.redirect_uri);
      if (!trusted.ok) return trusted;
      const reject = (request: AuthorizeRequest, error: string, description: string): Checked => ({
        ok: false,
        redirect: true,
        request,
        error,
        description,
      });
      const parsed = authorizeRequest.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reject(
          target.data,
          'invalid_request',
          `${issue?.path.join('.') || 'request'}: ${issue?.message}`,
        );
      }
      const request = parsed.data;
      if (repeated.length > 0)
        return reject(request, 'invalid_request', `${repeated.join(', ')} must be given once`);
      if (request.response_type !== 'code')
        return reject(request, 'unsupported_response_type', 'Only response_type=code is supported');
      if (!request.code_challenge)
        return reject(request, 'invalid_request', 'code_challenge is required (PKCE)');
      // RFC 7636 §4.3: a missing method means plain, which this server does not support.
      if (request.code_challenge_method !== 'S256')
        return reject(request, 'invalid_request', 'code_challenge_method must be S256');
      if (!S256_CHALLENGE.test(request.code_challenge))
        return reject(request, 'invalid_request', 'code_challenge is not an S256 challenge');
      const scopes = (request.scope ?? DEFAULT_SCOPE).split(' ').filter(Boolean);
      const unknown = scopes.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
      if (unknown.length > 0) return reject(request, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
      return {
        ok: true,
        request: { ...request, scope: scopes.join(' '), code_challenge: request.code_challenge },
        client: trusted.client,
      };
    }

    async function trust(
      clientId: string,
      redirectUri: string,
    ): Promise<{ ok: true; client: OAuthClient } | Extract<Checked, { redirect: false }>> {
      const client = await findClient(db, vendorId, clientId);
      if (!client) return refuse('Unknown client_id', 'invalid_client');
      if (!isRegisteredRedirect(client, redirectUri))
        return refuse('redirect_uri is not registered for this client');
      return { ok: true, client };
    }

    const errorRedirect = (checked: Extract<Checked, { redirect: true }>) =>
      withParams(checked.request.redirect_uri, {
        error: checked.error,
        error_description: checked.description,
        state: checked.request.state,
      });

    async function codeRedirect(checked: Extract<Checked, { ok: true }>, session: HostedSession) {
      const { request } = checked;
      const code = await issueCode(
        db,
        {
          clientId: request.client_id,
          userId: session.userId,
          sessionId: session.sessionId,
          redirectUri: request.redirect_uri,
          codeChallenge: request.code_challenge,
          scope: request.scope,
          nonce: request.nonce ?? null,
        },
        now(),
      );
      return withParams(request.redirect_uri, { code, state: request.state });
    }

    const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes('application/json');

    on(e.authorize, ...demoOrigins, async (c) => {
      const all = c.req.queries();
      const repeated = Object.entries(all)
        .filter(([, values]) => values.length > 1)
        .map(([key]) => key);
      const checked = await check(c.req.query(), repeated);
      c.header('Cache-Control', 'no-store');
      if (!checked.ok && !checked.redirect) {
        if (wantsJson(c))
          return c.json({ error: checked.error, error_description: checked.description }, 400);
        return c.html(messagePage('Sign-in request refused', checked.description), 400);
      }
      if (!checked.ok) return c.redirect(errorRedirect(checked), 302);
      const prompt = checked.request.prompt;
      const session = prompt === 'login' ? null : await hosted.current(c, now());
      if (session) return c.redirect(await codeRedirect(checked, session), 302);
      if (prompt === 'none')
        return c.redirect(
          errorRedirect({
            ...checked,
            ok: false,
            redirect: true,
            error: 'login_required',
            description: 'No session',
          }),
          302,
        );
      return c.html(authorizePage(pageContext(c, services.config.publicUrl)));
    });

    // The hosted page's hand-over: the identity session (as an access token) becomes the hosted session.
    on(e.authorizeSubmit, ...demoOrigins, async (c) => {
      c.header('Cache-Control', 'no-store');
      const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      let session: HostedSession | null = null;
      if (bearer) {
        try {
          const claims = await tokens.verify(bearer);
          // The tenant's IP restrictions apply to the hand-over as to every authenticated call.
          if (!(await addressPasses(db, claims.tenantId, caller(c).ipAddress)))
            return oauthError(c, 403, 'access_denied', IP_REFUSED);
          const [row] = await db
            .select()
            .from(sessions)
            .where(
              and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)),
            );
          if (row) session = { sessionId: row.id, userId: row.userId };
        } catch {
          session = null;
        }
      }
      if (!session) return oauthError(c, 401, 'login_required', 'A valid access token is required');
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return oauthError(c, 400, 'invalid_request', 'The request body is not valid JSON');
      }
      const checked = await check(body);
      if (!checked.ok && !checked.redirect) return oauthError(c, 400, checked.error, checked.description);
      if (!checked.ok) return c.json({ redirectTo: errorRedirect(checked) });
      await hosted.start(c, session);
      return c.json({ redirectTo: await codeRedirect(checked, session) });
    });

    async function readTokenBody(c: Context): Promise<unknown> {
      const type = c.req.header('content-type') ?? '';
      if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data'))
        return Object.fromEntries(
          Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'),
        );
      return c.req.json();
    }

    on(e.exchangeOAuthTokens, async (c) => {
      let raw: unknown;
      try {
        raw = await readTokenBody(c);
      } catch {
        return oauthError(c, 400, 'invalid_request', 'The request body is not valid');
      }
      if (
        isObject(raw) &&
        typeof raw.grant_type === 'string' &&
        !['authorization_code', 'refresh_token'].includes(raw.grant_type)
      )
        return oauthError(
          c,
          400,
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token',
        );
      const parsed = tokenRequest.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return oauthError(c, 400, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message}`);
      }
      const body = parsed.data;
      c.header('Cache-Control', 'no-store');
      c.header('Pragma', 'no-cache');

      if (body.grant_type === 'refresh_token') {
        // The tenant's IP restrictions, before the token is spent.
        await assertRefreshAllowed(db, body.refresh_token, caller(c).ipAddress);
        const result = await refresh.redeem(body.refresh_token);
        if (result.kind === 'reused')
          await auditRefreshReuse(db, vendorId, result, caller(c), 'OAuth token endpoint');
        if (result.kind !== 'rotated')
          return oauthError(c, 400, 'invalid_grant', 'The refresh token is not valid');
        // The session policy: a session past its idle or absolute timeout ends here.
        if (!(await touchSession(services, result.sessionId, now())))
          return oauthError(c, 400, 'invalid_grant', 'The session has ended');
        return c.json(tokenResponse(await issuer.answer(c, result.userId, result.sessionId), result.token));
      }

      const client = await findClient(db, vendorId, body.client_id);
      if (!client) return oauthError(c, 401, 'invalid_client', 'Unknown client_id');
      const result = await redeemCode(
        db,
        {
          code: body.code,
          clientId: body.client_id,
          redirectUri: body.redirect_uri,
          codeVerifier: body.code_verifier,
        },
        now(),
      );
      if (result.kind === 'replayed') {
        // RFC 6749 §4.1.2: a code used twice revokes what its first use bought (here: its session).
        await refresh.revokeSession(result.grant.sessionId);
        await writeAudit(db, {
          vendorId,
          userId: result.grant.userId,
          action: 'Authorization code reused',
          description: 'The session was revoked',
          severity: 'High',
          json: { clientId: result.grant.clientId },
          ...caller(c),
        });
        return oauthError(c, 400, 'invalid_grant', 'The authorization code was already used');
      }
      if (result.kind === 'invalid') return oauthError(c, 400, 'invalid_grant', result.reason);
      const { grant } = result;
      const [session] = await db.select().from(sessions).where(eq(sessions.id, grant.sessionId));
      if (!session || session.revokedAt || !(await touchSession(services, grant.sessionId, now())))
        return oauthError(c, 400, 'invalid_grant', 'The session has ended');
      const answer = await issuer.answer(c, grant.userId, grant.sessionId);
      return c.json(tokenResponse(answer, await refresh.issue(grant.sessionId, grant.userId), grant.scope));
    });

    // Cookie-authenticated: only the server's own pages and the allowed host origins may ask.
    on(e.silentOAuthRefreshToken, trustedOrigin(services.config), async (c) => {
      c.header('Cache-Control', 'no-store');
      const session = await hosted.current(c, now());
      if (!session) {
        hosted.clear(c);
        throw apiError(401, 'Unauthorized');
      }
      const answer = await issuer.answer(c, session.userId, session.sessionId);
      return c.json(answer satisfies AnswerOf<typeof authContracts.silentOAuthRefreshToken>);
    });

    on(e.OAuthLogout, async (c) => {
      const session = await hosted.current(c, now());
      hosted.clear(c);
      if (session) {
        await refresh.revokeSession(session.sessionId);
        await writeAudit(db, {
          vendorId,
          userId: session.userId,
          action: 'User logged out',
          description: 'Hosted login logout',
          ...caller(c),
        });
      }
      const query = logoutQuery.safeParse(c.req.query());
      const target = query.success ? query.data.post_logout_redirect_uri : undefined;
      if (target && (await isAnyRegisteredRedirect(db, vendorId, target)))
        return c.redirect(withParams(target, { state: query.success ? query.data.state : undefined }), 302);
      return c.html(messagePage('Signed out', 'You are signed out. You can close this page.'));
    });
  },
);

/** The logout query: anything else (or too long) means "no redirect", never an error page. */
const logoutQuery = z.object({
  post_logout_redirect_uri: z.string().url().max(2048).optional(),
  state: z.string().max(512).optional(),
});

/** The token endpoint's answer (RFC 6749 §5.1). */
const tokenResponse = (
  answer: { accessToken: string; expiresIn: number },
  refreshToken: string,
  scope?: string,
): AnswerOf<typeof authContracts.exchangeOAuthTokens> => ({
  access_token: answer.accessToken,
  token_type: 'Bearer',
  expires_in: answer.expiresIn,
  refresh_token: refreshToken,
  ...(scope ? { scope } : {}),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
