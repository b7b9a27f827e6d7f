import { expect } from '@open-wc/testing';
import { api, type RequestOptions } from '../api/client';
import { paths, type ApiPath } from '../api/paths';
import { previewFetch } from '../api/preview/index';
import { setOptionsAtom, hostOptionsInputAtom } from '../options/options.atoms';
import { store } from '../store';
import { clearSession, restoreSession, TAB_TENANT_KEY, tabTenantId } from './session';
import { userAtom } from './session.atoms';

/** The bodies of the refresh calls sent while `run` runs. */
async function refreshBodies(run: () => Promise<void>): Promise<unknown[]> {
  const bodies: unknown[] = [];
  const request = api.request;
  api.request = ((route: ApiPath, opts?: RequestOptions) => {
    if (route === paths.auth.refreshToken) bodies.push(opts?.body);
    return request(route, opts);
  }) as typeof api.request;
  try {
    await run();
  } finally {
    api.request = request;
  }
  return bodies;
}

describe('the account of a tab (TENANTS-016)', () => {
  beforeEach(() => {
    store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
    previewFetch.reset();
    previewFetch.state.session.signedIn = true;
    sessionStorage.removeItem(TAB_TENANT_KEY);
  });
  afterEach(() => {
    clearSession();
    sessionStorage.removeItem(TAB_TENANT_KEY);
    store.set(hostOptionsInputAtom, {});
    previewFetch.reset();
  });

  it('[TENANTS-016] a refresh keeps the token account in session storage and sends it on the next refresh', async () => {
    const first = await refreshBodies(restoreSession);
    expect(first).to.deep.equal([{}]);
    expect(sessionStorage.getItem(TAB_TENANT_KEY)).to.equal('tenant-acme');
    // The tab works in Acme Labs (as a switch leaves it); the user's active account moves elsewhere meanwhile.
    sessionStorage.setItem(TAB_TENANT_KEY, 'tenant-acme-labs');
    previewFetch.state.session.activeTenantId = 'tenant-acme-europe';
    const next = await refreshBodies(restoreSession);
    expect(next).to.deep.equal([{ tenantId: 'tenant-acme-labs' }]);
    expect(store.get(userAtom)?.tenantId).to.equal('tenant-acme-labs');
    expect(tabTenantId()).to.equal('tenant-acme-labs');
  });

  it('[TENANTS-016] an account the user may no longer enter: the answer is for the active account, which the tab keeps', async () => {
    sessionStorage.setItem(TAB_TENANT_KEY, 'tenant-gone');
    const bodies = await refreshBodies(restoreSession);
    expect(bodies).to.deep.equal([{ tenantId: 'tenant-gone' }]);
    expect(store.get(userAtom)?.tenantId).to.equal('tenant-acme');
    expect(tabTenantId()).to.equal('tenant-acme');
  });
});
