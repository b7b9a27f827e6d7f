// Contract scripts of the auth core: sign-in and configuration, the signed-in user and their tenants,
// sessions and impersonation. The server side is the demo admin signed in; the preview its sample user.
import { authContracts as a } from '../../../shared/api/contracts/auth';
import { impersonateContracts as i } from '../../../shared/api/contracts/impersonate';
import { sessionsContracts as s } from '../../../shared/api/contracts/sessions';
import { teamContracts } from '../../../shared/api/contracts/team';
import { tenantsContracts as t } from '../../../shared/api/contracts/tenants';
import { usersContracts as u } from '../../../shared/api/contracts/users';
import { WRONG_PASSWORD } from '../../../shared/api/preview/auth';
import { PREVIEW_BAD_LINK_TOKEN } from '../../../shared/api/preview/signup';
import type { Script } from '../contract';

export const authScript: Script = {
  family: 'auth',
  steps: [
    { name: 'vendor configuration', call: a.getVendorConfig },
    { name: 'public strategies', call: a.getVendorPublicAuthStrategiesConfig },
    { name: 'strategies (signed in)', call: a.getPublicAuthStrategiesConfigForAuthenticatedUser },
    { name: 'sign-up strategies', call: a.getSignUpStrategies },
    { name: 'password recovery strategies', call: a.getPasswordRecoveryStrategies },
    {
      name: 'a login without a password is refused',
      call: a.login,
      body: { email: 'x@y.test' },
      expect: 400,
    },
    {
      name: 'a wrong password is refused',
      call: a.login,
      body: { email: 'admin@acme.test', password: WRONG_PASSWORD },
      expect: 401,
    },
    { name: 'sign in', call: a.login, body: { email: 'admin@acme.test', password: 'admin-password-1234' } },
    { name: 'refresh (no cookie: nothing, or the session)', call: a.refreshToken, body: {} },
    {
      name: 'a negative step-up age is refused',
      call: a.generateStepupSession,
      body: { maxAge: -1 },
      expect: 400,
    },
    {
      name: 'an unknown refresh token is not exchanged',
      call: a.exchangeOAuthTokens,
      body: { grant_type: 'refresh_token', refresh_token: 'no-such-token' },
      expect: 400,
    },
    { name: 'no hosted session: no silent refresh', call: a.silentOAuthRefreshToken, expect: 401 },
    { name: 'hosted logout', call: a.OAuthLogout },
    { name: 'log out', call: a.logout, body: {} },
  ],
};

export const usersScript: Script = {
  family: 'users and tenants',
  steps: [
    { name: 'me', call: u.getMeV2, save: 'me' },
    { name: 'update my name', call: u.updateUserProfileV2, body: { name: 'Contract Admin' } },
    { name: 'an empty name is refused', call: u.updateUserProfileV2, body: { name: '' }, expect: 400 },
    { name: 'my authorization', call: u.getUserAuthorization },
    { name: 'my tenants (v1)', call: u.getCurrentUserTenantsV1 },
    { name: 'my tenants (v3)', call: u.getCurrentUserTenantsV3 },
    { name: 'my tenants (v2)', call: t.getTenants },
    { name: 'a token for my tenant', call: u.GetUserJwt, body: (saved) => ({ tenantId: saved.me.tenantId }) },
    {
      name: 'no token for a tenant I am not in',
      call: u.GetUserJwt,
      body: { tenantId: 'no-such-tenant' },
      expect: 403,
    },
    { name: 'switch to my tenant', call: t.switchTenant, body: (saved) => ({ tenantId: saved.me.tenantId }) },
    {
      name: 'no switch to a foreign tenant',
      call: t.switchTenant,
      body: { tenantId: 'no-such-tenant' },
      expect: 403,
    },
    { name: 'a switch without a tenant is refused', call: t.switchTenant, body: {}, expect: 400 },
    {
      name: 'an unknown unlock token is refused',
      call: u.unlockMe,
      body: { token: PREVIEW_BAD_LINK_TOKEN },
      expect: 400,
    },
  ],
};

export const sessionsScript: Script = {
  family: 'sessions',
  steps: [
    { name: 'my sessions', call: s.getCurrentUserSessions },
    { name: 'this session', call: s.getCurrentUserSession },
    {
      name: 'an unknown session is not found',
      call: s.deleteSessionForUser,
      params: { id: 'no-such-session' },
      expect: 404,
    },
    { name: 'end my other sessions', call: s.deleteAllSessionsForUser },
    {
      name: "an unknown user's sessions are not found",
      call: s.revokeSessionsForUser,
      body: { userId: 'no-such-user' },
      expect: 404,
    },
    { name: 'a revoke without a user is refused', call: s.revokeSessionsForUser, body: {}, expect: 400 },
    { name: 'session policy', call: s.getSessionConfigurations },
    {
      name: 'save the session policy',
      call: s.createOrUpdateSessionConfigrations,
      body: { sessionIdleTimeoutConfiguration: { isActive: false } },
    },
    {
      name: 'an idle timeout under a minute is refused',
      call: s.createOrUpdateSessionConfigrations,
      body: { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1 } },
      expect: 400,
    },
  ],
};

export const impersonateScript: Script = {
  family: 'impersonate',
  steps: [
    { name: 'no user named: refused', call: i.impersonate, body: { userId: 'x' }, expect: 400 },
    {
      name: 'an unknown user is not found',
      call: i.impersonate,
      body: { impersonatedUserId: 'no-such-user', reason: 'Contract' },
      expect: 404,
    },
    {
      name: "an actor token that is not the caller's is refused",
      call: i.impersonate,
      body: { impersonatedUserId: 'no-such-user', actorToken: 'not-a-token' },
      expect: 403,
    },
    { name: 'who I am', call: u.getMeV2, save: 'me' },
    { name: 'the members', call: teamContracts.getUsersV3, query: { _limit: '50' }, save: 'members' },
    {
      name: 'impersonate a member',
      call: i.impersonate,
      body: (saved) => ({
        impersonatedUserId: (saved.members.items as { id: string; isDisabled?: boolean }[]).find(
          (m) => m.id !== saved.me.id && !m.isDisabled,
        )?.id,
        reason: 'Contract',
      }),
    },
  ],
};
