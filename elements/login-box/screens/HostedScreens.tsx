import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { createHostedLogin } from '../../../shared/auth/hosted';
import { isAuthenticatedAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';
import { navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Alert, Spinner } from '../../../shared/ui';
import { BackToLogin } from '../RouteLink';

/** Runs an effect once per mount (the hosted steps are navigations: never twice). */
function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // Once per mount by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The login route with hosted login: the hosted session if there is one, else the hosted login page. */
export function HostedLoginScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const [error, setError] = useState<string | null>(null);
  useOnce(() => {
    if (authenticated) return navigate(routes.authenticatedUrl, { from: host });
    createHostedLogin()
      .start(new URLSearchParams(location.search).get('prompt') ?? undefined)
      .then((how) => how === 'silent' && navigate(routes.authenticatedUrl, { from: host }))
      .catch((e: unknown) => setError(errorMessage(e, t('common.genericError'))));
  });
  if (error) return <Alert severity="error">{error}</Alert>;
  return <Spinner label={t('loginBox.login.redirecting')} />;
}

/** The hosted login callback: the code for tokens, then back where the user started. */
export function HostedCallbackScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const { routes } = useAtomValue(optionsAtom);
  const [error, setError] = useState<string | null>(null);
  useOnce(() => {
    createHostedLogin()
      .callback()
      .then(({ returnTo }) => navigate(returnTo || routes.authenticatedUrl, { from: host, replace: true }))
      .catch((e: unknown) => setError(errorMessage(e, t('common.genericError'))));
  });
  if (!error) return <Spinner label={t('loginBox.login.redirecting')} />;
  return (
    <>
      <Alert severity="error">{error}</Alert>
      <BackToLogin host={host} />
    </>
  );
}

/** Hosted logout: clears the state, ends the hosted session, then asks the hosted page again. */
export function HostedLogoutScreen() {
  const { t } = useT();
  useOnce(() => {
    void createHostedLogin().logout();
  });
  return <Spinner label={t('loginBox.logout.signingOut')} />;
}
