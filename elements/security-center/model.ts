import {
  INACTIVE_USER_SECONDS,
  RECOMMENDATION_ACTIONS,
  RECOMMENDED_FORCE_RELOGIN_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_LOCKOUT_ATTEMPTS,
  RECOMMENDED_MAX_CONCURRENT_SESSIONS,
  RECOMMENDED_PASSWORD_HISTORY,
  securityCategory,
  type RecommendationActionKey,
} from '../../shared/api/contracts/securityCenter';
import type { SessionConfigurationPatch } from '../../shared/api/securityPolicy';
import type {
  Insight,
  InsightCode,
  Recommendation,
  SecurityCategory,
  SecurityUsersPreset,
  WireCategory,
} from '../../shared/api/securityCenter';

export { INACTIVE_USER_SECONDS };

/** ENUM-051, most severe first. */
const severityRank = { SEVERE: 0, WARNING: 1, INFO: 2 } as const;

/** The recommendations most severe first (SEVERE, WARNING, INFO); the server's order within a severity. */
export const bySeverity = (items: readonly Recommendation[]): Recommendation[] =>
  [...items].sort((a, b) => (severityRank[a.severity] ?? 9) - (severityRank[b.severity] ?? 9));

/** A wire category as ENUM-052 names it: the lowercase `password` and `domain` (ENUM-053) read as upper case. */
export function categoryOf(category: WireCategory | string): SecurityCategory | null {
  const upper = String(category).toUpperCase();
  return (securityCategory.options as readonly string[]).includes(upper) ? (upper as SecurityCategory) : null;
}

/** The portal page that fixes a recommendation without a one-click action. */
export type FixPage = 'security';

/**
 * What a recommendation's button does (ENUM-050, else a link to the page that fixes it). CONFIGURE_SSO has
 * none: the portal has no SSO page yet (issue 16), so its explanation says what to do.
 */
export type RecommendationAction =
  | { kind: 'reset' }
  | { kind: 'adjust'; key: Exclude<RecommendationActionKey, 'SEND_RESET_BREACHED_PASSWORD_EMAIL'> }
  | { kind: 'link'; page: FixPage }
  | { kind: 'none' };

export function actionOf(r: Recommendation): RecommendationAction {
  const key = RECOMMENDATION_ACTIONS[r.code];
  if (key === 'SEND_RESET_BREACHED_PASSWORD_EMAIL') return { kind: 'reset' };
  if (key) return { kind: 'adjust', key };
  return r.code === 'CONFIGURE_SSO' ? { kind: 'none' } : { kind: 'link', page: 'security' };
}

/** The permission an action's change needs (the server checks it too): the button is shown to holders only. */
export function permissionFor(action: RecommendationAction): string | null {
  if (action.kind === 'reset') return 'fe.secure.write.users';
  if (action.kind === 'adjust') return 'fe.secure.write.securityPolicy';
  return null;
}

const DAY = 86_400;

/** The recommended value of an adjust action (the contract's constants; SECCENTER-010) and its patch. */
export function adjustment(key: Exclude<RecommendationActionKey, 'SEND_RESET_BREACHED_PASSWORD_EMAIL'>): {
  value: number;
  params: Record<string, number>;
  patch: SessionConfigurationPatch;
} {
  if (key === 'ADJUST_FORCE_RELOGIN') {
    const value = RECOMMENDED_FORCE_RELOGIN_SECONDS;
    return {
      value,
      params: { days: value / DAY, seconds: value },
      patch: { sessionTimeoutConfiguration: { isActive: true, timeout: value } },
    };
  }
  if (key === 'ADJUST_MAX_CONCURRENT_SESSIONS') {
    const value = RECOMMENDED_MAX_CONCURRENT_SESSIONS;
    return {
      value,
      params: { value },
      patch: { sessionConcurrentConfiguration: { isActive: true, maxSessions: value } },
    };
  }
  const value = RECOMMENDED_IDLE_TIMEOUT_SECONDS;
  return {
    value,
    params: { minutes: value / 60, seconds: value },
    patch: { sessionIdleTimeoutConfiguration: { isActive: true, timeout: value } },
  };
}

/** The numbers of a recommendation's one-line explanation, from its metadata or the recommended values. */
export function explanationParams(r: Recommendation): Record<string, number> {
  const m = r.metadata ?? {};
  const total = m.totalUsers ?? 0;
  switch (r.code) {
    case 'FORCE_MFA':
      return { enrolled: m.mfa?.enrolledUsersCount ?? 0, total };
    case 'BREACHED_PASSWORDS_EXIST':
      return { count: m.password?.breachedPasswordUsersCount ?? 0 };
    case 'ENABLE_USER_LOCKOUT':
    case 'STRENGTHEN_USER_LOCKOUT':
      return { value: m.password?.userLockoutRecommendation ?? RECOMMENDED_LOCKOUT_ATTEMPTS };
    case 'ENABLE_PASSWORD_HISTORY':
    case 'STRENGTHEN_PASSWORD_HISTORY':
      return { value: m.password?.historyRecommendations ?? RECOMMENDED_PASSWORD_HISTORY };
    case 'ENABLE_FORCE_RELOGIN':
    case 'SET_FORCE_RELOGIN':
      return {
        days: Math.round((m.sessions?.forceReloginRecommendation ?? RECOMMENDED_FORCE_RELOGIN_SECONDS) / DAY),
      };
    case 'ENABLE_SESSION_CONCURRENCY':
    case 'SET_SESSION_CONCURRENCY':
      return { value: m.sessions?.concurrencyRecommendation ?? RECOMMENDED_MAX_CONCURRENT_SESSIONS };
    case 'ENABLE_IDLE_SESSION':
    case 'SET_IDLE_SESSION':
      return {
        minutes: Math.round((m.sessions?.idleTimeoutRecommendation ?? RECOMMENDED_IDLE_TIMEOUT_SECONDS) / 60),
      };
    case 'ENABLE_IP_RESTRICTIONS':
    case 'CHANGE_IP_TO_ALLOWLIST':
      return { count: m.restrictions?.ipsCount ?? 0 };
    case 'ENABLE_DOMAIN_RESTRICTIONS':
    case 'CHANGE_DOMAIN_TO_ALLOWLIST':
      return { count: m.restrictions?.domainsCount ?? 0 };
    default:
      return {};
  }
}

/** Insights that say a practice is in place; the others need work. */
const goodInsights = new Set<InsightCode>([
  'MFA_FORCED',
  'FULL_MFA_USAGE',
  'FULL_SESSION_SETTINGS',
  'IP_ALLOWLIST',
  'DOMAIN_ALLOWLIST',
  'FULL_PASSWORD_SETTINGS',
]);
export const isGoodInsight = (i: Insight): boolean => goodInsights.has(i.code);

/** The insights by category (ENUM-052 order), each category once, lowercase ones folded in. */
export function insightsByCategory(
  items: readonly Insight[],
): { category: SecurityCategory; items: Insight[] }[] {
  const groups = new Map<SecurityCategory, Insight[]>();
  for (const insight of items) {
    const category = categoryOf(insight.category);
    if (!category) continue;
    groups.set(category, [...(groups.get(category) ?? []), insight]);
  }
  return securityCategory.options
    .filter((c) => groups.has(c))
    .map((category) => ({ category, items: groups.get(category)! }));
}

/** MFA adoption from the metadata (the FORCE_MFA recommendation's, else an MFA insight's). */
export function mfaAdoption(
  recommendations: readonly Recommendation[],
  insights: readonly Insight[],
): { total: number; enrolled: number } | null {
  const sources = [...recommendations, ...insights].map((x) => x.metadata);
  const withCounts = sources.find(
    (m) => m?.totalUsers !== undefined && m.mfa?.enrolledUsersCount !== undefined,
  );
  if (!withCounts) return null;
  const total = Math.max(0, withCounts.totalUsers ?? 0);
  return { total, enrolled: Math.min(total, Math.max(0, withCounts.mfa?.enrolledUsersCount ?? 0)) };
}

/** The three tables (SECCENTER-001) in the order they are shown. */
export const TABLES: {
  preset: SecurityUsersPreset;
  key: 'breachedPasswords' | 'mfaNotEnrolled' | 'inactiveUsers';
}[] = [
  { preset: 'breached-passwords', key: 'breachedPasswords' },
  { preset: 'mfa-unenrolled', key: 'mfaNotEnrolled' },
  { preset: 'inactive', key: 'inactiveUsers' },
];
