import { useT } from '../../../shared/i18n/useT';
import { defaultPasswordConfig, type PasswordProblem } from '../flows/password.machine';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address worth sending to the server (the server validates it for real). */
export const isEmail = (value: string) => EMAIL.test(value.trim());

/** The text of an email field's problem, once the form was submitted; the same in every form. */
export function useEmailError() {
  const { t } = useT();
  return (value: string, touched: boolean): string | null => {
    if (!touched) return null;
    if (!value.trim()) return t('common.required');
    return isEmail(value) ? null : t('common.invalidEmail');
  };
}

/** The text of a password problem, for every password form. */
export function usePasswordError() {
  const { t } = useT();
  return (problem: PasswordProblem): string | null => {
    switch (problem) {
      case 'required':
        return t('common.required');
      case 'tooShort':
        return t('common.passwordTooShort', { min: defaultPasswordConfig.minLength });
      case 'tooLong':
        return t('common.passwordTooLong', { max: defaultPasswordConfig.maxLength });
      case 'mismatch':
        return t('common.passwordMismatch');
      default:
        return null;
    }
  };
}
