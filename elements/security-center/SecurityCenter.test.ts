import { expect } from '@open-wc/testing';
import { adminPortalApi, createApiClient, type RequestOptions } from '../../shared/api/client';
import type { ApiPath } from '../../shared/api/paths';
import { $, axeViolations, mount, resetPage, shadowText, waitUntil } from '../../shared/element/testing';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import './index';

afterEach(resetPage);

const ready = (root: ShadowRoot) => root.querySelector('[role="meter"]') !== null;

describe('<fe-security-center>', () => {
  it('shows the score (79 in preview) and the recommendations, most severe first', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect($(el, '[role="meter"]')!.getAttribute('aria-valuenow')).to.equal('79');
    expect(shadowText(el)).to.contain('79 out of 100');
    const severities = [...el.shadowRoot!.querySelectorAll('li[data-code] span:first-child')].map(
      (s) => s.textContent,
    );
    expect(severities.length).to.be.greaterThan(0);
    const rank = { Severe: 0, Warning: 1, Info: 2 } as Record<string, number>;
    const ranks = severities.map((s) => rank[s ?? ''] ?? 9);
    expect(ranks).to.deep.equal([...ranks].sort((a, b) => a - b));
    expect(ranks).not.to.include(9);
  });

  it('passes an axe-core accessibility check', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});

describe('<fe-security-center> when its data cannot load', () => {
  const respondBase = `${location.origin}/test-api/respond`;
  /** A spent rate-limit budget, as the reference server answers it. */
  const limited = {
    status: '429',
    type: 'application/json',
    body: JSON.stringify({ errors: ['Too many requests, try again later'], errorCode: 'ER-6002' }),
  };
  const original = adminPortalApi.request;
  let failing = true;
  let loads = 0;
  beforeEach(() => {
    failing = true;
    loads = 0;
    // Real HTTP answers through a real client, in the page's locale; the preview answers once healed.
    const server = createApiClient({
      getOptions: () => ({
        ...store.get(optionsAtom),
        preview: false,
        baseUrl: respondBase,
        logLevel: 'none',
      }),
      getToken: () => null,
      source: 'admin-portal',
    });
    adminPortalApi.request = ((route: ApiPath, opts?: RequestOptions) => {
      loads++;
      return failing
        ? server.request({ method: 'GET', path: '' }, { query: limited })
        : original(route, opts);
    }) as typeof adminPortalApi.request;
  });
  afterEach(() => {
    adminPortalApi.request = original;
  });

  const failed = (root: ShadowRoot) => root.querySelector('[data-error-state]') !== null;

  it('shows a titled error with the catalog text of the code, and Retry loads again', async () => {
    const el = await mount('fe-security-center', { preview: '' }, failed);
    expect($(el, '[part="alert-title"]')!.textContent).to.equal('The security center could not load');
    expect($(el, '[role="alert"]')!.textContent).to.contain(
      'Too many requests. Wait a minute and try again.',
    );
    failing = false;
    const before = loads;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-error-state] button')!.click();
    await waitUntil(() => ready(el.shadowRoot!), 'retry did not load the security center', { timeout: 5000 });
    expect(loads).to.equal(before + 1);
    expect($(el, '[data-error-state]')).to.equal(null);
  });

  it('says it in Hebrew under locale he', async () => {
    const el = await mount('fe-security-center', { preview: '', locale: 'he' }, failed);
    expect($(el, '[part="alert-title"]')!.textContent).to.equal('לא ניתן היה לטעון את מרכז האבטחה');
    expect($(el, '[role="alert"]')!.textContent).to.contain('יותר מדי בקשות. כדאי להמתין דקה ולנסות שוב.');
    expect(shadowText(el)).not.to.contain('Too many requests');
  });

  it('the failure view passes an axe-core accessibility check', async () => {
    const el = await mount('fe-security-center', { preview: '' }, failed);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
