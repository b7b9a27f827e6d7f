// Insights (SECCENTER-003, ENUM-049): what the tenant has, one or two per category, with Frontegg's metadata.
// MFA: MFA_FORCED (forced) or PARTIALLY_FORCED_MFA (forced except SAML) — none when off — and PARTIAL_MFA_USAGE
// or FULL_MFA_USAGE (every active member enrolled); PASSWORD: BREACHED_PASSWORD_USERS_EXIST, IMPROVE_LOCKOUT_POLICY
// and IMPROVE_PASSWORD_HISTORY_POLICY where below the recommendation, FULL_PASSWORD_SETTINGS when both meet it;
// SESSIONS: NO_ (none on), FULL_ (all three on and meeting the recommendations) or PARTIAL_SESSION_SETTINGS;
// IP and DOMAIN: NO_…_RESTRICTIONS, …_ALLOWLIST or …_DENYLIST.
import {
  RECOMMENDED_FORCE_RELOGIN_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_LOCKOUT_ATTEMPTS,
  RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  RECOMMENDED_PASSWORD_HISTORY,
  type Insight,
} from '../../shared/api/contracts/securityCenter';
import type { SecurityFacts } from './facts';
import { configuredSessionSettings } from './recommendations';

export const lockoutMeets = (f: SecurityFacts) =>
  f.lockout.enabled && f.lockout.maxAttempts <= RECOMMENDED_LOCKOUT_ATTEMPTS;
export const historyMeets = (f: SecurityFacts) =>
  f.passwordHistory.enabled && f.passwordHistory.count >= RECOMMENDED_PASSWORD_HISTORY;

/** The tenant's insights, in ENUM-052 category order. */
export function insightsOf(f: SecurityFacts): Insight[] {
  const out: Insight[] = [];
  const mfa = { totalUsers: f.mfa.activeUsers, mfa: { enrolledUsersCount: f.mfa.enrolledUsers } };
  if (f.mfa.enforce === 'Force') out.push({ code: 'MFA_FORCED', category: 'MFA', metadata: mfa });
  if (f.mfa.enforce === 'ForceExceptSAML')
    out.push({ code: 'PARTIALLY_FORCED_MFA', category: 'MFA', metadata: mfa });
  out.push({
    code: f.mfa.enrolledUsers >= f.mfa.activeUsers ? 'FULL_MFA_USAGE' : 'PARTIAL_MFA_USAGE',
    category: 'MFA',
    metadata: mfa,
  });

  const s = f.sessions;
  const sessions = {
    sessions: {
      configuredSessionSettings: configuredSessionSettings(f),
      forceReloginRecommendation: RECOMMENDED_FORCE_RELOGIN_SECONDS,
      concurrencyRecommendation: RECOMMENDED_MAX_CONCURRENT_SESSIONS,
      idleTimeoutRecommendation: RECOMMENDED_IDLE_TIMEOUT_SECONDS,
    },
  };
  const allMeet =
    s.forceRelogin.enabled &&
    s.forceRelogin.seconds <= RECOMMENDED_FORCE_RELOGIN_SECONDS &&
    s.concurrency.enabled &&
    s.concurrency.maxSessions <= RECOMMENDED_MAX_CONCURRENT_SESSIONS &&
    s.idleTimeout.enabled &&
    s.idleTimeout.seconds <= RECOMMENDED_IDLE_TIMEOUT_SECONDS;
  out.push({
    code:
      configuredSessionSettings(f) === 0
        ? 'NO_SESSION_SETTINGS'
        : allMeet
          ? 'FULL_SESSION_SETTINGS'
          : 'PARTIAL_SESSION_SETTINGS',
    category: 'SESSIONS',
    metadata: sessions,
  });

  if (f.breachedUsers > 0)
    out.push({
      code: 'BREACHED_PASSWORD_USERS_EXIST',
      category: 'PASSWORD',
      metadata: { totalUsers: f.totalUsers, password: { breachedPasswordUsersCount: f.breachedUsers } },
    });
  const password = {
    password: {
      userLockoutRecommendation: RECOMMENDED_LOCKOUT_ATTEMPTS,
      historyRecommendations: RECOMMENDED_PASSWORD_HISTORY,
    },
  };
  if (!lockoutMeets(f))
    out.push({ code: 'IMPROVE_LOCKOUT_POLICY', category: 'PASSWORD', metadata: password });
  if (!historyMeets(f))
    out.push({ code: 'IMPROVE_PASSWORD_HISTORY_POLICY', category: 'PASSWORD', metadata: password });
  if (lockoutMeets(f) && historyMeets(f))
    out.push({ code: 'FULL_PASSWORD_SETTINGS', category: 'PASSWORD', metadata: password });

  const ips = { restrictions: { ipsCount: f.ip.count } };
  out.push({
    code: !f.ip.enabled ? 'NO_IP_RESTRICTIONS' : f.ip.strategy === 'ALLOW' ? 'IP_ALLOWLIST' : 'IP_DENYLIST',
    category: 'IP',
    metadata: ips,
  });
  const domains = { restrictions: { domainsCount: f.domain.count } };
  out.push({
    code: !f.domain.enabled
      ? 'NO_DOMAIN_RESTRICTIONS'
      : f.domain.strategy === 'ALLOW'
        ? 'DOMAIN_ALLOWLIST'
        : 'DOMAIN_DENYLIST',
    category: 'DOMAIN',
    metadata: domains,
  });
  return out;
}
