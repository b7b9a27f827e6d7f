import type { CatalogShape } from './en';
import { en } from './en';
import { he } from './he';

export type { CatalogShape } from './en';

/** Built-in catalogs by base language; any other language falls back to `en`. */
export const catalogs = { en, he } as const satisfies Record<string, CatalogShape>;

/** Base languages written right to left. */
export const rtlLocales: readonly string[] = ['he', 'ar', 'fa', 'ur'];
