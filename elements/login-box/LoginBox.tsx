import { Global } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { signOut } from '../../shared/auth/session';
import { isAuthenticatedAtom, userAtom } from '../../shared/auth/session.atoms';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { currentPathAtom } from '../../shared/options/location';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Button, Card } from '../../shared/ui';
import { screenForPath, type LoginBoxScreen } from './routing';
import { breachedPasswordAtom, mfaLoginAtom } from './mfa.atoms';
import { passkeysPromptAtom } from './passkeys.atoms';
import { AcceptInvitationScreen } from './screens/AcceptInvitationScreen';
import { ActivateScreen } from './screens/ActivateScreen';
import { BreachedPasswordScreen } from './screens/BreachedPasswordScreen';
import { ForgotPasswordScreen } from './screens/ForgotPasswordScreen';
import { HostedCallbackScreen, HostedLoginScreen, HostedLogoutScreen } from './screens/HostedScreens';
import { LogoutScreen } from './screens/LogoutScreen';
import { MfaLoginScreen } from './screens/MfaScreens';
import { ImpersonateScreen } from './screens/ImpersonateScreen';
import { LoginEntry, MagicLinkScreen } from './screens/PasswordlessScreens';
import { ResetPhoneScreen } from './screens/ResetPhoneScreens';
import { PasskeyLogin, PromptPasskeysScreen } from './screens/PasskeysScreens';
import { ResetPasswordScreen } from './screens/ResetPasswordScreen';
import { ScreenHeader } from './screens/ScreenHeader';
import { SignUpScreen } from './screens/SignUpScreen';
import { OidcCallbackScreen, SamlCallbackScreen, SocialCallbackScreen } from './screens/SsoScreens';
import { StepUpScreen } from './screens/StepUpScreen';

type ScreenComponent = (props: { host: EventTarget }) => React.ReactNode;

const screens: Record<Exclude<LoginBoxScreen, 'skip'>, ScreenComponent> = {
  login: LoginRoute,
  signUp: SignUpScreen,
  activate: ActivateScreen,
  acceptInvitation: AcceptInvitationScreen,
  forgotPassword: ForgotPasswordScreen,
  resetPassword: ResetPasswordScreen,
  logout: LogoutScreen,
  hostedCallback: HostedCallbackScreen,
  stepUp: StepUpScreen,
  magicLink: MagicLinkScreen,
  resetPhone: ResetPhoneScreen,
  impersonate: ImpersonateScreen,
  oidcCallback: OidcCallbackScreen,
  samlCallback: SamlCallbackScreen,
  socialCallback: SocialCallbackScreen,
};

/** With hosted login the server's page signs the user in: these routes hand over to it. */
const hostedScreens: Partial<Record<LoginBoxScreen, ScreenComponent>> = {
  login: HostedLoginScreen,
  logout: HostedLogoutScreen,
};

/** The React root of `<fe-login-box>`: the screen of the current route. */
export function LoginBox({ container }: ElementBaseProps) {
  const path = useAtomValue(currentPathAtom);
  const { routes, hostedLoginBox } = useAtomValue(optionsAtom);
  const screen = screenForPath(path, routes);
  // Skipped: the element takes no room in the host's layout either.
  if (screen === 'skip') return <Global styles={{ ':host': { display: 'none' } }} />;
  const host = container.host;
  const Screen = (hostedLoginBox && hostedScreens[screen]) || screens[screen];
  return (
    <Card width={420}>
      <div data-screen={screen}>
        <Screen host={host} />
      </div>
    </Card>
  );
}

function LoginRoute({ host }: { host: EventTarget }) {
  const { t } = useT();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  // After a login: MFA, then the breached-password step, then the passkeys prompt (LOGIN-009).
  const mfaStep = useAtomValue(mfaLoginAtom);
  const breached = useAtomValue(breachedPasswordAtom);
  const passkeysPrompt = useAtomValue(passkeysPromptAtom);
  if (mfaStep) return <MfaLoginScreen />;
  if (breached) return <BreachedPasswordScreen />;
  // After a login, the passkeys prompt comes before the redirect (LOGIN-012).
  if (passkeysPrompt) return <PromptPasskeysScreen />;
  return (
    <>
      <ScreenHeader title={t('loginBox.login.title')} subtitle={t('loginBox.login.subtitle')} />
      {authenticated ? (
        <SignedIn />
      ) : (
        <>
          <LoginEntry host={host} />
          <PasskeyLogin host={host} />
        </>
      )}
    </>
  );
}

function SignedIn() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const [busy, setBusy] = useState(false);
  return (
    <div css={{ display: 'grid', gap: 'var(--fe-spacing)' }}>
      <p role="status">{t('loginBox.login.signedInAs', { name: user?.name ?? user?.email ?? '' })}</p>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut()
            .catch((error: unknown) => console.error('[fe-elements] sign-out failed', error))
            .finally(() => setBusy(false));
        }}
      >
        {t('loginBox.login.signOut')}
      </Button>
    </div>
  );
}
