// The MFA step of sign-in: the challenge answered instead of tokens (LOGIN-015), and the completion that
// opens the session once the second factor is proved (amr/acr kept for step-up).
import type { Context } from 'hono';
import type { z } from 'zod';
import type { mfaRequiredAnswer } from '../../shared/api/contracts/mfa';
import { getCookie, setCookie } from 'hono/cookie';
import { MFA_ACR } from '../../shared/auth/stepup';
import { findChallenge, issueChallenge, spendChallenge } from '../auth/challenges';
import type { SessionIssuer } from '../auth/session';
import { apiError, type Services } from '../context';
import {
  deviceCount,
  isTrustedDevice,
  listDevices,
  mfaApplies,
  mfaPolicyOf,
  rememberDevice,
  TRUSTED_DEVICE_COOKIE,
} from './devices';
import { auditUser } from '../auth/userAudit';

export const MFA_LOGIN = 'mfa-login';
const MFA_TOKEN_TTL_MS = 10 * 60_000;
export const MFA_TOKEN_INVALID = 'The MFA session is invalid or expired. Sign in again';
export const MFA_NOT_ENROLLED = 'MFA is not enrolled';

/** What the mfaToken's challenge remembers of the first factor. */
export interface MfaChallengeData {
  amr: string[];
  method: string;
  /** The password was found breached at sign-in (LOGIN-011): no session after MFA either. */
  breached?: boolean;
  /** A step-up of this session: it is replaced by the stepped-up one. */
  stepUpSessionId?: string;
}

export interface SignInUser {
  id: string;
  email: string;
  activeTenantId: string | null;
}

/** The MFA-required answer: no tokens, an mfaToken and the user's devices (masked). */
export async function mfaChallenge(services: Services, user: SignInUser, data: MfaChallengeData) {
  const devices = await listDevices(services.db, user.id, { mask: true });
  const policy = await mfaPolicyOf(services, user.activeTenantId);
  const { token } = await issueChallenge(services.db, {
    kind: MFA_LOGIN,
    userId: user.id,
    tenantId: user.activeTenantId,
    ttlMs: MFA_TOKEN_TTL_MS,
    data: { ...data },
  });
  return {
    mfaRequired: true,
    mfaToken: token,
    mfaEnrolled: deviceCount(devices) > 0,
    mfaDevices: devices,
    mfaStrategies: ['AuthenticatorApp', 'SMS'],
    allowRememberDevice: policy.allowRememberMyDevice,
    rememberDeviceDays: Math.round(policy.mfaDeviceExpiration / 86_400),
    email: user.email,
  } satisfies z.infer<typeof mfaRequiredAnswer>;
}

/**
 * Decides the MFA step of a first-factor sign-in: the MFA answer when MFA applies (forced by the tenant's
 * policy, or the user has devices) and this browser is not remembered; null when the session may open.
 */
export async function mfaGate(
  c: Context,
  services: Services,
  user: SignInUser,
  data: MfaChallengeData,
): Promise<Record<string, unknown> | null> {
  const policy = await mfaPolicyOf(services, user.activeTenantId);
  const devices = await listDevices(services.db, user.id, { mask: true });
  const enrolled = deviceCount(devices) > 0;
  if (!mfaApplies(policy, enrolled, data)) return null;
  if (
    enrolled &&
    policy.allowRememberMyDevice &&
    (await isTrustedDevice(services.db, user.id, getCookie(c, TRUSTED_DEVICE_COOKIE)))
  )
    return null;
  await auditUser(services, c, user, {
    action: enrolled ? 'MFA required' : 'MFA enrolment required',
    json: { method: data.method },
  });
  return mfaChallenge(services, user, data);
}

/**
 * Opens the session (or answers the breached-password step) once every check passed: the one place a
 * session starts after sign-in. `breached` answers `{ isBreachedPassword: true }` with no session.
 */
export async function openSignInSession(
  c: Context,
  services: Services,
  sessions: SessionIssuer,
  user: SignInUser,
  proof: { amr: string[]; acr?: string | null; method: string; breached?: boolean },
): Promise<Record<string, unknown>> {
  if (proof.breached) {
    await auditUser(services, c, user, {
      action: 'Sign-in with a breached password',
      description: 'No session was opened: the user must reset the password',
      severity: 'High',
      json: { method: proof.method },
    });
    return { isBreachedPassword: true, mfaRequired: false, email: user.email };
  }
  const answer = await sessions.start(c, user.id, { amr: proof.amr, acr: proof.acr ?? null });
  await auditUser(services, c, user, {
    action: 'User logged in',
    json: { method: proof.method, amr: proof.amr },
  });
  return answer;
}

/** The live MFA challenge of an mfaToken, or 401. */
export async function mfaChallengeOf(services: Services, mfaToken: string) {
  const challenge = await findChallenge(services.db, MFA_LOGIN, mfaToken);
  if (!challenge?.userId) throw apiError(401, MFA_TOKEN_INVALID);
  return { challenge, userId: challenge.userId, data: challenge.data as MfaChallengeData };
}

/**
 * The second factor is proved: spends the mfaToken (once), remembers the browser when asked and allowed,
 * opens the session with amr [first factor, mfa, factor] and the multi-factor acr, and ends the session a
 * step-up replaces.
 */
export async function completeMfa(
  c: Context,
  services: Services,
  sessions: SessionIssuer,
  mfa: Awaited<ReturnType<typeof mfaChallengeOf>>,
  user: SignInUser,
  factor: { amr: string[]; label: string; rememberDevice?: boolean },
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  if (!(await spendChallenge(services.db, mfa.challenge.id))) throw apiError(401, MFA_TOKEN_INVALID);
  const amr = [...new Set([...(mfa.data.amr ?? ['pwd']), 'mfa', ...factor.amr])];
  if (factor.rememberDevice) {
    const policy = await mfaPolicyOf(services, user.activeTenantId);
    if (policy.allowRememberMyDevice && policy.mfaDeviceExpiration > 0) {
      const token = await rememberDevice(services.db, user.id, policy.mfaDeviceExpiration);
      setCookie(c, TRUSTED_DEVICE_COOKIE, token, {
        httpOnly: true,
        secure: true,
        sameSite: services.config.cookieSameSite,
        path: '/identity/resources/auth/v1',
        maxAge: policy.mfaDeviceExpiration,
      });
    }
  }
  await auditUser(services, c, user, {
    action: mfa.data.stepUpSessionId ? 'Step-up completed' : 'MFA verified',
    json: { factor: factor.label, rememberDevice: Boolean(factor.rememberDevice) },
  });
  const answer = await openSignInSession(c, services, sessions, user, {
    amr,
    acr: MFA_ACR,
    method: `${mfa.data.method}+${factor.label}`,
    breached: mfa.data.breached,
  });
  if (mfa.data.stepUpSessionId && answer.accessToken)
    await services.refresh.revokeSession(mfa.data.stepUpSessionId);
  return { ...answer, ...extra };
}
