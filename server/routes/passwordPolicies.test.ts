// Password rules, password rotation and the vendor's override flags (SECURITY-019, SECURITY-020): real HTTP
// through the app on PGlite. The vendor's value is saved as the vendor does (savePolicy with no tenant).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { savePolicy } from '../account/policies';
import { users } from '../db/schema';
import { settled } from '../signup/background';
import { issueUserToken } from '../signup/userTokens';
import { createInvitation } from './signup';
import { ADMIN_EMAIL, fixtures, testServer } from '../testing';

const sp = paths.securityPolicy;
const VENDOR_LOCKED = 'Your vendor does not let accounts change this policy';
const DAY_MS = 86_400_000;
const vendor = { userId: 'vendor-test' };

interface Rules {
  minLength: number;
  minOptionalTestsToPass: number;
  optionalTests: Record<string, boolean>;
  requiredTests: { checkThreeRepeatedChars: boolean };
}

/** A server with the vendor's override flags given, an admin of Acme and one of a second account. */
async function setUp(
  allowOverride = { passwordComplexity: true, passwordExpiration: true, passwordHistory: true },
) {
  const t = await testServer({
    allowOverride,
    issuanceLimits: { perAccount: 50, perAddress: 100, windowMs: 15 * 60_000 },
  });
  const f = fixtures(t);
  const acme = await f.tenantId('Acme');
  const other = await f.newTenant('Globex');
  const admin = await f.signIn(ADMIN_EMAIL);
  const otherAdmin = await f.createUser({ tenants: [{ id: other, roles: ['Admin'] }], password: true });
  const otherToken = await otherAdmin.tokenIn();
  return { t, f, acme, other, admin: admin.token, adminId: String(admin.claims.sub), otherToken };
}

type Ctx = Awaited<ReturnType<typeof setUp>>;

const rulesOf = async (x: Ctx, token: string) =>
  x.f.json<Rules>(await x.f.request('GET', sp.getPasswordConfigPolicy.path, token));

/** A new password of Acme's admin set by reset: the status and errors. */
async function resetTo(x: Ctx, userId: string, password: string) {
  const token = await issueUserToken(x.t.services.db, { kind: 'reset', userId });
  return x.f.request('POST', paths.auth.resetPassword.path, undefined, { userId, token, password });
}

describe('[SECURITY-020] password rules: checked on every password form', () => {
  let x: Ctx;
  before(async () => {
    x = await setUp();
    const saved = await x.f.request('POST', sp.savePasswordConfigPolicy.path, x.admin, {
      minLength: 12,
      requireUppercase: true,
      requireNumbers: true,
      checkThreeRepeatedChars: true,
    });
    const answer = await x.f.json<Rules>(saved);
    assert.equal(answer.minLength, 12);
    assert.equal(answer.minOptionalTestsToPass, 2);
  });
  after(() => x.t.close());

  it('[SECURITY-020] the read answers the rules in effect in the caller account (TestConfig shape)', async () => {
    const rules = await rulesOf(x, x.admin);
    assert.deepEqual(rules, {
      allowPassphrases: true,
      maxLength: 128,
      minLength: 12,
      minPhraseLength: 20,
      minOptionalTestsToPass: 2,
      optionalTests: {
        requireLowercase: false,
        requireUppercase: true,
        requireNumbers: true,
        requireSpecialChars: false,
      },
      requiredTests: { checkThreeRepeatedChars: true },
    });
    // The other account has its own (the defaults here).
    assert.equal((await rulesOf(x, x.otherToken)).minLength, 8);
    // The login box's users-v1 config names the user's account.
    const [acmeUser] = await x.t.services.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const boxed = await x.f.json<Rules>(
      await x.f.request('GET', `${paths.auth.loadPasswordConfig.path}?userId=${acmeUser!.id}`),
    );
    assert.equal(boxed.minLength, 12);
    assert.equal(
      (await x.f.json<Rules>(await x.f.request('GET', paths.auth.loadPasswordConfig.path))).minLength,
      8,
    );
  });

  it('[SECURITY-020] reset: length, then classes, then repeats; a passphrase needs no class', async () => {
    const user = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    const cases: [string, string][] = [
      ['Shrt-9xy12', 'password: The password must be at least 12 characters'],
      ['alllowercase-long', 'password: The password must contain an uppercase letter'],
      ['Uppercase-no-digits', 'password: The password must contain a number'],
      ['Passwooord-1234', 'password: The password must not repeat a character three times in a row'],
    ];
    for (const [password, message] of cases)
      assert.deepEqual(await x.f.errorsOf(await resetTo(x, user.id, password), 400), [message], password);
    // A passphrase of 20+ characters passes the class tests (not the repeats).
    assert.equal((await resetTo(x, user.id, 'purple monkey dishwasher lamp')).status, 200);
    assert.equal((await x.t.login(user.email, 'purple monkey dishwasher lamp')).status, 200);
    assert.equal((await resetTo(x, user.id, 'Good-Password-42')).status, 200);
  });

  it('[SECURITY-020] change password applies the account rules to the new password', async () => {
    const user = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    const { token } = await user.signIn();
    const weak = await x.f.request('POST', paths.teams.changePassword.path, token, {
      password: user.password,
      newPassword: 'lowercase-only-pw',
    });
    assert.deepEqual(await x.f.errorsOf(weak, 400), [
      'newPassword: The password must contain an uppercase letter',
    ]);
    const ok = await x.f.request('POST', paths.teams.changePassword.path, token, {
      password: user.password,
      newPassword: 'Changed-Password-7',
    });
    assert.equal(ok.status, 200);
  });

  it('[SECURITY-020] invitation acceptance with a password follows the inviting account rules', async () => {
    const email = 'invitee-rules@example.test';
    const { userId } = await createInvitation(x.t.services, {
      email,
      name: 'Invitee',
      tenantId: x.acme,
      roleIds: [],
      invitedByUserId: x.adminId,
    });
    const token = await issueUserToken(x.t.services.db, { kind: 'invitation', userId, tenantId: x.acme });
    const weak = await x.f.request('POST', paths.auth.activateAccount.path, undefined, {
      userId,
      token,
      password: 'weak-password-1',
    });
    assert.deepEqual(await x.f.errorsOf(weak, 400), [
      'password: The password must contain an uppercase letter',
    ]);
    const ok = await x.f.request('POST', paths.auth.activateAccount.path, undefined, {
      userId,
      token,
      password: 'Invited-Person-9',
    });
    assert.equal(ok.status, 200);
  });

  it('[SECURITY-020] activation with a password follows the account rules', async () => {
    const user = await x.f.createUser({ tenants: [{ id: x.acme }], verified: false });
    const token = await issueUserToken(x.t.services.db, {
      kind: 'activation',
      userId: user.id,
      tenantId: x.acme,
    });
    const weak = await x.f.request('POST', paths.auth.activateAccount.path, undefined, {
      userId: user.id,
      token,
      password: 'Shrt-9xy',
    });
    assert.deepEqual(await x.f.errorsOf(weak, 400), [
      'password: The password must be at least 12 characters',
    ]);
    const ok = await x.f.request('POST', paths.auth.activateAccount.path, undefined, {
      userId: user.id,
      token,
      password: 'Activated-User-5',
    });
    assert.equal(ok.status, 200);
  });

  it('[SECURITY-020] sign-up of a new account follows the vendor rules, not an account', async () => {
    const signUp = (email: string, password: string) =>
      x.f.request('POST', paths.auth.signUpUser.path, undefined, { email, name: 'New', password });
    assert.ok(
      (await x.f.errorsOf(await signUp('a@new.test', 'Sev-7ab'), 400)).includes(
        'password: The password must be at least 8 characters',
      ),
    );
    // Acme's rules (uppercase, 12) do not apply to a new account: the vendor's (defaults) do.
    assert.equal((await signUp('b@new.test', 'lowercase-ok')).status, 200);
    await savePolicy(x.t.services, 'passwordConfig', null, { requireSpecialChars: true }, vendor);
    assert.deepEqual(await x.f.errorsOf(await signUp('c@new.test', 'lowercasexq9'), 400), [
      'password: The password must contain a special character',
    ]);
    await savePolicy(x.t.services, 'passwordConfig', null, { requireSpecialChars: false }, vendor);
    await settled(x.t.services.db);
  });

  it('[SECURITY-020] [SECURITY-019] a password that passes the rules but was used recently is refused after them', async () => {
    const user = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    assert.equal((await resetTo(x, user.id, 'History-Pass-11')).status, 200);
    assert.equal((await resetTo(x, user.id, 'History-Pass-22')).status, 200);
    assert.deepEqual(await x.f.errorsOf(await resetTo(x, user.id, 'History-Pass-11'), 400), [
      'The password was used recently',
    ]);
    // The rules come first: with a longer minimum since, a recent password is told the length.
    const longer = (minLength: number) =>
      x.f.request('POST', sp.savePasswordConfigPolicy.path, x.admin, { minLength });
    assert.equal((await longer(16)).status, 200);
    assert.deepEqual(await x.f.errorsOf(await resetTo(x, user.id, 'History-Pass-11'), 400), [
      'password: The password must be at least 16 characters',
    ]);
    assert.equal((await longer(12)).status, 200);
  });

  it('[SECURITY-020] a minimum under 8 is refused by the save', async () => {
    const res = await x.f.request('POST', sp.savePasswordConfigPolicy.path, x.admin, { minLength: 4 });
    assert.equal(res.status, 400);
  });
});

describe('[SECURITY-020] password rotation', () => {
  let x: Ctx;
  before(async () => {
    x = await setUp();
  });
  after(() => x.t.close());

  const age = (userId: string, days: number) =>
    x.t.services.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(users.id, userId));

  it('[SECURITY-020] an expired password is refused only once verified; near expiry the answer carries passwordExpiresIn', async () => {
    const saved = await x.f.request('POST', sp.savePasswordRotationPolicy.path, x.admin, {
      isActive: true,
      rotationPeriod: 30,
      notificationPeriod: 5,
    });
    assert.deepEqual(await x.f.json(saved), { isActive: true, rotationPeriod: 30, notificationPeriod: 5 });
    assert.deepEqual(await x.f.json(await x.f.request('GET', sp.getPasswordRotationPolicy.path, x.admin)), {
      isActive: true,
      rotationPeriod: 30,
      notificationPeriod: 5,
    });
    // The vendor's stays the default.
    assert.equal(
      (
        await x.f.json<{ isActive: boolean }>(
          await x.f.request('GET', sp.getVendorPasswordRotationPolicy.path, x.admin),
        )
      ).isActive,
      false,
    );

    const user = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    const fresh = await x.f.json<Record<string, unknown>>(await x.t.login(user.email, user.password));
    assert.equal(fresh.passwordExpiresIn, undefined);

    await age(user.id, 27);
    const soon = await x.f.json<{ passwordExpiresIn: number }>(await x.t.login(user.email, user.password));
    assert.ok(
      soon.passwordExpiresIn > 2.9 * 86_400 && soon.passwordExpiresIn <= 3 * 86_400,
      `${soon.passwordExpiresIn}`,
    );

    await age(user.id, 31);
    assert.deepEqual(await x.f.errorsOf(await x.t.login(user.email, user.password), 400), [
      'Your password has expired. Reset it to sign in',
    ]);
    // A wrong password is told the usual error: the expiry is no oracle.
    assert.deepEqual(await x.f.errorsOf(await x.t.login(user.email, 'wrong-password-9'), 401), [
      'Incorrect email or password',
    ]);
    // A reset sets a new password: its clock starts again.
    assert.equal((await resetTo(x, user.id, 'Rotated-Password-3')).status, 200);
    const [row] = await x.t.services.db.select().from(users).where(eq(users.id, user.id));
    assert.ok(Date.now() - row!.passwordChangedAt.getTime() < 60_000);
    assert.equal((await x.t.login(user.email, 'Rotated-Password-3')).status, 200);
    assert.equal((await x.f.auditsFor('User login refused: password expired')).length, 1);
  });

  it('[SECURITY-020] rotation of one account does not touch another', async () => {
    const user = await x.f.createUser({ tenants: [{ id: x.other }], password: true });
    await age(user.id, 400);
    assert.equal((await x.t.login(user.email, user.password)).status, 200);
  });
});

describe('[SECURITY-020] vendor override rules (allowOverride flags off)', () => {
  let x: Ctx;
  before(async () => {
    x = await setUp({ passwordComplexity: false, passwordExpiration: false, passwordHistory: false });
  });
  after(() => x.t.close());

  it('[SECURITY-020] the global policy tells the flags', async () => {
    const global = await x.f.json<Record<string, unknown>>(
      await x.f.request('GET', sp.getGlobalSecurityPolicy.path, x.admin),
    );
    assert.equal(global.allowOverridePasswordComplexity, false);
    assert.equal(global.allowOverridePasswordExpiration, false);
    assert.equal(global.allowOverrideEnforcePasswordHistory, false);
  });

  it('[SECURITY-020] [SECURITY-019] tenant saves are 403 and tenant rows written earlier are ignored', async () => {
    for (const [path, body] of [
      [sp.savePasswordConfigPolicy.path, { minLength: 20 }],
      [sp.savePasswordRotationPolicy.path, { isActive: true }],
      [sp.savePasswordHistoryPolicy.path, { enabled: false }],
    ] as const)
      assert.deepEqual(await x.f.errorsOf(await x.f.request('POST', path, x.admin, body), 403), [
        VENDOR_LOCKED,
      ]);

    // Rows a tenant saved while the vendor allowed it (written as that server would have).
    const allowing = {
      ...x.t.services,
      config: {
        ...x.t.services.config,
        allowOverride: { passwordComplexity: true, passwordExpiration: true, passwordHistory: true },
      },
    };
    const admin = { userId: 'earlier-admin' };
    assert.ok((await savePolicy(allowing, 'passwordConfig', x.acme, { minLength: 20 }, admin)).ok);
    assert.ok(
      (await savePolicy(allowing, 'passwordRotation', x.acme, { isActive: true, rotationPeriod: 1 }, admin))
        .ok,
    );
    assert.ok((await savePolicy(allowing, 'passwordHistory', x.acme, { enabled: false }, admin)).ok);

    // The vendor's values apply in Acme: 8 characters, no rotation, history on.
    assert.equal((await rulesOf(x, x.admin)).minLength, 8);
    const user = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    await x.t.services.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(users.id, user.id));
    assert.equal((await x.t.login(user.email, user.password)).status, 200);
    assert.equal((await resetTo(x, user.id, 'eight-chars-ok')).status, 200);
    assert.deepEqual(await x.f.errorsOf(await resetTo(x, user.id, user.password), 400), [
      'The password was used recently',
    ]);
  });

  it('[SECURITY-020] the vendor value applies in every account', async () => {
    await savePolicy(x.t.services, 'passwordConfig', null, { minLength: 14 }, vendor);
    assert.equal((await rulesOf(x, x.admin)).minLength, 14);
    assert.equal((await rulesOf(x, x.otherToken)).minLength, 14);
    await savePolicy(x.t.services, 'passwordRotation', null, { isActive: true, rotationPeriod: 5 }, vendor);
    const user = await x.f.createUser({ tenants: [{ id: x.other }], password: true });
    await x.t.services.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 6 * DAY_MS) })
      .where(eq(users.id, user.id));
    assert.equal((await x.t.login(user.email, user.password)).status, 400);
  });
});

describe('[SECURITY-020] vendor override rules (allowOverride flags on)', () => {
  let x: Ctx;
  before(async () => {
    x = await setUp();
  });
  after(() => x.t.close());

  it('[SECURITY-020] [SECURITY-019] a tenant value applies only in that tenant; the vendor value in every other', async () => {
    await savePolicy(x.t.services, 'passwordConfig', null, { minLength: 10 }, vendor);
    await savePolicy(x.t.services, 'passwordHistory', null, { enabled: true, historySize: 3 }, vendor);
    const saved = await x.f.request('POST', sp.savePasswordConfigPolicy.path, x.admin, { minLength: 16 });
    assert.equal(saved.status, 200);
    const history = await x.f.request('POST', sp.savePasswordHistoryPolicy.path, x.admin, { enabled: false });
    assert.equal(history.status, 200);
    assert.equal((await rulesOf(x, x.admin)).minLength, 16);
    assert.equal((await rulesOf(x, x.otherToken)).minLength, 10);

    // History off in Acme only: a reuse passes there, not in the other account.
    const inAcme = await x.f.createUser({ tenants: [{ id: x.acme }], password: true });
    assert.equal((await resetTo(x, inAcme.id, 'first-password-16')).status, 200);
    assert.equal((await resetTo(x, inAcme.id, 'first-password-16')).status, 200);
    const inOther = await x.f.createUser({ tenants: [{ id: x.other }], password: true });
    assert.equal((await resetTo(x, inOther.id, 'other-password-1')).status, 200);
    assert.deepEqual(await x.f.errorsOf(await resetTo(x, inOther.id, 'other-password-1'), 400), [
      'The password was used recently',
    ]);

    // Rotation: Acme's own, the other account the vendor's (off).
    await x.f.request('POST', sp.savePasswordRotationPolicy.path, x.admin, {
      isActive: true,
      rotationPeriod: 2,
    });
    for (const u of [inAcme, inOther])
      await x.t.services.db
        .update(users)
        .set({ passwordChangedAt: new Date(Date.now() - 3 * DAY_MS) })
        .where(eq(users.id, u.id));
    assert.equal((await x.t.login(inAcme.email, 'first-password-16')).status, 400);
    assert.equal((await x.t.login(inOther.email, 'other-password-1')).status, 200);

    // Every save wrote its before and after.
    type Change = { before: { minLength: number }; after: { minLength: number } };
    const audits = await x.f.auditsFor('Security policy updated: passwordConfig');
    assert.ok(
      audits.some((a) => {
        const change = a.json as Change;
        return a.tenantId === x.acme && change.before.minLength === 10 && change.after.minLength === 16;
      }),
    );
  });
});
