import type { CatalogShape } from '../en';

/** Messages of the admin portal's account page (`adminPortal.account.*`): English is the source of the keys. */
export const accountEn = {
  title: 'Account',
} as const;

export const accountHe = {
  title: 'חשבון',
} as const satisfies CatalogShape<typeof accountEn>;
