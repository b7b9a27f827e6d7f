// Every endpoint table, by family: what readers of all of them (the authorization matrix test) walk. A family
// with a table adds it here.
import { accountPoliciesEndpointsByName } from './account/policies';
import { accountProfileEndpointsByName } from './account/profile';
import { accountSessionsEndpointsByName } from './account/sessions';
import { accountStrategiesEndpointsByName } from './account/strategies';
import { accountTenantsEndpointsByName } from './account/tenants';
import { accountSettingsEndpointsByName } from './accountSettings';
import { apiTokenExchangeEndpointsByName, apiTokensEndpointsByName } from './apiTokens';
import { applicationsEndpointsByName } from './applications';
import { auditsEndpointsByName } from './audits';
import { billingEndpointsByName } from './billing';
import { authEndpointsByName } from './auth';
import { captchaEndpointsByName } from './captcha';
import { connectivityEndpointsByName } from './connectivity';
import { devEndpointsByName } from './dev';
import { directoryEndpointsByName } from './directory';
import { scimEndpointsByName } from './scim';
import type { Endpoint } from './endpoints';
import { flagsEndpointsByName } from './flags';
import { groupsEndpointsByName } from './groups';
import { hierarchyEndpointsByName } from './hierarchy';
import { impersonateEndpointsByName } from './impersonate';
import {
  domainRestrictionsDevEndpointsByName,
  domainRestrictionsEndpointsByName,
} from './domainRestrictions';
import { ipRestrictionsEndpointsByName } from './ipRestrictions';
import { metadataEndpointsByName } from './metadata';
import { mfaLoginEndpointsByName } from './mfaLogin';
import { mfaProfileEndpointsByName } from './mfaProfile';
import { mfaWebauthnEndpointsByName } from './mfaWebauthn';
import { oauthEndpointsByName } from './oauth';
import { passwordlessDevEndpointsByName, passwordlessEndpointsByName } from './passwordless';
import { phoneEndpointsByName } from './phone';
import { profileEndpointsByName } from './profile';
import { rolesEndpointsByName } from './roles';
import { securityCenterEndpointsByName } from './securityCenter';
import { securityPolicyEndpointsByName } from './securityPolicy';
import { signupEndpointsByName } from './signup';
import { socialDevEndpointsByName, socialEndpointsByName } from './social';
import { ssoDevEndpointsByName, ssoEndpointsByName } from './sso';
import { ssoConfigurationsEndpointsByName } from './ssoConfigurations';
import { stripeWebhookEndpointsByName } from './stripeWebhook';
import { stepUpEndpointsByName } from './stepup';
import { subTenantUsersEndpointsByName } from './subTenantUsers';
import { teamEndpointsByName } from './team';
import { webauthnDevEndpointsByName, webauthnEndpointsByName } from './webauthn';

/** The tables of the portal's pages (the admin box): the authorization matrix calls every entry of these. */
export const portalTables = {
  team: teamEndpointsByName,
  roles: rolesEndpointsByName,
  groups: groupsEndpointsByName,
  accountSettings: accountSettingsEndpointsByName,
  profile: profileEndpointsByName,
  accountProfile: accountProfileEndpointsByName,
  accountSessions: accountSessionsEndpointsByName,
  applications: applicationsEndpointsByName,
  metadata: metadataEndpointsByName,
  securityPolicy: securityPolicyEndpointsByName,
  ipRestrictions: ipRestrictionsEndpointsByName,
  domainRestrictions: domainRestrictionsEndpointsByName,
  apiTokens: apiTokensEndpointsByName,
  audits: auditsEndpointsByName,
  securityCenter: securityCenterEndpointsByName,
  ssoConfigurations: ssoConfigurationsEndpointsByName,
  directory: directoryEndpointsByName,
  billing: billingEndpointsByName,
  hierarchy: hierarchyEndpointsByName,
  subTenantUsers: subTenantUsersEndpointsByName,
  connectivity: connectivityEndpointsByName,
} as const;

/** Every table: the portal's and those of sign-in, the user's own account and development. */
export const endpointTables: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  ...portalTables,
  auth: authEndpointsByName,
  scim: scimEndpointsByName,
  apiTokenExchange: apiTokenExchangeEndpointsByName,
  mfaLogin: mfaLoginEndpointsByName,
  mfaProfile: mfaProfileEndpointsByName,
  mfaWebauthn: mfaWebauthnEndpointsByName,
  webauthn: webauthnEndpointsByName,
  passwordless: passwordlessEndpointsByName,
  phone: phoneEndpointsByName,
  signup: signupEndpointsByName,
  stepUp: stepUpEndpointsByName,
  impersonate: impersonateEndpointsByName,
  sso: ssoEndpointsByName,
  social: socialEndpointsByName,
  oauth: oauthEndpointsByName,
  flags: flagsEndpointsByName,
  accountTenants: accountTenantsEndpointsByName,
  accountPolicies: accountPoliciesEndpointsByName,
  captcha: captchaEndpointsByName,
  accountStrategies: accountStrategiesEndpointsByName,
  dev: devEndpointsByName,
  passwordlessDev: passwordlessDevEndpointsByName,
  socialDev: socialDevEndpointsByName,
  ssoDev: ssoDevEndpointsByName,
  webauthnDev: webauthnDevEndpointsByName,
  domainRestrictionsDev: domainRestrictionsDevEndpointsByName,
  stripeWebhook: stripeWebhookEndpointsByName,
};
