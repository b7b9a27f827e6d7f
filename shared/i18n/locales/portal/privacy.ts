import type { CatalogShape } from '../en';

/** Messages of the admin portal's privacy page (`adminPortal.privacy.*`): English is the source of the keys. */
export const privacyEn = {
  title: 'Privacy',
} as const;

export const privacyHe = {
  title: 'פרטיות ואבטחה',
} as const satisfies CatalogShape<typeof privacyEn>;
