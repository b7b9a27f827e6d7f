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
import { signInRedirectPendingAtom } from './loginStep.atoms';
import { PostLoginGate } from './PostLoginGate';
import { AcceptInvitationScreen } from './screens/AcceptInvitationScreen';
import { ActivateScreen } from './screens/ActivateScreen';
import { ForgotPasswordScreen } from './screens/ForgotPasswordScreen';
import { HostedCallbackScreen, HostedLoginScreen, HostedLogoutScreen } from './screens/HostedScreens';
import { LogoutScreen } from './screens/LogoutScreen';
import { ImpersonateScreen } from './screens/ImpersonateScreen';
import { LoginEntry, MagicLinkScreen } from './screens/PasswordlessScreens';
import { ResetPhoneScreen } from './screens/ResetPhoneScreens';
import { PasskeyLogin } from './screens/PasskeysScreens';
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
  const authenticated = useAtomValue(isAuthenticatedAtom);
  // A redirect that did not leave the route (an SPA router took it over) is no longer pending.
  useEffect(() => () => store.set(signInRedirectPendingAtom, false), []);
  // After a login its post-login steps come first (LOGIN-009).
  return (
    <PostLoginGate host={host}>
      {authenticated ? <SignedInScreen host={host} /> : <LoginForms host={host} />}
    </PostLoginGate>
  );
}

function LoginForms({ host }: { host: EventTarget }) {
  const { t } = useT();
  const look = useAtomValue(customLoginLookAtom);
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
