import { hasPermission } from '../../../shared/auth/permissions';

/**
 * The permission keys behind the pages' controls: reading a page's values, its write controls (create,
 * edit) and its delete controls. The server's endpoint tables require the same keys for the same calls.
 */
export const pageControls = {
  users: { write: 'fe.secure.write.users', delete: 'fe.secure.delete.users' },
  roles: { write: 'fe.secure.write.roles', delete: 'fe.secure.delete.roles' },
  groups: { write: 'fe.secure.write.groups', delete: 'fe.secure.delete.groups' },
  account: { read: 'fe.secure.read.accountSettings', write: 'fe.secure.write.accountSettings' },
  security: { read: 'fe.secure.read.securityPolicy', write: 'fe.secure.write.securityPolicy' },
  personalApiTokens: { write: 'fe.secure.write.userApiTokens', delete: 'fe.secure.delete.userApiTokens' },
  apiTokens: { write: 'fe.secure.write.tenantApiTokens', delete: 'fe.secure.delete.tenantApiTokens' },
  sso: { write: 'fe.secure.write.samlConfiguration' },
  provisioning: { write: 'fe.secure.write.provisioningConfiguration' },
} as const;

export type ControlledPage = keyof typeof pageControls;

/** Which of the controls (each behind one permission key) the granted keys allow. */
export function allowedControls<C extends Record<string, string>>(
  controls: C,
  granted: readonly string[],
): { [Control in keyof C]: boolean } {
  return Object.fromEntries(
    Object.entries(controls).map(([control, key]) => [control, hasPermission(granted, key)]),
  ) as { [Control in keyof C]: boolean };
}

/** Which controls of a page the granted keys allow (the one matching rule of shared/auth/permissions). */
export const pageAccess = <P extends ControlledPage>(page: P, granted: readonly string[]) =>
  allowedControls(pageControls[page], granted);
