import { atom } from 'jotai';
import { store } from '../store';
import type { UrlStrategy } from './options';
import { optionsAtom } from './options.atoms';

/** The app path of a URL under a URL strategy: the pathname, or the part after `#` (empty hash is '/'). */
export function appPath(url: URL, strategy: UrlStrategy): string {
  if (strategy === 'path') return url.pathname;
  const hash = url.hash.replace(/^#/, '');
  const path = hash.split('?')[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** Query parameters of the app URL: with the hash strategy, those after `#/path?` win over the page's. */
export function appSearchParams(url: URL, strategy: UrlStrategy): URLSearchParams {
  const params = new URLSearchParams(url.search);
  if (strategy === 'hash') {
    const query = url.hash.split('?')[1];
    if (query) new URLSearchParams(query).forEach((value, key) => params.set(key, value));
  }
  return params;
}

const hrefAtom = atom(typeof location === 'undefined' ? 'http://localhost/' : location.href);

/** The current page URL, kept in step with history and hash changes. */
export const currentUrlAtom = atom((get) => new URL(get(hrefAtom)));
export const currentPathAtom = atom((get) => appPath(get(currentUrlAtom), get(optionsAtom).urlStrategy));

/** Tells the elements that the page URL changed without a popstate (an element's own `pushState`). */
export function followLocation(): void {
  if (typeof location !== 'undefined') store.set(hrefAtom, location.href);
}

let listening = false;
/** Follows back/forward and hash changes once per page. */
export function trackLocation(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const sync = () => store.set(hrefAtom, location.href);
  window.addEventListener('popstate', sync);
  window.addEventListener('hashchange', sync);
  sync();
}

/** Detail of the `fe-navigate` event: cancel it to let an SPA router take over the navigation. */
export interface FeNavigateDetail {
  url: string;
  replace: boolean;
}

declare global {
  interface DocumentEventMap {
    'fe-navigate': CustomEvent<FeNavigateDetail>;
  }
  interface HTMLElementEventMap {
    'fe-navigate': CustomEvent<FeNavigateDetail>;
  }
}

export interface NavigateOptions {
  replace?: boolean;
  /** Where the cancelable `fe-navigate` event starts (an element's host); it bubbles out of shadow roots. */
  from?: EventTarget;
  /** Loads a page; `location.assign` / `location.replace` by default. */
  load?: (url: string, replace: boolean) => void;
}

const loadPage = (url: string, replace: boolean) => (replace ? location.replace(url) : location.assign(url));

/**
 * Goes to an app path or a URL. A cancelable `fe-navigate` event lets an SPA router take over. Otherwise
 * with the hash strategy an in-app path changes the hash (no page load); anything else loads the page.
 */
export function navigate(
  to: string,
  { replace = false, from = document, load = loadPage }: NavigateOptions = {},
): void {
  const { urlStrategy } = store.get(optionsAtom);
  const target = new URL(to, location.href);
  const inApp = target.origin === location.origin && to.startsWith('/') && !to.startsWith('//');
  const inPage = inApp && urlStrategy === 'hash';
  const url = inPage ? `${location.pathname}${location.search}#${to}` : to;
  const event = new CustomEvent<FeNavigateDetail>('fe-navigate', {
    detail: { url, replace },
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  if (!from.dispatchEvent(event)) return;
  if (!inPage) return load(url, replace);
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
  store.set(hrefAtom, location.href);
}

/** Query parameters of the current app URL (link parameters such as userId and token). */
export const currentSearchParamsAtom = atom((get) =>
  appSearchParams(get(currentUrlAtom), get(optionsAtom).urlStrategy),
);
