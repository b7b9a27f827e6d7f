import { adminPortalApi, type ApiClient } from './client';
import { ApiError, GENERIC_ERROR_MESSAGE } from './errors';
import { paths } from './paths';

import type { applicationsContracts as ac } from './contracts/applications';
import type { AnswerOf } from './contracts/contract';

/** FREE_ACCESS: every user may use the application (TEAM-021); MANAGED_ACCESS: the users assigned to it. */
export type ApplicationAccessType = Application['accessType'];

/** An application of the vendor (TEAM-021: id, accessType, userIds). */
export type Application = AnswerOf<typeof ac.getApplicationsData>[number];

/** The applications one user may use (FREE_ACCESS ones included). */
export type UserApplications = AnswerOf<typeof ac.assignUserToApplications>;

/** The users assigned to one application. */
export type ApplicationUsers = AnswerOf<typeof ac.getUsersOfApplications>[number];

/** TEAM-022: shown when a failed assignment carries no message of its own. */
export const ASSIGNMENT_FAILED_MESSAGE = 'Assignment action failed. Try again or contact support.';

/**
 * TEAM-022: the message of a failed assignment — the server's own (the `errors` of its answer), or
 * ASSIGNMENT_FAILED_MESSAGE when it sent none: no answer at all, a body that is not an errors document (the
 * client then makes up `Error <status> - <text>` or the generic message), an empty message.
 */
export function assignmentErrorMessage(err: unknown, fallback: string = ASSIGNMENT_FAILED_MESSAGE): string {
  if (!(err instanceof ApiError) || typeof err.status !== 'number') return fallback;
  if (err.display) return err.display;
  const message = err.message.trim();
  if (!message || message === GENERIC_ERROR_MESSAGE || /^Error \d{3} - /.test(message)) return fallback;
  return message;
}

export const isFreeAccess = (app: Pick<Application, 'accessType'>): boolean =>
  app.accessType === 'FREE_ACCESS';

/** The applications calls (multi-app administration, TEAM-021..023), bound to a client. */
export function createApplicationsApi(client: ApiClient) {
  return {
    /** The vendor's applications; `ids` narrows the list. */
    getApplications(ids?: readonly string[]): Promise<Application[]> {
      return client.request<Application[]>(paths.applications.getApplicationsData, {
        query: ids?.length ? { ids: ids.join(',') } : {},
      });
    },
    /** The application ids of one user. */
    getUserApplicationIds(userId: string): Promise<string[]> {
      return client.request<string[]>(paths.applications.getUserApplicationsId, { params: { userId } });
    },
    /** The application ids of several users (users-apps), comma-joined ids. */
    getUsersApplicationIds(userIds: readonly string[]): Promise<UserApplications[]> {
      return client.request<UserApplications[]>(paths.applications.getUsersApplicationsId, {
        query: { userIds: userIds.join(',') },
      });
    },
    /** The users assigned to several applications (apps-users), comma-joined ids. */
    getUsersOfApplications(appIds: readonly string[]): Promise<ApplicationUsers[]> {
      return client.request<ApplicationUsers[]>(paths.applications.getUsersOfApplications, {
        query: { appIds: appIds.join(',') },
      });
    },
    /** Assigns a user to MANAGED_ACCESS applications; answers the user's applications now. */
    assignUser(userId: string, appIds: readonly string[], tenantId?: string): Promise<UserApplications> {
      return client.request<UserApplications>(paths.applications.assignUserToApplications, {
        body: { userId, appIds: [...appIds], ...(tenantId ? { tenantId } : {}) },
      });
    },
    /** Takes a user off MANAGED_ACCESS applications; answers the user's applications now. */
    unassignUser(userId: string, appIds: readonly string[], tenantId?: string): Promise<UserApplications> {
      return client.request<UserApplications>(paths.applications.unassignUserFromApplications, {
        body: { userId, appIds: [...appIds], ...(tenantId ? { tenantId } : {}) },
      });
    },
  };
}

export type ApplicationsApi = ReturnType<typeof createApplicationsApi>;

/** The admin portal's applications calls. */
export const applicationsApi: ApplicationsApi = createApplicationsApi(adminPortalApi);
