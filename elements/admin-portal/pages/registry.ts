import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NavigationEntryKey } from '../navigation';

/**
 * The page of each navigation entry, each its own lazy chunk (the users table code loads only when the
 * users page opens). Entries without a page here show "not available in this release yet".
 */
export const portalPages: Partial<Record<NavigationEntryKey, LazyExoticComponent<ComponentType>>> = {
  profile: lazy(() => import('./profile/ProfilePage')),
  privacy: lazy(() => import('./privacy/PrivacyPage')),
  account: lazy(() => import('./account/AccountPage')),
  users: lazy(() => import('./users/UsersPage')),
  roles: lazy(() => import('./roles/RolesPage')),
  groups: lazy(() => import('./groups/GroupsPage')),
  security: lazy(() => import('./security/SecurityPage')),
  personalApiTokens: lazy(() => import('./apiTokens/PersonalApiTokensPage')),
  apiTokens: lazy(() => import('./apiTokens/TenantApiTokensPage')),
  audits: lazy(() => import('./audits/AuditsPage')),
  securityCenter: lazy(() => import('./securityCenter/SecurityCenterPage')),
  sso: lazy(() => import('./sso/SsoPage')),
  provisioning: lazy(() => import('./provisioning/ProvisioningPage')),
  subscriptions: lazy(() => import('./subscriptions/SubscriptionsPage')),
  usage: lazy(() => import('./usage/UsagePage')),
  allAccounts: lazy(() => import('./allAccounts/AllAccountsPage')),
  webhooks: lazy(() => import('./connectivity/ConnectivityPage')),
};
