import { store } from '../store';
import { validOptions } from './attributes';
import type { HostOptionsInput } from './options';
import { setOptionsAtom } from './options.atoms';

export const DEFAULT_APP_NAME = 'default';

// One app per page (the page store); `configure(options, name)` names it, elements may ask for it by name.
let appName = DEFAULT_APP_NAME;

export interface FeApp {
  readonly name: string;
}

/**
 * Sets host options for every element of the page (the same options the attributes set).
 * Throws 'Mismatch in store names' when `options.storeName` is given and differs from the app name (SHELL-020).
 */
export function configure(options: HostOptionsInput, name: string = appName): FeApp {
  if (options.storeName !== undefined && options.storeName !== name)
    throw new Error('Mismatch in store names');
  appName = name;
  store.set(setOptionsAtom, validOptions(options, 'configure()'));
  return { name };
}

/** The page's app by name; any other name is 'not found' (SHELL-021). */
export function getApp(name: string = DEFAULT_APP_NAME): FeApp {
  if (name !== appName) throw new Error(appNotFoundMessage(name));
  return { name };
}

export const appNotFoundMessage = (name: string) => `${name} app not found`;
