import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthRoutes } from '../../shared/options/routes';
import { findChallenge, issueChallenge, spendChallenge, type Challenge } from '../auth/challenges';
import { hashToken } from '../auth/refresh';
import { finishSignIn } from '../auth/signin';
import type { SessionIssuer } from '../auth/session';
import { writeAudit } from '../audit';
import { apiError, caller, type Services } from '../context';
import { users } from '../db/schema';
import { loginBoxLink } from '../mail/links';

/**
 * The browser binding of an SSO or social sign-in: a random cookie set when the flow starts, whose hash is
 * kept in the state challenge and then in the one-time login code. The IdP callback and the login box's
 * post-login both require it, so a callback URL or a login code sent to someone else's browser signs no one
 * in (login CSRF). SameSite=None: the SAML ACS is a cross-site POST.
 */
export const BINDING_COOKIE = 'fe_sso_binding';
const BINDING_PATH = '/identity/resources/auth';

/** How long the user may take at the identity provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** The login code in the login box callback URL is exchanged at once. */
export const LOGIN_CODE_TTL_MS = 60_000;

export function startBinding(c: Context): string {
  const value = randomBytes(32).toString('base64url');
  setCookie(c, BINDING_COOKIE, value, {
    httpOnly: true,
    secure: true,
    sameSite: 'None',
    path: BINDING_PATH,
    maxAge: STATE_TTL_MS / 1000,
  });
  return hashToken(value);
}

/** True when the browser presents the binding cookie whose hash the challenge holds. */
export function bindingMatches(c: Context, expectedHash: unknown): boolean {
  const value = getCookie(c, BINDING_COOKIE);
  if (!value || typeof expectedHash !== 'string') return false;
  const a = Buffer.from(hashToken(value));
  const b = Buffer.from(expectedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function clearBinding(c: Context): void {
  deleteCookie(c, BINDING_COOKIE, { path: BINDING_PATH, secure: true, sameSite: 'None' });
}

/** The state of a flow in progress (kind 'sso-state'): spent on first use, so a replayed state fails. */
export async function takeState(services: Services, state: string | undefined): Promise<Challenge | null> {
  if (!state || state.length > 200) return null;
  const challenge = await findChallenge(services.db, 'sso-state', state);
  if (!challenge) return null;
  return (await spendChallenge(services.db, challenge.id)) ? challenge : null;
}

export interface LoginCodeData {
  /** oidc | saml | social:<provider>: the post-login endpoint that may redeem it. */
  via: string;
  method: string;
  binding: string;
}

/** The one-time code the login box's callback route exchanges (POST post-login) for a session. */
export async function issueLoginCode(
  services: Services,
  userId: string,
  tenantId: string | null,
  data: LoginCodeData,
): Promise<string> {
  const { token } = await issueChallenge(services.db, {
    kind: 'sso-login',
    userId,
    tenantId,
    ttlMs: LOGIN_CODE_TTL_MS,
    data: { ...data },
  });
  return token;
}

/** Redeems a login code once, for the post-login endpoint `via`, in the browser that started the flow. */
export async function redeemLoginCode(
  services: Services,
  c: Context,
  code: string,
  via: string,
): Promise<{ userId: string; method: string } | null> {
  const challenge = await findChallenge(services.db, 'sso-login', code);
  if (!challenge?.userId) return null;
  const data = challenge.data as Partial<LoginCodeData>;
  if (data.via !== via || !bindingMatches(c, data.binding)) return null;
  if (!(await spendChallenge(services.db, challenge.id))) return null;
  clearBinding(c);
  return { userId: challenge.userId, method: data.method ?? via };
}

/** The login box route the browser returns to (ROUTE-011/013/014), with the login code or a failure mark. */
export function callbackRedirect(
  services: Services,
  route: keyof Pick<AuthRoutes, 'oidcRedirectUrl' | 'samlCallbackUrl' | 'socialLoginCallbackUrl'>,
  params: Record<string, string>,
): string {
  return loginBoxLink(services.config, route, params);
}

/** What an external sign-in proves (RFC 8176 has no value for "an external IdP"): never enough for step-up. */
export const EXTERNAL_AMR = ['ext'];
export const SSO_FAILED = 'Failed to authenticate';

/**
 * The post-login of the login box's SSO and social callback routes: the one-time code, redeemed once in the
 * browser that started the flow, for a session (through `finishSignIn`, so MFA and the other post-login
 * checks apply); a bad code is audited and answers 401 'Failed to authenticate'.
 */
export async function exchangeLoginCode(
  services: Services,
  sessions: SessionIssuer,
  c: Context,
  code: string,
  via: string,
): Promise<Record<string, unknown>> {
  const { db, vendorId } = services;
  const redeemed = await redeemLoginCode(services, c, code, via);
  const [user] = redeemed ? await db.select().from(users).where(eq(users.id, redeemed.userId)) : [];
  if (!redeemed || !user) {
    await writeAudit(db, {
      vendorId,
      action: 'User login failed',
      severity: 'Medium',
      json: {
        method: via.startsWith('social:') ? via.replace(':', '-') : `sso-${via}`,
        reason: 'login code invalid, used or from another browser',
      },
      ...caller(c),
    });
    throw apiError(401, SSO_FAILED);
  }
  const answer = await finishSignIn(c, services, sessions, user, {
    amr: EXTERNAL_AMR,
    method: redeemed.method,
  });
  if (!via.startsWith('social:')) return answer;
  // Frontegg's social answer also names the user, and whether this is their first sign-in.
  const tenantId = user.activeTenantId ?? undefined;
  return {
    ...answer,
    email: user.email,
    name: user.name,
    userId: user.id,
    isNewUser: user.lastLogin === null,
    ...(tenantId ? { tenantId } : {}),
  };
}
