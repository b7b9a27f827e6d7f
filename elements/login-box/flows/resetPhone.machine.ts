// Reset phone number (PHONE-001..004) and impersonation (IMPERSONATE-001/002): pure step logic.

/** The reset-phone steps, in their order (ENUM-009, PHONE-001). */
export const resetPhoneSteps = ['ResetPhoneNumber', 'VerifyResetPhoneNumber', 'ChangePhoneNumber'] as const;
export type ResetPhoneStep = (typeof resetPhoneSteps)[number];

export interface ResetPhoneState {
  step: ResetPhoneStep;
  email: string;
  /** From the ResetPhoneNumber request (PHONE-002). */
  resetPhoneNumberToken: string | null;
  /** From the VerifyResetPhoneNumber step (PHONE-003). */
  changePhoneNumberToken: string | null;
}

export const initialResetPhoneState: ResetPhoneState = {
  step: 'ResetPhoneNumber',
  email: '',
  resetPhoneNumberToken: null,
  changePhoneNumberToken: null,
};

export type ResetPhoneEvent =
  | { type: 'requested'; email: string; resetPhoneNumberToken: string }
  | { type: 'verified'; changePhoneNumberToken: string }
  | { type: 'restart' };

export function resetPhoneReducer(state: ResetPhoneState, event: ResetPhoneEvent): ResetPhoneState {
  switch (event.type) {
    case 'requested':
      return state.step === 'ResetPhoneNumber'
        ? {
            ...state,
            step: 'VerifyResetPhoneNumber',
            email: event.email,
            resetPhoneNumberToken: event.resetPhoneNumberToken,
          }
        : state;
    case 'verified':
      return state.step === 'VerifyResetPhoneNumber'
        ? { ...state, step: 'ChangePhoneNumber', changePhoneNumberToken: event.changePhoneNumberToken }
        : state;
    case 'restart':
      return initialResetPhoneState;
  }
}

/** After ChangePhoneNumber: an SMS passwordless login is started and the user goes to login (PHONE-004). */
export function afterPhoneChange(email: string, loginUrl: string) {
  return { pending: { type: 'smscode' as const, email }, to: loginUrl };
}

/** Where a started passwordless login waits for the login route (a page load may come between). */
export const PENDING_PASSWORDLESS_KEY = 'fe-passwordless-pending';

export interface PendingPasswordless {
  type: 'smscode' | 'code';
  email: string;
}

export function readPending(storage: Pick<Storage, 'getItem'>): PendingPasswordless | null {
  try {
    const value = JSON.parse(storage.getItem(PENDING_PASSWORDLESS_KEY) ?? 'null') as unknown;
    if (
      value &&
      typeof value === 'object' &&
      ((value as PendingPasswordless).type === 'smscode' || (value as PendingPasswordless).type === 'code') &&
      typeof (value as PendingPasswordless).email === 'string'
    )
      return value as PendingPasswordless;
  } catch {
    // Not ours: ignored.
  }
  return null;
}

// ---- Impersonation ----

/** Impersonate steps (ENUM-010); this machine adds `failed` (no token in the answer). */
export const impersonateSteps = ['impersonating', 'success'] as const;
export type ImpersonateStep = (typeof impersonateSteps)[number] | 'failed';

/** Wait before the redirect after impersonation success (IMPERSONATE-002). */
export const IMPERSONATION_REDIRECT_MS = 1000;

/** impersonating → success on an answer with a token, failed otherwise (IMPERSONATE-001). */
export function impersonateNext(step: ImpersonateStep, outcome: 'ok' | 'error'): ImpersonateStep {
  if (step !== 'impersonating') return step;
  return outcome === 'ok' ? 'success' : 'failed';
}
