// Steps the e2e journeys share: the dev mail and SMS outboxes, fresh browser contexts, the login box, axe-core,
// and API calls as a user. Each takes the server URL (or the browser) it works against.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '../shared/api/paths';

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

/** A new browser context and page that collects the page's uncaught errors (assert them empty at the end). */
export async function freshContext(
  browser: Browser,
  viewport = { width: 1100, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

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
  await page.addScriptTag({ content: axeSource });
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
