// Every family's contract script: a new family adds its own here.
import type { Script } from '../contract';
import { rolesScript } from './roles';
import { groupsScript } from './groups';
import { applicationsScript } from './applications';
import { accountSettingsScript } from './accountSettings';
import { metadataScript } from './metadata';
import { flagsScript } from './flags';
import { securityPolicyScript } from './securityPolicy';
import { captchaScript } from './captcha';
import { domainRestrictionsScript } from './domainRestrictions';
import { ipRestrictionsScript } from './ipRestrictions';
import { apiTokensScript } from './apiTokens';
import { billingScript } from './billing';
import { directoryScript } from './directory';
import { auditsScript } from './audits';
import { securityCenterScript } from './securityCenter';
import { authScript, impersonateScript, sessionsScript, usersScript } from './auth';
import { signupScript } from './signup';
import { mfaScript } from './mfa';
import { passwordlessScript } from './passwordless';
import { socialScript } from './social';
import { ssoScript } from './sso';
import { ssoConfigurationsScript } from './ssoConfigurations';
import { webauthnScript } from './webauthn';
import { phoneScript, profileScript, teamScript } from './team';
import { hierarchyScript } from './hierarchy';
import { connectivityScript } from './connectivity';

export const scripts: Script[] = [
  rolesScript,
  groupsScript,
  applicationsScript,
  accountSettingsScript,
  metadataScript,
  flagsScript,
  securityPolicyScript,
  captchaScript,
  domainRestrictionsScript,
  ipRestrictionsScript,
  authScript,
  usersScript,
  sessionsScript,
  impersonateScript,
  signupScript,
  mfaScript,
  webauthnScript,
  passwordlessScript,
  socialScript,
  ssoScript,
  ssoConfigurationsScript,
  teamScript,
  profileScript,
  phoneScript,
  apiTokensScript,
  auditsScript,
  securityCenterScript,
  directoryScript,
  billingScript,
  hierarchyScript,
  connectivityScript,
];
