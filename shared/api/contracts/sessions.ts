// The signed-in user's login sessions (ROUTE-038 loginSessions), an administrator revoking a member's
// sessions, and the tenant's session policy (users/sessions v1, configurations/sessions v1).
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';

/** A login session (Frontegg's ISessionResponse). */
export const loginSession = z.object({
  id,
  userId: z.string().optional(),
  userAgent: z.string(),
  ipAddress: z.string(),
  createdAt: isoDate,
  /** The session of the calling token. */
  current: z.boolean(),
  /** Opened by an administrator acting as the user (IMPERSONATE-*). */
  impersonated: z.boolean().optional(),
});

const DAY = 86_400;
/** Seconds. */
const seconds = z
  .number()
  .int()
  .min(60)
  .max(365 * DAY);

/** The tenant's session policy (Frontegg's ISessionConfigurations; all three parts are always answered). */
export const sessionConfiguration = z.object({
  sessionConcurrentConfiguration: z.object({
    isActive: z.boolean(),
    maxSessions: z.number().int().min(1).max(1000),
  }),
  sessionIdleTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds }),
  sessionTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds }),
});

/** A save: any part, any field of a part; the rest keeps its current value. */
export const sessionConfigurationPatch = z.object({
  sessionConcurrentConfiguration: sessionConfiguration.shape.sessionConcurrentConfiguration
    .partial()
    .optional(),
  sessionIdleTimeoutConfiguration: sessionConfiguration.shape.sessionIdleTimeoutConfiguration
    .partial()
    .optional(),
  sessionTimeoutConfiguration: sessionConfiguration.shape.sessionTimeoutConfiguration.partial().optional(),
});

export const sessionsContracts = {
  getCurrentUserSessions: contract({
    route: paths.auth.getCurrentUserSessions,
    response: z.array(loginSession),
  }),
  getCurrentUserSession: contract({ route: paths.auth.getCurrentUserSession, response: loginSession }),
  deleteSessionForUser: contract({
    route: paths.auth.deleteSessionForUser,
    params: z.object({ id }),
    response: empty,
  }),
  deleteAllSessionsForUser: contract({ route: paths.auth.deleteAllSessionsForUser, response: empty }),
  revokeSessionsForUser: contract({
    route: paths.auth.revokeSessionsForUser,
    body: z.object({ userId: z.string().min(1).max(100) }),
    response: empty,
  }),
  getSessionConfigurations: contract({
    route: paths.auth.getSessionConfigurations,
    response: sessionConfiguration,
  }),
  createOrUpdateSessionConfigrations: contract({
    route: paths.auth.createOrUpdateSessionConfigrations,
    body: sessionConfigurationPatch,
    response: sessionConfiguration,
  }),
} as const;
