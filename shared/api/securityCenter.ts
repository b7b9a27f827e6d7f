import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf } from './contracts/contract';
import {
  SECURITY_CENTER_TABLE_LIMIT,
  SECURITY_REPORT_FILE_NAME,
  SECURITY_REPORT_TEMPLATE_ID,
  INACTIVE_USER_SECONDS,
  type securityCenterContracts as c,
} from './contracts/securityCenter';
import type { UsersPage } from './team';
import { paths } from './paths';

export type {
  Insight,
  InsightCode,
  Recommendation,
  RecommendationCode,
  RecommendationSeverity,
  SecurityCategory,
  SecurityMetadata,
  WireCategory,
} from './contracts/securityCenter';

export type RecommendationsAnswer = AnswerOf<typeof c.getRecommendations>;
export type InsightsAnswer = AnswerOf<typeof c.getInsights>;
export type ResetBreachedAnswer = AnswerOf<typeof c.sendResetBreachedPasswordEmails>;

/** The three user tables of the security center (SECCENTER-001; users v3 presets, ENUM-031). */
export type SecurityUsersPreset = 'breached-passwords' | 'mfa-unenrolled' | 'inactive';

/** The users v3 query of one table page (SECCENTER-007: limit 10; SECCENTER-008: inactive after 90 days). */
export function securityUsersQuery(
  preset: SecurityUsersPreset,
  page: number,
): Record<string, string | number> {
  return {
    _preset: preset,
    _limit: SECURITY_CENTER_TABLE_LIMIT,
    _offset: page,
    ...(preset === 'inactive' ? { _maxInactiveSeconds: INACTIVE_USER_SECONDS } : {}),
  };
}

/** The security center's calls, bound to a client (the methods read `client.request` at call time). */
export function createSecurityCenterApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET recommendations (SECCENTER-004): the score and what to do. */
    getRecommendations: () => client.request<RecommendationsAnswer>(paths.securityCenter.getRecommendations),
    /** GET insights (SECCENTER-005). */
    getInsights: () => client.request<InsightsAnswer>(paths.securityCenter.getInsights),
    /** POST the bulk reset with no body (SECCENTER-006): reset mails to every user with a breached password. */
    sendResetBreachedPasswordEmails: () =>
      client.request<ResetBreachedAnswer | undefined>(paths.users.sendResetBreachedPasswordEmails),
    /** One page (`page` is the page index, as users v3 counts `_offset`) of one table. */
    getUsers: (preset: SecurityUsersPreset, page: number) =>
      client.request<UsersPage>(paths.users.getUsersV3, { query: securityUsersQuery(preset, page) }),
    /** The posture report as a PDF download (the client saves the attachment). */
    downloadReport: () =>
      client.request<Blob>(paths.reports.downloadReport, {
        query: { templateId: SECURITY_REPORT_TEMPLATE_ID, responseType: 'pdf' },
        fileName: SECURITY_REPORT_FILE_NAME,
      }),
  };
}

export type SecurityCenterApi = ReturnType<typeof createSecurityCenterApi>;

/** The portal's client (a 401 signs out). */
export const securityCenterApi: SecurityCenterApi = createSecurityCenterApi(adminPortalApi);
