import { expect } from '@open-wc/testing';
import { store } from '../store';
import { hostOptionsInputAtom, optionsAtom } from '../options/options.atoms';
import { configure } from '../options/configure';
import '../../elements/security-center/index';
import { $, captureConsole, mount, resetPage, shadowText, waitUntil } from './testing';

afterEach(resetPage);

const ready = (root: ShadowRoot) => root.querySelector('[role="meter"]') !== null;
const cssVar = (el: Element, name: string) =>
  getComputedStyle($(el, '[part="root"]')!).getPropertyValue(name).trim().toUpperCase();

describe('defineElement', () => {
  it('gives every style element of the shadow root the CSP nonce', async () => {
    const el = await mount('fe-security-center', { preview: '', nonce: 'n0nce-123' }, ready);
    const styles = [...el.shadowRoot!.querySelectorAll('style')];
    expect(styles.length).to.be.greaterThan(0);
    for (const style of styles) expect(style.nonce).to.equal('n0nce-123');
  });

  it('theme as a property: an object sets the palette at run time', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    (el as unknown as { theme: unknown }).theme = { palette: { primary: '#008060' } };
    await waitUntil(() => cssVar(el, '--fe-color-primary') === '#008060');
    expect((el as unknown as { theme: unknown }).theme).to.deep.equal({ palette: { primary: '#008060' } });
  });

  it('theme-mode dark switches the base colours', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const light = cssVar(el, '--fe-color-background');
    el.setAttribute('theme-mode', 'dark');
    await waitUntil(() => cssVar(el, '--fe-color-background') !== light);
    expect(store.get(hostOptionsInputAtom).themeMode).to.equal('dark');
  });

  it('[THEME-006] an unsupported colour is refused with an error and the previous theme is kept', async () => {
    const el = await mount(
      'fe-security-center',
      { preview: '', theme: '{"palette":{"primary":"#123456"}}' },
      ready,
    );
    await waitUntil(() => cssVar(el, '--fe-color-primary') === '#123456');
    const console = captureConsole();
    try {
      el.setAttribute('theme', '{"palette":{"primary":"not-a-colour"}}');
      (el as unknown as { themeMode: string }).themeMode = 'blue';
      await new Promise((r) => setTimeout(r, 50));
      expect(cssVar(el, '--fe-color-primary')).to.equal('#123456');
      const logged = console.calls.map((c) => String(c[0])).join('\n');
      expect(logged).to.match(/attribute "theme": option "theme" refused \(Unsupported colour format/);
      expect(logged).to.match(/property "themeMode": option "themeMode" refused/);
    } finally {
      console.restore();
    }
  });

  it('[SHELL-002] options set by attributes of one element reach the page options', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    el.setAttribute('base-url', 'https://auth.example.test');
    el.setAttribute('url-strategy', 'hash');
    el.setAttribute('request-credentials', 'same-origin');
    el.setAttribute('tag-manager', '{"enabled":false,"id":"GTM-ABC1"}');
    el.setAttribute('enforce-redirect-to-same-site', 'false');
    el.setAttribute('hosted-login-box', '');
    el.setAttribute('entitlements', '{"enabled":true}');
    const options = store.get(optionsAtom);
    expect(options.baseUrl).to.equal('https://auth.example.test');
    expect(options.urlStrategy).to.equal('hash');
    expect(options.requestCredentials).to.equal('same-origin');
    expect(options.tagManager).to.deep.equal({ enabled: false, id: 'GTM-ABC1' });
    expect(options.enforceRedirectToSameSite).to.equal(false);
    expect(options.hostedLoginBox).to.equal(true);
    expect(options.entitlements).to.deep.equal({ enabled: true });
    el.removeAttribute('url-strategy');
    expect(store.get(optionsAtom).urlStrategy).to.equal('path');
  });

  it('configure() sets options for every element of the page', async () => {
    const el = await mount('fe-security-center', {}, (root) => root.querySelector('[role="alert"]') !== null);
    const console = captureConsole();
    try {
      configure({ preview: true });
      await waitUntil(() => $(el, '[role="meter"]') !== null, 'configure did not reach the element', {
        timeout: 5000,
      });
    } finally {
      console.restore();
    }
  });

  it('[SHELL-021] an element asking for an unknown app says so inside itself', async () => {
    const console = captureConsole();
    try {
      const el = await mount('fe-security-center', { preview: '', app: 'billing' }, (root) =>
        /billing app not found/.test(root.textContent ?? ''),
      );
      expect(shadowText(el)).to.contain('billing app not found');
    } finally {
      console.restore();
    }
  });
});

describe('dark theme accessibility', () => {
  it('the elements pass axe-core in the dark theme, errors and tags included', async () => {
    history.replaceState(null, '', `${location.pathname}${location.search}#/account/login`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await import('../../elements/login-box/index');
    const box = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash', 'theme-mode': 'dark' },
      (root) => root.querySelector('form') !== null,
    );
    $<HTMLButtonElement>(box, 'button[type="submit"]')!.click();
    await waitUntil(() => (box.shadowRoot?.textContent ?? '').includes('This field is required'));
    const center = await mount('fe-security-center', {}, ready);
    const { axeViolations } = await import('./testing');
    expect(await axeViolations(box)).to.deep.equal([]);
    expect(await axeViolations(center)).to.deep.equal([]);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  });
});
