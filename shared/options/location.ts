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

export interface NavigateDetail {
  url: string;
  replace: boolean;
}

/**
 * Goes to an app path or a URL. A cancelable `fe-navigate` event lets an SPA router take over; otherwise
 * in-app paths use the history (or the hash) and other origins a full page load.
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const { urlStrategy } = store.get(optionsAtom);
  const target = new URL(to, location.href);
  const inApp = target.origin === location.origin && !/^[a-z]+:/i.test(to);
  const url = inApp && urlStrategy === 'hash' ? `${location.pathname}${location.search}#${to}` : to;
  const event = new CustomEvent<NavigateDetail>('fe-navigate', {
    detail: { url, replace },
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  if (!document.dispatchEvent(event)) return;
  if (!inApp) {
    if (replace) location.replace(url);
    else location.assign(url);
    return;
  }
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
  store.set(hrefAtom, location.href);
}
