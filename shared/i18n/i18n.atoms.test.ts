import { expect } from '@open-wc/testing';
import { Provider } from 'jotai';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setOptionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { en } from './locales/en';
import { localeAtom, translatorAtom } from './i18n.atoms';
import type { MessageKey } from './translate';
import { useT } from './useT';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const resetI18nOptions = () => store.set(setOptionsAtom, { locale: undefined, localizations: undefined });
const t = (key: MessageKey, values?: Record<string, string | number>) =>
  store.get(translatorAtom).t(key, values);

function leafPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafPaths(value as object, `${prefix}${key}.`),
  );
}

/** A localizations tree that overrides every leaf of en with `mark(path)`. */
function overrideAll(
  mark: (path: string) => string,
  tree: object = en,
  prefix = '',
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? mark(`${prefix}${key}`)
        : overrideAll(mark, value as object, `${prefix}${key}.`),
    ]),
  );
}

describe('i18n atoms', () => {
  afterEach(resetI18nOptions);

  it('[I18N-001] localizations option overrides any string at run time', () => {
    expect(t('loginBox.login.title')).to.equal('Sign in');
    store.set(setOptionsAtom, { localizations: { en: { loginBox: { login: { title: 'Hi' } } } } });
    expect(t('loginBox.login.title')).to.equal('Hi');
    expect(t('loginBox.login.subtitle')).to.equal('Welcome back');

    store.set(setOptionsAtom, { localizations: { en: { loginBox: { login: { title: 'Hello {x}' } } } } });
    expect(t('loginBox.login.title', { x: 'again' })).to.equal('Hello again');

    const keys = leafPaths(en) as MessageKey[];
    store.set(setOptionsAtom, { localizations: { en: overrideAll((path) => `custom ${path}`) } as never });
    for (const key of keys) expect(t(key), key).to.equal(`custom ${key}`);

    store.set(setOptionsAtom, {
      locale: 'he',
      localizations: { he: overrideAll((path) => `מותאם ${path}`) } as never,
    });
    for (const key of keys) expect(t(key), key).to.equal(`מותאם ${key}`);

    store.set(setOptionsAtom, { localizations: undefined });
    expect(t('loginBox.login.title')).to.equal('התחברות');
  });

  it('localeAtom follows the locale option, canonicalized', () => {
    expect(store.get(localeAtom)).to.equal('en');
    store.set(setOptionsAtom, { locale: 'he_IL' });
    expect(store.get(localeAtom)).to.equal('he-IL');
    expect(store.get(translatorAtom).dir).to.equal('rtl');
  });

  it('the translator keeps its identity when an unrelated option changes', () => {
    const before = store.get(translatorAtom);
    store.set(setOptionsAtom, { themeMode: 'dark' });
    expect(store.get(translatorAtom)).to.equal(before);
    store.set(setOptionsAtom, { themeMode: undefined, locale: 'he' });
    expect(store.get(translatorAtom)).not.to.equal(before);
  });
});

describe('useT', () => {
  let host: HTMLElement;
  let root: Root;
  let renders = 0;

  function Probe() {
    const { t: translate, locale, dir } = useT();
    renders += 1;
    return createElement(
      'p',
      { lang: locale, dir },
      translate('loginBox.login.signedInAs', { name: '<img src=x onerror=alert(1)>' }),
    );
  }

  beforeEach(async () => {
    renders = 0;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root.render(createElement(Provider, { store }, createElement(Probe))));
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    host.remove();
    resetI18nOptions();
  });

  it('re-renders when the locale or localizations change at run time, not on other options', async () => {
    const p = () => host.querySelector('p')!;
    expect(p().textContent).to.equal('Signed in as <img src=x onerror=alert(1)>');
    expect(p().getAttribute('dir')).to.equal('ltr');

    await act(async () => store.set(setOptionsAtom, { locale: 'he' }));
    expect(p().textContent).to.equal('התחברת בתור <img src=x onerror=alert(1)>');
    expect(p().getAttribute('dir')).to.equal('rtl');
    expect(p().getAttribute('lang')).to.equal('he');

    await act(async () =>
      store.set(setOptionsAtom, {
        localizations: { he: { loginBox: { login: { signedInAs: 'שלום {name}' } } } },
      }),
    );
    expect(p().textContent).to.equal('שלום <img src=x onerror=alert(1)>');

    const count = renders;
    await act(async () => store.set(setOptionsAtom, { themeMode: 'dark' }));
    expect(renders).to.equal(count);
    store.set(setOptionsAtom, { themeMode: undefined });
  });

  it('renders a hostile value as text, never as markup', () => {
    expect(host.querySelector('img')).to.equal(null);
    expect(host.querySelector('p')!.childNodes).to.have.length(1);
    expect(host.querySelector('p')!.firstChild!.nodeType).to.equal(Node.TEXT_NODE);
  });
});
