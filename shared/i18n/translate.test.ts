import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { createTranslator, dirOf, normalizeLocale, translate, type MessageKey } from './translate';
import { captureConsole } from '../testing/console';

const HOSTILE = '<img src=x onerror=alert(1)>';
let consoleError: ReturnType<typeof captureConsole>;
/** A message no other test used, so the once-per-message console.error is observable. */
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

describe('translate', () => {
  beforeEach(() => {
    consoleError = captureConsole('error');
  });
  afterEach(() => consoleError.restore());

  it('returns the English message by default', () => {
    expect(translate('loginBox.login.title')).to.equal('Sign in');
    expect(translate('common.genericError')).to.equal("We're facing some difficulties, Please try again");
    expect(translate('loginBox.login.noAccount')).to.equal("Don't have an account?");
    expect(consoleError.calls).to.have.length(0);
  });

  it('interpolates values', () => {
    expect(translate('loginBox.login.signedInAs', { name: 'Ada' })).to.equal('Signed in as Ada');
    expect(translate('checkout.cardEnding', { brand: 'Visa', last4: '4242' })).to.equal(
      'Visa ending in 4242',
    );
    expect(translate('common.appNotFound', { app: 'Billing' })).to.equal('Billing app not found');
    expect(translate('securityCenter.scoreOutOf', { score: 87 })).to.equal('87 out of 100');
  });

  it('formats plurals for 0, 1 and 5', () => {
    expect(translate('common.users', { count: 0 })).to.equal('No users');
    expect(translate('common.users', { count: 1 })).to.equal('1 user');
    expect(translate('common.users', { count: 5 })).to.equal('5 users');
  });

  it('formats Hebrew plurals with Hebrew plural rules', () => {
    const he = { locale: 'he' };
    expect(translate('common.users', { count: 0 }, he)).to.equal('אין משתמשים');
    expect(translate('common.users', { count: 1 }, he)).to.equal('משתמש אחד');
    expect(translate('common.users', { count: 2 }, he)).to.equal('שני משתמשים');
    expect(translate('common.users', { count: 5 }, he)).to.equal('5 משתמשים');
  });

  it('uses the Hebrew catalog for he', () => {
    expect(translate('loginBox.login.title', undefined, { locale: 'he' })).to.equal('התחברות');
    expect(translate('loginBox.login.signedInAs', { name: 'Ada' }, { locale: 'he' })).to.equal(
      'התחברת בתור Ada',
    );
  });

  it('he-IL (and he_IL, iw) falls back to he', () => {
    for (const locale of ['he-IL', 'he_IL', 'HE-il', 'iw']) {
      expect(translate('loginBox.login.title', undefined, { locale }), locale).to.equal('התחברות');
    }
  });

  it('an unknown or invalid locale falls back to en', () => {
    for (const locale of ['fr', 'de-CH', 'xx', '', '!!not a locale', 'en-US']) {
      expect(translate('loginBox.login.title', undefined, { locale }), locale).to.equal('Sign in');
    }
    expect(normalizeLocale('!!not a locale')).to.equal('en');
    expect(normalizeLocale('he_IL')).to.equal('he-IL');
  });

  it('looks up localizations[locale] → catalog[locale] → localizations.en → en', () => {
    const localizations = {
      en: { loginBox: { login: { title: 'EN override', subtitle: 'EN subtitle' } } },
      he: { loginBox: { login: { title: 'HE override' } } },
      'he-IL': { checkout: { title: 'HE-IL override' } },
      fr: { loginBox: { login: { title: 'Connexion' } } },
    };
    const t = (key: MessageKey, locale: string) => translate(key, undefined, { locale, localizations });
    expect(t('loginBox.login.title', 'he')).to.equal('HE override');
    expect(t('loginBox.login.subtitle', 'he')).to.equal('טוב לראות אותך שוב');
    expect(t('loginBox.login.title', 'he-IL')).to.equal('HE override');
    expect(t('checkout.title', 'he-IL')).to.equal('HE-IL override');
    expect(t('checkout.title', 'he')).to.equal('אישור התוכנית');
    expect(t('loginBox.login.title', 'fr')).to.equal('Connexion');
    expect(t('loginBox.login.subtitle', 'fr')).to.equal('EN subtitle');
    expect(t('loginBox.login.passwordLabel', 'fr')).to.equal('Password');
    expect(t('loginBox.login.title', 'en')).to.equal('EN override');
  });

  it('accepts a localizations key written as he_IL', () => {
    const localizations = { he_IL: { loginBox: { login: { title: 'שלום' } } } };
    expect(translate('loginBox.login.title', undefined, { locale: 'he-IL', localizations })).to.equal('שלום');
  });

  it('dirOf: rtl for he, ar, fa, ur and their regions; ltr otherwise', () => {
    expect(dirOf('he')).to.equal('rtl');
    for (const locale of ['he-IL', 'ar', 'ar-EG', 'fa', 'ur-PK', 'iw', 'ku-Arab']) {
      expect(dirOf(locale), locale).to.equal('rtl');
    }
    for (const locale of ['en', 'en-US', 'fr', 'hu', 'ar-Latn', '', 'garbage!']) {
      expect(dirOf(locale), locale).to.equal('ltr');
    }
  });

  it('a broken ICU message in localizations returns a safe value, does not throw, logs once', () => {
    const broken = `{oops ${unique('broken')}`;
    const localizations = { en: { common: { save: broken, cancel: `{count, plural, one {x}` } } };
    expect(() => translate('common.save', undefined, { localizations })).not.to.throw();
    expect(translate('common.save', undefined, { localizations })).to.equal('Save');
    expect(translate('common.cancel', undefined, { localizations })).to.equal('Cancel');
    const aboutSave = consoleError.calls.filter((args) => String(args[0]).includes(broken));
    expect(aboutSave).to.have.length(1);
  });

  it('a missing key or a missing value returns the key and does not throw', () => {
    const missing = unique('nope.key') as MessageKey;
    expect(translate(missing)).to.equal(missing);
    expect(translate(missing)).to.equal(missing);
    expect(consoleError.calls.filter((args) => String(args[0]).includes(missing))).to.have.length(1);
    expect(translate('common.appNotFound')).to.equal('common.appNotFound');
    // A path that stops at a subtree is no message either.
    expect(translate('loginBox.login' as MessageKey)).to.equal('loginBox.login');
  });

  it('an override whose arguments do not match falls back to the catalog message', () => {
    const localizations = { en: { loginBox: { login: { signedInAs: `Hello {username} ${unique('x')}` } } } };
    expect(translate('loginBox.login.signedInAs', { name: 'Ada' }, { localizations })).to.equal(
      'Signed in as Ada',
    );
  });

  it('ignores hostile localizations shapes and prototype keys', () => {
    const weird = [
      null,
      'x',
      42,
      { en: null },
      { en: 'x' },
      { en: { loginBox: 7 } },
      JSON.parse('{"__proto__":{}}'),
    ];
    for (const localizations of weird) {
      expect(translate('loginBox.login.title', undefined, { localizations })).to.equal('Sign in');
    }
    expect(translate('constructor' as MessageKey)).to.equal('constructor');
    expect(translate('__proto__.toString' as MessageKey)).to.equal('__proto__.toString');
  });

  it('returns a hostile value verbatim as text', () => {
    expect(translate('loginBox.login.signedInAs', { name: HOSTILE })).to.equal(`Signed in as ${HOSTILE}`);
    const localizations = { en: { loginBox: { login: { title: HOSTILE, subtitle: `<b>{x}</b>` } } } };
    expect(translate('loginBox.login.title', undefined, { localizations })).to.equal(HOSTILE);
    expect(translate('loginBox.login.subtitle', { x: HOSTILE }, { localizations })).to.equal(
      `<b>${HOSTILE}</b>`,
    );
  });

  it('never throws and always returns a string, whatever the override, values or locale', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.double())),
        (message, locale, values) => {
          const localizations = { [locale]: { loginBox: { login: { signedInAs: message } } } };
          const out = translate('loginBox.login.signedInAs', values, { locale, localizations });
          expect(out).to.be.a('string');
        },
      ),
    );
  });

  it('createTranslator binds locale and localizations', () => {
    const { t, locale, dir } = createTranslator('he_IL', { he: { common: { save: 'לשמור' } } });
    expect(locale).to.equal('he-IL');
    expect(dir).to.equal('rtl');
    expect(t('common.save')).to.equal('לשמור');
    expect(t('common.cancel')).to.equal('ביטול');
    expect(createTranslator(undefined).locale).to.equal('en');
  });

  it('MessageKey rejects a typo at compile time', () => {
    // @ts-expect-error 'titel' is not a key of the en catalog.
    expect(translate('loginBox.login.titel')).to.equal('loginBox.login.titel');
    // @ts-expect-error a subtree is not a message key.
    expect(translate('adminPortal.nav')).to.equal('adminPortal.nav');
  });
});
