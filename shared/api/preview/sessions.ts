// The signed-in user's sessions and the session configuration (bodies parsed with the sessions contract).
import { sessionsContracts as sc } from '../contracts/sessions';
import { paths } from '../paths';
import { fail, find, on, parseWith, type PreviewRoute, remove } from './common';
import { scopedTenant, signedInUser } from './views';

export const sessionsHandlers: PreviewRoute[] = [
  // Sessions
  on(paths.auth.getCurrentUserSessions, ({ state }) =>
    state.sessions.filter((s) => s.userId === signedInUser(state).id),
  ),
  on(paths.auth.getCurrentUserSession, ({ state }) => find(state.sessions, (s) => s.current, 'Session')),
  on(
    paths.auth.deleteSessionForUser,
    (req) => (remove(req.state.sessions, (s) => s.id === req.params.id, 'Session'), {}),
  ),
  on(
    paths.auth.deleteAllSessionsForUser,
    ({ state }) => ((state.sessions = state.sessions.filter((s) => s.current)), {}),
  ),
  // Only users of the caller's tenant; anyone else answers like an unknown user (as on the server).
  on(paths.auth.revokeSessionsForUser, (req) => {
    const { userId } = parseWith(sc.revokeSessionsForUser.body, req.body);
    const tenantId = scopedTenant(req);
    if (!req.state.users.some((u) => u.id === userId && u.tenantIds.includes(tenantId)))
      throw fail(404, 'User not found');
    req.state.sessions = req.state.sessions.filter((s) => s.userId !== userId);
    return {};
  }),
  on(paths.auth.getSessionConfigurations, ({ state }) => state.sessionConfiguration),
  on(paths.auth.createOrUpdateSessionConfigrations, ({ state, body }) => {
    const patch = parseWith(sc.createOrUpdateSessionConfigrations.body, body);
    const config = state.sessionConfiguration;
    Object.assign(config.sessionConcurrentConfiguration, patch.sessionConcurrentConfiguration);
    Object.assign(config.sessionIdleTimeoutConfiguration, patch.sessionIdleTimeoutConfiguration);
    Object.assign(config.sessionTimeoutConfiguration, patch.sessionTimeoutConfiguration);
    return config;
  }),
];
