import type { CatalogShape } from '../en';

/** Login-box messages of MFA (`loginBox.mfa.*`), the breached-password step and step-up. */
export const mfaEn = {
  verifyTitle: 'Two-factor authentication',
  verifySubtitle: 'Confirm it is you with your second factor.',
  enrollTitle: 'Set up two-factor authentication',
  enrollSubtitle: 'Your account requires a second factor to sign in.',
  enrollChoose: 'Choose how you will confirm it is you:',
  authenticatorApp: 'Authenticator app',
  sms: 'Text message (SMS)',
  smsTo: 'Text message to {phone}',
  emailTo: 'Email code to {email}',
  securityKey: 'Security key',
  chooseDevice: 'Choose a method:',
  scanQr: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  manualEntry: 'Or enter this key by hand:',
  codeLabel: '6-digit code',
  codeInvalid: 'Enter the 6-digit code',
  verify: 'Verify',
  verifying: 'Verifying…',
  authenticatorText: 'Enter the 6-digit code from your authenticator app.',
  rememberDevice: 'Remember this device for {days} days',
  phoneLabel: 'Phone number',
  phoneInvalid: 'Enter the number in international format, e.g. +15551234567',
  sendCode: 'Send code',
  smsSent: 'We texted a code to {phone}.',
  emailSent: 'We emailed you a code.',
  enrolled: 'Two-factor authentication is on.',
  recoveryCodeText:
    'Save this recovery code somewhere safe. If you lose your device, it signs you in once. It is shown only now.',
  continue: 'Continue',
  useRecoveryCode: 'Use a recovery code',
  otherMethod: 'Use another method',
  recoverText: 'Enter one of your recovery codes. Each code works once.',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeInvalid: 'Enter your recovery code',
  signInWithRecovery: 'Sign in',
  noMfaEnrolled:
    'This action needs two-factor authentication, and your account has none yet. Set it up in your account settings, then try again.',
} as const;

export const mfaHe = {
  verifyTitle: 'אימות דו-שלבי',
  verifySubtitle: 'יש לאשר שזה אתה עם הגורם השני.',
  enrollTitle: 'הגדרת אימות דו-שלבי',
  enrollSubtitle: 'החשבון שלך דורש גורם שני להתחברות.',
  enrollChoose: 'בחרו איך תאשרו שזה אתם:',
  authenticatorApp: 'אפליקציית אימות',
  sms: 'הודעת טקסט (SMS)',
  smsTo: 'הודעת טקסט אל {phone}',
  emailTo: 'קוד בדוא"ל אל {email}',
  securityKey: 'מפתח אבטחה',
  chooseDevice: 'בחרו שיטה:',
  scanQr: 'סרקו את קוד ה-QR באפליקציית האימות, ואז הזינו את הקוד בן 6 הספרות שהיא מציגה.',
  qrAlt: 'קוד QR לאפליקציית האימות',
  manualEntry: 'או הזינו את המפתח הזה ידנית:',
  codeLabel: 'קוד בן 6 ספרות',
  codeInvalid: 'יש להזין את הקוד בן 6 הספרות',
  verify: 'אימות',
  verifying: 'מאמתים…',
  authenticatorText: 'הזינו את הקוד בן 6 הספרות מאפליקציית האימות.',
  rememberDevice: 'לזכור את המכשיר הזה למשך {days} ימים',
  phoneLabel: 'מספר טלפון',
  phoneInvalid: 'יש להזין את המספר בפורמט בינלאומי, למשל +15551234567',
  sendCode: 'שליחת קוד',
  smsSent: 'שלחנו קוד אל {phone}.',
  emailSent: 'שלחנו לך קוד בדוא"ל.',
  enrolled: 'האימות הדו-שלבי פעיל.',
  recoveryCodeText:
    'שמרו את קוד השחזור במקום בטוח. אם המכשיר יאבד, הקוד יאפשר התחברות פעם אחת. הוא מוצג רק עכשיו.',
  continue: 'המשך',
  useRecoveryCode: 'שימוש בקוד שחזור',
  otherMethod: 'שימוש בשיטה אחרת',
  recoverText: 'הזינו אחד מקודי השחזור שלכם. כל קוד עובד פעם אחת.',
  recoveryCodeLabel: 'קוד שחזור',
  recoveryCodeInvalid: 'יש להזין את קוד השחזור',
  signInWithRecovery: 'התחברות',
  noMfaEnrolled:
    'הפעולה הזו דורשת אימות דו-שלבי, ועדיין לא הוגדר לחשבון שלך. הגדירו אותו בהגדרות החשבון ונסו שוב.',
} as const satisfies CatalogShape<typeof mfaEn>;

export const breachedEn = {
  title: 'Change your password',
  text: 'The password you used appears in a list of passwords exposed in data breaches. To protect your account, we did not sign you in.',
  resetText: 'We will email a link to {email} to set a new password.',
  reset: 'Email me a reset link',
  sending: 'Sending…',
  success: 'Check your inbox: we sent a link to {email} to set a new password.',
  back: 'Back to sign in',
} as const;

export const breachedHe = {
  title: 'החליפו את הסיסמה',
  text: 'הסיסמה שבה השתמשתם מופיעה ברשימת סיסמאות שנחשפו בדליפות מידע. כדי להגן על החשבון, לא חיברנו אתכם.',
  resetText: 'נשלח קישור לקביעת סיסמה חדשה אל {email}.',
  reset: 'שלחו לי קישור לאיפוס',
  sending: 'שולחים…',
  success: 'בדקו את תיבת הדואר: שלחנו קישור לקביעת סיסמה חדשה אל {email}.',
  back: 'חזרה להתחברות',
} as const satisfies CatalogShape<typeof breachedEn>;

export const stepUpEn = {
  title: 'Confirm it is you',
  checking: 'Checking your session…',
} as const;

export const stepUpHe = {
  title: 'אשרו שזה אתם',
  checking: 'בודקים את הסשן…',
} as const satisfies CatalogShape<typeof stepUpEn>;
