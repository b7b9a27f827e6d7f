// The signed-in user's own login sessions (ROUTE-038 loginSessions).
import { adminPortalApi, type ApiClient } from './client';
import { paths } from './paths';
import type { z } from 'zod';
import type { loginSession } from './contracts/sessions';

/** A login session (000 §3 Session; Frontegg's ISessionResponse). */
export type LoginSession = z.infer<typeof loginSession>;

export function createSessionsApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET users/sessions/v1/me. */
    getSessions: () => client.request<LoginSession[]>(paths.auth.getCurrentUserSessions),
    /** GET users/sessions/v1/me/current. */
    getCurrentSession: () => client.request<LoginSession>(paths.auth.getCurrentUserSession),
    /** DELETE users/sessions/v1/me/{id}. */
    revokeSession: (id: string) => client.request(paths.auth.deleteSessionForUser, { params: { id } }),
    /** DELETE users/sessions/v1/me/all: every session but the current one. */
    revokeOtherSessions: () => client.request(paths.auth.deleteAllSessionsForUser),
  };
}

export const sessionsApi = createSessionsApi(adminPortalApi);
