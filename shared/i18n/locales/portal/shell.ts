import type { CatalogShape } from '../en';

/** Messages of the admin portal's shell (`adminPortal.shell.*`): English is the source of the keys. */
export const shellEn = {
  title: 'Shell',
  close: 'Close',
  tenant: 'Active account',
  switchingTenant: 'Switching account…',
  tenantSwitched: 'You are now working in {name}.',
  noAccess: 'You do not have permission to see this page.',
  viewOnly: 'View only',
  pageUnavailable: 'That page is not available, so you are on {page}.',
} as const;

export const shellHe = {
  title: 'פורטל',
  close: 'סגירה',
  tenant: 'חשבון פעיל',
  switchingTenant: 'מחליף חשבון…',
  tenantSwitched: 'עכשיו עובדים בחשבון {name}.',
  noAccess: 'אין לך הרשאה לצפות בעמוד הזה.',
  viewOnly: 'לצפייה בלבד',
  pageUnavailable: 'העמוד הזה אינו זמין, לכן הועברת אל {page}.',
} as const satisfies CatalogShape<typeof shellEn>;
