import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { signupApi } from '../../../shared/api/signup';
import { errorMessage } from '../../../shared/api/errors';
import { runOperation } from '../../../shared/api/operation';
import type { MessageKey } from '../../../shared/i18n/translate';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom } from '../../../shared/options/location';
import { Alert, Button, PasswordField } from '../../../shared/ui';
import { linkParams } from '../flows/activate.machine';
import { isFirstPassword } from '../flows/invitation.machine';
import { defaultPasswordConfig, passwordProblem } from '../flows/password.machine';
import { BackToLogin } from '../RouteLink';
import { ScreenHeader } from './ScreenHeader';
import { usePasswordError } from './useFieldErrors';

const resetPasswordText = {
  title: 'loginBox.resetPassword.title',
  passwordLabel: 'loginBox.resetPassword.passwordLabel',
  confirmLabel: 'loginBox.resetPassword.confirmLabel',
  submit: 'loginBox.resetPassword.submit',
  success: 'loginBox.resetPassword.success',
} as const satisfies Record<string, MessageKey>;

const firstPasswordText = {
  title: 'loginBox.resetPassword.setTitle',
  passwordLabel: 'loginBox.resetPassword.setPasswordLabel',
  confirmLabel: 'loginBox.resetPassword.setConfirmLabel',
  submit: 'loginBox.resetPassword.setSubmit',
  success: 'loginBox.resetPassword.setSuccess',
} as const satisfies Record<string, MessageKey>;

export function ResetPasswordScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const params = useAtomValue(currentSearchParamsAtom);
  const link = linkParams(params);
  // An invitee never had a password: theirs is set, not changed.
  const text = isFirstPassword(params) ? firstPasswordText : resetPasswordText;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordText = usePasswordError();
  const problem = passwordProblem(password, confirm, defaultPasswordConfig);
  // The link is checked first (nothing is spent): an expired one says so before a password is typed.
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkKey = link ? `${link.userId}:${link.token}` : '';
  useEffect(() => {
    if (!link) return;
    let live = true;
    signupApi.validateResetPasswordToken(link).catch((e: unknown) => {
      if (live) setLinkError(errorMessage(e, t('common.genericError')));
    });
    return () => {
      live = false;
    };
    // The link's values decide; `link` is a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!link || problem) return;
    const result = await runOperation(
      { setLoading: setBusy, setError },
      () => signupApi.resetPassword({ ...link, password }),
      t('common.genericError'),
    );
    if (result.ok) setDone(true);
  };

  return (
    <>
      <ScreenHeader title={t(text.title)} />
      {!link ? (
        <Alert severity="error">{t('loginBox.resetPassword.invalid')}</Alert>
      ) : linkError ? (
        <Alert severity="error">{linkError}</Alert>
      ) : done ? (
        <p role="status">{t(text.success)}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}
        >
          {error && <Alert severity="error">{error}</Alert>}
          <PasswordField
            label={t(text.passwordLabel)}
            value={password}
            error={touched && problem !== 'mismatch' ? passwordText(problem) : null}
            onValue={setPassword}
          />
          <PasswordField
            label={t(text.confirmLabel)}
            name="confirmPassword"
            value={confirm}
            error={touched && problem === 'mismatch' ? passwordText(problem) : null}
            onValue={setConfirm}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {t(text.submit)}
          </Button>
        </form>
      )}
      <BackToLogin host={host} />
    </>
  );
}
