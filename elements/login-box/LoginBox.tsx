import { Global } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { isAuthenticatedAtom } from '../../shared/auth/session.atoms';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { currentPathAtom } from '../../shared/options/location';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { customLoginLookAtom } from './customLogin.atoms';
import { useCustomLogin } from './customLogin';
import { CustomLoginFrame } from './CustomLoginFrame';
import { screenForPath, type LoginBoxScreen } from './routing';
import { breachedPasswordAtom, mfaLoginAtom, signInRedirectPendingAtom } from './mfa.atoms';
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
import { SignedInScreen } from './screens/SignedInScreen';
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
  // The account the URL names (`?tenantId=`) may have its own look (the account page's custom login tab).
  const look = useCustomLogin();
  const screen = screenForPath(path, routes);
  // Skipped: the element takes no room in the host's layout either.
  if (screen === 'skip') return <Global styles={{ ':host': { display: 'none' } }} />;
  const host = container.host;
  const Screen = (hostedLoginBox && hostedScreens[screen]) || screens[screen];
  return (
    <CustomLoginFrame look={look}>
      <div data-screen={screen}>
        <Screen host={host} />
      </div>
    </CustomLoginFrame>
  );
}

function LoginRoute({ host }: { host: EventTarget }) {
  const { t } = useT();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  // After a login: MFA, then the breached-password step, then the passkeys prompt (LOGIN-009).
  const mfaStep = useAtomValue(mfaLoginAtom);
  const breached = useAtomValue(breachedPasswordAtom);
  const passkeysPrompt = useAtomValue(passkeysPromptAtom);
  const look = useAtomValue(customLoginLookAtom);
  // A redirect that did not leave the route (an SPA router took it over) is no longer pending.
  useEffect(() => () => store.set(signInRedirectPendingAtom, false), []);
  if (mfaStep) return <MfaLoginScreen />;
  if (breached) return <BreachedPasswordScreen />;
  // After a login, the passkeys prompt comes before the redirect (LOGIN-012).
  if (passkeysPrompt) return <PromptPasskeysScreen />;
  if (authenticated) return <SignedInScreen host={host} />;
  return (
    <>
      <ScreenHeader
        title={look?.title || t('loginBox.login.title')}
        subtitle={look?.subtitle || t('loginBox.login.subtitle')}
      />
      <LoginEntry host={host} />
      <PasskeyLogin host={host} />
    </>
  );
}
