import type { TeamUser } from '../../../../shared/api/team';

export type UserStatus = 'active' | 'invited' | 'notActivated' | 'disabled' | 'locked';

/**
 * Where a user stands in this account: disabled by an administrator, locked out by wrong passwords, invited (has not accepted the
 * invitation to this account), signed up but not activated, or active.
 */
export function userStatus(user: TeamUser): UserStatus {
  if (user.isDisabled) return 'disabled';
  if (user.isLocked) return 'locked';
  if (user.activatedForTenant === false) return 'invited';
  if (user.verified === false) return 'notActivated';
  return 'active';
}

/** Which mail can be sent again: the invitation to a pending member, or the activation mail. */
export function resendKind(user: TeamUser): 'invitation' | 'activation' | null {
  if (user.activatedForTenant === false) return 'invitation';
  if (user.verified === false) return 'activation';
  return null;
}

/** TEAM-019: a temporary user carries the moment it is removed. */
export const isTemporary = (user: TeamUser): boolean => Boolean(user.temporaryExpirationDate);
