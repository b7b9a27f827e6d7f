import { expect } from '@open-wc/testing';
import '../../elements/security-center/index';
import { $, mount, resetPage, waitUntil } from './testing';
import { setTheme } from './themeSetter';

// Its own test file: a fresh page where no element has rendered yet.
describe('setTheme', () => {
  after(resetPage);

  it('[THEME-007] waits until an element renders, then sets the theme', async () => {
    let settled = false;
    const done = setTheme({ palette: { primary: '#7B1FA2' } }).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).to.equal(false);
    const el = await mount(
      'fe-security-center',
      { preview: '' },
      (root) => root.querySelector('[part="root"]') !== null,
    );
    await done;
    const primary = () =>
      getComputedStyle($(el, '[part="root"]')!).getPropertyValue('--fe-color-primary').trim();
    await waitUntil(() => primary().toUpperCase() === '#7B1FA2');
  });
});
