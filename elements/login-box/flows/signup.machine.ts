/** Sign-up stages (ENUM-005, 000 §4). */
export const signUpStages = ['SignUp', 'SignUpSuccess'] as const;
export type SignUpStage = (typeof signUpStages)[number];

export interface SignUpAnswer {
  shouldActivate?: boolean;
  mfaRequired?: boolean;
  accessToken?: string;
}

export type SignUpOutcome = { stage: 'SignUpSuccess' } | { goTo: 'login' } | { signedIn: true };

/** A sign-up needing activation shows SignUpSuccess; one needing MFA goes to login; else the user is in. */
export function signUpOutcome(answer: SignUpAnswer): SignUpOutcome {
  if (answer.shouldActivate) return { stage: 'SignUpSuccess' };
  if (answer.mfaRequired || !answer.accessToken) return { goTo: 'login' };
  return { signedIn: true };
}
