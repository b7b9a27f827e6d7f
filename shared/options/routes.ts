/** The auth routes of the login box and their defaults (ROUTE-001..018). */
export interface AuthRoutes {
  authenticatedUrl: string;
  loginUrl: string;
  stepUpUrl: string;
  logoutUrl: string;
  activateUrl: string;
  impersonationUrl: string;
  acceptInvitationUrl: string;
  forgetPasswordUrl: string;
  resetPhoneNumberUrl: string;
  resetPasswordUrl: string;
  socialLoginCallbackUrl: string;
  signUpUrl: string;
  oidcRedirectUrl: string;
  samlCallbackUrl: string;
  magicLinkCallbackUrl: string;
  hostedLoginRedirectUrl: string;
  openAppUrl: string;
  /** No default is given by the spec (ROUTE-018): unset means "no such page". */
  signUpSuccessUrl?: string;
  customLoginUrl?: string;
  customLoginAuthenticatedUrl?: string;
}

export const defaultRoutes: Readonly<AuthRoutes> = Object.freeze({
  authenticatedUrl: '/',
  loginUrl: '/account/login',
  stepUpUrl: '/account/step-up',
  logoutUrl: '/account/logout',
  activateUrl: '/account/activate',
  impersonationUrl: '/account/impersonate',
  acceptInvitationUrl: '/account/invitation/accept',
  forgetPasswordUrl: '/account/forget-password',
  resetPhoneNumberUrl: '/account/reset-phone-number',
  resetPasswordUrl: '/account/reset-password',
  socialLoginCallbackUrl: '/account/social/success',
  signUpUrl: '/account/sign-up',
  oidcRedirectUrl: '/account/oidc/callback',
  samlCallbackUrl: '/account/saml/callback',
  magicLinkCallbackUrl: '/account/login/magic-link',
  hostedLoginRedirectUrl: '/oauth/callback',
  openAppUrl: '/account/redirect',
});

export type RouteKey = keyof AuthRoutes;
export const routeKeys = [
  ...(Object.keys(defaultRoutes) as RouteKey[]),
  'signUpSuccessUrl',
  'customLoginUrl',
  'customLoginAuthenticatedUrl',
] as const satisfies readonly RouteKey[];
