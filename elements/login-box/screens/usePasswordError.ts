import { useT } from '../../../shared/i18n/useT';
import { defaultPasswordConfig, type PasswordProblem } from '../flows/password.machine';

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
