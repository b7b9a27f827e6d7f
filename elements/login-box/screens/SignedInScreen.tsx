import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { signOut } from '../../../shared/auth/session';
import { userAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';
import { currentSearchParamsAtom, navigate } from '../../../shared/options/location';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { Button } from '../../../shared/ui';
import { postLoginTarget, signedInLoginStep } from '../login.machine';
import { signInRedirectPendingAtom } from '../loginStep.atoms';
import { savedPathAfterLogin } from '../useLogin';
import { ScreenHeader } from './ScreenHeader';

/**
 * The login route for a signed-in user: "Redirecting…" after a sign-in here, at once to the `redirectUrl`
 * target (with the rules of LOGIN-014, LOGIN-018, LOGIN-019), or Continue / sign in as someone else.
 */
export function SignedInScreen({ host }: { host: EventTarget }) {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const options = useAtomValue(optionsAtom);
  const redirectUrl = useAtomValue(currentSearchParamsAtom).get('redirectUrl');
  const redirectPending = useAtomValue(signInRedirectPendingAtom);
  const [signingOut, setSigningOut] = useState(false);
  const step = signedInLoginStep({ redirectPending, redirectUrl });
  const target = postLoginTarget(savedPathAfterLogin(redirectUrl, options, location.origin), options.routes);

  useEffect(() => {
    // Replace: back from the target does not land on a login page that sends the user on again.
    if (step === 'redirectNow') navigate(target, { from: host, replace: true });
  }, [step, target, host]);

  if (step !== 'offerContinue') return <p role="status">{t('loginBox.login.redirecting')}</p>;
  return (
    <>
      <ScreenHeader title={t('loginBox.login.signedInTitle')} />
      <div data-signed-in css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
        <p css={{ margin: 0 }} data-signed-in-as>
          {t('loginBox.login.signedInAs', { name: user?.email ?? '' })}
        </p>
        <Button fullWidth data-continue onClick={() => navigate(target, { from: host })}>
          {t('loginBox.login.continue')}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          data-switch-account
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            // Signed out, the route shows the sign-in form.
            void signOut()
              .catch((error: unknown) => console.error('[fe-elements] sign-out failed', error))
              .finally(() => setSigningOut(false));
          }}
        >
          {signingOut ? t('loginBox.login.signingOut') : t('loginBox.login.switchAccount')}
        </Button>
      </div>
    </>
  );
}
