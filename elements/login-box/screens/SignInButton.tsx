import { useT } from '../../../shared/i18n/useT';
import { Button } from '../../../shared/ui';

/** The submit of a sign-in form; while the sign-in is under way it says so and waits. */
export function SignInButton({ loading }: { loading: boolean }) {
  const { t } = useT();
  return (
    <Button type="submit" fullWidth disabled={loading}>
      {loading ? t('loginBox.login.submitting') : t('loginBox.login.submit')}
    </Button>
  );
}
