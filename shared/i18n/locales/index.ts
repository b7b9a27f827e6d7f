import type { CatalogShape } from './en';
import { en } from './en';
import { he } from './he';

export type { CatalogShape } from './en';

/** Built-in catalogs by base language; any other locale falls back to `en`. */
export const catalogs: Readonly<Record<string, CatalogShape>> = { en, he };

/** Base languages written right to left. */
export const rtlLocales: readonly string[] = ['he', 'ar', 'fa', 'ur'];
