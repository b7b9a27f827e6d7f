import { expect } from '@open-wc/testing';
import { store } from '../store';
import {
  appPath,
  appSearchParams,
  currentPathAtom,
  navigate,
  trackLocation,
  type FeNavigateDetail,
} from './location';
import { hostOptionsInputAtom, setOptionsAtom } from './options.atoms';

const home = `${location.pathname}${location.search}`;
afterEach(() => {
  store.set(hostOptionsInputAtom, {});
  history.replaceState(null, '', home);
});

describe('location', () => {
  it('the app path is the pathname (path strategy) or the part after # (hash strategy)', () => {
    const url = new URL('https://host.test/app/page?x=1#/account/login?tenantId=t1');
    expect(appPath(url, 'path')).to.equal('/app/page');
    expect(appPath(url, 'hash')).to.equal('/account/login');
    expect(appPath(new URL('https://host.test/app'), 'hash')).to.equal('/');
    expect(appSearchParams(url, 'hash').get('tenantId')).to.equal('t1');
    expect(appSearchParams(url, 'hash').get('x')).to.equal('1');
    expect(appSearchParams(url, 'path').get('tenantId')).to.equal(null);
  });

  it('path strategy: navigating loads the page, after a cancelable fe-navigate from the element', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const loaded: string[] = [];
    const seen: FeNavigateDetail[] = [];
    host.addEventListener('fe-navigate', (e) => seen.push(e.detail));
    try {
      navigate('/account/login', { from: host, load: (url) => loaded.push(url) });
      expect(loaded).to.deep.equal(['/account/login']);
      expect(seen).to.deep.equal([{ url: '/account/login', replace: false }]);
      const cancel = (e: Event) => e.preventDefault();
      document.addEventListener('fe-navigate', cancel);
      navigate('/elsewhere', { from: host, load: (url) => loaded.push(url) });
      document.removeEventListener('fe-navigate', cancel);
      expect(loaded).to.deep.equal(['/account/login']);
    } finally {
      host.remove();
    }
  });

  it('hash strategy: an in-app path changes the hash without a page load and the elements follow', () => {
    trackLocation();
    store.set(setOptionsAtom, { urlStrategy: 'hash' });
    const loaded: string[] = [];
    navigate('/account/sign-up', { load: (url) => loaded.push(url) });
    expect(loaded).to.deep.equal([]);
    expect(location.hash).to.equal('#/account/sign-up');
    expect(store.get(currentPathAtom)).to.equal('/account/sign-up');
    navigate('https://elsewhere.test/x', { load: (url) => loaded.push(url) });
    expect(loaded).to.deep.equal(['https://elsewhere.test/x']);
  });
});
