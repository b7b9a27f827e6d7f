import type { CatalogShape } from '../en';

/** Messages of the admin portal's users page (`adminPortal.users.*`): English is the source of the keys. */
export const usersEn = {
  title: 'Users',
} as const;

export const usersHe = {
  title: 'משתמשים',
} as const satisfies CatalogShape<typeof usersEn>;
