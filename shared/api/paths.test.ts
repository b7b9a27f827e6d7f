import { expect } from '@open-wc/testing';
import { paths, type ApiPath } from './paths';

const table = new Set(
  Object.values(paths).flatMap((family) =>
    Object.values(family as Record<string, ApiPath>).map((r) => `${r.method} ${r.path}`),
  ),
);

/** One representative call per family named in API-022. */
const families: Record<string, string> = {
  'auth: login': 'POST /identity/resources/auth/v1/user',
  'auth: MFA verify': 'POST /identity/resources/auth/v1/user/mfa/verify',
  'auth: token refresh': 'POST /identity/resources/auth/v1/user/token/refresh',
  'auth: logout': 'POST /identity/resources/auth/v1/logout',
  'auth: SSO pre-login': 'POST /identity/resources/auth/v1/user/saml/prelogin',
  'auth: SSO post-login': 'POST /identity/resources/auth/v1/user/saml/postlogin',
  'auth: passwordless': 'POST /identity/resources/auth/v1/passwordless/{type}/postlogin',
  'auth: WebAuthn': 'POST /identity/resources/auth/v1/webauthn/prelogin',
  'auth: social login': 'POST /identity/resources/auth/v1/user/sso/{provider}/postlogin',
  'auth: step-up generate': 'POST /identity/resources/auth/v1/user/step-up/generate',
  activation: 'POST /identity/resources/users/v1/activate',
  invitations: 'POST /identity/resources/users/v1/invitation/accept',
  'password reset': 'POST /identity/resources/users/v1/passwords/reset',
  'password change': 'POST /identity/resources/users/v1/passwords/change',
  'MFA enroll': 'POST /identity/resources/users/v1/mfa/enroll',
  'MFA disable': 'POST /identity/resources/users/v1/mfa/disable',
  sessions: 'GET /identity/resources/users/sessions/v1/me',
  'access tokens': 'GET /identity/resources/users/access-tokens/v1',
  'API tokens': 'GET /identity/resources/tenants/api-tokens/v1',
  'SSO configuration': 'GET /team/resources/sso/v1/configurations',
  domains: 'POST /team/resources/sso/v1/configurations/{ssoConfigId}/domains',
  roles: 'GET /identity/resources/roles/v1',
  groups: 'GET /identity/resources/groups/v1',
  'IP restrictions': 'GET /identity/resources/configurations/v1/restrictions/ip',
  'email-domain restrictions': 'GET /identity/resources/configurations/restrictions/v1/email-domain',
  'lockout policy': 'GET /identity/resources/configurations/v1/lockout-policy',
  'MFA policy': 'GET /identity/resources/configurations/v1/mfa-policy',
  'password-history policy': 'GET /identity/resources/configurations/v1/password-history-policy',
  'temporary users': 'GET /identity/resources/users/temporary/v1/configuration',
  'invite links': 'GET /identity/resources/tenants/invites/v1/user',
  'applications assignment': 'POST /identity/resources/applications/v1/apps-user',
  'entitlements v2': 'GET /entitlements/api/v2/user-entitlements',
  'account settings': 'GET /tenants/resources/account-settings/v1',
  audits: 'GET /audits',
  reports: 'GET /reports/resources/reports/v2/tenant-reports',
  notifications: 'GET /notification',
  'integrations: Slack': 'GET /integrations/resources/configurations/v1/slack',
  'integrations: email': 'GET /integrations/resources/configurations/v1/emails',
  'integrations: SMS': 'GET /integrations/resources/configurations/v2/sms',
  'integrations: webhooks': 'GET /webhook',
  metadata: 'GET /metadata',
};

describe('paths table', () => {
  it('[API-022] holds a call of every family the spec names', () => {
    const missing = Object.entries(families).filter(([, call]) => !table.has(call));
    expect(missing, JSON.stringify(missing)).to.deep.equal([]);
    expect(Object.keys(families)).to.have.length(41);
  });

  it('every path is absolute and every placeholder is a {name}', () => {
    for (const call of table) {
      const path = call.split(' ')[1]!;
      expect(path.startsWith('/'), call).to.equal(true);
      expect(path.replace(/\{\w+\}/g, ''), call).not.to.match(/[{}]/);
    }
  });
});
