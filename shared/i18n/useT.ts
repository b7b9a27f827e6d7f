import { useAtomValue } from 'jotai';
import { translatorAtom } from './i18n.atoms';
import type { Translator } from './translate';

/** `{ t, locale, dir }` for the page's locale; re-renders when the host changes `locale` or `localizations`. */
export function useT(): Translator {
  return useAtomValue(translatorAtom);
}
