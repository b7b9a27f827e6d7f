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

/** The portal sections with their default visibility and permission keys (000 §2, ROUTE-021..036). */
export const navigationEntries: readonly NavigationEntry[] = [
  { key: 'profile', group: 'personal', visibility: 'always', permission: null },
  { key: 'privacy', group: 'personal', visibility: 'always', permission: 'fe.secure.read.securityPolicy' },
  {
    key: 'personalApiTokens',
    group: 'personal',
    visibility: 'hidden',
    permission: 'fe.secure.read.userApiTokens',
  },
  { key: 'account', group: 'workspace', visibility: 'always', permission: 'fe.secure.read.accountSettings' },
  { key: 'users', group: 'workspace', visibility: 'always', permission: 'fe.secure.read.users' },
  { key: 'groups', group: 'workspace', visibility: 'hidden', permission: 'fe.secure.read.groups' },
  { key: 'roles', group: 'workspace', visibility: 'hidden', permission: 'fe.secure.read.roles' },
  { key: 'security', group: 'workspace', visibility: 'always', permission: 'fe.secure.read.securityPolicy' },
  { key: 'sso', group: 'workspace', visibility: 'hidden', permission: 'fe.secure.read.samlConfiguration' },
  {
    key: 'provisioning',
    group: 'workspace',
    visibility: 'hidden',
    permission: 'fe.secure.read.provisioningConfiguration',
  },
  { key: 'audits', group: 'workspace', visibility: 'always', permission: 'fe.secure.read.audits' },
  {
    key: 'apiTokens',
    group: 'workspace',
    visibility: 'hidden',
    permission: 'fe.secure.read.tenantApiTokens',
  },
  { key: 'webhooks', group: 'workspace', visibility: 'hidden', permission: 'fe.connectivity.read.webhooks' },
  { key: 'subscriptions', group: 'workspace', visibility: 'hidden', permission: 'fe.subscriptions.*' },
  {
    key: 'allAccounts',
    group: 'workspace',
    visibility: 'byPermissions',
    permission: 'fe.account-hierarchy.read.subAccount',
  },
  {
    key: 'usage',
    group: 'workspace',
    visibility: 'hidden',
    permission: 'fe.usage.read',
    flag: 'fe-usage-page',
  },
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
