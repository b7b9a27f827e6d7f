// Every family's contracts (the server and the contract test read them all; elements import one family's
// types only).
import type { Contracts } from './contract';
import { rolesContracts } from './roles';
import { groupsContracts } from './groups';
import { applicationsContracts } from './applications';
import { accountSettingsContracts } from './accountSettings';
import { metadataContracts } from './metadata';
import { flagsContracts } from './flags';
import { securityPolicyContracts } from './securityPolicy';
import { captchaContracts } from './captcha';
import { ipRestrictionsContracts } from './ipRestrictions';
import { domainRestrictionsContracts } from './domainRestrictions';
import { authContracts } from './auth';
import { impersonateContracts } from './impersonate';
import { sessionsContracts } from './sessions';
import { signupContracts } from './signup';
import { tenantsContracts } from './tenants';
import { usersContracts } from './users';
import { mfaContracts } from './mfa';
import { passwordlessContracts } from './passwordless';
import { socialContracts } from './social';
import { ssoContracts } from './sso';
import { webauthnContracts } from './webauthn';
import { teamContracts } from './team';
import { profileContracts } from './profile';
import { phoneContracts } from './phone';
import { apiTokensContracts } from './apiTokens';
import { auditsContracts } from './audits';
import { securityCenterContracts } from './securityCenter';
import { ssoConfigurationsContracts } from './ssoConfigurations';
import { directoryContracts } from './directory';
import { billingContracts } from './billing';
import { hierarchyContracts, subTenantsContracts } from './hierarchy';
import { connectivityContracts } from './connectivity';

export const contracts = {
  roles: rolesContracts,
  groups: groupsContracts,
  applications: applicationsContracts,
  accountSettings: accountSettingsContracts,
  metadata: metadataContracts,
  flags: flagsContracts,
  securityPolicy: securityPolicyContracts,
  captcha: captchaContracts,
  ipRestrictions: ipRestrictionsContracts,
  domainRestrictions: domainRestrictionsContracts,
  auth: authContracts,
  users: usersContracts,
  tenants: tenantsContracts,
  sessions: sessionsContracts,
  signup: signupContracts,
  impersonate: impersonateContracts,
  mfa: mfaContracts,
  webauthn: webauthnContracts,
  passwordless: passwordlessContracts,
  social: socialContracts,
  sso: ssoContracts,
  team: teamContracts,
  profile: profileContracts,
  phone: phoneContracts,
  apiTokens: apiTokensContracts,
  audits: auditsContracts,
  securityCenter: securityCenterContracts,
  ssoConfigurations: ssoConfigurationsContracts,
  directory: directoryContracts,
  billing: billingContracts,
  hierarchy: hierarchyContracts,
  subTenants: subTenantsContracts,
  connectivity: connectivityContracts,
} satisfies Record<string, Contracts>;
