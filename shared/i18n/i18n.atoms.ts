import { atom } from 'jotai';
import { optionsAtom } from '../options/options.atoms';
import { createTranslator, normalizeLocale } from './translate';

/** The UI locale: the host's `locale` option canonicalized ('he_IL' → 'he-IL'), 'en' when missing or invalid. */
export const localeAtom = atom((get) => normalizeLocale(get(optionsAtom).locale));

/** The host's `localizations` option (same reference until the host sets a new object). */
export const localizationsAtom = atom((get) => get(optionsAtom).localizations);

/** `{ t, locale, dir }`; a new value only when the locale or the localizations change, not on other options. */
export const translatorAtom = atom((get) => createTranslator(get(localeAtom), get(localizationsAtom)));
