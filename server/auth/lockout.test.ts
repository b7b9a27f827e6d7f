// Locked accounts as users and administrators meet them: the blocked answer, the unlock link, the admin's
// Unlock, the Locked filter of the users lists, the lockout duration of the policy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { savePolicy } from '../account/policies';
import { users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const BLOCKED =
  'Sign-in is temporarily blocked after too many attempts. Try again later or reset your password';
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;
const at = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);

describe('lockout: what users and administrators see', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());

  const lockedMember = async () => {
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    for (let i = 0; i < 5; i++) await t.login(user.email, `wrong-${i}`);
    return user;
  };

  it('a locked account is told sign-in is blocked (with the reset), and an unknown email after as many failures gets the same answer', async () => {
    const user = await lockedMember();
    const known = await t.login(user.email, user.password);
    const unknownEmail = `nobody-${Date.now()}@acme.test`;
    const before: number[] = [];
    for (let i = 0; i < 5; i++) before.push((await t.login(unknownEmail, `wrong-${i}`)).status);
    assert.deepEqual(before, [401, 401, 401, 401, 401]);
    const unknown = await t.login(unknownEmail, 'wrong-again');
    assert.equal(known.status, 401);
    assert.equal(unknown.status, 401);
    const [a, b] = [await known.json(), await unknown.json()] as { errors: string[] }[];
    assert.deepEqual(a!.errors, [BLOCKED]);
    assert.deepEqual(b!.errors, [BLOCKED]);
  });

  it('the lock mails an unlock link; unlockMe with its token lifts the lock once', async () => {
    const user = await lockedMember();
    const mail = await f.mailTo(user.email, 'unlockToken=');
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('unlockToken')!;
    const unlock = (body: unknown) => f.request('POST', paths.users.unlockMe.path, undefined, body);
    assert.equal((await unlock({ token: 'not-a-token' })).status, 400);
    assert.equal((await unlock({ token })).status, 200);
    assert.equal((await t.login(user.email, user.password)).status, 200);
    assert.equal((await unlock({ token })).status, 400, 'single use');
    assert.equal((await f.auditsFor('User unlocked by unlock link')).length, 1);
  });

  it('[ENUM-030] users v3 filters and sorts by isLocked; an administrator unlocks a member (audited)', async () => {
    const admin = await f.signIn();
    const user = await lockedMember();
    const page = async (query: Record<string, string>) =>
      f.json<{ items: { id: string; isLocked: boolean }[] }>(
        await f.request(
          'GET',
          withQuery(paths.users.getUsersV3.path, { _limit: '200', ...query }),
          admin.token,
        ),
      );
    const locked = await page({ _isLocked: 'true' });
    assert.ok(locked.items.length >= 1 && locked.items.every((u) => u.isLocked));
    assert.ok(locked.items.some((u) => u.id === user.id));
    const open = await page({ _isLocked: 'false' });
    assert.ok(open.items.every((u) => !u.isLocked) && !open.items.some((u) => u.id === user.id));
    const sorted = await page({ _sortBy: 'isLocked', _order: 'DESC' });
    assert.equal(sorted.items[0]!.isLocked, true);

    // A member without write permission may not unlock; an administrator may.
    const viewer = await f.member(['Viewer']);
    const path = at(paths.teams.unlockUser.path, { userId: user.id });
    assert.equal((await f.request('POST', path, viewer.token, {})).status, 403);
    const view = await f.json<{ isLocked: boolean }>(await f.request('POST', path, admin.token, {}));
    assert.equal(view.isLocked, false);
    assert.equal((await t.login(user.email, user.password)).status, 200);
    const rows = await f.auditsFor('User unlocked by an administrator');
    assert.equal(rows.length, 1);
    assert.equal((rows[0]!.json as { wasLocked: boolean }).wasLocked, true);
  });

  it('with the lockout off, an unknown email is never answered "blocked" (the answers stay alike)', async () => {
    // Unknown emails read the vendor's policy (they have no tenant): off there.
    const actor = { userId: 'test' };
    await savePolicy(t.services, 'lockout', null, { enabled: false }, actor);
    const email = `nobody-off-${Date.now()}@acme.test`;
    for (let i = 0; i < 7; i++) {
      const res = await t.login(email, `wrong-${i}`);
      assert.deepEqual(((await res.json()) as { errors: string[] }).errors, ['Incorrect email or password']);
    }
    await savePolicy(t.services, 'lockout', null, { enabled: true }, actor);
  });

  it('the lockout duration comes from the policy', async () => {
    const admin = await f.signIn();
    const saved = await f.request('POST', paths.securityPolicy.saveLockoutPolicy.path, admin.token, {
      enabled: true,
      maxAttempts: 3,
      lockoutMinutes: 2,
    });
    assert.equal(saved.status, 200, await saved.text());
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await t.login(user.email, `wrong-${i}`);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    const minutes = (row!.lockedUntil!.getTime() - started) / 60_000;
    assert.ok(minutes > 1.9 && minutes < 2.1, `${minutes} minutes`);
  });
});
