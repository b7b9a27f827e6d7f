import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { signOut } from '../../../shared/auth/session';
import { useT } from '../../../shared/i18n/useT';
import { navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Spinner } from '../../../shared/ui';

/** The logout route: ends the session, then goes to the login route. */
export function LogoutScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  useEffect(() => {
    let live = true;
    signOut()
      .catch((error: unknown) => console.error('[fe-elements] sign-out failed', error))
      .finally(() => {
        if (!live) return;
        host.dispatchEvent(new CustomEvent('fe-logout', { bubbles: true, composed: true }));
        navigate(routes.loginUrl, { from: host, replace: true });
      });
    return () => {
      live = false;
    };
  }, [host, routes.loginUrl]);
  return <Spinner label={t('loginBox.logout.signingOut')} />;
}
