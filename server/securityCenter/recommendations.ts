// Recommendations (SECCENTER-002, ENUM-048, ENUM-051, ENUM-052): codes derived from the facts, each with its
// severity, category and Frontegg's metadata (the counts and the recommended values), most severe first.
//
// | code                                   | when                                               | severity            |
// | -------------------------------------- | -------------------------------------------------- | ------------------- |
// | FORCE_MFA                              | MFA not forced (forced except SAML: WARNING)       | SEVERE              |
// | BREACHED_PASSWORDS_EXIST               | a member has a breached password                   | SEVERE              |
// | ENABLE_ / STRENGTHEN_USER_LOCKOUT      | lockout off / more than 5 attempts                 | WARNING / INFO      |
// | ENABLE_ / STRENGTHEN_PASSWORD_HISTORY  | history off / fewer than 5                         | WARNING / INFO      |
// | ENABLE_ / SET_FORCE_RELOGIN            | off / longer than 30 days                          | WARNING / INFO      |
// | ENABLE_ / SET_SESSION_CONCURRENCY      | off / more than 10 sessions                        | INFO / INFO         |
// | ENABLE_ / SET_IDLE_SESSION             | off / longer than 1800 s                           | WARNING / INFO      |
// | ENABLE_IP_RESTRICTIONS                 | IP restrictions off                                | INFO                |
// | CHANGE_IP_TO_ALLOWLIST                 | on as a block list                                 | INFO                |
// | ENABLE_DOMAIN_RESTRICTIONS             | email-domain restrictions off                      | INFO                |
// | CHANGE_DOMAIN_TO_ALLOWLIST             | on as a block list                                 | INFO                |
// | CONFIGURE_SSO                          | no enabled SSO configuration                       | WARNING             |
import {
  RECOMMENDED_FORCE_RELOGIN_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_LOCKOUT_ATTEMPTS,
  RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  RECOMMENDED_PASSWORD_HISTORY,
  recommendationCode,
  recommendationSeverity,
  type Recommendation,
  type RecommendationCode,
  type RecommendationSeverity,
  type SecurityCategory,
  type SecurityMetadata,
} from '../../shared/api/contracts/securityCenter';
import type { SecurityFacts } from './facts';

/** How many of the three session settings are on. */
export const configuredSessionSettings = (f: SecurityFacts) =>
  [f.sessions.forceRelogin, f.sessions.concurrency, f.sessions.idleTimeout].filter((s) => s.enabled).length;

/** The recommended session values, as every SESSIONS item carries them. */
const sessionsMetadata = (f: SecurityFacts): SecurityMetadata['sessions'] => ({
  configuredSessionSettings: configuredSessionSettings(f),
  forceReloginRecommendation: RECOMMENDED_FORCE_RELOGIN_SECONDS,
  concurrencyRecommendation: RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  idleTimeoutRecommendation: RECOMMENDED_IDLE_TIMEOUT_SECONDS,
});

const severityRank = (s: RecommendationSeverity) => recommendationSeverity.options.indexOf(s);
const codeRank = (c: RecommendationCode) => recommendationCode.options.indexOf(c);

/** The tenant's recommendations, most severe first (then in ENUM-048 order). */
export function recommendationsOf(f: SecurityFacts): Recommendation[] {
  const out: Recommendation[] = [];
  const add = (
    code: RecommendationCode,
    severity: RecommendationSeverity,
    category: SecurityCategory,
    metadata: SecurityMetadata,
  ) => out.push({ code, severity, category, metadata });

  if (f.mfa.enforce !== 'Force')
    add('FORCE_MFA', f.mfa.enforce === 'DontForce' ? 'SEVERE' : 'WARNING', 'MFA', {
      totalUsers: f.mfa.activeUsers,
      mfa: { enrolledUsersCount: f.mfa.enrolledUsers },
    });
  if (f.breachedUsers > 0)
    add('BREACHED_PASSWORDS_EXIST', 'SEVERE', 'PASSWORD', {
      totalUsers: f.totalUsers,
      password: { breachedPasswordUsersCount: f.breachedUsers },
    });

  const lockout = { password: { userLockoutRecommendation: RECOMMENDED_LOCKOUT_ATTEMPTS } };
  if (!f.lockout.enabled) add('ENABLE_USER_LOCKOUT', 'WARNING', 'PASSWORD', lockout);
  else if (f.lockout.maxAttempts > RECOMMENDED_LOCKOUT_ATTEMPTS)
    add('STRENGTHEN_USER_LOCKOUT', 'INFO', 'PASSWORD', lockout);

  const history = { password: { historyRecommendations: RECOMMENDED_PASSWORD_HISTORY } };
  if (!f.passwordHistory.enabled) add('ENABLE_PASSWORD_HISTORY', 'WARNING', 'PASSWORD', history);
  else if (f.passwordHistory.count < RECOMMENDED_PASSWORD_HISTORY)
    add('STRENGTHEN_PASSWORD_HISTORY', 'INFO', 'PASSWORD', history);

  const sessions = { sessions: sessionsMetadata(f) };
  const { forceRelogin, concurrency, idleTimeout } = f.sessions;
  if (!forceRelogin.enabled) add('ENABLE_FORCE_RELOGIN', 'WARNING', 'SESSIONS', sessions);
  else if (forceRelogin.seconds > RECOMMENDED_FORCE_RELOGIN_SECONDS)
    add('SET_FORCE_RELOGIN', 'INFO', 'SESSIONS', sessions);
  if (!concurrency.enabled) add('ENABLE_SESSION_CONCURRENCY', 'INFO', 'SESSIONS', sessions);
  else if (concurrency.maxSessions > RECOMMENDED_MAX_CONCURRENT_SESSIONS)
    add('SET_SESSION_CONCURRENCY', 'INFO', 'SESSIONS', sessions);
  if (!idleTimeout.enabled) add('ENABLE_IDLE_SESSION', 'WARNING', 'SESSIONS', sessions);
  else if (idleTimeout.seconds > RECOMMENDED_IDLE_TIMEOUT_SECONDS)
    add('SET_IDLE_SESSION', 'INFO', 'SESSIONS', sessions);

  const ips = { restrictions: { ipsCount: f.ip.count } };
  if (!f.ip.enabled) add('ENABLE_IP_RESTRICTIONS', 'INFO', 'IP', ips);
  else if (f.ip.strategy === 'BLOCK') add('CHANGE_IP_TO_ALLOWLIST', 'INFO', 'IP', ips);
  const domains = { restrictions: { domainsCount: f.domain.count } };
  if (!f.domain.enabled) add('ENABLE_DOMAIN_RESTRICTIONS', 'INFO', 'DOMAIN', domains);
  else if (f.domain.strategy === 'BLOCK') add('CHANGE_DOMAIN_TO_ALLOWLIST', 'INFO', 'DOMAIN', domains);

  if (!f.sso) add('CONFIGURE_SSO', 'WARNING', 'SSO', { totalUsers: f.totalUsers });

  return out.sort(
    (a, b) => severityRank(a.severity) - severityRank(b.severity) || codeRank(a.code) - codeRank(b.code),
  );
}
