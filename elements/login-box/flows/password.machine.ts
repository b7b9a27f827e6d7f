/** Forgot-password steps (ENUM-008, 000 §4). */
export const forgotPasswordSteps = ['forgotPassword', 'success'] as const;
export type ForgotPasswordStep = (typeof forgotPasswordSteps)[number];

/** The forgot-password fallback message (000 §8, 001 §8). */
export const FORGOT_PASSWORD_FALLBACK = 'Unknown error occurred';

/** Password rules of the server's password configuration. */
export interface PasswordConfig {
  minLength: number;
  maxLength: number;
}

export const defaultPasswordConfig: PasswordConfig = { minLength: 8, maxLength: 128 };

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch' | null;

export function passwordProblem(
  password: string,
  confirm: string | null,
  config: PasswordConfig,
): PasswordProblem {
  if (!password) return 'required';
  if (password.length < config.minLength) return 'tooShort';
  if (password.length > config.maxLength) return 'tooLong';
  if (confirm !== null && confirm !== password) return 'mismatch';
  return null;
}
