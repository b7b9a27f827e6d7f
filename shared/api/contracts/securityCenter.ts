// Security center (SECCENTER-001..010, ENUM-048..053): the tenant's security posture computed by the server from
// its live policies and users (server/securityCenter/), in Frontegg's shapes (`@frontegg/rest-api` security-center:
// GetRecommendationsResponse, GetInsightsResponse; users: sendResetBreachedPasswordEmails; reports: downloadReport).
//
// Permissions: reading the security center (recommendations, insights, the report) needs
// `fe.secure.read.securityPolicy` — the permission the portal's Security page reads its policies with (the
// security center reads the same policies). The reset action (SECCENTER-006) needs `fe.secure.write.users`; the
// ADJUST_* actions (ENUM-050) go through the security-policy calls and their `fe.secure.write.securityPolicy`.
// The three tables are users v3 (`fe.secure.read.users`); the report lists their first emails only for callers
// who also hold that key (the others get the totals).
//
// The score (server/securityCenter/score.ts; docs/decisions/0023-security-center.md): a pure function of the
// facts, the sum of these points, rounded to an integer, 0..100:
//
// | factor            | points | how                                                                          |
// | ----------------- | ------ | ---------------------------------------------------------------------------- |
// | MFA forced        | 15     | enforced always 15; enforced unless SAML 10; off 0                           |
// | MFA enrolment     | 15     | 15 × share of active users with MFA (no active users: 15)                    |
// | breached passwords| 15     | 15 when no user has one, else 0                                              |
// | user lockout      | 10     | enabled with maxAttempts ≤ 5: 10; enabled and weaker: 5; off: 0              |
// | password history  | 10     | enabled with history ≥ 5: 10; enabled and weaker: 5; off: 0                  |
// | force relogin     | 5      | enabled with a limit ≤ 30 days: 5; enabled and longer: 3; off: 0             |
// | session concurr.  | 5      | enabled with max ≤ 10 sessions: 5; enabled and more: 3; off: 0               |
// | idle timeout      | 5      | enabled with ≤ 1800 s: 5; enabled and longer: 3; off: 0                      |
// | IP restrictions   | 5      | active allow list with ≥ 1 entry: 5; otherwise active: 3; off: 0              |
// | domain restr.     | 5      | active allow list with ≥ 1 entry: 5; otherwise active: 3; off: 0              |
// | SSO               | 10     | at least one enabled SSO configuration: 10                                    |
//
// The recommended values (SECCENTER-010) are exported below: the page shows them in its confirm dialogs and the
// server compares the policies with them.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';

/** Security recommendation codes (ENUM-048; Frontegg's RecommendationCode without the country code). */
export const recommendationCode = z.enum([
  'FORCE_MFA',
  'BREACHED_PASSWORDS_EXIST',
  'ENABLE_USER_LOCKOUT',
  'STRENGTHEN_USER_LOCKOUT',
  'ENABLE_PASSWORD_HISTORY',
  'STRENGTHEN_PASSWORD_HISTORY',
  'ENABLE_FORCE_RELOGIN',
  'SET_FORCE_RELOGIN',
  'ENABLE_SESSION_CONCURRENCY',
  'SET_SESSION_CONCURRENCY',
  'ENABLE_IDLE_SESSION',
  'SET_IDLE_SESSION',
  'ENABLE_IP_RESTRICTIONS',
  'CHANGE_IP_TO_ALLOWLIST',
  'ENABLE_DOMAIN_RESTRICTIONS',
  'CHANGE_DOMAIN_TO_ALLOWLIST',
  'CONFIGURE_SSO',
]);
export type RecommendationCode = z.infer<typeof recommendationCode>;

/** Security insight codes (ENUM-049). */
export const insightCode = z.enum([
  'MFA_FORCED',
  'PARTIALLY_FORCED_MFA',
  'PARTIAL_MFA_USAGE',
  'FULL_MFA_USAGE',
  'BREACHED_PASSWORD_USERS_EXIST',
  'IMPROVE_LOCKOUT_POLICY',
  'IMPROVE_PASSWORD_HISTORY_POLICY',
  'NO_SESSION_SETTINGS',
  'PARTIAL_SESSION_SETTINGS',
  'FULL_SESSION_SETTINGS',
  'NO_IP_RESTRICTIONS',
  'IP_ALLOWLIST',
  'IP_DENYLIST',
  'NO_DOMAIN_RESTRICTIONS',
  'DOMAIN_ALLOWLIST',
  'DOMAIN_DENYLIST',
  'FULL_PASSWORD_SETTINGS',
]);
export type InsightCode = z.infer<typeof insightCode>;

/** The actions a recommendation offers (ENUM-050). */
export const recommendationActionKey = z.enum([
  'SEND_RESET_BREACHED_PASSWORD_EMAIL',
  'ADJUST_FORCE_RELOGIN',
  'ADJUST_MAX_CONCURRENT_SESSIONS',
  'ADJUST_IDLE_TIMEOUT',
]);
export type RecommendationActionKey = z.infer<typeof recommendationActionKey>;

/** The action of a recommendation code, if it has one (others link to the portal page that fixes them). */
export const RECOMMENDATION_ACTIONS: Partial<Record<RecommendationCode, RecommendationActionKey>> = {
  BREACHED_PASSWORDS_EXIST: 'SEND_RESET_BREACHED_PASSWORD_EMAIL',
  ENABLE_FORCE_RELOGIN: 'ADJUST_FORCE_RELOGIN',
  SET_FORCE_RELOGIN: 'ADJUST_FORCE_RELOGIN',
  ENABLE_SESSION_CONCURRENCY: 'ADJUST_MAX_CONCURRENT_SESSIONS',
  SET_SESSION_CONCURRENCY: 'ADJUST_MAX_CONCURRENT_SESSIONS',
  ENABLE_IDLE_SESSION: 'ADJUST_IDLE_TIMEOUT',
  SET_IDLE_SESSION: 'ADJUST_IDLE_TIMEOUT',
};

/** Severity levels (ENUM-051), most severe first (recommendations are sorted in this order). */
export const recommendationSeverity = z.enum(['SEVERE', 'WARNING', 'INFO']);
export type RecommendationSeverity = z.infer<typeof recommendationSeverity>;

/** Security categories (ENUM-052): what the server sends. */
export const securityCategory = z.enum(['MFA', 'SESSIONS', 'PASSWORD', 'INACTIVITY', 'IP', 'DOMAIN', 'SSO']);
export type SecurityCategory = z.infer<typeof securityCategory>;

/**
 * A category as the wire may carry it: the ENUM-052 codes, and the lowercase `password` and `domain` that
 * Frontegg's sample data uses (ENUM-053; a page treats them as PASSWORD and DOMAIN).
 */
export const wireCategory = z.enum([...securityCategory.options, 'password', 'domain']);
export type WireCategory = z.infer<typeof wireCategory>;

/** Frontegg's RecommendationMetadata / InsightsMetadata (every field optional). */
export const securityMetadata = z.object({
  totalUsers: z.number().int().optional(),
  mfa: z.object({ enrolledUsersCount: z.number().int().optional() }).optional(),
  inactivity: z.object({ staleUsersCount: z.number().int().optional() }).optional(),
  password: z
    .object({
      breachedPasswordUsersCount: z.number().int().optional(),
      historyRecommendations: z.number().int().optional(),
      userLockoutRecommendation: z.number().int().optional(),
    })
    .optional(),
  sessions: z
    .object({
      configuredSessionSettings: z.number().int().optional(),
      forceReloginRecommendation: z.number().int().optional(),
      concurrencyRecommendation: z.number().int().optional(),
      idleTimeoutRecommendation: z.number().int().optional(),
    })
    .optional(),
  restrictions: z
    .object({ ipsCount: z.number().int().optional(), domainsCount: z.number().int().optional() })
    .optional(),
});
export type SecurityMetadata = z.infer<typeof securityMetadata>;

/** A recommendation (SECCENTER-002). */
export const recommendation = z.object({
  code: recommendationCode,
  severity: recommendationSeverity,
  category: wireCategory,
  metadata: securityMetadata.optional(),
});
export type Recommendation = z.infer<typeof recommendation>;

/** An insight (SECCENTER-003). */
export const insight = z.object({
  code: insightCode,
  category: wireCategory,
  metadata: securityMetadata.optional(),
});
export type Insight = z.infer<typeof insight>;

/** GET recommendations (SECCENTER-004): the score and the recommendations, most severe first. */
export const recommendationsAnswer = z.object({
  scoring: z.object({ score: z.number().int().min(0).max(100) }),
  recommendations: z.object({ items: z.array(recommendation) }),
});
export type RecommendationsAnswer = z.infer<typeof recommendationsAnswer>;

/** GET insights (SECCENTER-005). */
export const insightsAnswer = z.object({ insights: z.object({ items: z.array(insight) }) });
export type InsightsAnswer = z.infer<typeof insightsAnswer>;

/** The bulk reset's answer: how many reset mails went out (Frontegg's client ignores the body). */
export const resetBreachedAnswer = z.object({ sent: z.number().int().min(0) });

// ---------------------------------------------------------------------------------------------------------
// Recommended values (SECCENTER-010). Lockout, history and idle timeout are the spec's; force relogin and
// concurrent sessions are ours: 30 days matches the common "re-authenticate monthly" guidance and 10 sessions
// covers a user's devices without letting a leaked session hide among hundreds.

/** Lock a user after this many failed sign-ins (or fewer). */
export const RECOMMENDED_LOCKOUT_ATTEMPTS = 5;
/** Refuse the last this many passwords (or more). */
export const RECOMMENDED_PASSWORD_HISTORY = 5;
/** End a session idle for this many seconds (or less). */
export const RECOMMENDED_IDLE_TIMEOUT_SECONDS = 1800;
/** Force a new sign-in after this many seconds (or less): 30 days. */
export const RECOMMENDED_FORCE_RELOGIN_SECONDS = 2_592_000;
/** Allow at most this many concurrent sessions per user. */
export const RECOMMENDED_MAX_CONCURRENT_SESSIONS = 10;
/** A user who has not signed in for this many seconds is inactive (SECCENTER-008: 90 days). */
export const INACTIVE_USER_SECONDS = 7_776_000;
/** The tables' page size (SECCENTER-007). */
export const SECURITY_CENTER_TABLE_LIMIT = 10;
/** The report's template id and file name. */
export const SECURITY_REPORT_TEMPLATE_ID = 'security-posture';
export const SECURITY_REPORT_FILE_NAME = 'security-report.pdf';

/** The report query (Frontegg's IDownloadReport: templateId, responseType). Only the pdf of our template. */
export const downloadReportQuery = z.object({
  templateId: z.literal(SECURITY_REPORT_TEMPLATE_ID, {
    message: `Must be ${SECURITY_REPORT_TEMPLATE_ID}`,
  }),
  responseType: z.preprocess(
    (v) => (v === undefined || v === '' ? 'pdf' : v),
    z.literal('pdf', { message: 'Must be pdf' }),
  ),
});

export const securityCenterContracts = {
  getRecommendations: contract({
    route: paths.securityCenter.getRecommendations,
    response: recommendationsAnswer,
  }),
  getInsights: contract({ route: paths.securityCenter.getInsights, response: insightsAnswer }),
  /** No body (SECCENTER-006): mails every user of the tenant with a breached password a reset link. */
  sendResetBreachedPasswordEmails: contract({
    route: paths.users.sendResetBreachedPasswordEmails,
    response: resetBreachedAnswer,
  }),
  /**
   * The posture report as a PDF (`application/pdf`, attachment `security-report.pdf`); the contract test reads
   * it as a string.
   */
  downloadReport: contract({
    route: paths.reports.downloadReport,
    query: downloadReportQuery,
    response: z.string(),
  }),
} as const;
