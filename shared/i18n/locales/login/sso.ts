import type { CatalogShape } from '../en';

/** Login-box messages of SSO and social sign-in (`loginBox.sso.*`). */
export const ssoEn = {
  oidcTitle: 'Single sign-on',
  samlTitle: 'Single sign-on',
  socialTitle: 'Signing you in',
  signingIn: 'Signing you in…',
  /** loginWithSSOFailed (LOGIN-020). */
  failed: 'Single sign-on failed. Taking you back…',
  /** Social login failure (LOGIN-021). */
  socialFailed: 'Failed to authenticate',
  continueWith: 'Continue with {provider}',
  or: 'or',
};

export const ssoHe: CatalogShape<typeof ssoEn> = {
  oidcTitle: 'כניסה יחידה',
  samlTitle: 'כניסה יחידה',
  socialTitle: 'מחברים אותך',
  signingIn: 'מחברים אותך…',
  failed: 'הכניסה היחידה נכשלה. מחזירים אותך…',
  socialFailed: 'האימות נכשל',
  continueWith: 'המשך עם {provider}',
  or: 'או',
};
