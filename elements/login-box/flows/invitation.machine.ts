/** Accept-invitation steps (ENUM-007, 000 §4). */
export const invitationSteps = ['validate', 'invalid', 'pending', 'success', 'failed'] as const;
export type InvitationStep = (typeof invitationSteps)[number];

export const INVITATION_FAILED = "We couldn't verify your invitation";

/** Without both token and userId the invitation is invalid (INVITE-001); otherwise it is checked. */
export const invitationStart = (link: { userId: string; token: string } | null): InvitationStep =>
  link ? 'pending' : 'invalid';

/** Marks the password link an accepted invitation leads to: the invitee never had a password (set, not new). */
export const FIRST_PASSWORD_PARAM = 'invited';

/** The reset-password route where an invitee sets a first password with the token the invitation answered. */
export function firstPasswordPath(resetPasswordUrl: string, userId: string, token: string): string {
  return `${resetPasswordUrl}?${new URLSearchParams({ userId, token, [FIRST_PASSWORD_PARAM]: '1' })}`;
}

/** Whether a reset-password link sets a first password (from an invitation) rather than a new one. */
export const isFirstPassword = (params: URLSearchParams): boolean => params.get(FIRST_PASSWORD_PARAM) === '1';
