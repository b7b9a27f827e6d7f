import { hasPermission } from '../../shared/auth/permissions';
import type { NavigationOptions, NavigationVisibility } from '../../shared/options/options';

export type NavigationEntryKey =
  | 'profile'
  | 'privacy'
  | 'personalApiTokens'
  | 'account'
  | 'users'
  | 'groups'
  | 'roles'
  | 'security'
  | 'sso'
  | 'provisioning'
  | 'audits'
  | 'securityCenter'
  | 'apiTokens'
  | 'webhooks'
  | 'subscriptions'
  | 'allAccounts'
  | 'usage';

export interface NavigationEntry {
  key: NavigationEntryKey;
  group: 'personal' | 'workspace';
  visibility: NavigationVisibility;
  /** Needed to see the entry when shown by permissions; null = no permission needed. */
  permission: string | null;
  /** A feature flag that turns a hidden entry into a permission-governed one. */
  flag?: string;
}

/** One row of the table below. */
const entry = (
  group: NavigationEntry['group'],
  key: NavigationEntryKey,
  visibility: NavigationVisibility,
  permission: string | null,
  flag?: string,
): NavigationEntry => ({ key, group, visibility, permission, ...(flag ? { flag } : {}) });

/** The portal sections with their default visibility and permission keys (000 §2, ROUTE-021..036). */
export const navigationEntries: readonly NavigationEntry[] = [
  entry('personal', 'profile', 'always', null),
  entry('personal', 'privacy', 'always', 'fe.secure.read.securityPolicy'),
  entry('personal', 'personalApiTokens', 'hidden', 'fe.secure.read.userApiTokens'),
  entry('workspace', 'account', 'always', 'fe.secure.read.accountSettings'),
  entry('workspace', 'users', 'always', 'fe.secure.read.users'),
  entry('workspace', 'groups', 'hidden', 'fe.secure.read.groups'),
  entry('workspace', 'roles', 'hidden', 'fe.secure.read.roles'),
  entry('workspace', 'security', 'always', 'fe.secure.read.securityPolicy'),
  entry('workspace', 'sso', 'hidden', 'fe.secure.read.samlConfiguration'),
  entry('workspace', 'provisioning', 'hidden', 'fe.secure.read.provisioningConfiguration'),
  entry('workspace', 'audits', 'always', 'fe.secure.read.audits'),
  // Ours beyond the seed's sixteen (SCREEN-069): the security center, for readers of the security policies.
  entry('workspace', 'securityCenter', 'byPermissions', 'fe.secure.read.securityPolicy'),
  entry('workspace', 'apiTokens', 'hidden', 'fe.secure.read.tenantApiTokens'),
  entry('workspace', 'webhooks', 'hidden', 'fe.connectivity.read.webhooks'),
  entry('workspace', 'subscriptions', 'hidden', 'fe.subscriptions.*'),
  entry('workspace', 'allAccounts', 'byPermissions', 'fe.account-hierarchy.read.subAccount'),
  entry('workspace', 'usage', 'hidden', 'fe.usage.read', 'fe-usage-page'),
];

/**
 * The entries a user sees (ROUTE-037): `always` entries are shown, `hidden` ones are not, and
 * `byPermissions` ones when the user holds the entry's permission key. The host's navigation option and
 * the portal metadata override the default visibility; an entry's flag turns it into `byPermissions`.
 */
export function visibleEntries(
  permissions: readonly string[],
  overrides: NavigationOptions = {},
  flags: Record<string, boolean> = {},
): NavigationEntry[] {
  return navigationEntries.filter((entry) => entryShown(entry, permissions, overrides, flags));
}

/** Whether one entry is shown (the decision `visibleEntries` takes for each entry). */
export function entryShown(
  entry: NavigationEntry,
  permissions: readonly string[],
  overrides: NavigationOptions = {},
  flags: Record<string, boolean> = {},
): boolean {
  const flagged = entry.flag && flags[entry.flag] ? 'byPermissions' : entry.visibility;
  const visibility = overrides[entry.key]?.visibility ?? flagged;
  if (visibility === 'hidden') return false;
  if (visibility === 'always') return true;
  return hasPermission(permissions, entry.permission);
}
