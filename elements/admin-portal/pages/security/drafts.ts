// The Security page's forms as the user edits them (text in number fields, a timeout in a chosen unit), to and
// from the wire shapes. The page keeps them above its tabs, so a tab switch loses nothing unsaved.
import type {
  DomainRestrictionsConfig,
  GeneralPolicies,
  IpRestrictionsConfig,
  LockoutPolicyInput,
  MfaPolicyInput,
  PasswordHistoryPolicyInput,
  PasswordRotationPolicyInput,
  PasswordRulesInput,
  SessionConfiguration,
  SessionConfigurationPatch,
} from '../../../../shared/api/securityPolicy';

export type TimeUnit = 'minutes' | 'hours' | 'days';
export const timeUnits: readonly TimeUnit[] = ['minutes', 'hours', 'days'];
const unitSeconds: Record<TimeUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };
const DAY = 86_400;

export interface Duration {
  value: string;
  unit: TimeUnit;
}

/** Seconds in the largest unit that holds them whole (3600 s is 1 hour, 7776000 s is 90 days). */
export function toDuration(seconds: number): Duration {
  const unit =
    (['days', 'hours', 'minutes'] as const).find((u) => seconds % unitSeconds[u] === 0) ?? 'minutes';
  return { value: String(Math.max(1, Math.round(seconds / unitSeconds[unit]))), unit };
}

/** A whole number typed in a field, or null. */
const whole = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The seconds of a duration when it is a whole number from 1 minute to 365 days, else null. */
export function durationSeconds(duration: Duration): number | null {
  const n = whole(duration.value);
  if (n === null) return null;
  const seconds = n * unitSeconds[duration.unit];
  return seconds >= 60 && seconds <= 365 * DAY ? seconds : null;
}

const inRange = (text: string, min: number, max: number): number | null => {
  const n = whole(text);
  return n !== null && n >= min && n <= max ? n : null;
};

// Session management (SECURITY-001; SESSIONS-002)

export interface SessionDraft {
  idleActive: boolean;
  idle: Duration;
  reloginActive: boolean;
  relogin: Duration;
  concurrentActive: boolean;
  maxSessions: string;
}

export const sessionDraftOf = (config: SessionConfiguration): SessionDraft => ({
  idleActive: config.sessionIdleTimeoutConfiguration.isActive,
  idle: toDuration(config.sessionIdleTimeoutConfiguration.timeout),
  reloginActive: config.sessionTimeoutConfiguration.isActive,
  relogin: toDuration(config.sessionTimeoutConfiguration.timeout),
  concurrentActive: config.sessionConcurrentConfiguration.isActive,
  maxSessions: String(config.sessionConcurrentConfiguration.maxSessions),
});

export type SessionErrors = Partial<Record<'idle' | 'relogin' | 'maxSessions', 'timeout' | 'sessions'>>;

/**
 * The save of a session draft, or what is wrong with it. A part switched off keeps its saved number (only
 * `isActive` is sent); the parts whose field is not editable are left out.
 */
export function sessionPatchOf(
  draft: SessionDraft,
  editable: { idle: boolean; relogin: boolean; concurrent: boolean },
): { patch: SessionConfigurationPatch } | { errors: SessionErrors } {
  const errors: SessionErrors = {};
  const patch: SessionConfigurationPatch = {};
  if (editable.idle) {
    const timeout = durationSeconds(draft.idle);
    if (draft.idleActive && timeout === null) errors.idle = 'timeout';
    patch.sessionIdleTimeoutConfiguration = {
      isActive: draft.idleActive,
      ...(timeout !== null && { timeout }),
    };
  }
  if (editable.relogin) {
    const timeout = durationSeconds(draft.relogin);
    if (draft.reloginActive && timeout === null) errors.relogin = 'timeout';
    patch.sessionTimeoutConfiguration = {
      isActive: draft.reloginActive,
      ...(timeout !== null && { timeout }),
    };
  }
  if (editable.concurrent) {
    const maxSessions = inRange(draft.maxSessions, 1, 1000);
    if (draft.concurrentActive && maxSessions === null) errors.maxSessions = 'sessions';
    patch.sessionConcurrentConfiguration = {
      isActive: draft.concurrentActive,
      ...(maxSessions !== null && { maxSessions }),
    };
  }
  return Object.keys(errors).length ? { errors } : { patch };
}

// General settings (SECURITY-002)

export interface GeneralDraft {
  enforceMFAType: MfaPolicyInput['enforceMFAType'] & string;
  allowRememberMyDevice: boolean;
  rememberDays: string;
  lockoutEnabled: boolean;
  maxAttempts: string;
  historyEnabled: boolean;
  historySize: string;
  /** Password rules (SECURITY-020). */
  minLength: string;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSpecialChars: boolean;
  checkThreeRepeatedChars: boolean;
  /** Password expiration (rotation), in days. */
  rotationActive: boolean;
  rotationDays: string;
  notifyDays: string;
  captchaEnabled: boolean;
}

/** The character classes a password may be required to contain, in the order the server checks them. */
export const passwordClasses = [
  'requireLowercase',
  'requireUppercase',
  'requireNumbers',
  'requireSpecialChars',
] as const;

export const generalDraftOf = ({
  mfa,
  lockout,
  passwordHistory,
  passwordRules,
  passwordRotation,
  captcha,
}: GeneralPolicies): GeneralDraft => ({
  enforceMFAType: mfa.enforceMFAType,
  allowRememberMyDevice: mfa.allowRememberMyDevice,
  rememberDays: String(Math.round(mfa.mfaDeviceExpiration / DAY)),
  lockoutEnabled: lockout.enabled,
  maxAttempts: String(lockout.maxAttempts),
  historyEnabled: passwordHistory.enabled,
  historySize: String(passwordHistory.historySize),
  minLength: String(passwordRules.minLength),
  requireLowercase: passwordRules.requireLowercase,
  requireUppercase: passwordRules.requireUppercase,
  requireNumbers: passwordRules.requireNumbers,
  requireSpecialChars: passwordRules.requireSpecialChars,
  checkThreeRepeatedChars: passwordRules.checkThreeRepeatedChars,
  rotationActive: passwordRotation.isActive,
  rotationDays: String(passwordRotation.rotationPeriod ?? 90),
  notifyDays: String(passwordRotation.notificationPeriod ?? 7),
  captchaEnabled: captcha.enabled,
});

export type GeneralErrors = Partial<
  Record<
    'rememberDays' | 'maxAttempts' | 'historySize' | 'minLength' | 'rotationDays' | 'notifyDays',
    'rememberRange' | 'attemptsRange' | 'historyRange' | 'minLengthRange' | 'rotationRange' | 'notifyRange'
  >
>;

export interface GeneralSaves {
  mfa?: MfaPolicyInput;
  lockout?: LockoutPolicyInput;
  passwordHistory?: PasswordHistoryPolicyInput;
  passwordRules?: PasswordRulesInput;
  passwordRotation?: PasswordRotationPolicyInput;
  captcha?: { enabled: boolean };
}

/** Which sections of the General tab the caller may change (permission, appearance, the vendor's flags). */
export interface GeneralEditable {
  mfa: boolean;
  userLockout: boolean;
  passwordHistory: boolean;
  passwordRules: boolean;
  passwordExpiration: boolean;
  captcha: boolean;
}

/** The policies a general draft changes (only those are saved), or what is wrong with it. */
export function generalSavesOf(
  draft: GeneralDraft,
  saved: GeneralDraft,
  editable: GeneralEditable,
): { saves: GeneralSaves } | { errors: GeneralErrors } {
  const errors: GeneralErrors = {};
  const saves: GeneralSaves = {};
  const changed = (keys: (keyof GeneralDraft)[]) => keys.some((key) => draft[key] !== saved[key]);
  if (editable.mfa && changed(['enforceMFAType', 'allowRememberMyDevice', 'rememberDays'])) {
    const days = inRange(draft.rememberDays, 0, 365);
    if (days === null) errors.rememberDays = 'rememberRange';
    else
      saves.mfa = {
        enforceMFAType: draft.enforceMFAType,
        allowRememberMyDevice: draft.allowRememberMyDevice,
        mfaDeviceExpiration: days * DAY,
      };
  }
  if (editable.userLockout && changed(['lockoutEnabled', 'maxAttempts'])) {
    const maxAttempts = inRange(draft.maxAttempts, 1, 100);
    if (maxAttempts === null) errors.maxAttempts = 'attemptsRange';
    else saves.lockout = { enabled: draft.lockoutEnabled, maxAttempts };
  }
  if (editable.passwordHistory && changed(['historyEnabled', 'historySize'])) {
    const historySize = inRange(draft.historySize, 1, 24);
    if (historySize === null) errors.historySize = 'historyRange';
    else saves.passwordHistory = { enabled: draft.historyEnabled, historySize };
  }
  if (editable.passwordRules && changed(['minLength', ...passwordClasses, 'checkThreeRepeatedChars'])) {
    const minLength = inRange(draft.minLength, 8, 64);
    if (minLength === null) errors.minLength = 'minLengthRange';
    else
      saves.passwordRules = {
        minLength,
        requireLowercase: draft.requireLowercase,
        requireUppercase: draft.requireUppercase,
        requireNumbers: draft.requireNumbers,
        requireSpecialChars: draft.requireSpecialChars,
        checkThreeRepeatedChars: draft.checkThreeRepeatedChars,
      };
  }
  if (editable.passwordExpiration && changed(['rotationActive', 'rotationDays', 'notifyDays'])) {
    const rotationPeriod = inRange(draft.rotationDays, 1, 3650);
    const notificationPeriod = inRange(draft.notifyDays, 0, 365);
    // Switched off, the saved numbers stay (only isActive is sent), as the session parts do.
    if (draft.rotationActive && rotationPeriod === null) errors.rotationDays = 'rotationRange';
    if (draft.rotationActive && notificationPeriod === null) errors.notifyDays = 'notifyRange';
    if (!errors.rotationDays && !errors.notifyDays)
      saves.passwordRotation = {
        isActive: draft.rotationActive,
        ...(rotationPeriod !== null && { rotationPeriod }),
        ...(notificationPeriod !== null && { notificationPeriod }),
      };
  }
  if (editable.captcha && changed(['captchaEnabled'])) saves.captcha = { enabled: draft.captchaEnabled };
  return Object.keys(errors).length ? { errors } : { saves };
}

/** The drafts of the page's forms; null = as saved. */
export interface SecurityDrafts {
  sessions: SessionDraft | null;
  general: GeneralDraft | null;
  ipConfig: IpRestrictionsConfig | null;
  domainConfig: DomainRestrictionsConfig | null;
}
