import { expect } from '@open-wc/testing';
import { hasPermission, permissionMatches } from '../../shared/auth/permissions';
import { navigationEntries, visibleEntries, type NavigationEntryKey } from './navigation';

const entry = (key: NavigationEntryKey) => navigationEntries.find((e) => e.key === key)!;
const keys = (
  permissions: string[],
  ...rest: Parameters<typeof visibleEntries> extends [unknown, ...infer R] ? R : never
) => visibleEntries(permissions, ...rest).map((e) => e.key);

const seedTable: [string, NavigationEntryKey, 'always' | 'hidden' | 'byPermissions', string | null][] = [
  ['[ROUTE-021]', 'usage', 'hidden', 'fe.usage.read'],
  ['[ROUTE-022]', 'webhooks', 'hidden', 'fe.connectivity.read.webhooks'],
  ['[ROUTE-023]', 'roles', 'hidden', 'fe.secure.read.roles'],
  ['[ROUTE-024]', 'users', 'always', 'fe.secure.read.users'],
  ['[ROUTE-025]', 'personalApiTokens', 'hidden', 'fe.secure.read.userApiTokens'],
  ['[ROUTE-026]', 'apiTokens', 'hidden', 'fe.secure.read.tenantApiTokens'],
  ['[ROUTE-027]', 'profile', 'always', null],
  ['[ROUTE-028]', 'privacy', 'always', 'fe.secure.read.securityPolicy'],
  ['[ROUTE-029]', 'account', 'always', 'fe.secure.read.accountSettings'],
  ['[ROUTE-030]', 'security', 'always', 'fe.secure.read.securityPolicy'],
  ['[ROUTE-031]', 'sso', 'hidden', 'fe.secure.read.samlConfiguration'],
  ['[ROUTE-032]', 'provisioning', 'hidden', 'fe.secure.read.provisioningConfiguration'],
  ['[ROUTE-033]', 'audits', 'always', 'fe.secure.read.audits'],
  ['[ROUTE-034]', 'subscriptions', 'hidden', 'fe.subscriptions.*'],
  ['[ROUTE-035]', 'allAccounts', 'byPermissions', 'fe.account-hierarchy.read.subAccount'],
  ['[ROUTE-036]', 'groups', 'hidden', 'fe.secure.read.groups'],
];

describe('portal navigation', () => {
  for (const [id, key, visibility, permission] of seedTable) {
    it(`${id} entry ${key} is ${visibility} by default with permission key ${permission ?? 'none'}`, () => {
      expect(entry(key).visibility).to.equal(visibility);
      expect(entry(key).permission).to.equal(permission);
      const shownWithAll = keys(['fe.*']).includes(key);
      expect(shownWithAll).to.equal(visibility !== 'hidden');
    });
  }

  it('[ENUM-011] the table has exactly the sixteen seed entries (and our security center, SCREEN-069)', () => {
    const ours = new Set<NavigationEntryKey>(['securityCenter']);
    expect(
      navigationEntries
        .map((e) => e.key)
        .filter((key) => !ours.has(key))
        .sort(),
    ).to.deep.equal(seedTable.map(([, key]) => key).sort());
    expect(entry('securityCenter')).to.include({
      visibility: 'byPermissions',
      permission: 'fe.secure.read.securityPolicy',
    });
  });

  it('[ROUTE-021] usage is governed by the fe-usage-page flag', () => {
    expect(keys(['fe.usage.read'])).not.to.include('usage');
    expect(keys(['fe.usage.read'], {}, { 'fe-usage-page': true })).to.include('usage');
    expect(keys([], {}, { 'fe-usage-page': true })).not.to.include('usage');
  });

  it('[ROUTE-035] allAccounts shows only with fe.account-hierarchy.read.subAccount (or a covering wildcard)', () => {
    expect(keys([])).not.to.include('allAccounts');
    expect(keys(['fe.account-hierarchy.read.subAccount'])).to.include('allAccounts');
    expect(keys(['fe.account-hierarchy.*'])).to.include('allAccounts');
    expect(keys(['fe.secure.*'])).not.to.include('allAccounts');
  });

  it('[ROUTE-037] entries shown by permissions follow the user permission keys, wildcards included', () => {
    const byPermissions = Object.fromEntries(
      seedTable.map(([, key]) => [key, { visibility: 'byPermissions' as const }]),
    );
    expect(keys(['fe.secure.read.roles'], byPermissions)).to.deep.equal(['profile', 'roles']);
    expect(keys(['fe.secure.*'], byPermissions)).to.include.members([
      'users',
      'roles',
      'groups',
      'sso',
      'audits',
    ]);
    expect(keys(['fe.secure.*'], byPermissions)).not.to.include.members(['webhooks', 'subscriptions']);
    // A required wildcard is met only by a grant covering every key it stands for (one rule with the server).
    expect(keys(['fe.subscriptions.read'], byPermissions)).not.to.include('subscriptions');
    expect(keys(['fe.subscriptions.*'], byPermissions)).to.include('subscriptions');
    expect(keys(['fe.*.read.users'], byPermissions)).to.include('users');
    expect(keys(['fe.connectivity.read.*'], byPermissions)).to.include('webhooks');
    // The sixteen seed entries and the security center (by permissions already).
    expect(keys(['*'], byPermissions)).to.have.length(17);
  });

  it('[ROUTE-037] the host hides or shows any entry', () => {
    expect(keys(['fe.*'], { users: { visibility: 'hidden' } })).not.to.include('users');
    expect(keys([], { roles: { visibility: 'always' } })).to.include('roles');
  });

  it('[ROUTE-037] permission keys match exactly or through a wildcard of the grant, never by prefix alone', () => {
    expect(permissionMatches('fe.secure.*', 'fe.secure.read.users')).to.equal(true);
    expect(permissionMatches('fe.*.read.users', 'fe.secure.read.users')).to.equal(true);
    expect(permissionMatches('fe.secure.read.users', 'fe.secure.*')).to.equal(false);
    expect(permissionMatches('fe.secure.*', 'fe.secure.*')).to.equal(true);
    expect(permissionMatches('fe.secure', 'fe.secure.read.users')).to.equal(false);
    expect(permissionMatches('fe.secure.read.user', 'fe.secure.read.users')).to.equal(false);
    expect(hasPermission([], null)).to.equal(true);
    expect(hasPermission([], 'fe.secure.read.users')).to.equal(false);
  });
});
