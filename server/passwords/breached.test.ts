import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { hashPassword } from '../auth/passwords';
import { audits, featureFlags, users } from '../db/schema';
import {
  BREACHED_PASSWORD_FLAG,
  BREACHED_PASSWORD_MESSAGE,
  breachedPasswordProviders,
  hibpBreachedPasswords,
  isCommonPassword,
} from './breached';
import { fixtures, testServer, type TestServer } from '../testing';

const BREACHED = 'sunshine1';

describe('breached passwords: providers', () => {
  it('the bundled list knows common passwords (case-insensitive) and not good ones', () => {
    assert.equal(isCommonPassword('password1'), true);
    assert.equal(isCommonPassword('PassWord1'), true);
    assert.equal(isCommonPassword('correct-horse-battery-9'), false);
  });

  it('HIBP range API: only the 5-character SHA-1 prefix is sent; a listed suffix is breached (fake fetch)', async () => {
    const sha1 = createHash('sha1').update('hunter2hunter2').digest('hex').toUpperCase();
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(String(url));
      return new Response(`0000000000000000000000000000000000A:0\r\n${sha1.slice(5)}:42\r\n`);
    }) as unknown as typeof fetch;
    const hibp = hibpBreachedPasswords(fake, 'https://hibp.test');
    assert.equal(await hibp.isBreached('hunter2hunter2'), true);
    assert.deepEqual(urls, [`https://hibp.test/range/${sha1.slice(0, 5)}`]);
    const failing = hibpBreachedPasswords((async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch);
    assert.equal(await failing.isBreached('x'), false, 'a network failure is not a breach');
  });

  it('HIBP is off by default and on with HIBP=1', () => {
    assert.deepEqual(
      breachedPasswordProviders({}).map((p) => p.name),
      ['local'],
    );
    assert.deepEqual(
      breachedPasswordProviders({ HIBP: '1' }).map((p) => p.name),
      ['local', 'hibp'],
    );
  });
});

describe('breached passwords at sign-in, sign-up, reset and change', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
  });
  after(() => t.close());

  const breachedUser = async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }] });
    await f.db
      .update(users)
      .set({ passwordHash: await hashPassword(BREACHED) })
      .where(eq(users.id, user.id));
    return user;
  };
  const setFlag = (on: boolean) =>
    f.db
      .update(featureFlags)
      .set({ on })
      .where(
        and(eq(featureFlags.vendorId, t.services.vendorId), eq(featureFlags.key, BREACHED_PASSWORD_FLAG)),
      );

  it('[LOGIN-011] flag on: a breached password is flagged on the user, answered as the breachedPassword step, and opens no session', async () => {
    const user = await breachedUser();
    const res = await t.login(user.email, BREACHED);
    const body = await f.json<{ isBreachedPassword?: boolean; accessToken?: string }>(res);
    assert.equal(body.isBreachedPassword, true);
    assert.equal(body.accessToken, undefined);
    assert.equal(t.refreshCookie(res), null);
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row!.isBreachedPassword, true);
    const [audit] = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'Sign-in with a breached password')));
    assert.ok(audit);
  });

  it('[LOGIN-011] flag off: the same password signs in', async () => {
    await setFlag(false);
    try {
      const user = await breachedUser();
      const body = await f.json<{ accessToken?: string }>(await t.login(user.email, BREACHED));
      assert.ok(body.accessToken);
    } finally {
      await setFlag(true);
    }
  });

  it('sign-up refuses a breached password with a clear message', async () => {
    const res = await f.request('POST', paths.auth.signUpUser.path, undefined, {
      email: `new-${Date.now()}@example.test`,
      password: 'iloveyou1',
    });
    const errors = await f.errorsOf(res, 400);
    assert.ok(
      errors.some((e) => e.includes(BREACHED_PASSWORD_MESSAGE)),
      errors.join(),
    );
  });

  it('change refuses a breached password; a good one clears the breached flag', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const { token } = await user.signIn();
    await f.db.update(users).set({ isBreachedPassword: true }).where(eq(users.id, user.id));
    const bad = await f.request('POST', paths.teams.changePassword.path, token, {
      password: user.password,
      newPassword: 'qwertyuiop',
    });
    assert.ok((await f.errorsOf(bad, 400)).some((e) => e.includes(BREACHED_PASSWORD_MESSAGE)));
    const good = await f.request('POST', paths.teams.changePassword.path, token, {
      password: user.password,
      newPassword: 'a-much-better-passphrase-7',
    });
    assert.equal(good.status, 200);
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row!.isBreachedPassword, false);
  });

  it('reset refuses a breached password', async () => {
    const res = await f.request('POST', paths.auth.resetPassword.path, undefined, {
      userId: 'someone',
      token: 'x'.repeat(43),
      password: 'password1',
    });
    assert.ok((await f.errorsOf(res, 400)).some((e) => e.includes(BREACHED_PASSWORD_MESSAGE)));
  });
});
