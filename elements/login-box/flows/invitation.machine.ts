/** Accept-invitation steps (000 §4). */
export type InvitationStep = 'validate' | 'invalid' | 'pending' | 'success' | 'failed';

export const INVITATION_FAILED = "We couldn't verify your invitation";

/** Without both token and userId the invitation is invalid (INVITE-001); otherwise it is checked. */
export const invitationStart = (link: { userId: string; token: string } | null): InvitationStep =>
  link ? 'pending' : 'invalid';
