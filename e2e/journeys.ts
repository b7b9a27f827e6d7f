// Steps the e2e journeys share: the dev mail and SMS outboxes, fresh browser contexts (with the header and CSP
// checks), a journey's steps and screenshots, the login box, axe-core, and API calls as a user. Each takes the server URL (or the browser) it works against.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, it } from 'node:test';
import type { Browser, BrowserContext, Page, Response as PageResponse } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { serverOrigins } from './harness';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** A message in the dev mail outbox (`GET /dev/outbox`) or SMS outbox (`GET /dev/sms`), newest first. */
export interface DevMessage {
  to: string;
  subject?: string;
  text: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The messages in the dev mail (`outbox`) or SMS (`sms`) outbox, newest first. */
export async function devMessages(url: string, box: 'outbox' | 'sms'): Promise<DevMessage[]> {
  return (await (await fetch(`${url}/dev/${box}`)).json()) as DevMessage[];
}

/**
 * The newest message to `to` in the mail or SMS outbox whose text matches `match`, matched (polled for about
 * 5 s: messages are sent after the answer).
 */
export async function newestMessage(
  url: string,
  box: 'outbox' | 'sms',
  to: string,
  match: RegExp,
): Promise<RegExpMatchArray> {
  for (let tries = 0; tries < 50; tries++) {
    const found = (await devMessages(url, box))
      .find((m) => m.to === to && match.test(m.text))
      ?.text.match(match);
    if (found) return found;
    await pause(100);
  }
  assert.fail(`no ${box} message to ${to} matching ${match}`);
}

/** The newest link to `path` mailed to `to` (the dev outbox, polled for about 5 s). */
export async function mailedLink(url: string, to: string, path: string): Promise<string> {
  let mail: DevMessage | undefined;
  for (let tries = 0; tries < 50 && !mail; tries++) {
    mail = (await devMessages(url, 'outbox')).find((m) => m.to === to && m.text.includes(path));
    if (!mail) await pause(100);
  }
  assert.ok(mail, `no mail to ${to} with a ${path} link`);
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(path));
  assert.ok(link, 'no link in the mail');
  return link.replace(/[).,]+$/, '');
}

/** The texts sent to `phone` so far, newest first (the dev SMS outbox). */
export async function textsTo(url: string, phone: string): Promise<DevMessage[]> {
  return (await devMessages(url, 'sms')).filter((m) => m.to === phone);
}

/** Waits for a text to `phone` beyond the `seen` ones (polled for about 10 s); answers its 6-digit code. */
export async function textedCode(url: string, phone: string, seen = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const list = await textsTo(url, phone);
    if (list.length > seen) return list[0]!.text.match(/\d{6}/)![0];
    await pause(100);
  }
  throw new Error(`no new text to ${phone}`);
}

/**
 * What every browser context of this process (one spec file) saw: the documents and scripts of the servers under
 * test whose headers were checked, the problems found, and every CSP violation report (a `securitypolicyviolation`
 * event or a console message: most violations give both, a refused frame only the message). An after hook fails
 * the file unless both lists are empty.
 */
export const pageChecks = { documents: 0, scripts: 0, problems: [] as string[], violations: [] as string[] };
const pendingChecks = new Set<Promise<void>>();
const settleChecks = async () => {
  while (pendingChecks.size) await Promise.all(pendingChecks);
};

after(async (t) => {
  await settleChecks();
  const { documents, scripts, problems, violations } = pageChecks;
  if ('diagnostic' in t)
    t.diagnostic(
      `page checks: ${documents} documents, ${scripts} scripts, ${problems.length} header problems, ${violations.length} CSP violations`,
    );
  assert.deepEqual([...problems, ...violations], [], 'no header problem and no CSP violation in this file');
});

/** What a server's document or script must carry (docs/decisions/0008-security-headers.md). */
function headerProblems(response: PageResponse, headers: Record<string, string>): string[] {
  const problems: string[] = [];
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!headers['referrer-policy']) problems.push('no Referrer-Policy');
  if (response.request().resourceType() !== 'document') return problems;
  if (!/^\s*text\/html/.test(headers['content-type'] ?? '')) return problems;
  const csp = headers['content-security-policy'] ?? '';
  if (!/(^|;)\s*script-src 'nonce-[^']+'/.test(csp))
    problems.push(`no nonce-based script-src in CSP "${csp}"`);
  for (const directive of ["object-src 'none'", "base-uri 'none'", 'frame-ancestors '])
    if (!csp.includes(directive)) problems.push(`no ${directive.trim()} in CSP "${csp}"`);
  return problems;
}

/** Options of a fresh context's checks. */
interface CheckOptions {
  /** Pages of the server's origin that a test fulfils itself (a synthetic host page): no header checks. */
  unchecked?: (url: URL) => boolean;
  /** CSP reports a test provokes on purpose (a blocked frame): kept in `expectedViolations`, not counted. */
  expectViolations?: RegExp;
  /** Headers sent with every request of the context (an `X-Forwarded-For` behind a trusted proxy). */
  extraHTTPHeaders?: Record<string, string>;
}

/**
 * A new browser context and page that collects the page's uncaught errors (assert them empty at the end). Every
 * document and script the context gets from a server under test has its security headers checked, and every CSP
 * violation is recorded; both land in `errors` (so the test asserting it fails) and in `pageChecks`.
 */
export async function freshContext(
  browser: Browser,
  viewport = { width: 1100, height: 800 },
  { unchecked = () => false, expectViolations, extraHTTPHeaders }: CheckOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; expectedViolations: string[] }> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders });
  const errors: string[] = [];
  const expectedViolations: string[] = [];
  const found: string[] = [];
  const violation = (text: string) => {
    if (expectViolations?.test(text)) return void expectedViolations.push(text);
    pageChecks.violations.push(text);
    found.push(`CSP violation: ${text}`);
    errors.push(`CSP violation: ${text}`);
  };
  await context.exposeBinding('__feCspViolation', (_source, text: string) => violation(text));
  await context.addInitScript(() =>
    addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __feCspViolation: (text: string) => void }).__feCspViolation;
        report(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`,
        );
      },
      true,
    ),
  );
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violation(`console: ${message.text()}`);
  });
  context.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    // A blob: script (a worker the page made itself, e.g. the captcha's proof of work) has no server headers.
    if (url.protocol === 'blob:') return;
    if (!serverOrigins.has(url.origin) || unchecked(url) || (type !== 'document' && type !== 'script'))
      return;
    const check = response
      .allHeaders()
      .then((headers) => {
        pageChecks[type === 'document' ? 'documents' : 'scripts'] += 1;
        for (const problem of headerProblems(response, headers)) {
          const text = `${type} ${url.pathname}${url.search}: ${problem}`;
          pageChecks.problems.push(text);
          found.push(text);
          errors.push(text);
        }
      })
      // The page went away before its headers were read (a test closing its context): nothing to check.
      .catch(() => undefined)
      .finally(() => pendingChecks.delete(check));
    pendingChecks.add(check);
  });
  // Closing the context (every test's last step) fails it for checks that finished after its own assertions.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await settleChecks();
    await close(options);
    if (found.length) throw new Error(`security header or CSP checks failed:\n${found.join('\n')}`);
  };
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, expectedViolations };
}

/**
 * The scaffolding of a journey spec (its steps share set-up): `fresh` opens a checked context (`freshContext`) and
 * tracks its page while open; `step` is an `it` that, when it fails, screenshots every open page first
 * (test-results/e2e-<prefix>-failed-<name>-<n>.png); `shot` a full-page screenshot test-results/e2e-<prefix>-<name>.png.
 */
export function journeySteps(prefix: string) {
  /** The pages open now, screenshotted when a step fails (for its report). */
  const open = new Set<Page>();
  async function fresh(
    browser: Browser,
    viewport = { width: 1280, height: 900 },
    options: CheckOptions = {},
  ): ReturnType<typeof freshContext> {
    const made = await freshContext(browser, viewport, options);
    open.add(made.page);
    made.page.on('close', () => open.delete(made.page));
    return made;
  }
  /** A step of the journey: when it fails, every open page is screenshotted first. */
  const step = (name: string, title: string, run: () => Promise<void>) =>
    it(title, async () => {
      try {
        await run();
      } catch (error) {
        let n = 0;
        for (const page of open)
          await page
            .screenshot({ path: `test-results/e2e-${prefix}-failed-${name}-${++n}.png`, fullPage: true })
            .catch(() => undefined);
        throw error;
      }
    });
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/e2e-${prefix}-${name}.png`, fullPage: true });
  return { open, fresh, step, shot };
}

/** Waits until the header checks of every answer received so far are done. */
export const headerChecksDone = settleChecks;

/** The login box's shadow host. */
export const loginBox = (page: Page) => page.locator('fe-login-box');

/** Waits until the admin portal shows `email` (the signed-in user). */
export const portalShows = (page: Page, email: string) =>
  page.locator('fe-admin-portal main', { hasText: email }).waitFor({ timeout: 15_000 });

/**
 * On the login route: the email, then the password (after the email-first step when the box shows one), and
 * submit. Whatever the login box shows next (MFA, the passkey offer, the portal) is the caller's.
 */
export async function submitPassword(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/account/login`);
  await loginBox(page).locator('input[name="email"]').fill(email);
  const passwordField = loginBox(page).locator('input[name="password"]');
  // Email-first when the box asks for it: continue to the password step.
  if (!(await passwordField.isVisible())) await loginBox(page).locator('button[type="submit"]').click();
  await passwordField.fill(password);
  await loginBox(page).locator('button[type="submit"]').click();
}

/** After a sign-in: the passkey offer may come first (LOGIN-012, the demo offers passkeys): Not now; then at `/`. */
export async function landsSignedIn(page: Page, url: string, timeout = 15_000) {
  const notNow = loginBox(page).locator('button', { hasText: 'Not now' });
  await Promise.race([
    page.waitForURL(`${url}/`, { timeout }),
    notNow.waitFor({ timeout }).then(() => notNow.click()),
  ]);
  await page.waitForURL(`${url}/`, { timeout });
}

/** A password sign-in through the login box that lands signed in at `/` (passkey offer declined). */
export async function signIn(page: Page, url: string, email: string, password: string) {
  await submitPassword(page, url, email, password);
  await landsSignedIn(page, url);
}

/** An access token from a password sign-in through the API (what a script of that user would get). */
export async function accessTokenFor(url: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${url}${paths.auth.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** An API call with a password sign-in (what a script of that user could send); answers the raw response. */
export async function apiAs(
  url: string,
  email: string,
  password: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const accessToken = await accessTokenFor(url, email, password);
  return fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(body),
  });
}

/** The axe-core WCAG 2.1 AA violations in the element `selector` (its shadow root included), as short lines. */
export async function axeViolations(page: Page, selector = 'fe-login-box'): Promise<string[]> {
  // Under the page's CSP an inline script runs only with the page's nonce (the IDL property keeps it).
  await page.evaluate((source) => {
    const script = document.createElement('script');
    script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
    script.textContent = source;
    document.head.append(script);
  }, axeSource);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            el: Element,
            o: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document.querySelector(sel)!, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}
