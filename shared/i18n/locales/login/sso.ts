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
  /** The account's email-domain restrictions refused the address the provider gave. */
  emailDomainRefused: "Your email address's domain is not allowed in this account. Ask its administrator.",
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
  emailDomainRefused: 'הדומיין של כתובת האימייל שלך אינו מורשה בחשבון הזה. כדאי לפנות למנהל החשבון.',
  continueWith: 'המשך עם {provider}',
  or: 'או',
};
