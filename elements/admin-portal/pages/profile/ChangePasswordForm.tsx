import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { profileApi } from '../../../../shared/api/profile';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, TextField, useToast } from '../../../../shared/ui';
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
  const [status, setStatus] = useState<{ kind: 'failed'; error: string } | null>(null);
  const toast = useToast();

  useEffect(() => {
    let live = true;
    // Without the configuration the defaults apply; the server checks the rules again.
    profileApi.loadPasswordConfig().then(
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
  }, []);

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
    setStatus(null);
    if (!current || problem) return;
    setBusy(true);
    try {
      await profileApi.changePassword(current, password);
      setCurrent('');
      setPassword('');
      setConfirm('');
      setTouched(false);
      toast({ text: t('adminPortal.profile.passwordChanged') });
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      data-form="password"
      css={{ display: 'grid', gap: space.xl, maxWidth: 420 }}
    >
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      <TextField
        label={t('adminPortal.profile.currentPassword')}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        error={currentError}
        onChange={(e) => setCurrent(e.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.profile.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        error={newError}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.profile.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        error={confirmError}
        onChange={(e) => setConfirm(e.currentTarget.value)}
      />
      <div>
        <SubmitButton busy={busy}>{t('adminPortal.profile.changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
