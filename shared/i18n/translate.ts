import IntlMessageFormat from 'intl-messageformat';
import type { Localizations } from '../options/options';
import { catalogs, rtlLocales, type CatalogShape } from './locales';
import type { en } from './locales/en';

type LeafPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : LeafPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every dotted leaf path of the English catalog, e.g. `'loginBox.login.title'`: a typo is a compile error. */
export type MessageKey = LeafPaths<typeof en>;

/** ICU arguments; they are formatted as plain text (the caller renders React text, never HTML). */
export type MessageValues = Record<string, string | number>;

export interface TranslateOptions {
  /** BCP 47 tag as the host gave it ('he', 'he-IL', 'he_IL'); default 'en'. */
  locale?: string;
  /** Host overrides per locale (the `localizations` option). */
  localizations?: Localizations;
}

/** Overrides typed against the catalog, for hosts that write TypeScript: `{ en: LocalizationOverrides }`. */
export type LocalizationOverrides<T = CatalogShape> = {
  [K in keyof T]?: T[K] extends string ? string : LocalizationOverrides<T[K]>;
};

export type Direction = 'ltr' | 'rtl';

/** A translate function bound to one locale and one set of overrides (what `useT()` returns). */
export interface Translator {
  t: (key: MessageKey, values?: MessageValues) => string;
  /** The canonical locale ('he-IL'), or 'en' when the host gave none or an invalid tag. */
  locale: string;
  dir: Direction;
}

const FALLBACK_LOCALE = 'en';
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg']);
const MAX_CACHED_FORMATTERS = 1000;

const canonicalCache = new Map<string, string | null>();
const chainCache = new Map<string, readonly string[]>();
const formatterCache = new Map<string, IntlMessageFormat | Error>();
const reported = new Set<string>();

/** 'he_IL' → 'he-IL', 'iw' → 'he'; `null` for an empty or invalid tag. */
function canonical(locale: unknown): string | null {
  if (typeof locale !== 'string') return null;
  const cached = canonicalCache.get(locale);
  if (cached !== undefined) return cached;
  let result: string | null;
  try {
    result = Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'))[0] ?? null;
  } catch {
    result = null;
  }
  if (canonicalCache.size > MAX_CACHED_FORMATTERS) canonicalCache.clear();
  canonicalCache.set(locale, result);
  return result;
}

/** The locale the UI runs in: the host's tag canonicalized, or 'en' when it is missing or invalid. */
export function normalizeLocale(locale: unknown): string {
  return canonical(locale) ?? FALLBACK_LOCALE;
}

/** 'he-IL-u-nu-latn' → ['he-IL', 'he']; 'zh-Hant-TW' → ['zh-Hant-TW', 'zh-Hant', 'zh']. */
function localeChain(locale: string): readonly string[] {
  let chain = chainCache.get(locale);
  if (!chain) {
    const parts = new Intl.Locale(locale).baseName.split('-');
    chain = parts.map((_, i) => parts.slice(0, parts.length - i).join('-'));
    if (chainCache.size > MAX_CACHED_FORMATTERS) chainCache.clear();
    chainCache.set(locale, chain);
  }
  return chain;
}

/** 'rtl' for Hebrew, Arabic, Persian, Urdu (any region) and for right-to-left scripts ('ku-Arab'). */
export function dirOf(locale: string): Direction {
  const tag = canonical(locale);
  if (!tag) return 'ltr';
  const { language, script } = new Intl.Locale(tag);
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return rtlLocales.includes(language) ? 'rtl' : 'ltr';
}

function reportOnce(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  console.error(`[fe-elements] i18n: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Own properties only, so `__proto__` or `constructor` in a key never reaches the prototype chain. */
function lookup(tree: unknown, path: readonly string[]): string | undefined {
  let node = tree;
  for (const segment of path) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The host's tree for `locale`, whether the host wrote 'he-IL', 'he_IL' or 'HE-il'. */
function overridesFor(localizations: unknown, locale: string): unknown {
  if (!isObject(localizations)) return undefined;
  if (Object.hasOwn(localizations, locale)) return localizations[locale];
  for (const key of Object.keys(localizations)) {
    if (canonical(key) === locale) return localizations[key];
  }
  return undefined;
}

function compile(message: string, locale: string): IntlMessageFormat | Error {
  const cacheKey = `${locale}\u0000${message}`;
  let formatter = formatterCache.get(cacheKey);
  if (formatter === undefined) {
    try {
      // ignoreTag: '<b>' or '<img ...>' stays literal text instead of being parsed as a rich-text tag.
      formatter = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    } catch (error) {
      formatter = error instanceof Error ? error : new Error(String(error));
    }
    if (formatterCache.size >= MAX_CACHED_FORMATTERS) formatterCache.clear();
    formatterCache.set(cacheKey, formatter);
  }
  return formatter;
}

interface Candidate {
  message: string;
  /** Plural rules and number formats follow the language the message is written in. */
  formatLocale: string;
  source: string;
}

/** The messages for `key`, best first; lazy, so a hit in the first source looks no further. */
function* candidates(key: string, locale: string, localizations: unknown): Generator<Candidate> {
  const path = key.split('.');
  const chain = localeChain(locale);
  const tags: [tag: string, formatLocale: string][] = chain.map((tag) => [tag, locale]);
  if (!chain.includes(FALLBACK_LOCALE)) tags.push([FALLBACK_LOCALE, FALLBACK_LOCALE]);
  for (const [tag, formatLocale] of tags) {
    const override = lookup(overridesFor(localizations, tag), path);
    if (override !== undefined) yield { message: override, formatLocale, source: `localizations.${tag}` };
    const catalog = Object.hasOwn(catalogs, tag) ? catalogs[tag as keyof typeof catalogs] : undefined;
    const message = lookup(catalog, path);
    if (message !== undefined) yield { message, formatLocale, source: tag };
  }
}

/**
 * The message for `key`: `localizations[locale]` → catalog[locale] → `localizations.en` → en catalog, where
 * 'he-IL' also tries 'he'. Never throws: a broken override falls through to the next source, and a key with
 * no usable message returns the key itself; either is reported once with `console.error`.
 */
export function translate(key: MessageKey, values?: MessageValues, opts: TranslateOptions = {}): string {
  const locale = normalizeLocale(opts.locale ?? FALLBACK_LOCALE);
  for (const { message, formatLocale, source } of candidates(String(key), locale, opts.localizations)) {
    const formatter = compile(message, formatLocale);
    if (formatter instanceof Error) {
      reportOnce(`cannot parse ${source}.${key} (${formatter.message}): ${JSON.stringify(message)}`);
      continue;
    }
    try {
      const out = formatter.format<string>(values);
      return Array.isArray(out) ? out.join('') : String(out);
    } catch (error) {
      reportOnce(`cannot format ${source}.${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  reportOnce(`no message for "${String(key)}" in ${locale}`);
  return String(key);
}

/** Binds `translate` to one locale and one set of overrides. */
export function createTranslator(locale: unknown, localizations?: Localizations): Translator {
  const normalized = normalizeLocale(locale);
  return {
    t: (key, values) => translate(key, values, { locale: normalized, localizations }),
    locale: normalized,
    dir: dirOf(normalized),
  };
}
