import { expect } from '@open-wc/testing';
import IntlMessageFormat from 'intl-messageformat';
import { catalogs, rtlLocales } from './locales';
import { en } from './locales/en';
import { he } from './locales/he';

/** Every leaf path with the kind of node, so a string where en has a subtree is a difference too. */
function leafPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafPaths(value as object, `${prefix}${key}.`),
  );
}

function messageAt(tree: object, path: string): string {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;
}

/** The ICU argument names a message uses (argument, number, date, time, select, plural), nested included. */
function argumentNames(elements: ReturnType<IntlMessageFormat['getAst']>): string[] {
  return elements.flatMap((element) => {
    const names = element.type >= 1 && element.type <= 6 && 'value' in element ? [String(element.value)] : [];
    const options =
      'options' in element ? Object.values(element.options as Record<string, { value: [] }>) : [];
    return [...names, ...options.flatMap((option) => argumentNames(option.value))];
  });
}

const compile = (message: string, locale: string) =>
  new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });

describe('i18n catalogs', () => {
  it('he catalog has exactly the keys of en', () => {
    expect(leafPaths(he).sort()).to.deep.equal(leafPaths(en).sort());
  });

  it('the key-set comparison notices a missing and an extra key', () => {
    const missing = {
      ...en,
      common: Object.fromEntries(Object.entries(en.common).filter(([k]) => k !== 'save')),
    };
    expect(leafPaths(missing).sort()).not.to.deep.equal(leafPaths(en).sort());
    const extra = { ...en, checkout: { ...en.checkout, extra: 'x' } };
    expect(leafPaths(extra).sort()).not.to.deep.equal(leafPaths(en).sort());
  });

  it('has a title for every security recommendation type', () => {
    const codes = [
      'FORCE_MFA',
      'BREACHED_PASSWORDS_EXIST',
      'ENABLE_USER_LOCKOUT',
      'STRENGTHEN_USER_LOCKOUT',
      'ENABLE_PASSWORD_HISTORY',
      'STRENGTHEN_PASSWORD_HISTORY',
      'ENABLE_FORCE_RELOGIN',
      'SET_FORCE_RELOGIN',
      'ENABLE_SESSION_CONCURRENCY',
      'SET_SESSION_CONCURRENCY',
      'ENABLE_IDLE_SESSION',
      'SET_IDLE_SESSION',
      'ENABLE_IP_RESTRICTIONS',
      'CHANGE_IP_TO_ALLOWLIST',
      'ENABLE_DOMAIN_RESTRICTIONS',
      'CHANGE_DOMAIN_TO_ALLOWLIST',
      'CONFIGURE_SSO',
    ];
    expect(Object.keys(en.securityCenter.recommendation)).to.have.members(codes);
  });

  it('every message of every catalog compiles and uses the same arguments as en', () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const path of leafPaths(en)) {
        const message = messageAt(catalog, path);
        expect(message, `${locale}.${path}`).to.be.a('string').and.not.equal('');
        const names = new Set(argumentNames(compile(message, locale).getAst()));
        const expected = new Set(argumentNames(compile(messageAt(en, path), 'en').getAst()));
        expect([...names].sort(), `${locale}.${path}`).to.deep.equal([...expected].sort());
      }
    }
  });

  it('the Hebrew catalog is written in Hebrew', () => {
    const latinOnly = leafPaths(he).filter((path) => !/[\u0590-\u05FF]/.test(messageAt(he, path)));
    expect(latinOnly).to.deep.equal([]);
  });

  it('lists he, ar, fa and ur as right-to-left', () => {
    expect(rtlLocales).to.include.members(['he', 'ar', 'fa', 'ur']);
  });
});
