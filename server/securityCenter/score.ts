// The security score (SECCENTER-001): a pure, deterministic function of the facts, 0..100. The weights are the
// table of shared/api/contracts/securityCenter.ts and docs/decisions/0023-security-center.md; `SCORE_WEIGHTS`
// is that table, `scoreParts` each factor's points, `securityScore` their sum rounded to an integer.
import {
  RECOMMENDED_FORCE_RELOGIN_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_LOCKOUT_ATTEMPTS,
  RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  RECOMMENDED_PASSWORD_HISTORY,
} from '../../shared/api/contracts/securityCenter';
import type { RestrictionFacts, SecurityFacts } from './facts';

/** The most points each factor gives (they add up to 100). */
export const SCORE_WEIGHTS = {
  mfaForced: 15,
  mfaEnrolment: 15,
  breachedPasswords: 15,
  lockout: 10,
  passwordHistory: 10,
  forceRelogin: 5,
  concurrency: 5,
  idleTimeout: 5,
  ip: 5,
  domain: 5,
  sso: 10,
} as const;

export type ScoreFactor = keyof typeof SCORE_WEIGHTS;

/** A setting that is on earns its full weight when it meets the recommendation, else this share of it. */
const WEAKER_SHARE = { lockout: 0.5, passwordHistory: 0.5, session: 0.6, blockList: 0.6 } as const;
/** MFA forced except for SAML sign-ins earns this share of the MFA-forced weight. */
export const EXCEPT_SAML_SHARE = 2 / 3;

const setting = (weight: number, enabled: boolean, meets: boolean, weakerShare: number) =>
  !enabled ? 0 : meets ? weight : weight * weakerShare;

/** An allow list with entries: full; a block list (or an empty allow list): partial; off: nothing. */
const restriction = (weight: number, r: RestrictionFacts) =>
  !r.enabled ? 0 : r.strategy === 'ALLOW' && r.count > 0 ? weight : weight * WEAKER_SHARE.blockList;

/** Each factor's points. */
export function scoreParts(f: SecurityFacts): Record<ScoreFactor, number> {
  const w = SCORE_WEIGHTS;
  const s = f.sessions;
  return {
    mfaForced:
      f.mfa.enforce === 'Force'
        ? w.mfaForced
        : f.mfa.enforce === 'ForceExceptSAML'
          ? w.mfaForced * EXCEPT_SAML_SHARE
          : 0,
    // Nobody active: nothing to enrol, nothing lost.
    mfaEnrolment:
      f.mfa.activeUsers === 0
        ? w.mfaEnrolment
        : (w.mfaEnrolment * Math.min(f.mfa.enrolledUsers, f.mfa.activeUsers)) / f.mfa.activeUsers,
    breachedPasswords: f.breachedUsers === 0 ? w.breachedPasswords : 0,
    lockout: setting(
      w.lockout,
      f.lockout.enabled,
      f.lockout.maxAttempts <= RECOMMENDED_LOCKOUT_ATTEMPTS,
      WEAKER_SHARE.lockout,
    ),
    passwordHistory: setting(
      w.passwordHistory,
      f.passwordHistory.enabled,
      f.passwordHistory.count >= RECOMMENDED_PASSWORD_HISTORY,
      WEAKER_SHARE.passwordHistory,
    ),
    forceRelogin: setting(
      w.forceRelogin,
      s.forceRelogin.enabled,
      s.forceRelogin.seconds <= RECOMMENDED_FORCE_RELOGIN_SECONDS,
      WEAKER_SHARE.session,
    ),
    concurrency: setting(
      w.concurrency,
      s.concurrency.enabled,
      s.concurrency.maxSessions <= RECOMMENDED_MAX_CONCURRENT_SESSIONS,
      WEAKER_SHARE.session,
    ),
    idleTimeout: setting(
      w.idleTimeout,
      s.idleTimeout.enabled,
      s.idleTimeout.seconds <= RECOMMENDED_IDLE_TIMEOUT_SECONDS,
      WEAKER_SHARE.session,
    ),
    ip: restriction(w.ip, f.ip),
    domain: restriction(w.domain, f.domain),
    sso: f.sso ? w.sso : 0,
  };
}

/** The score: the sum of the parts, rounded, within 0..100. */
export function securityScore(f: SecurityFacts): number {
  const sum = Object.values(scoreParts(f)).reduce((a, b) => a + b, 0);
  return Math.max(0, Math.min(100, Math.round(sum)));
}
