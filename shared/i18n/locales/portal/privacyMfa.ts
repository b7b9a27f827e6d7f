import type { CatalogShape } from '../en';

/** The MFA controls of the privacy page (`adminPortal.privacyMfa.*`). */
export const privacyMfaEn = {
  enrollAuthenticator: 'Set up an authenticator app',
  enrollAuthenticatorTitle: 'Set up an authenticator app',
  enrollSms: 'Add SMS verification',
  enrollSmsTitle: 'SMS verification',
  disableAuthenticator: 'Turn off the authenticator app',
  disableSms: 'Turn off SMS to {phone}',
  disableTitle: 'Turn off this method',
  disableText: 'Enter a current code of this method. Every device of this kind is removed.',
  turnOff: 'Turn off',
  recoveryTitle: 'Your recovery code',
} as const;

export const privacyMfaHe = {
  enrollAuthenticator: 'הגדרת אפליקציית אימות',
  enrollAuthenticatorTitle: 'הגדרת אפליקציית אימות',
  enrollSms: 'הוספת אימות ב-SMS',
  enrollSmsTitle: 'אימות ב-SMS',
  disableAuthenticator: 'כיבוי אפליקציית האימות',
  disableSms: 'כיבוי SMS אל {phone}',
  disableTitle: 'כיבוי השיטה',
  disableText: 'הזינו קוד עדכני של השיטה. כל המכשירים מהסוג הזה יוסרו.',
  turnOff: 'כיבוי',
  recoveryTitle: 'קוד השחזור שלך',
} as const satisfies CatalogShape<typeof privacyMfaEn>;
