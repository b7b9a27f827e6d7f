// Issue 21's journey against `npm start` (ALLOW_PRIVATE_NETWORK_FETCH=1: the receiver is on this machine;
// WEBHOOK_RETRY_DELAYS=1,1,1: retries within seconds): the demo administrator adds a webhook pointing at a
// receiver started by the test, sees its signing secret once, sends a test, then invites a user from the Users
// page: the receiver gets the event signed so that the `standardwebhooks` verifier accepts it. The receiver
// fails twice then succeeds, and the webhook's log shows the three attempts under one idempotency id; a manual
// retry from the log is delivered again. An email channel for the same event delivers to the dev outbox. axe on
// each screen; screenshots in test-results/e2e-webhooks-*.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { axeViolations, devMessages, journeySteps, signIn } from './journeys';

const ADMIN = 'admin@acme.test';
const INVITED_EVENT = 'User invited';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A webhook receiver on 127.0.0.1: records every request; `answer` decides each status. */
function startReceiver(answer: (body: string, headers: IncomingHttpHeaders) => number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answer(body, req.headers);
      received.push({ headers: req.headers, body, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'try again');
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `check` for up to `ms` (deliveries are sent by the server's worker, after the answer). */
async function eventually<T>(what: string, check: () => T | undefined, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await pause(100)) {
    const found = check();
    if (found !== undefined) return found;
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('webhooks and integrations against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof fresh>>;
  const stamp = Date.now();
  const hookName = `CRM sync ${stamp}`;
  const invitee = `invitee.${stamp}@acme.test`;
  const secondInvitee = `second.${stamp}@acme.test`;
  const opsMail = `ops.${stamp}@acme.test`;
  let secret = '';
  /** Event deliveries answered so far (the receiver fails the first two). */
  let eventAttempts = 0;

  const { fresh: freshIn, step, shot } = journeySteps('webhooks');
  const fresh = () => freshIn(browser);
  const a = () => admin.page;
  const portal = (page: Page = a()) => page.locator('fe-admin-portal');
  const dialog = (name: string) => portal().getByRole('dialog', { name });

  async function expectAxeClean(what: string) {
    assert.deepEqual(await axeViolations(a(), 'fe-admin-portal'), [], `axe: ${what}`);
  }

  async function openWebhooks() {
    await portal().locator('nav button[data-entry="webhooks"]').click();
    await portal().getByRole('heading', { name: 'Webhooks', exact: true, level: 3 }).waitFor();
  }

  const isEvent = (body: string) => {
    try {
      return (JSON.parse(body) as { eventKey?: string }).eventKey === 'frontegg.user.invitedToTenant';
    } catch {
      return false;
    }
  };

  before(async () => {
    receiver = await startReceiver((body) => {
      if (!isEvent(body)) return 200;
      eventAttempts += 1;
      // The first two attempts of the first event fail; every later one succeeds.
      return eventAttempts <= 2 ? 500 : 200;
    });
    server = await startServerProcess({
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '600',
        ALLOW_PRIVATE_NETWORK_FETCH: '1',
        WEBHOOK_RETRY_DELAYS: '1,1,1',
      },
    });
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  step(
    'add',
    '[SCREEN-081] [CONNECT-001] the administrator adds a webhook and sees its secret once',
    async () => {
      admin = await fresh();
      await signIn(a(), server.url, ADMIN, DEMO_PASSWORD);
      await openWebhooks();
      for (const tab of ['Webhooks', 'Email', 'SMS', 'Slack'])
        await portal().getByRole('tab', { name: tab, exact: true }).waitFor();
      await expectAxeClean('the Webhooks page');
      await shot(a(), 'empty');

      await portal().getByRole('button', { name: 'Add webhook' }).click();
      const add = dialog('Add webhook');
      await add.getByLabel('Name', { exact: true }).fill(hookName);
      await add.getByLabel('URL', { exact: true }).fill(receiver.url);
      await add.getByRole('checkbox', { name: INVITED_EVENT, exact: true }).check();
      await expectAxeClean('the add webhook dialog');
      await shot(a(), 'add');
      await add.getByRole('button', { name: 'Save' }).click();

      const shown = dialog('Signing secret');
      await shown.waitFor();
      secret = await shown.getByLabel('Secret').inputValue();
      assert.match(secret, /^whsec_/);
      await expectAxeClean('the signing secret dialog');
      await shot(a(), 'secret');
      await shown.getByRole('button', { name: 'Done' }).click();
      await portal().getByRole('table', { name: 'Webhooks' }).getByText(hookName).waitFor();
      await shot(a(), 'list');
    },
  );

  step('test', '[CONNECT-003] a test reaches the receiver, signed, and shows as delivered', async () => {
    const before = receiver.received.length;
    await portal()
      .getByRole('button', { name: `Test ${hookName}` })
      .click();
    await portal()
      .getByText(/Test delivered \(200\)/)
      .waitFor();
    const got = await eventually('the test request', () => receiver.received[before]);
    // The verifier throws when the signature, the id or the timestamp do not hold.
    new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
    await shot(a(), 'tested');
  });

  step(
    'event',
    '[CONNECT-002] inviting a user delivers a signed event: two failures, then success, three attempts logged',
    async () => {
      // The invitation, from the Users page as an administrator sends it.
      await portal().locator('nav button[data-entry="users"]').click();
      await portal().getByRole('button', { name: 'Invite user' }).click();
      const invite = portal().locator('dialog[open]');
      await invite.locator('input[name="email"]').fill(invitee);
      await invite.locator('input[name="name"]').fill('Ivy Invitee');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.waitFor({ state: 'detached' }).catch(() => invite.waitFor({ state: 'hidden' }));

      const events = await eventually('three attempts of the event', () => {
        const got = receiver.received.filter((r) => isEvent(r.body));
        return got.length >= 3 ? got : undefined;
      });
      assert.deepEqual(
        events.slice(0, 3).map((r) => r.status),
        [500, 500, 200],
      );
      const ids = new Set(events.slice(0, 3).map((r) => r.headers['webhook-id']));
      assert.equal(ids.size, 1, 'one idempotency id on every attempt');
      for (const r of events) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      const payload = JSON.parse(events[2]!.body) as { type: string; data: { description?: string } };
      assert.equal(payload.type, 'frontegg.user.invitedToTenant');
      assert.ok(payload.data.description?.includes(invitee), 'the event names the invitee');

      await openWebhooks();
      await portal()
        .getByRole('button', { name: `Logs for ${hookName}` })
        .click();
      const attempts = portal().getByRole('table', { name: 'Delivery attempts' });
      await attempts.waitFor();
      // The three attempts of the event (newest first) and the test; the last attempt may still be on its way.
      for (let i = 0; i < 50; i++) {
        if ((await attempts.getByRole('row').filter({ hasText: 'Delivered' }).count()) >= 2) break;
        await portal().getByRole('button', { name: 'Refresh' }).click();
        await pause(200);
      }
      const rows = attempts.getByRole('row').filter({ hasText: INVITED_EVENT });
      assert.equal(await rows.count(), 3);
      assert.equal(await rows.filter({ hasText: 'Retrying' }).count(), 2);
      assert.equal(await rows.filter({ hasText: 'Delivered' }).count(), 1);
      await expectAxeClean('the webhook logs');
      await shot(a(), 'logs');
    },
  );

  step('retry', '[CONNECT-004] [CONNECT-005] a manual retry from the log is delivered again', async () => {
    const before = receiver.received.filter((r) => isEvent(r.body)).length;
    const attempts = portal().getByRole('table', { name: 'Delivery attempts' });
    await attempts
      .getByRole('row')
      .filter({ hasText: INVITED_EVENT })
      .filter({ hasText: 'Delivered' })
      .getByRole('button', { name: 'Retry' })
      .click();
    await portal().getByText('Retry queued').waitFor();
    const again = await eventually('the retried delivery', () => {
      const got = receiver.received.filter((r) => isEvent(r.body));
      return got.length > before ? got[got.length - 1] : undefined;
    });
    assert.equal(again.status, 200);
    new Webhook(secret).verify(again.body, again.headers as Record<string, string>);
    for (let i = 0; i < 50; i++) {
      if ((await attempts.getByRole('row').filter({ hasText: INVITED_EVENT }).count()) >= 4) break;
      await portal().getByRole('button', { name: 'Refresh' }).click();
      await pause(200);
    }
    assert.equal(await attempts.getByRole('row').filter({ hasText: INVITED_EVENT }).count(), 4);
    await shot(a(), 'retried');
  });

  step('email', '[SCREEN-078] an email channel for the same event delivers to the outbox', async () => {
    await openWebhooks();
    await portal().getByRole('tab', { name: 'Email', exact: true }).click();
    await portal()
      .getByRole('button', { name: `Edit recipients for ${INVITED_EVENT}` })
      .click();
    const recipients = dialog('Recipients');
    await recipients.getByLabel('Recipients').fill(opsMail);
    await expectAxeClean('the recipients dialog');
    await recipients.getByRole('button', { name: 'Save' }).click();
    await recipients.waitFor({ state: 'hidden' });
    const toggle = portal().getByRole('switch', { name: `Send ${INVITED_EVENT} by email` });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await portal()
      .getByRole('switch', { name: `Send ${INVITED_EVENT} by email`, checked: true })
      .waitFor();
    await expectAxeClean('the email tab');
    await shot(a(), 'email');

    await portal().locator('nav button[data-entry="users"]').click();
    await portal().getByRole('button', { name: 'Invite user' }).click();
    const invite = portal().locator('dialog[open]');
    await invite.locator('input[name="email"]').fill(secondInvitee);
    await invite.locator('input[name="name"]').fill('Sam Second');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const mail = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = (await devMessages(server.url, 'outbox')).find(
          (m) => m.to === opsMail && m.text.includes(secondInvitee),
        );
        if (found) return found;
        await pause(200);
      }
      return undefined;
    })();
    assert.ok(mail, `no mail to ${opsMail} about ${secondInvitee}`);
  });
});
