import type { CatalogShape } from '../en';

/** Messages of the admin portal's roles page (`adminPortal.roles.*`): English is the source of the keys. */
export const rolesEn = {
  title: 'Roles',
} as const;

export const rolesHe = {
  title: 'תפקידים',
} as const satisfies CatalogShape<typeof rolesEn>;
