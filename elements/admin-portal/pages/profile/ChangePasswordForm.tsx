import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { runOperation } from '../../../../shared/api/operation';
import { profileApi } from '../../../../shared/api/profile';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, PasswordField, useToast } from '../../../../shared/ui';
import {
  defaultPasswordConfig,
  passwordProblem,
  type PasswordConfig,
} from '../../../login-box/flows/password.machine';
import { SubmitButton } from '../../PageParts';
import { space } from '../../../../themes/tokens';

/** Current, new and confirmed password; the new one follows the vendor's password rules. */
export function ChangePasswordForm() {
  const { t } = useT();
  const [config, setConfig] = useState<PasswordConfig>(defaultPasswordConfig);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  // A failure stays in the form (the user must act); a change is a toast.
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const userId = useAtomValue(userAtom)?.id;
  useEffect(() => {
    let live = true;
    // The user's account's rules; without them the defaults apply. The server checks the rules again.
    profileApi.loadPasswordConfig(userId).then(
      (loaded) => {
        if (live && loaded && typeof loaded.minLength === 'number')
          setConfig({
            minLength: loaded.minLength,
            maxLength: loaded.maxLength ?? defaultPasswordConfig.maxLength,
          });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const problem = passwordProblem(password, confirm, config);
  const newError = !touched
    ? null
    : problem === 'required'
      ? t('adminPortal.form.required')
      : problem === 'tooShort'
        ? t('common.passwordTooShort', { min: config.minLength })
        : problem === 'tooLong'
          ? t('common.passwordTooLong', { max: config.maxLength })
          : null;
  const confirmError = touched && problem === 'mismatch' ? t('common.passwordMismatch') : null;
  const currentError = touched && !current ? t('adminPortal.form.required') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (!current || problem) return;
    const result = await runOperation(
      { setLoading: setBusy, setError },
      () => profileApi.changePassword(current, password),
      t('common.genericError'),
    );
    if (!result.ok) return;
    setCurrent('');
    setPassword('');
    setConfirm('');
    setTouched(false);
    toast({ text: t('adminPortal.profile.passwordChanged') });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      data-form="password"
      css={{ display: 'grid', gap: space.xl, maxWidth: 420 }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      <PasswordField
        current
        label={t('adminPortal.profile.currentPassword')}
        name="current-password"
        value={current}
        error={currentError}
        onValue={setCurrent}
      />
      <PasswordField
        label={t('adminPortal.profile.newPassword')}
        name="new-password"
        value={password}
        error={newError}
        onValue={setPassword}
      />
      <PasswordField
        label={t('adminPortal.profile.confirmPassword')}
        name="confirm-password"
        value={confirm}
        error={confirmError}
        onValue={setConfirm}
      />
      <div>
        <SubmitButton busy={busy}>{t('adminPortal.profile.changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
