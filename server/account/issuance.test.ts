import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { paths } from '../../shared/api/paths';
import { loadConfig } from '../config';
import { mfaDevices } from '../db/schema';
import { readOutbox } from '../mail/mailer';
import { createInvitation } from '../signup/invitations';
import { settled } from '../signup/background';
import { readSmsOutbox } from '../sms/sms';
import { fixtures, testServer, type TestServer } from '../testing';

const TOO_MANY = { errors: ['Too many requests, try again later'], errorCode: 'ER-6002' };
const at = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
/** A fresh client address per test: the budgets of one test never spill into another. */
let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;
const newEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@acme.test`;
const newPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A JSON request from a socket address (the address the budgets are keyed by). */
function client(t: TestServer) {
  return (method: string, path: string, body: unknown, address: string, token?: string) =>
    t.app.request(
      path,
      {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );
}

/** What a client can tell of an answer: status, body and header names (and that Retry-After is a number). */
async function shapeOf(res: Response) {
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    body: await res.text(),
    headers: [...res.headers.keys()].sort(),
    retryAfter: retryAfter === null ? null : Number(retryAfter) > 0,
  };
}

const mailsTo = async (t: TestServer, to: string) => {
  await settled(t.services.db);
  return (await readOutbox(t.services.db)).filter((m) => m.to === to).length;
};
const textsTo = async (t: TestServer, to: string) => {
  await settled(t.services.db);
  return (await readSmsOutbox(t.services.db)).filter((m) => m.to === to).length;
};

/** Asserts a refusal of a spent budget: 429, Retry-After within the window, the errors shape. */
async function assertRefused(res: Response, windowSeconds = 15 * 60) {
  assert.equal(res.status, 429, await res.clone().text());
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(retryAfter > 0 && retryAfter <= windowSeconds, `Retry-After ${retryAfter}`);
  assert.deepEqual(await res.json(), TOO_MANY);
}

describe('issuance limits: codes and mails per account and per address', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let send: ReturnType<typeof client>;
  let acme: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    send = client(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());

  it('defaults: 5 per account and 30 per address of each kind, in 15-minute windows', () => {
    assert.deepEqual(loadConfig({}).issuanceLimits, { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 });
  });

  it('forgot password: the 6th reset mail to one account within the window is 429 with Retry-After, and not sent', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const address = newAddress();
    for (let i = 0; i < 5; i++)
      await f.json(await send('POST', paths.auth.forgotPassword.path, { email: user.email }, address));
    await assertRefused(await send('POST', paths.auth.forgotPassword.path, { email: user.email }, address));
    // Another address does not reopen the account's budget either.
    await assertRefused(
      await send('POST', paths.auth.forgotPassword.path, { email: user.email.toUpperCase() }, newAddress()),
    );
    assert.equal(await mailsTo(t, user.email), 5);
  });

  it('public endpoints that take an email answer known and unknown emails identically, under the limit and past it', async () => {
    t.services.config.authStrategy = 'Code';
    try {
      const known = {
        reset: await f.createUser({ tenants: [{ id: acme }] }),
        activation: await f.createUser({ tenants: [{ id: acme }], verified: false }),
        invitation: await (async () => {
          const email = newEmail('invitee');
          await createInvitation(t.services, {
            email,
            name: 'Invitee',
            tenantId: acme,
            roleIds: [],
            invitedByUserId: randomUUID(),
          });
          return { email };
        })(),
        passwordless: await f.createUser({ tenants: [{ id: acme }] }),
        phoneReset: await f.createUser({ tenants: [{ id: acme }] }),
      };
      const endpoints = [
        { path: paths.auth.forgotPassword.path, email: known.reset.email },
        { path: paths.auth.resendActivationEmail.path, email: known.activation.email },
        { path: paths.auth.resendInvitationEmail.path, email: known.invitation.email },
        {
          path: paths.auth.passwordlessPreLogin.path.replace('{mappedType}', 'code'),
          email: known.passwordless.email,
        },
        { path: paths.auth.resetPhoneNumber.path, email: known.phoneReset.email },
      ];
      for (const { path, email } of endpoints) {
        const before = await mailsTo(t, email);
        const answers = async (who: string) => {
          const address = newAddress();
          const shapes = [];
          for (let i = 0; i < 6; i++) {
            shapes.push(await shapeOf(await send('POST', path, { email: who }, address)));
            // One resend's mail at a time: a resend reads the pending invitation the previous one replaces.
            await settled(t.services.db);
          }
          return shapes;
        };
        const forKnown = await answers(email);
        const forUnknown = await answers(newEmail('nobody'));
        // The phone reset answers a fresh random token each time: its shape, not its value, is compared.
        const comparable = (shapes: Awaited<ReturnType<typeof answers>>) =>
          shapes.map((s) => ({ ...s, body: s.body.replace(/"resetPhoneNumberToken":"[^"]+"/, '"token"') }));
        assert.deepEqual(comparable(forKnown), comparable(forUnknown), path);
        assert.deepEqual(
          forKnown.map((s) => s.status),
          [200, 200, 200, 200, 200, 429],
          path,
        );
        assert.equal(forKnown[5]!.retryAfter, true, path);
        assert.equal(await mailsTo(t, email), before + 5, `${path}: five mails, not six`);
      }
    } finally {
      t.services.config.authStrategy = 'EmailAndPassword';
    }
  });

  it('sign-up: the 6th sign-up of one email is refused whether or not the email is registered, and mails nothing more', async () => {
    const email = newEmail('signup');
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await send('POST', paths.auth.signUpUser.path, { email, password: 'a-long-password-1234' }, address))
          .status,
      );
    // The first created the account, the next four were answered as "registered": all mailed, the 6th refused.
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.equal(await mailsTo(t, email), 5);
  });

  it('the per-address budget holds across accounts: the 31st reset from one address is refused, another address is not', async () => {
    const address = newAddress();
    for (let i = 0; i < 30; i++)
      await f.json(await send('POST', paths.auth.forgotPassword.path, { email: newEmail('many') }, address));
    const user = await f.createUser({ tenants: [{ id: acme }] });
    await assertRefused(await send('POST', paths.auth.forgotPassword.path, { email: user.email }, address));
    assert.equal(await mailsTo(t, user.email), 0);
    await f.json(await send('POST', paths.auth.forgotPassword.path, { email: user.email }, newAddress()));
    assert.equal(await mailsTo(t, user.email), 1);
  });

  it('passwordless: the 6th sign-in code to one account is refused and not mailed; a refused request sends nothing', async () => {
    t.services.config.authStrategy = 'Code';
    try {
      const user = await f.createUser({ tenants: [{ id: acme }] });
      const path = paths.auth.passwordlessPreLogin.path.replace('{mappedType}', 'code');
      for (let i = 0; i < 5; i++) await f.json(await send('POST', path, { email: user.email }, newAddress()));
      await assertRefused(await send('POST', path, { email: user.email }, newAddress()));
      assert.equal(await mailsTo(t, user.email), 5);
    } finally {
      t.services.config.authStrategy = 'EmailAndPassword';
    }
  });

  it('MFA at login: the 6th SMS code for one account is refused and not texted', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }], password: true });
    const phone = newPhone();
    const deviceId = randomUUID();
    await f.db.insert(mfaDevices).values({
      id: deviceId,
      userId: user.id,
      kind: 'sms',
      name: 'SMS',
      phoneNumber: phone,
      verifiedAt: new Date(),
    });
    const login = (await (await t.login(user.email, user.password)).json()) as { mfaToken: string };
    assert.ok(login.mfaToken, 'MFA is asked');
    const path = at(paths.auth.preVerifyMFASMSForLogin.path, { deviceId });
    const address = newAddress();
    for (let i = 0; i < 5; i++) await f.json(await send('POST', path, { mfaToken: login.mfaToken }, address));
    await assertRefused(await send('POST', path, { mfaToken: login.mfaToken }, address));
    assert.equal(await textsTo(t, phone), 5);
  });

  it('MFA enrolment in the profile: the 6th SMS code is refused, whatever number it would go to', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    const address = newAddress();
    const phones = Array.from({ length: 6 }, newPhone);
    for (const phone of phones.slice(0, 5))
      await f.json(
        await send('POST', paths.auth.preEnrollMFASMS.path, { phoneNumber: phone }, address, token),
      );
    await assertRefused(
      await send('POST', paths.auth.preEnrollMFASMS.path, { phoneNumber: phones[5] }, address, token),
    );
    assert.equal(await textsTo(t, phones[5]!), 0);
  });

  it('phone verification: the 6th code texted for one account is refused and not sent', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    const phone = newPhone();
    const address = newAddress();
    const path = paths.userPhoneNumbers.preVerifyPhoneNumber.path;
    for (let i = 0; i < 5; i++)
      await f.json(await send('POST', path, { phoneNumber: phone }, address, token));
    await assertRefused(await send('POST', path, { phoneNumber: phone }, address, token));
    assert.equal(await textsTo(t, phone), 5);
  });

  it("the portal's activation resend shares the member's budget with the public resend", async () => {
    const admin = (await f.signIn()).token;
    const user = await f.createUser({ tenants: [{ id: acme }], verified: false });
    const address = newAddress();
    const resend = () =>
      send('POST', at(paths.teams.resendActivationLink.path, { userId: user.id }), {}, address, admin);
    for (let i = 0; i < 3; i++)
      await f.json(await send('POST', paths.auth.resendActivationEmail.path, { email: user.email }, address));
    await f.json(await resend());
    await f.json(await resend());
    await assertRefused(await resend());
    assert.equal(await mailsTo(t, user.email), 5);
  });

  it("the portal's invitation resend is limited per invitee", async () => {
    const admin = (await f.signIn()).token;
    const email = newEmail('invited');
    const address = newAddress();
    const invite = () => send('POST', paths.teams.addUser.path, { email, name: 'Invited' }, address, admin);
    // The first invitation creates the member; each call after it is a resend.
    await f.json(await invite());
    const sent = await mailsTo(t, email);
    for (let i = 0; i < 5; i++) await f.json(await invite());
    await assertRefused(await invite());
    assert.equal(await mailsTo(t, email), sent + 5);
  });
});

describe('issuance limits: the window ends', () => {
  const windowMs = 2_000;
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer({ issuanceLimits: { perAccount: 2, perAddress: 30, windowMs } });
    f = fixtures(t);
  });
  after(() => t.close());

  it('once the window ends, the account may be mailed again', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }] });
    const send = client(t);
    const address = newAddress();
    const forgot = () => send('POST', paths.auth.forgotPassword.path, { email: user.email }, address);
    // Start at the beginning of a window, so the three requests fall in one.
    await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 20));
    await f.json(await forgot());
    await f.json(await forgot());
    const refused = await forgot();
    await assertRefused(refused, windowMs / 1000);
    await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 20));
    await f.json(await forgot());
    assert.equal(await mailsTo(t, user.email), 3);
  });
});
