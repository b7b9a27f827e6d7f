// Error texts in the page's language: the catalog's text for a server error code (`errors.<code>`) and the
// description of a network failure (`errors.network.*`). Kept apart from errors.ts, which needs no catalogs.
import { en } from '../i18n/locales/en';
import { translate, type MessageKey, type TranslateOptions } from '../i18n/translate';
import type { NetworkFailureKind } from './errors';

/**
 * The catalog's text for a server error code; undefined for a code the catalog lacks (the server's text then).
 * A text with `{n}` takes the first number of the server's `message` (a length the server names); without
 * one, the server's text is kept.
 */
export function errorCodeText(
  code: string | undefined,
  opts: TranslateOptions,
  message = '',
): string | undefined {
  if (!code || !Object.hasOwn(en.errors, code)) return undefined;
  const text = (en.errors as Record<string, unknown>)[code];
  if (typeof text !== 'string') return undefined;
  if (!text.includes('{n}')) return translate(`errors.${code}` as MessageKey, undefined, opts);
  const n = /\d+/.exec(message)?.[0];
  return n === undefined ? undefined : translate(`errors.${code}` as MessageKey, { n }, opts);
}

/** What a call that got no answer tells the user: which server, and what probably went wrong. */
export function networkFailureText(
  kind: NetworkFailureKind,
  where: { baseUrl: string; origin: string },
  opts: TranslateOptions,
): string {
  return translate(`errors.network.${kind}`, where, opts);
}
