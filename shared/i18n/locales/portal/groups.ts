import type { CatalogShape } from '../en';

/** Messages of the admin portal's groups page (`adminPortal.groups.*`): English is the source of the keys. */
export const groupsEn = {
  title: 'Groups',
} as const;

export const groupsHe = {
  title: 'קבוצות',
} as const satisfies CatalogShape<typeof groupsEn>;
