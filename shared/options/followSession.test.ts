import { expect } from '@open-wc/testing';
import { api, type RequestOptions } from '../api/client';
import type { ApiPath } from '../api/paths';
import { paths } from '../api/paths';
import { previewFetch } from '../api/preview/index';
import { SAMPLE_SUB_TENANT_IDS, SAMPLE_TENANT_ID } from '../api/preview/sampleData';
import { restoreSession } from '../auth/session';
import { accessTokenAtom, userAtom } from '../auth/session.atoms';
import { $, axeViolations, mount, waitUntil } from '../element/testing';
import { featureFlagsAtom } from '../flags/flags.atoms';
import { usersEn } from '../i18n/locales/portal/users';
import { store } from '../store';
import '../../elements/admin-portal/index';

// Flags follow the session's (user id, tenant id) whichever way it started. This file's page loads once, in
// preview, with the refresh cookie of an earlier visit: the load sequence restores that session.

/** Every flags call of the page, and whether it carried the user's token. */
const flagCalls: { signedIn: boolean }[] = [];
const originalRequest = api.request;
api.request = ((route: ApiPath, opts?: RequestOptions) => {
  if (route === paths.featureFlags.loadFeatureFlags)
    flagCalls.push({ signedIn: !!store.get(accessTokenAtom) });
  return originalRequest(route, opts);
}) as typeof api.request;
after(() => {
  api.request = originalRequest;
});

const until = (predicate: () => unknown, message: string) => waitUntil(predicate, message, { timeout: 8000 });
const multiApps = () => store.get(featureFlagsAtom)['fe-multi-apps'] === true;
const applicationsColumn = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('th')].some((th) =>
    th.textContent?.includes(usersEn.columnApplications),
  );

async function openUsers(el: Element): Promise<void> {
  await until(() => {
    if ($(el, '[data-users-page] tr[data-row]')) return true;
    $<HTMLButtonElement>(el, 'nav [data-entry="users"]')?.click();
    return false;
  }, 'the users page did not open');
}

async function switchTo(el: Element, tenantId: string): Promise<void> {
  const select = () => $<HTMLSelectElement>(el, '[data-tenant-switcher] select:not(:disabled)');
  await until(select, 'no tenant switcher');
  select()!.value = tenantId;
  select()!.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('flags follow the session', () => {
  let el: HTMLElement;

  it('a session restored from the refresh cookie on reload loads the flags again for its user: the flag-gated Applications column shows', async function () {
    this.timeout(20000);
    // The refresh cookie of an earlier visit: the preview session is signed in, the page is not.
    previewFetch.state.session.signedIn = true;
    el = await mount('fe-admin-portal', { preview: '' }, (root) => root.querySelector('nav') !== null);
    await until(() => store.get(userAtom)?.tenantId === SAMPLE_TENANT_ID, 'the session was not restored');
    await until(multiApps, 'the flags were not loaded again for the restored user');
    // First anonymously (load step 1), then for the restored user.
    expect(flagCalls).to.deep.equal([{ signedIn: false }, { signedIn: true }]);
    await openUsers(el);
    await until(() => applicationsColumn(el), 'no Applications column');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('renewing the same session does not load the flags again', async () => {
    const before = flagCalls.length;
    await restoreSession();
    await new Promise((r) => setTimeout(r, 700));
    expect(flagCalls).to.have.length(before);
    expect(multiApps()).to.equal(true);
  });

  it('a tenant switch loads the flags again for the new tenant, and back', async function () {
    this.timeout(20000);
    const labs = SAMPLE_SUB_TENANT_IDS[1];
    const before = flagCalls.length;
    await switchTo(el, labs);
    await until(() => store.get(userAtom)?.tenantId === labs, 'the tenant was not switched');
    // The sample flags are the sample account's (its server's rules name its tenant): off in Acme Labs.
    await until(() => !multiApps(), 'the flags were not loaded again after the switch');
    expect(flagCalls.length).to.equal(before + 1);
    await openUsers(el);
    await until(() => !applicationsColumn(el), 'the Applications column stayed');
    await switchTo(el, SAMPLE_TENANT_ID);
    await until(() => store.get(userAtom)?.tenantId === SAMPLE_TENANT_ID, 'the tenant was not switched back');
    await until(multiApps, 'the flags were not loaded again after switching back');
    await until(() => applicationsColumn(el), 'no Applications column back in Acme');
  });
});
