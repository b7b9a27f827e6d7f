// The signed-in user's sessions and the session configuration.
import { paths } from '../paths';
import { find, merge, on, type PreviewRoute, record, remove, text } from './common';
import { signedInUser } from './views';

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
  on(paths.auth.revokeSessionsForUser, ({ state, body }) => {
    const userId = text(record(body).userId);
    state.sessions = state.sessions.filter((s) => s.userId !== userId);
    return {};
  }),
  on(paths.auth.getSessionConfigurations, ({ state }) => state.sessionConfiguration),
  on(paths.auth.createOrUpdateSessionConfigrations, ({ state, body }) => {
    const input = record(body);
    const config = state.sessionConfiguration;
    merge(config.sessionConcurrentConfiguration, record(input.sessionConcurrentConfiguration), [
      'isActive',
      'maxSessions',
    ]);
    merge(config.sessionIdleTimeoutConfiguration, record(input.sessionIdleTimeoutConfiguration), [
      'isActive',
      'timeout',
    ]);
    merge(config.sessionTimeoutConfiguration, record(input.sessionTimeoutConfiguration), [
      'isActive',
      'timeout',
    ]);
    return config;
  }),
];
