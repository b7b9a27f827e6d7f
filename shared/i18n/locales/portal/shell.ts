import type { CatalogShape } from '../en';

/** Messages of the admin portal's shell page (`adminPortal.shell.*`): English is the source of the keys. */
export const shellEn = {
  title: 'Shell',
} as const;

export const shellHe = {
  title: 'פורטל',
} as const satisfies CatalogShape<typeof shellEn>;
