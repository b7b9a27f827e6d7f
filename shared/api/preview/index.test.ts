import { expect } from '@open-wc/testing';
import { paths } from '../paths';
import {
  createPreviewFetch,
  createSampleState,
  PREVIEW_DELAY_MS,
  previewFeatureFlags,
  previewFetch,
} from './index';
import { previewHarness, routeUrl } from './testing';

describe('preview transport', () => {
  it('[SHELL-007] waits 500 ms before every answer (injected sleep)', async () => {
    const waits: number[] = [];
    const fetch = createPreviewFetch({ sleep: async (ms) => void waits.push(ms) });
    await fetch(routeUrl(paths.roles.getRoles));
    await fetch(routeUrl(paths.featureFlags.loadFeatureFlags));
    expect(PREVIEW_DELAY_MS).to.equal(500);
    expect(waits).to.deep.equal([500, 500]);
  });

  it('[SHELL-007] answers no sooner than 500 ms with the real timer', async () => {
    const fetch = createPreviewFetch();
    const started = performance.now();
    const response = await fetch(routeUrl(paths.plans.getSubscriptionPlans));
    const elapsed = performance.now() - started;
    expect(response.status).to.equal(200);
    expect(elapsed).to.be.at.least(499);
  });

  it('[SHELL-007] the answer is not ready before the sleep resolves', async () => {
    let release: () => void = () => {};
    const fetch = createPreviewFetch({ sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    let settled = false;
    const pending = fetch(routeUrl(paths.roles.getRoles)).then((r) => ((settled = true), r));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).to.equal(false);
    release();
    expect((await pending).status).to.equal(200);
  });

  it('[SHELL-007] also delays the billing answers (demo variants of billing operations)', async () => {
    const waits: number[] = [];
    const fetch = createPreviewFetch({ sleep: async (ms) => void waits.push(ms) });
    const subscription = fetch.state.subscriptions[0]!;
    await fetch(routeUrl(paths.subscriptions.getSubscriptions));
    await fetch(routeUrl(paths.invoices.getSubscriptionInvoices));
    await fetch(
      routeUrl(paths.subscriptions.cancelSubscription, { params: { subscriptionId: subscription.id } }),
      {
        method: 'PUT',
      },
    );
    expect(waits).to.deep.equal([500, 500, 500]);
  });

  it('[SHELL-008] the preview flags are fixed on', async () => {
    expect([...previewFeatureFlags]).to.deep.equal([
      'admin_portal_ip_restrictions',
      'admin_portal_domain_restrictions',
      'new-mfa-pages',
      'show-passkeys-new',
      'groups-admin-box-new',
      'msp-all-accounts-new',
      'temporary-users',
    ]);
    const { call } = previewHarness();
    const { status, body } = await call(paths.featureFlags.loadFeatureFlags, {
      query: { featureKeys: 'temporary-users,fe-usage-page' },
    });
    expect(status).to.equal(200);
    for (const flag of previewFeatureFlags) expect(body.flags[flag], flag).to.equal('on');
    expect(body.flags['fe-usage-page']).to.equal('off');
  });

  it('answers with a real Response: JSON content type, status and status text', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    const response = await fetch(routeUrl(paths.roles.getRoles));
    expect(response).to.be.instanceOf(Response);
    expect(response.ok).to.equal(true);
    expect(response.statusText).to.equal('OK');
    expect(response.headers.get('Content-Type')).to.equal('application/json');
    expect(await response.json())
      .to.be.an('array')
      .with.length(5);
  });

  it('an unknown path answers 404 with the errors shape', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    const response = await fetch('https://auth.example.test/identity/resources/nothing-here/v1');
    expect(response.status).to.equal(404);
    expect(response.statusText).to.equal('Not Found');
    expect(await response.json()).to.deep.equal({ errors: ['Not found in preview data'] });
  });

  it('a known path with a method it does not have answers 404', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    const response = await fetch(routeUrl(paths.roles.getRoles), { method: 'PATCH' });
    expect(response.status).to.equal(404);
    expect(await response.json()).to.deep.equal({ errors: ['Not found in preview data'] });
  });

  it('matches the path after any prefix: relative URLs, base URLs with a path, trailing slash', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    const path = paths.users.getUsersV3.path;
    for (const url of [path, `https://x.test${path}`, `https://x.test/a/b/c${path}?_limit=2`, `${path}/`]) {
      const response = await fetch(url);
      expect(response.status, url).to.equal(200);
      expect((await response.json()).items, url).to.be.an('array').that.is.not.empty;
    }
    const id = fetch.state.subscriptions[0]!.id;
    const cancelled = await fetch(`/subscriptions/resources/billing/subscriptions/v1/${id}/cancellations`, {
      method: 'PUT',
    });
    expect(cancelled.status).to.equal(200);
  });

  it('prefers the most specific route (literal path over a placeholder)', async () => {
    const { call } = previewHarness();
    const tenants = await call(paths.users.getCurrentUserTenantsV1);
    expect(tenants.status).to.equal(200);
    expect(tenants.body.tenants).to.be.an('array');
    const user = await call(paths.auth.getUserById, { params: { userId: 'user-maya' } });
    expect(user.body.email).to.equal('maya.cohen@acme.example');
  });

  it('reads the method and body of a Request object', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    const request = new Request(routeUrl(paths.roles.addRole), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'Billing', name: 'Billing' }),
    });
    const response = await fetch(request);
    expect(response.status).to.equal(200);
    expect(fetch.state.roles.map((r) => r.key)).to.include('Billing');
  });

  it('state is live, and reset() drops every write', async () => {
    const fetch = createPreviewFetch({ delayMs: 0 });
    await fetch(routeUrl(paths.groups.deleteGroup, { params: { groupId: 'group-auditors' } }), {
      method: 'DELETE',
    });
    expect(fetch.state.groups.map((g) => g.id)).not.to.include('group-auditors');
    fetch.reset();
    expect(fetch.state.groups.map((g) => g.id)).to.include('group-auditors');
  });

  it('reset() returns to a copy of an injected state', async () => {
    const state = createSampleState({ signedIn: false });
    state.roles = state.roles.slice(0, 1);
    const fetch = createPreviewFetch({ delayMs: 0, state });
    expect(fetch.state).to.equal(state);
    fetch.state.roles.push({ ...state.roles[0]!, id: 'role-extra' });
    fetch.reset();
    expect(fetch.state.roles).to.have.length(1);
    expect(fetch.state.session.signedIn).to.equal(false);
    expect(fetch.state).not.to.equal(state);
  });

  it('two transports do not share state', async () => {
    const a = createPreviewFetch({ delayMs: 0 });
    const b = createPreviewFetch({ delayMs: 0 });
    await a(routeUrl(paths.groups.deleteGroup, { params: { groupId: 'group-auditors' } }), {
      method: 'DELETE',
    });
    expect(a.state.groups).to.have.length(2);
    expect(b.state.groups).to.have.length(3);
  });

  it('honours an abort signal while waiting', async () => {
    const controller = new AbortController();
    const fetch = createPreviewFetch({ sleep: async () => controller.abort() });
    let failure: unknown;
    try {
      await fetch(routeUrl(paths.roles.getRoles), { signal: controller.signal });
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(DOMException);
    expect((failure as DOMException).name).to.equal('AbortError');
  });

  it('the page-level previewFetch is a ready transport with the sample state', () => {
    expect(previewFetch).to.be.a('function');
    expect(previewFetch.state.users.map((u) => u.email)).to.include('demo@fe-elements.dev');
    expect(previewFetch.reset).to.be.a('function');
  });
});
