import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import {
  audits,
  inviteLinks,
  roles,
  tenants,
  userRoles,
  users,
  userTenants,
  userTokens,
  vendors,
} from '../db/schema';
import { savePolicy } from '../account/policies';
import { createInvitation } from './signup';
import { settled } from '../signup/background';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testServer } from '../testing';

type Server = Awaited<ReturnType<typeof testServer>>;
interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
interface LoginAnswer {
  accessToken: string;
  user: { id: string; email: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Mail sent to `to` so far, newest first (after the background sends have finished). */
async function mailTo(t: Server, to: string): Promise<Mail[]> {
  await settled(t.services.db);
  const all = (await (await t.app.request('/dev/outbox')).json()) as Mail[];
  return all.filter((m) => m.to === to);
}

/** The link of a mail, with its userId and token. */
function linkOf(mail: Mail | undefined): { url: URL; userId: string; token: string } {
  assert.ok(mail, 'a mail was sent');
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  assert.ok(href, 'the mail holds a link');
  const url = new URL(href);
  return { url, userId: url.searchParams.get('userId') ?? '', token: url.searchParams.get('token') ?? '' };
}

/** The one-time code a mail shows beside its link. */
function codeOf(mail: Mail | undefined): string {
  const code = /one-time code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  assert.ok(code, 'the mail shows a six-digit code');
  assert.ok(mail?.html.includes(code), 'in its HTML part too');
  return code;
}

const post = (t: Server, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, t.json(body, headers));

const signUp = (t: Server, body: Record<string, unknown>) => post(t, paths.auth.signUpUser.path, body);

const strategy = (t: Server, userId: string, token: string) =>
  t.app.request(
    `${paths.auth.getActivateAccountStrategy.path}?${new URLSearchParams({ userId, token }).toString()}`,
  );

const me = (t: Server, accessToken: string) =>
  t.app.request(paths.auth.getMeV2.path, { headers: { authorization: `Bearer ${accessToken}` } });

async function errorsOf(res: Response): Promise<string[]> {
  const body = (await res.json()) as { errors?: unknown };
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0, 'an { errors: [...] } answer');
  return body.errors as string[];
}

async function countUsers(t: Server): Promise<number> {
  const [row] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

async function auditActions(t: Server, userId: string): Promise<string[]> {
  const rows = await t.services.db.select().from(audits).where(eq(audits.userId, userId));
  return rows.map((r) => r.action);
}

async function acme(t: Server) {
  const [tenant] = await t.services.db.select().from(tenants).where(eq(tenants.name, 'Acme'));
  const [admin] = await t.services.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  const roleId = async (key: string) =>
    (await t.services.db.select().from(roles).where(eq(roles.key, key)))[0]!.id;
  return { tenantId: tenant!.id, adminId: admin!.id, roleId };
}

describe('sign-up and activation', () => {
  let t: Server;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('sign-up answers shouldActivate with the new user id and mails an activation link', async () => {
    const email = 'new.user@example.test';
    const res = await signUp(t, {
      email: 'New.User@Example.test',
      name: 'New User',
      password: 'a-good-password',
      companyName: 'Newco',
    });
    assert.equal(res.status, 200);
    const answer = (await res.json()) as { shouldActivate: boolean; userId: string };
    assert.equal(answer.shouldActivate, true);
    assert.match(answer.userId, UUID);
    const [mail] = await mailTo(t, email);
    assert.equal(mail?.subject, 'Activate your account');
    const link = linkOf(mail);
    assert.equal(link.url.pathname, '/account/activate');
    assert.equal(link.url.origin, 'http://localhost:8080');
    assert.equal(link.userId, answer.userId);
    assert.equal(link.token.length, 43, '32 random bytes, base64url');
    // Only the hash is stored.
    const stored = await t.services.db.select().from(userTokens).where(eq(userTokens.userId, answer.userId));
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.tokenHash, link.token);
    assert.equal(stored[0]!.kind, 'activation');
    // Unverified until activated: the account exists but is not active yet.
    const [row] = await t.services.db.select().from(users).where(eq(users.id, answer.userId));
    assert.equal(row?.verified, false);
    assert.equal(row?.email, email);
  });

  it('sign up → activation link → strategy → activate → signed in; the link works once', async () => {
    const email = 'journey@example.test';
    const res = await signUp(t, { email, name: 'Jo Urney', password: 'journey-password' });
    const { userId } = (await res.json()) as { userId: string };
    const { token } = linkOf((await mailTo(t, email))[0]);

    const strat = await strategy(t, userId, token);
    assert.equal(strat.status, 200);
    assert.deepEqual(await strat.json(), { shouldSetPassword: false });

    const activated = await post(t, paths.auth.activateAccount.path, { userId, token });
    assert.equal(activated.status, 200);
    const login = (await activated.json()) as LoginAnswer;
    assert.ok(t.refreshCookie(activated), 'a refresh cookie is set');
    assert.equal(login.user.email, email);

    const profile = await me(t, login.accessToken);
    assert.equal(profile.status, 200);
    const view = (await profile.json()) as {
      id: string;
      verified: boolean;
      tenantId: string;
      roles: { key: string }[];
    };
    assert.equal(view.id, userId);
    assert.equal(view.verified, true);
    assert.deepEqual(
      view.roles.map((r) => r.key),
      ['Admin'],
      "the vendor's sign-up role: the creator administers the new account",
    );
    const [tenant] = await t.services.db.select().from(tenants).where(eq(tenants.id, view.tenantId));
    assert.equal(tenant?.name, "Jo Urney's account");
    assert.equal(tenant?.parentId, null);

    const again = await post(t, paths.auth.activateAccount.path, { userId, token });
    assert.equal(again.status, 400);
    assert.deepEqual(await again.json(), {
      errors: ['The activation link is invalid or expired'],
      errorCode: 'ER-3001',
    });
    assert.equal((await strategy(t, userId, token)).status, 400);

    assert.equal((await t.login(email, 'journey-password')).status, 200);
    const actions = await auditActions(t, userId);
    assert.ok(actions.includes('User signed up'));
    assert.ok(actions.includes('User activated'));
  });

  it('the activation mail shows a one-time code: with the link it activates (activateAccountWithOTC), a wrong one is refused', async () => {
    const email = 'otc.journey@example.test';
    const res = await signUp(t, { email, name: 'Otc Journey', password: 'otc-journey-password' });
    const { userId } = (await res.json()) as { userId: string };
    const [mail] = await mailTo(t, email);
    const { token } = linkOf(mail);
    const code = codeOf(mail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const refused = await post(t, paths.auth.activateAccountWithOTC.path, { userId, token, code: wrong });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), {
      errors: ['The code is invalid or expired'],
      errorCode: 'ER-3011',
    });

    const activated = await post(t, paths.auth.activateAccountWithOTC.path, { userId, token, code });
    assert.equal(activated.status, 200);
    const login = (await activated.json()) as LoginAnswer;
    assert.equal(login.user.id, userId);
    assert.equal((await me(t, login.accessToken)).status, 200);
    // The code goes with its link: spent together.
    assert.equal(
      (await post(t, paths.auth.activateAccountWithOTC.path, { userId, token, code })).status,
      400,
    );
  });

  it('a registered email gets the same status and answer shape, no new account, and a notice by mail', async () => {
    const before = await countUsers(t);
    const fresh = await signUp(t, { email: 'fresh@example.test', password: 'fresh-password' });
    const taken = await signUp(t, { email: ADMIN_EMAIL.toUpperCase(), password: 'another-password' });
    assert.equal(taken.status, fresh.status);
    const a = (await fresh.json()) as Record<string, unknown>;
    const b = (await taken.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(b).sort(), Object.keys(a).sort());
    assert.equal(b.shouldActivate, true);
    assert.match(String(b.userId), UUID);
    const [admin] = await t.services.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    assert.notEqual(b.userId, admin?.id);
    assert.equal(await countUsers(t), before + 1, 'only the fresh email made an account');

    const adminMail = await mailTo(t, ADMIN_EMAIL);
    assert.equal(adminMail.length, 1);
    assert.equal(adminMail[0]?.subject, 'Someone tried to sign up with your email');
    assert.match(adminMail[0]!.text, /sign in/);
    assert.match(adminMail[0]!.text, /reset your password/);
    assert.doesNotMatch(adminMail[0]!.text, /token=/);
    // The admin's password is untouched.
    assert.equal((await t.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
  });

  it('validation: a bad email, a short password or a missing field is a 400 with { errors }', async () => {
    const badEmail = await signUp(t, { email: 'not-an-email', password: 'long-enough-1' });
    assert.equal(badEmail.status, 400);
    assert.ok((await errorsOf(badEmail)).some((e) => e.startsWith('email')));
    const short = await signUp(t, { email: 'short@example.test', password: 'short' });
    assert.equal(short.status, 400);
    assert.ok((await errorsOf(short)).some((e) => /password.*at least 8/.test(e)));
    const unnamed = await signUp(t, { email: 'unnamed@example.test', name: '', password: 'long-enough-1' });
    assert.equal(unnamed.status, 200, 'an empty name counts as none');
    const missing = await signUp(t, { email: 'missing@example.test' });
    assert.equal(missing.status, 400);
    await errorsOf(missing);
    assert.equal((await mailTo(t, 'short@example.test')).length, 0);

    const noToken = await t.app.request(`${paths.auth.getActivateAccountStrategy.path}?userId=x`);
    assert.equal(noToken.status, 400);
    assert.ok((await errorsOf(noToken)).some((e) => e.startsWith('token')));
    const forgot = await post(t, paths.auth.forgotPassword.path, { email: 'nope' });
    assert.equal(forgot.status, 400);
    await errorsOf(forgot);
    const reset = await post(t, paths.auth.resetPassword.path, { userId: 'x', token: 'y', password: '1' });
    assert.equal(reset.status, 400);
    await errorsOf(reset);
  });

  it('an expired activation link is refused', async () => {
    const email = 'late@example.test';
    const { userId } = (await (await signUp(t, { email, password: 'late-password' })).json()) as {
      userId: string;
    };
    const { token } = linkOf((await mailTo(t, email))[0]);
    await t.services.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, userId));
    const res = await post(t, paths.auth.activateAccount.path, { userId, token });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      errors: ['The activation link is invalid or expired'],
      errorCode: 'ER-3001',
    });
    assert.equal((await strategy(t, userId, token)).status, 400);
  });

  it('resend activation: always {}; only an unverified user gets a new link, which replaces the old one', async () => {
    const email = 'resend@example.test';
    const { userId } = (await (await signUp(t, { email, password: 'resend-password' })).json()) as {
      userId: string;
    };
    const first = linkOf((await mailTo(t, email))[0]);
    for (const address of [email, 'nobody@example.test', ADMIN_EMAIL]) {
      const res = await post(t, paths.auth.resendActivationEmail.path, { email: address });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {});
    }
    assert.equal((await mailTo(t, 'nobody@example.test')).length, 0);
    assert.ok((await mailTo(t, ADMIN_EMAIL)).every((m) => m.subject !== 'Activate your account'));
    const mails = await mailTo(t, email);
    assert.equal(mails.length, 2);
    const second = linkOf(mails[0]);
    assert.notEqual(second.token, first.token);
    assert.equal(
      (await post(t, paths.auth.activateAccount.path, { userId, token: first.token })).status,
      400,
    );
    assert.equal(
      (await post(t, paths.auth.activateAccount.path, { userId, token: second.token })).status,
      200,
    );
  });

  it('an account without a password: the strategy asks for one, activation sets it', async () => {
    const { tenantId, adminId } = await acme(t);
    const email = 'nopass@example.test';
    const { userId } = await createInvitation(t.services, {
      email,
      name: 'No Pass',
      tenantId,
      roleIds: [],
      invitedByUserId: adminId,
    });
    await post(t, paths.auth.resendActivationEmail.path, { email });
    const activation = (await mailTo(t, email)).find((m) => m.subject === 'Activate your account');
    const { token } = linkOf(activation);
    assert.deepEqual(await (await strategy(t, userId, token)).json(), { shouldSetPassword: true });

    const without = await post(t, paths.auth.activateAccount.path, { userId, token });
    assert.equal(without.status, 400);
    const short = await post(t, paths.auth.activateAccount.path, { userId, token, password: 'short' });
    assert.equal(short.status, 400);
    const ok = await post(t, paths.auth.activateAccount.path, { userId, token, password: 'chosen-password' });
    assert.equal(ok.status, 200);
    assert.ok(t.refreshCookie(ok));
    assert.equal((await t.login(email, 'chosen-password')).status, 200);
  });
});

describe('forgot, reset and change password', () => {
  let t: Server;
  before(async () => {
    // Password history takes more resets of one account than its budget of 5 per 15 minutes allows.
    t = await testServer({ issuanceLimits: { perAccount: 20, perAddress: 30, windowMs: 15 * 60_000 } });
  });
  after(() => t.close());

  const forgot = (email: string) => post(t, paths.auth.forgotPassword.path, { email });
  const reset = (userId: string, token: string, password: string) =>
    post(t, paths.auth.resetPassword.path, { userId, token, password });
  const resetLink = async (email: string) => {
    assert.equal((await forgot(email)).status, 200);
    const [mail] = await mailTo(t, email);
    assert.equal(mail?.subject, 'Reset your password');
    return linkOf(mail);
  };

  it('password config: the constants the server enforces', async () => {
    const res = await t.app.request(paths.auth.loadPasswordConfig.path);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      minLength: 8,
      maxLength: 128,
      allowPassphrases: true,
      minPhraseLength: 20,
      minOptionalTestsToPass: 0,
      optionalTests: {
        requireLowercase: false,
        requireUppercase: false,
        requireNumbers: false,
        requireSpecialChars: false,
      },
      requiredTests: { checkThreeRepeatedChars: false },
    });
  });

  it('known and unknown emails get identical answers; only the known one gets mail', async () => {
    const known = await forgot(ADMIN_EMAIL);
    const unknown = await forgot('nobody@acme.test');
    assert.equal(known.status, 200);
    assert.equal(unknown.status, known.status);
    assert.deepEqual(await unknown.json(), await known.json());
    assert.equal((await mailTo(t, 'nobody@acme.test')).length, 0);
    const mails = await mailTo(t, ADMIN_EMAIL);
    assert.equal(mails.length, 1);
    assert.equal(linkOf(mails[0]).url.pathname, '/account/reset-password');
  });

  it('reset: the new password signs in, the old one is refused, sessions are revoked, the link works once', async () => {
    const email = 'linus@acme.test';
    const { userId, token } = await resetLink(email);
    const [before] = await t.services.db.select().from(users).where(eq(users.email, email));
    const res = await reset(userId, token, 'brand-new-password');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
    const [afterRow] = await t.services.db.select().from(users).where(eq(users.email, email));
    assert.notEqual(afterRow?.passwordHash, before?.passwordHash);
    assert.equal((await t.login(email, 'brand-new-password')).status, 200);

    const again = await reset(userId, token, 'yet-another-password');
    assert.equal(again.status, 400);
    assert.deepEqual(await again.json(), {
      errors: ['The password reset link is invalid or expired'],
      errorCode: 'ER-3003',
    });

    // Signed in now; the next reset signs every session out.
    const session = t.refreshCookie(await t.login(email, 'brand-new-password'))!;
    const next = await resetLink(email);
    assert.equal((await reset(next.userId, next.token, 'third-password-here')).status, 200);
    assert.equal((await t.refresh(session)).status, 401);
    assert.equal((await t.login(email, 'brand-new-password')).status, 401);
    assert.equal((await t.login(email, 'third-password-here')).status, 200);
    const actions = await auditActions(t, userId);
    assert.ok(actions.includes('Password reset requested'));
    assert.ok(actions.includes('Password reset'));
  });

  it('reset to the current password or one of the last five is refused; an older one is allowed', async () => {
    const email = 'margaret@acme.test';
    const passwords = [1, 2, 3, 4, 5, 6].map((n) => `history-password-${n}`);
    for (const password of passwords) {
      const { userId, token } = await resetLink(email);
      assert.equal((await reset(userId, token, password)).status, 200);
    }
    // Current: 6; history: 5, 4, 3, 2, 1.
    const { userId, token } = await resetLink(email);
    for (const used of passwords) {
      const res = await reset(userId, token, used);
      assert.equal(res.status, 400, used);
      assert.deepEqual(await res.json(), {
        errors: ['The password was used recently'],
        errorCode: 'ER-3006',
      });
    }
    // A refused reset does not spend the link.
    assert.equal((await reset(userId, token, 'history-password-7')).status, 200);
    // Current: 7; history: 6, 5, 4, 3, 2: the first one has aged out.
    const next = await resetLink(email);
    assert.equal((await reset(next.userId, next.token, 'history-password-1')).status, 200);
    assert.equal((await t.login(email, 'history-password-1')).status, 200);
  });

  it('a locked-out user (5 bad logins) recovers by resetting the password', async () => {
    const email = 'ada@acme.test';
    for (let i = 0; i < 5; i++) assert.equal((await t.login(email, 'wrong-password')).status, 401);
    // The lockout mail and audit rows go after the answers: wait for them, so that the newest mail is the reset's.
    await settled(t.services.db);
    const [locked] = await t.services.db.select().from(users).where(eq(users.email, email));
    assert.ok(locked?.lockedUntil && locked.lockedUntil > new Date());
    const { userId, token } = await resetLink(email);
    assert.equal((await reset(userId, token, 'unlocked-password')).status, 200);
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    assert.equal(row?.lockedUntil, null);
    assert.equal(row?.failedLogins, 0);
    assert.equal((await t.login(email, 'unlocked-password')).status, 200);
  });

  it('change password: checks the current one and the history, keeps this session, ends the others', async () => {
    const email = 'grace@acme.test';
    const { userId, token } = await resetLink(email);
    assert.equal((await reset(userId, token, 'grace-password-1')).status, 200);
    const other = t.refreshCookie(await t.login(email, 'grace-password-1'))!;
    const current = await t.login(email, 'grace-password-1');
    const { accessToken } = (await current.json()) as LoginAnswer;
    const currentRefresh = t.refreshCookie(current)!;
    const change = (body: unknown, bearer: string | null = accessToken) =>
      post(t, paths.teams.changePassword.path, body, bearer ? { authorization: `Bearer ${bearer}` } : {});

    assert.equal((await change({ password: 'grace-password-1', newPassword: 'x' }, null)).status, 401);
    const wrong = await change({ password: 'not-it', newPassword: 'grace-password-2' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(await wrong.json(), {
      errors: ['The current password is incorrect'],
      errorCode: 'ER-3004',
    });
    const same = await change({ password: 'grace-password-1', newPassword: 'grace-password-1' });
    assert.equal(same.status, 400);
    assert.deepEqual(await same.json(), { errors: ['The password was used recently'], errorCode: 'ER-3006' });
    const short = await change({ password: 'grace-password-1', newPassword: 'short' });
    assert.equal(short.status, 400);

    const ok = await change({ password: 'grace-password-1', newPassword: 'grace-password-2' });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {});
    assert.equal((await t.login(email, 'grace-password-1')).status, 401);
    assert.equal((await t.login(email, 'grace-password-2')).status, 200);
    assert.equal((await t.refresh(other)).status, 401, 'another session is signed out');
    assert.equal((await t.refresh(currentRefresh)).status, 200, 'this session stays');
    assert.ok((await auditActions(t, userId)).includes('Password changed'));
  });
});

describe('password history follows the policy', () => {
  let t: Server;
  before(async () => {
    // Password history takes more resets of one account than its budget of 5 per 15 minutes allows.
    t = await testServer({ issuanceLimits: { perAccount: 20, perAddress: 30, windowMs: 15 * 60_000 } });
  });
  after(() => t.close());

  async function setPassword(email: string, password: string): Promise<number> {
    await post(t, paths.auth.forgotPassword.path, { email });
    const { userId, token } = linkOf((await mailTo(t, email))[0]);
    return (await post(t, paths.auth.resetPassword.path, { userId, token, password })).status;
  }

  it("the tenant's historySize and enabled flag decide which passwords count as recent", async () => {
    const { adminId } = await acme(t);
    const email = 'linus@acme.test';
    assert.equal(await setPassword(email, 'policy-password-1'), 200);
    assert.equal(await setPassword(email, 'policy-password-2'), 200);
    assert.equal(await setPassword(email, 'policy-password-1'), 400, 'within the default 5');
    const save = (patch: { enabled?: boolean; historySize?: number }) =>
      savePolicy(t.services, 'passwordHistory', null, patch, { userId: adminId });
    assert.ok((await save({ historySize: 1 })).ok);
    assert.equal(await setPassword(email, 'policy-password-3'), 200);
    assert.equal(await setPassword(email, 'policy-password-1'), 200, 'older than the last one');
    assert.equal(await setPassword(email, 'policy-password-3'), 400, 'the last one');
    assert.ok((await save({ enabled: false })).ok);
    assert.equal(await setPassword(email, 'policy-password-1'), 200, 'even the current one, when off');
  });
});

describe('invitations', () => {
  let t: Server;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  const accept = (body: unknown) => post(t, paths.auth.acceptInvitation.path, body);

  it('[INVITE-003] create → accept → set a password → sign in; a second accept is refused with "We couldn\'t verify your invitation"', async () => {
    const { tenantId, adminId, roleId } = await acme(t);
    const email = 'invitee@example.test';
    const editor = await roleId('Editor');
    const { userId, created } = await createInvitation(t.services, {
      email,
      name: 'In Vitee',
      tenantId,
      roleIds: [editor],
      invitedByUserId: adminId,
    });
    assert.equal(created, true);
    const [mail] = await mailTo(t, email);
    assert.equal(mail?.subject, 'You have been invited to Acme');
    const link = linkOf(mail);
    assert.equal(link.url.pathname, '/account/invitation/accept');
    assert.equal(link.userId, userId);

    const [pending] = await t.services.db.select().from(users).where(eq(users.id, userId));
    assert.equal(pending?.verified, false);
    assert.equal(pending?.passwordHash, null);
    assert.equal(pending?.activeTenantId, tenantId);

    const res = await accept({ userId, token: link.token });
    assert.equal(res.status, 200);
    // A new invitee has no password: the answer carries a set-password (reset) token for the next step.
    const answer = (await res.json()) as { userId: string; setPasswordToken: string };
    assert.equal(answer.userId, userId);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, userId));
    assert.equal(row?.verified, true);
    const reset = await t.app.request(
      paths.auth.resetPassword.path,
      t.json({ userId, token: answer.setPasswordToken, password: 'invitee-password-1' }),
    );
    assert.equal(reset.status, 200);
    assert.equal((await t.login(email, 'invitee-password-1')).status, 200);

    const twice = await accept({ userId, token: link.token });
    assert.equal(twice.status, 400);
    assert.deepEqual(await twice.json(), {
      errors: ["We couldn't verify your invitation"],
      errorCode: 'ER-3002',
    });
    const forged = await accept({ userId, token: 'not-a-token' });
    assert.equal(forged.status, 400);
    assert.deepEqual(await forged.json(), {
      errors: ["We couldn't verify your invitation"],
      errorCode: 'ER-3002',
    });

    const actions = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, userId), eq(audits.action, 'Invitation accepted')));
    assert.equal(actions.length, 1);
    assert.equal(actions[0]?.tenantId, tenantId);
  });

  it('the invitation mail shows a one-time code: with the link it accepts (acceptInvitationWithOTC), a wrong one is refused', async () => {
    const { tenantId, adminId, roleId } = await acme(t);
    const email = 'otc.invitee@example.test';
    const { userId } = await createInvitation(t.services, {
      email,
      name: 'Otc Invitee',
      tenantId,
      roleIds: [await roleId('Editor')],
      invitedByUserId: adminId,
    });
    const [mail] = await mailTo(t, email);
    const { token } = linkOf(mail);
    const code = codeOf(mail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const path = paths.auth.acceptInvitationWithOTC.path;

    const refused = await post(t, path, { userId, token, code: wrong });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), {
      errors: ['The code is invalid or expired'],
      errorCode: 'ER-3011',
    });

    const accepted = await post(t, path, { userId, token, code });
    assert.equal(accepted.status, 200);
    const answer = (await accepted.json()) as { userId: string; setPasswordToken: string };
    assert.equal(answer.userId, userId);
    assert.ok(answer.setPasswordToken, 'a new invitee sets a password next');
    const [row] = await t.services.db.select().from(users).where(eq(users.id, userId));
    assert.equal(row?.verified, true);
    assert.equal((await post(t, path, { userId, token, code })).status, 400, 'the link works once');
  });

  it('[INVITE-001] accepting needs both userId and token', async () => {
    for (const body of [{ userId: 'someone' }, { token: 'something' }, {}]) {
      const res = await accept(body);
      assert.equal(res.status, 400);
      await errorsOf(res);
    }
  });

  it('an account pre-registered by someone else loses that password when the real owner accepts an invitation', async () => {
    const { adminId, tenantId, roleId } = await acme(t);
    const email = 'victim@example.test';
    const signUp = await t.app.request(
      paths.auth.signUpUser.path,
      t.json({ email, name: 'Not The Victim', password: 'attacker-password-1' }),
    );
    assert.equal(signUp.status, 200);
    // The account is created after the answer (the same path for a new and a registered email).
    await settled(t.services.db);
    const { userId } = await createInvitation(t.services, {
      email,
      name: 'Victim',
      tenantId,
      roleIds: [await roleId('Viewer')],
      invitedByUserId: adminId,
    });
    const [invitation] = (await mailTo(t, email)).filter((m) => m.subject.includes('invited'));
    const link = linkOf(invitation);
    const accepted = await accept({ userId, token: link.token });
    assert.equal(accepted.status, 200);
    assert.ok(((await accepted.json()) as { setPasswordToken?: string }).setPasswordToken);
    assert.equal(
      (await t.login(email, 'attacker-password-1')).status,
      401,
      'the pre-registered password is gone',
    );
  });

  it('an existing user invited to another tenant keeps their account and gets the tenant and roles', async () => {
    const { adminId, roleId } = await acme(t);
    const [labs] = await t.services.db.select().from(tenants).where(eq(tenants.name, 'Acme Labs'));
    const viewer = await roleId('Viewer');
    const { userId, created } = await createInvitation(t.services, {
      email: 'Ada@Acme.test',
      name: 'ignored',
      tenantId: labs!.id,
      roleIds: [viewer],
      invitedByUserId: adminId,
    });
    assert.equal(created, false);
    const [ada] = await t.services.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
    assert.equal(userId, ada?.id);
    assert.equal(ada?.name, 'Ada Lovelace');
    const { loadUserView } = await import('../users');
    const view = await loadUserView(t.services.db, userId, labs!.id);
    assert.ok(view?.tenantIds.includes(labs!.id));
    assert.deepEqual(
      view?.roles.map((r) => r.key),
      ['Viewer'],
    );
    await assert.rejects(
      createInvitation(t.services, {
        email: 'x@example.test',
        name: 'X',
        tenantId: labs!.id,
        roleIds: ['no-such-role'],
        invitedByUserId: adminId,
      }),
    );
  });

  it('resend: always {}; re-mails a pending invitation with a new link that replaces the old one', async () => {
    const { tenantId, adminId } = await acme(t);
    const email = 'pending@example.test';
    const { userId } = await createInvitation(t.services, {
      email,
      name: 'Pen Ding',
      tenantId,
      roleIds: [],
      invitedByUserId: adminId,
    });
    const first = linkOf((await mailTo(t, email))[0]);
    for (const address of [email, 'nobody@example.test', ADMIN_EMAIL]) {
      const res = await post(t, paths.auth.resendInvitationEmail.path, { email: address });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {});
    }
    assert.equal((await mailTo(t, 'nobody@example.test')).length, 0);
    assert.equal((await mailTo(t, ADMIN_EMAIL)).length, 0, 'no pending invitation, no mail');
    const mails = await mailTo(t, email);
    assert.equal(mails.length, 2);
    const second = linkOf(mails[0]);
    assert.equal((await accept({ userId, token: first.token })).status, 400);
    assert.equal((await accept({ userId, token: second.token })).status, 200);
    // Accepted: nothing pending any more.
    await post(t, paths.auth.resendInvitationEmail.path, { email });
    assert.equal((await mailTo(t, email)).length, 2);
  });
});

describe('reset link validation', () => {
  let t: Server;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('validates a reset link without spending it; a bad one is 400', async () => {
    await post(t, paths.auth.forgotPassword.path, { email: 'ada@acme.test' });
    await settled(t.services.db);
    const [mail] = (await mailTo(t, 'ada@acme.test')).filter((m) =>
      m.text.includes('/account/reset-password'),
    );
    const { userId, token } = linkOf(mail);
    const valid = await post(t, paths.auth.validateResetPasswordToken.path, { userId, token });
    assert.equal(valid.status, 200);
    const again = await post(t, paths.auth.validateResetPasswordToken.path, { userId, token });
    assert.equal(again.status, 200, 'validation does not spend the link');
    const bad = await post(t, paths.auth.validateResetPasswordToken.path, { userId, token: 'nope' });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), {
      errors: ['The password reset link is invalid or expired'],
      errorCode: 'ER-3003',
    });
  });
});

describe("the account creator's role and joining by invitation", () => {
  let t: Server;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

  /** Signs up (optionally with an invite link's token), activates from the mailed link: the session's answer. */
  async function signUpAndActivate(email: string, extra: Record<string, unknown> = {}) {
    const res = await signUp(t, { email, name: 'New Comer', password: 'newcomer-password', ...extra });
    assert.equal(res.status, 200);
    const { userId } = (await res.json()) as { userId: string };
    const { token } = linkOf((await mailTo(t, email)).find((m) => m.subject === 'Activate your account'));
    const activated = await post(t, paths.auth.activateAccount.path, { userId, token });
    assert.equal(activated.status, 200);
    const login = (await activated.json()) as LoginAnswer;
    const view = (await (await me(t, login.accessToken)).json()) as {
      tenantId: string;
      roles: { key: string }[];
    };
    return { userId, accessToken: login.accessToken, view, roleKeys: view.roles.map((r) => r.key) };
  }

  const setSignUpRole = (key: string) =>
    t.services.db.update(vendors).set({ signUpRoleKey: key }).where(eq(vendors.id, t.services.vendorId));

  it('the creator of a new account holds Admin: reads the users and invites someone', async () => {
    const { accessToken, view, roleKeys } = await signUpAndActivate('creator@example.test', {
      companyName: 'Creator Co',
    });
    assert.deepEqual(roleKeys, ['Admin']);
    const members = await t.app.request(`${paths.users.getUsersV3.path}`, bearer(accessToken));
    assert.equal(members.status, 200, 'reads the users of the account');
    const invited = await t.app.request(paths.teams.addUser.path, {
      method: 'POST',
      headers: { ...bearer(accessToken).headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'colleague@example.test', name: 'Col League' }),
    });
    assert.equal(invited.status, 200, 'invites a colleague');
    const [membership] = await t.services.db
      .select()
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(and(eq(users.email, 'colleague@example.test'), eq(userTenants.tenantId, view.tenantId)));
    assert.ok(membership, 'the colleague is invited to the new account');
  });

  it('a vendor configured with another sign-up role gives that one; a key naming no role gives the defaults', async () => {
    try {
      await setSignUpRole('Editor');
      assert.deepEqual((await signUpAndActivate('editor-creator@example.test')).roleKeys, ['Editor']);
      await setSignUpRole('no-such-role');
      assert.deepEqual((await signUpAndActivate('fallback-creator@example.test')).roleKeys, ['ReadOnly']);
    } finally {
      await setSignUpRole('Admin');
    }
  });

  it('an invited member keeps the roles of the invitation (not the sign-up role)', async () => {
    const { tenantId, adminId, roleId } = await acme(t);
    const email = 'invited-viewer@example.test';
    const { userId } = await createInvitation(t.services, {
      email,
      name: 'In Vited',
      tenantId,
      roleIds: [await roleId('Viewer')],
      invitedByUserId: adminId,
    });
    const invitation = (await mailTo(t, email)).find((m) => m.subject.includes('invited'));
    const accepted = await post(t, paths.auth.acceptInvitation.path, {
      userId,
      token: linkOf(invitation).token,
    });
    assert.equal(accepted.status, 200);
    const { setPasswordToken } = (await accepted.json()) as { setPasswordToken: string };
    const reset = await post(t, paths.auth.resetPassword.path, {
      userId,
      token: setPasswordToken,
      password: 'invited-password-1',
    });
    assert.equal(reset.status, 200);
    const login = (await (await t.login(email, 'invited-password-1')).json()) as LoginAnswer;
    const view = (await (await me(t, login.accessToken)).json()) as {
      tenantId: string;
      roles: { key: string }[];
    };
    assert.equal(view.tenantId, tenantId);
    assert.deepEqual(
      view.roles.map((r) => r.key),
      ['Viewer'],
    );
  });

  it("[TEAM-020] the tenant's invite link: signing up with its token joins that tenant with the default roles", async () => {
    const { tenantId } = await acme(t);
    const admin = (await (await t.login()).json()) as LoginAnswer;
    const created = await t.app.request(paths.teams.createInviteUserLink.path, {
      method: 'POST',
      headers: { ...bearer(admin.accessToken).headers, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    assert.equal(created.status, 200);
    const { token } = (await created.json()) as { token: string };
    const tenantsBefore = (await t.services.db.select().from(tenants)).length;

    const email = 'link-joiner@example.test';
    const joined = await signUpAndActivate(email, { invitationToken: token, companyName: 'Ignored Co' });
    assert.equal(joined.view.tenantId, tenantId, 'the member joins the tenant of the link');
    assert.deepEqual(joined.roleKeys, ['ReadOnly'], "the vendor's default roles, not the sign-up role");
    assert.equal((await t.services.db.select().from(tenants)).length, tenantsBefore, 'no new account');
    const [audit] = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, joined.userId), eq(audits.action, 'User signed up')));
    assert.equal(audit?.tenantId, tenantId);
    // The link serves many people until it expires.
    assert.equal(
      (await t.services.db.select().from(inviteLinks).where(eq(inviteLinks.token, token))).length,
      1,
    );

    // A registered email does not join through the link (its holder could name anyone's): the usual notice.
    const outsider = 'outsider@example.test';
    await signUpAndActivate(outsider);
    const [outsiderRow] = await t.services.db.select().from(users).where(eq(users.email, outsider));
    const again = await signUp(t, {
      email: outsider,
      name: 'X',
      password: 'another-password',
      invitationToken: token,
    });
    assert.equal(again.status, 200);
    await settled(t.services.db);
    const memberships = await t.services.db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, outsiderRow!.id), eq(userTenants.tenantId, tenantId)));
    assert.deepEqual(memberships, [], 'not added to the tenant of the link');
    assert.deepEqual(
      await t.services.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, outsiderRow!.id), eq(userRoles.tenantId, tenantId))),
      [],
    );
    assert.equal((await mailTo(t, outsider)).length, 2, 'activation, then the "already registered" notice');

    // An unknown or expired token is refused before anything happens.
    for (const bad of ['not-a-link-token', token]) {
      if (bad === token)
        await t.services.db
          .update(inviteLinks)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(inviteLinks.token, token));
      const refused = await signUp(t, {
        email: `refused-${bad.length}@example.test`,
        name: 'Re Fused',
        password: 'refused-password',
        invitationToken: bad,
      });
      assert.equal(refused.status, 400);
      assert.deepEqual(((await refused.json()) as { errors: string[] }).errors, [
        "We couldn't verify your invitation",
      ]);
      await settled(t.services.db);
      assert.equal((await mailTo(t, `refused-${bad.length}@example.test`)).length, 0, 'nothing mailed');
    }
  });
});
