import { expect } from '@open-wc/testing';
import { adminPortalApi, createApiClient, type RequestOptions } from '../../shared/api/client';
import type { ApiPath } from '../../shared/api/paths';
import { $, axeViolations, mount, resetPage, shadowText, waitUntil } from '../../shared/element/testing';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import {
  insightsAnswer,
  recommendationCode,
  recommendationsAnswer,
} from '../../shared/api/contracts/securityCenter';
import { paths } from '../../shared/api/paths';
import { previewFetch } from '../../shared/api/preview/index';
import { buildUser } from '../../shared/api/preview/sampleData';
import './index';

afterEach(resetPage);

const ready = (root: ShadowRoot) =>
  root.querySelector('[role="meter"]') !== null &&
  root.querySelectorAll('[data-table] table, [data-table] [data-table-empty]').length === 3;

/** The calls the element makes through the portal client, answered by the preview as usual. */
function spyRequests() {
  const calls: { route: ApiPath; opts?: RequestOptions }[] = [];
  const original = adminPortalApi.request;
  adminPortalApi.request = ((route: ApiPath, opts?: RequestOptions) => {
    calls.push({ route, opts });
    return original(route, opts);
  }) as typeof adminPortalApi.request;
  return { calls, restore: () => (adminPortalApi.request = original) };
}

const text = (root: ParentNode | null | undefined, selector: string) =>
  [...(root?.querySelectorAll(selector) ?? [])].map((n) => n.textContent ?? '');
const row = (el: Element, code: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`li[data-code="${code}"]`);
const dialog = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('dialog[open]');
const confirmButton = (el: Element) => dialog(el)!.querySelector<HTMLButtonElement>('[data-confirm]')!;
const score = (el: Element) => $(el, '[role="meter"]')!.getAttribute('aria-valuenow');

describe('<fe-security-center>', () => {
  let spy: ReturnType<typeof spyRequests>;
  beforeEach(() => {
    previewFetch.reset();
    spy = spyRequests();
  });
  afterEach(() => spy.restore());

  it('[SCREEN-069] [SECCENTER-001] shows the score, recommendations, insights and the three user tables', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect($(el, '[role="meter"]')).to.not.equal(null);
    expect(el.shadowRoot!.querySelectorAll('li[data-code]').length).to.be.greaterThan(0);
    expect(el.shadowRoot!.querySelectorAll('[data-insight]').length).to.be.greaterThan(0);
    expect(
      [...el.shadowRoot!.querySelectorAll('[data-table]')].map((t) => t.getAttribute('data-table')),
    ).to.deep.equal(['breached-passwords', 'mfa-unenrolled', 'inactive']);
    expect(text(el.shadowRoot, '[data-table] h4')).to.deep.equal([
      'Breached passwords',
      'MFA not enrolled',
      'Inactive users',
    ]);
  });

  it('[SECCENTER-009] the preview score is 79, shown as a number and as an accessible meter', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect(score(el)).to.equal('79');
    expect($(el, '[role="meter"]')!.getAttribute('aria-valuetext')).to.equal('79 out of 100');
    expect(shadowText(el)).to.contain('79 out of 100');
  });

  it('[SECCENTER-004] [SECCENTER-005] loads GET recommendations and GET insights, answers the contract parses', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const routes = spy.calls.map((c) => c.route);
    expect(routes).to.include(paths.securityCenter.getRecommendations);
    expect(routes).to.include(paths.securityCenter.getInsights);
    const recs = await adminPortalApi.request(paths.securityCenter.getRecommendations);
    const ins = await adminPortalApi.request(paths.securityCenter.getInsights);
    expect(recommendationsAnswer.safeParse(recs).success).to.equal(true);
    expect(insightsAnswer.safeParse(ins).success).to.equal(true);
    expect(el).to.exist;
  });

  it('[SECCENTER-002] [ENUM-051] recommendations carry code, severity and category, most severe first', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const severities = [...el.shadowRoot!.querySelectorAll('li[data-code] [data-severity]')].map((s) =>
      s.getAttribute('data-severity'),
    );
    const rank = { SEVERE: 0, WARNING: 1, INFO: 2 } as Record<string, number>;
    const ranks = severities.map((s) => rank[s ?? ''] ?? 9);
    expect(ranks).to.deep.equal([...ranks].sort((a, b) => a - b));
    expect(ranks).not.to.include(9);
    expect(severities[0]).to.equal('SEVERE');
    const breached = row(el, 'BREACHED_PASSWORDS_EXIST')!;
    expect(breached.querySelector('[data-severity]')!.textContent).to.equal('Severe');
    expect(breached.querySelector('[data-category]')!.textContent).to.equal('Password');
    expect(breached.textContent).to.contain('Reset passwords found in data breaches');
  });

  it('[ENUM-052] [ENUM-053] lowercase password and domain categories read as Password and Domain', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const recs = (await adminPortalApi.request(paths.securityCenter.getRecommendations)) as {
      recommendations: { items: { code: string; category: string }[] };
    };
    const lower = recs.recommendations.items.filter(
      (r) => r.category === 'password' || r.category === 'domain',
    );
    expect(lower.map((r) => r.category)).to.include.members(['password', 'domain']);
    for (const r of lower) {
      const tag = row(el, r.code)!.querySelector('[data-category]')!;
      expect(tag.getAttribute('data-category')).to.equal(r.category.toUpperCase());
      expect(tag.textContent).to.equal(r.category === 'password' ? 'Password' : 'Domain');
    }
  });

  it('[SECCENTER-010] the explanations name the recommended values and the counts from the metadata', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const explain = (code: string) => row(el, code)!.querySelector('[data-explain]')!.textContent;
    expect(explain('ENABLE_USER_LOCKOUT')).to.equal('Recommended: lock an account after 5 failed sign-ins.');
    expect(explain('ENABLE_PASSWORD_HISTORY')).to.equal('Recommended: refuse the last 5 passwords.');
    expect(explain('SET_IDLE_SESSION')).to.equal('Recommended: end a session idle for 30 minutes.');
    const users = previewFetch.state.users.filter((u) =>
      u.tenantIds.includes(previewFetch.state.users[0]!.tenantIds[0]!),
    );
    const breached = users.filter((u) => u.isBreachedPassword).length;
    expect(explain('BREACHED_PASSWORDS_EXIST')).to.equal(
      `${breached} user${breached === 1 ? ' signs' : 's sign'} in with a password found in a data breach.`,
    );
    expect(explain('FORCE_MFA')).to.match(/^\d+ of \d+ users use MFA/);
  });

  it('[SECCENTER-006] [ENUM-050] Send reset emails confirms, POSTs with no body and toasts how many', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    row(el, 'BREACHED_PASSWORDS_EXIST')!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el), 'no confirm');
    expect(dialog(el)!.textContent).to.contain('Send password reset emails?');
    const before = spy.calls.length;
    confirmButton(el).click();
    await waitUntil(() => shadowText(el).includes('A reset email was sent'), 'no success toast');
    const post = spy.calls
      .slice(before)
      .find((c) => c.route === paths.users.sendResetBreachedPasswordEmails)!;
    expect(post).to.exist;
    expect(post.opts?.body).to.equal(undefined);
    expect(shadowText(el)).to.contain('A reset email was sent to 1 user.');
    // The posture and the tables load again.
    await waitUntil(
      () =>
        spy.calls.slice(before).filter((c) => c.route === paths.securityCenter.getRecommendations).length > 0,
      'no refresh',
    );
    expect(dialog(el)).to.equal(null);
  });

  it('[ENUM-050] a failed reset is shown and the page stays usable', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const original = adminPortalApi.request;
    adminPortalApi.request = ((route: ApiPath, opts?: RequestOptions) =>
      route === paths.users.sendResetBreachedPasswordEmails
        ? Promise.reject(new Error('Mail server down'))
        : original(route, opts)) as typeof adminPortalApi.request;
    row(el, 'BREACHED_PASSWORDS_EXIST')!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el), 'no confirm');
    confirmButton(el).click();
    await waitUntil(
      () => el.shadowRoot!.querySelector('[role="alert"] [data-toast], [data-toast]'),
      'no toast',
    );
    await waitUntil(() => shadowText(el).includes('The action failed'), 'no error toast');
    expect(dialog(el)).to.equal(null);
    expect($(el, '[role="meter"]')).to.not.equal(null);
  });

  it('[ENUM-050] [SECCENTER-010] Apply on the idle-session recommendation names 1800 s and saves only that part', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    expect(score(el)).to.equal('79');
    const button = row(el, 'SET_IDLE_SESSION')!.querySelector<HTMLButtonElement>('button')!;
    expect(button.textContent).to.equal('Apply 30 min');
    button.click();
    await waitUntil(() => dialog(el), 'no confirm');
    expect(dialog(el)!.querySelector('[data-confirm-text]')!.textContent).to.equal(
      'Sessions idle for 30 minutes (1800 seconds) will end.',
    );
    const before = spy.calls.length;
    confirmButton(el).click();
    await waitUntil(() => row(el, 'SET_IDLE_SESSION') === null, 'the recommendation did not go');
    const calls = spy.calls.slice(before);
    expect(calls.map((c) => c.route)).to.include(paths.auth.getSessionConfigurations);
    const save = calls.find((c) => c.route === paths.auth.createOrUpdateSessionConfigrations)!;
    expect(save.opts?.body).to.deep.equal({
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 },
    });
    expect(previewFetch.state.sessionConfiguration.sessionIdleTimeoutConfiguration.timeout).to.equal(1800);
    // The score refreshed: the idle-timeout factor now earns its 5 points.
    expect(score(el)).to.equal('81');
    expect(shadowText(el)).to.contain('The session policy now uses the recommended value.');
  });

  it('[ENUM-050] force relogin and concurrent sessions confirm with the contract values', async () => {
    const state = previewFetch.state;
    state.sessionConfiguration.sessionTimeoutConfiguration.isActive = false;
    state.sessionConfiguration.sessionConcurrentConfiguration.isActive = false;
    state.securityCenter.recommendations.push(
      { code: 'ENABLE_FORCE_RELOGIN', severity: 'WARNING', category: 'SESSIONS' },
      { code: 'ENABLE_SESSION_CONCURRENCY', severity: 'INFO', category: 'SESSIONS' },
    );
    const el = await mount('fe-security-center', { preview: '' }, ready);
    row(el, 'ENABLE_FORCE_RELOGIN')!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el), 'no confirm');
    expect(dialog(el)!.querySelector('[data-confirm-text]')!.textContent).to.equal(
      'Users will have to sign in again every 30 days (2592000 seconds).',
    );
    const before = spy.calls.length;
    confirmButton(el).click();
    await waitUntil(() => row(el, 'ENABLE_FORCE_RELOGIN') === null, 'force relogin stayed');
    expect(
      spy.calls.slice(before).find((c) => c.route === paths.auth.createOrUpdateSessionConfigrations)!.opts
        ?.body,
    ).to.deep.equal({ sessionTimeoutConfiguration: { isActive: true, timeout: 2592000 } });
    row(el, 'ENABLE_SESSION_CONCURRENCY')!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el), 'no confirm');
    expect(dialog(el)!.querySelector('[data-confirm-text]')!.textContent).to.equal(
      'Each user will have at most 10 sessions at a time.',
    );
    const next = spy.calls.length;
    confirmButton(el).click();
    await waitUntil(() => row(el, 'ENABLE_SESSION_CONCURRENCY') === null, 'concurrency stayed');
    expect(
      spy.calls.slice(next).find((c) => c.route === paths.auth.createOrUpdateSessionConfigrations)!.opts
        ?.body,
    ).to.deep.equal({ sessionConcurrentConfiguration: { isActive: true, maxSessions: 10 } });
  });

  it('[ENUM-048] the other recommendations link to the portal page that fixes them (fe-navigate)', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const urls: string[] = [];
    const listener = (event: Event) => {
      event.preventDefault();
      urls.push((event as CustomEvent<{ url: string }>).detail.url);
    };
    document.addEventListener('fe-navigate', listener);
    try {
      for (const code of ['FORCE_MFA', 'ENABLE_USER_LOCKOUT', 'ENABLE_IP_RESTRICTIONS']) {
        const r = row(el, code)!;
        expect(r.getAttribute('data-action')).to.equal('link');
        r.querySelector<HTMLButtonElement>('button')!.click();
      }
      // No SSO page in the portal yet: the explanation only, no button that would lead nowhere.
      expect(row(el, 'CONFIGURE_SSO')!.getAttribute('data-action')).to.equal('none');
      expect(row(el, 'CONFIGURE_SSO')!.querySelector('button')).to.equal(null);
    } finally {
      document.removeEventListener('fe-navigate', listener);
    }
    expect(urls.map((u) => u.replace(/^.*#/, ''))).to.deep.equal([
      '/admin-box/security',
      '/admin-box/security',
      '/admin-box/security',
    ]);
  });

  it('[ENUM-048] [ENUM-050] every recommendation code has a title, an explanation and an action', async () => {
    const codes = recommendationCode.options;
    previewFetch.state.securityCenter.recommendations = codes.map((code) => ({
      code,
      severity: 'INFO' as const,
      category: 'SESSIONS' as const,
    }));
    // Keep every session recommendation: the sample session policy meets none of them.
    previewFetch.state.sessionConfiguration.sessionTimeoutConfiguration.isActive = false;
    previewFetch.state.sessionConfiguration.sessionConcurrentConfiguration.isActive = false;
    previewFetch.state.sessionConfiguration.sessionIdleTimeoutConfiguration.isActive = false;
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const actions: Record<string, string> = {};
    for (const code of codes) {
      const r = row(el, code)!;
      expect(r, code).to.not.equal(null);
      expect(r.textContent, code).not.to.contain('securityCenter.');
      expect(r.querySelector('[data-explain]')!.textContent!.length, code).to.be.greaterThan(10);
      actions[code] = r.getAttribute('data-action')!;
    }
    expect(Object.entries(actions).filter(([, kind]) => kind !== 'link')).to.deep.equal([
      ['BREACHED_PASSWORDS_EXIST', 'reset'],
      ['ENABLE_FORCE_RELOGIN', 'adjust'],
      ['SET_FORCE_RELOGIN', 'adjust'],
      ['ENABLE_SESSION_CONCURRENCY', 'adjust'],
      ['SET_SESSION_CONCURRENCY', 'adjust'],
      ['ENABLE_IDLE_SESSION', 'adjust'],
      ['SET_IDLE_SESSION', 'adjust'],
      ['CONFIGURE_SSO', 'none'],
    ]);
  });

  it('[SCREEN-069] speaks Hebrew under locale he', async () => {
    const el = await mount('fe-security-center', { preview: '', locale: 'he' }, ready);
    expect(shadowText(el)).to.contain('79 מתוך 100');
    expect(shadowText(el)).to.contain('המלצות');
    expect(shadowText(el)).to.contain('מרכז האבטחה');
    expect(shadowText(el)).not.to.contain('Recommendations');
  });

  it('[SECCENTER-007] [SECCENTER-008] [ENUM-031] the tables ask users v3 with their preset, limit 10, 90 days', async () => {
    await mount('fe-security-center', { preview: '' }, ready);
    const queries = spy.calls.filter((c) => c.route === paths.users.getUsersV3).map((c) => c.opts?.query);
    expect(queries).to.deep.include({ _preset: 'breached-passwords', _limit: 10, _offset: 0 });
    expect(queries).to.deep.include({ _preset: 'mfa-unenrolled', _limit: 10, _offset: 0 });
    expect(queries).to.deep.include({
      _preset: 'inactive',
      _limit: 10,
      _offset: 0,
      _maxInactiveSeconds: 7776000,
    });
  });

  it('[SECCENTER-007] a table pages by 10 with next and previous; names and emails as text', async () => {
    for (let i = 0; i < 12; i++)
      previewFetch.state.users.push(
        buildUser({
          id: `breached-${i}`,
          name: `<b>Breached ${String(i).padStart(2, '0')}</b>`,
          isBreachedPassword: true,
          mfaEnrolled: true,
          lastLogin: new Date().toISOString(),
        }),
      );
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const table = () => el.shadowRoot!.querySelector('[data-table="breached-passwords"]')!;
    expect(table().querySelectorAll('tbody tr').length).to.equal(10);
    expect(table().textContent).to.contain('Page 1 of 2');
    expect(table().querySelector('b')).to.equal(null);
    expect(table().textContent).to.contain('<b>Breached');
    table().querySelector<HTMLButtonElement>('[data-page-next]')!.click();
    await waitUntil(
      () => table().textContent!.includes('Page 2 of 2') && !table().hasAttribute('aria-busy'),
      'no page 2',
    );
    expect(table().querySelectorAll('tbody tr').length).to.equal(3);
    const last = spy.calls.filter((c) => c.route === paths.users.getUsersV3).pop()!;
    expect(last.opts?.query).to.deep.equal({ _preset: 'breached-passwords', _limit: 10, _offset: 1 });
    table().querySelector<HTMLButtonElement>('[data-page-previous]')!.click();
    await waitUntil(
      () => table().textContent!.includes('Page 1 of 2') && !table().hasAttribute('aria-busy'),
      'no page 1',
    );
    expect(table().querySelectorAll('tbody tr').length).to.equal(10);
  });

  it('[SECCENTER-001] an empty table says so', async () => {
    for (const u of previewFetch.state.users) u.isBreachedPassword = false;
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const table = el.shadowRoot!.querySelector('[data-table="breached-passwords"]')!;
    expect(table.querySelector('[data-table-empty]')!.textContent).to.equal('No users here.');
    expect(row(el, 'BREACHED_PASSWORDS_EXIST')).to.equal(null);
  });

  it('[SECCENTER-003] [ENUM-049] insights grouped by category, and both charts with a text alternative', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const groups = [...el.shadowRoot!.querySelectorAll('[data-insight-category]')].map((g) =>
      g.getAttribute('data-insight-category'),
    );
    expect(groups).to.deep.equal(['MFA', 'SESSIONS', 'PASSWORD', 'IP', 'DOMAIN']);
    expect(el.shadowRoot!.querySelector('[data-insight="PARTIAL_MFA_USAGE"]')!.textContent).to.equal(
      'Not every user uses MFA',
    );
    await waitUntil(
      () => el.shadowRoot!.querySelectorAll('[data-chart] canvas').length === 2,
      'charts not drawn',
    );
    const mfa = el.shadowRoot!.querySelector('[data-chart="mfa"]')!;
    expect(mfa.querySelector('[data-chart-summary]')!.textContent).to.match(
      /^\d+ of \d+ users enrolled in MFA/,
    );
    expect(mfa.querySelectorAll('[data-chart-table] tr').length).to.equal(2);
    const categories = el.shadowRoot!.querySelector('[data-chart="categories"]')!;
    expect(categories.querySelector('[data-chart-summary]')!.textContent).to.equal(
      '1 insight is good, 6 need work.',
    );
    expect(text(categories, '[data-chart-table] tbody th')).to.deep.equal([
      'MFA',
      'Sessions',
      'Password',
      'IP',
      'Domain',
    ]);
    expect(mfa.querySelector('[data-chart-canvas]')!.getAttribute('aria-hidden')).to.equal('true');
  });

  it('[SCREEN-069] Download report asks for the security-posture PDF', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    const before = spy.calls.length;
    $<HTMLButtonElement>(el, '[data-download-report]')!.click();
    await waitUntil(
      () => spy.calls.slice(before).some((c) => c.route === paths.reports.downloadReport),
      'no request',
    );
    const call = spy.calls.slice(before).find((c) => c.route === paths.reports.downloadReport)!;
    expect(call.opts?.query).to.deep.equal({ templateId: 'security-posture', responseType: 'pdf' });
    expect(call.opts?.fileName).to.equal('security-report.pdf');
    await waitUntil(() => !$<HTMLButtonElement>(el, '[data-download-report]')!.disabled, 'still downloading');
    expect(shadowText(el)).not.to.contain('could not be downloaded');
  });

  it('passes an axe-core accessibility check, charts and tables loaded', async () => {
    const el = await mount('fe-security-center', { preview: '' }, ready);
    await waitUntil(
      () => el.shadowRoot!.querySelectorAll('[data-chart] canvas').length === 2,
      'charts not drawn',
    );
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('passes an axe-core check with a confirm dialog open, in dark mode', async () => {
    const el = await mount('fe-security-center', { preview: '', 'theme-mode': 'dark' }, ready);
    row(el, 'SET_IDLE_SESSION')!.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el), 'no confirm');
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
    expect(loads).to.be.greaterThan(before);
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
