import { expect } from '@open-wc/testing';
import { resetPage } from '../element/testing';
import { store } from '../store';
import { accessTokenAtom } from './session.atoms';
import { MFA_ACR, readStepUpMarker } from './stepup';
import { stepUp } from './stepUpRequest';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
const nowS = () => Math.floor(Date.now() / 1000);

/** Calls stepUp with the page's navigation caught (an SPA router would take it the same way). */
function stepUpCaught(options?: Parameters<typeof stepUp>[0]) {
  const urls: string[] = [];
  const catchNavigation = (event: Event) => {
    event.preventDefault();
    urls.push((event as CustomEvent<{ url: string }>).detail.url);
  };
  document.addEventListener('fe-navigate', catchNavigation);
  try {
    return { answer: stepUp(options), urls, marker: readStepUpMarker(sessionStorage) };
  } finally {
    document.removeEventListener('fe-navigate', catchNavigation);
  }
}

describe('stepUp(): the page-level step-up request', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    resetPage();
    sessionStorage.clear();
  });

  it('[STEPUP-001] a session without a second factor stores the marker and goes to the step-up URL', () => {
    store.set(accessTokenAtom, jwt({ sub: 'u1', amr: ['pwd'], auth_time: nowS() }));
    const { answer, urls, marker } = stepUpCaught({ maxAge: 300, returnTo: '/billing' });
    expect(answer).to.equal(false);
    expect(urls).to.deep.equal(['/account/step-up']);
    expect(marker).to.deep.equal({ maxAge: 300, returnTo: '/billing' });
  });

  it('[STEPUP-001] a session already stepped up within maxAge stays, with no marker', () => {
    store.set(accessTokenAtom, jwt({ acr: MFA_ACR, amr: ['pwd', 'mfa', 'otp'], auth_time: nowS() - 10 }));
    const { answer, urls, marker } = stepUpCaught({ maxAge: 300 });
    expect(answer).to.equal(true);
    expect(urls).to.deep.equal([]);
    expect(marker).to.equal(null);
  });

  it('[STEPUP-005] a second factor older than maxAge asks again; the marker comes back to this page', () => {
    store.set(accessTokenAtom, jwt({ acr: MFA_ACR, amr: ['pwd', 'mfa', 'otp'], auth_time: nowS() - 600 }));
    const { answer, urls, marker } = stepUpCaught({ maxAge: 60 });
    expect(answer).to.equal(false);
    expect(urls).to.deep.equal(['/account/step-up']);
    expect(marker).to.deep.equal({ maxAge: 60, returnTo: `${location.pathname}${location.search}` });
  });

  it('[API-015] an unreadable access token counts as not stepped up', () => {
    for (const token of ['abc', 'a.%%%.c', null]) {
      store.set(accessTokenAtom, token);
      const { answer, urls } = stepUpCaught();
      expect(answer, String(token)).to.equal(false);
      expect(urls, String(token)).to.deep.equal(['/account/step-up']);
    }
  });
});
