// Error texts in the page's language: the catalog's text for a server error code (`errors.<code>`) and the
// description of a network failure (`errors.network.*`). Kept apart from errors.ts, which needs no catalogs.
import { en } from '../i18n/locales/en';
import { translate, type MessageKey, type TranslateOptions } from '../i18n/translate';
import type { NetworkFailureKind } from './errors';

/** The catalog's text for a server error code; undefined for a code the catalog lacks (the server's text then). */
export function errorCodeText(code: string | undefined, opts: TranslateOptions): string | undefined {
  if (!code || !Object.hasOwn(en.errors, code)) return undefined;
  if (typeof (en.errors as Record<string, unknown>)[code] !== 'string') return undefined;
  return translate(`errors.${code}` as MessageKey, undefined, opts);
}

/** What a call that got no answer tells the user: which server, and what probably went wrong. */
export function networkFailureText(
  kind: NetworkFailureKind,
  where: { baseUrl: string; origin: string },
  opts: TranslateOptions,
): string {
  return translate(`errors.network.${kind}`, where, opts);
}
