// Captcha (ALTCHA) on sign-in and sign-up, through the app on a real database: solutions are computed here with
// altcha-lib's solver, as the login box's widget computes them.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { paths } from '../../shared/api/paths';
import { CHALLENGE_TTL_MS, newChallenge } from '../captcha';
import { audits, policies, users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const p = paths.securityPolicy;
const CAPTCHA_REQUIRED = 'Solve the captcha to continue';

/** The widget's payload for a challenge: base64 of `{ challenge, solution }`. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution, 'solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

describe('captcha on sign-in and sign-up', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let admin: string;
  let sequence = 0;
  const unique = () => `${Date.now().toString(36)}-${(sequence += 1)}`;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
  });
  after(() => t.close());
  // Every test starts with the captcha off everywhere.
  beforeEach(async () => {
    await f.db.delete(policies).where(eq(policies.kind, 'captcha'));
  });

  /** A fresh challenge from the public endpoint, solved. */
  const freshSolution = async () => {
    const challenge = await f.json<Challenge>(await f.request('GET', p.getCaptchaChallenge.path));
    return solve(challenge);
  };
  const setAccount = async (tenantId: string, enabled: boolean) => {
    const token = tenantId === acme ? admin : undefined;
    if (token) {
      await f.json(await f.request('POST', p.saveCaptchaPolicy.path, token, { enabled }));
      return;
    }
    await f.db.insert(policies).values({
      id: `captcha-${unique()}`,
      vendorId: t.services.vendorId,
      tenantId,
      kind: 'captcha',
      value: { enabled },
    });
  };
  const publicEnabled = async () =>
    (await f.json<{ enabled: boolean }>(await f.request('GET', p.getCaptchaPolicy.path))).enabled;
  const login = (email: string, password: string, recaptchaToken?: string) =>
    f.request('POST', paths.auth.login.path, undefined, { email, password, recaptchaToken });
  const signUp = (recaptchaToken?: string) =>
    f.request('POST', paths.auth.signUpUser.path, undefined, {
      email: `new-${unique()}@signup.test`,
      name: 'New',
      password: 'a-long-password-123',
      recaptchaToken,
    });

  it('[SECURITY-020] the public policy is on when the vendor or any account has it on, and only then', async () => {
    assert.equal(await publicEnabled(), false);
    const other = await f.newTenant(`Other ${unique()}`);
    await setAccount(other, true);
    assert.equal(await publicEnabled(), true, "one account's value turns the public answer on");
    await f.db.delete(policies).where(eq(policies.kind, 'captcha'));
    await f.db.insert(policies).values({
      id: `captcha-${unique()}`,
      vendorId: t.services.vendorId,
      tenantId: null,
      kind: 'captcha',
      value: { enabled: true },
    });
    assert.equal(await publicEnabled(), true, "the vendor's value turns it on");
    // The challenge is public and expires in ten minutes.
    const challenge = await f.json<Challenge>(await f.request('GET', p.getCaptchaChallenge.path));
    const expiresAt = challenge.parameters.expiresAt ?? 0;
    assert.ok(Math.abs(expiresAt * 1000 - (Date.now() + CHALLENGE_TTL_MS)) < 5_000);
    assert.ok(challenge.signature, 'signed');
  });

  it("[SECURITY-020] password sign-in needs a solved captcha when the user's account has it on: missing, wrong, replayed, expired are refused before the password is checked", async () => {
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Admin'] }], password: true });
    await setAccount(acme, true);
    const refused = async (res: Response) => assert.deepEqual(await f.errorsOf(res, 400), [CAPTCHA_REQUIRED]);

    await refused(await login(user.email, user.password));
    await refused(await login(user.email, user.password, 'not-a-payload'));
    // A wrong solution: the right challenge, another derived key.
    const good = await freshSolution();
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as {
      solution: { derivedKey: string; counter: number };
    };
    const key = decoded.solution.derivedKey;
    const flipped = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrong = { ...decoded, solution: { ...decoded.solution, derivedKey: flipped } };
    await refused(
      await login(user.email, user.password, Buffer.from(JSON.stringify(wrong)).toString('base64')),
    );
    // An expired challenge, solved (issued eleven minutes ago).
    const old = await newChallenge(t.services, new Date(Date.now() - CHALLENGE_TTL_MS - 60_000));
    await refused(await login(user.email, user.password, await solve(old)));
    // The captcha comes before the password: a wrong password without a captcha is not counted as an attempt.
    await refused(await login(user.email, 'wrong-password'));
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.failedLogins, 0, 'no attempt counted');
    assert.equal((await f.auditsFor('User login failed')).filter((a) => a.email === user.email).length, 0);

    // A fresh solution signs in; the same one again is refused (single use).
    const fresh = await freshSolution();
    await f.json(await login(user.email, user.password, fresh));
    await refused(await login(user.email, user.password, fresh));
    // A wrong password with a good captcha is the usual 401.
    assert.equal((await login(user.email, 'wrong-password', await freshSolution())).status, 401);
  });

  it('[SECURITY-020] an account without the captcha signs in without one; an unknown email is asked whenever any account asks', async () => {
    const other = await f.newTenant(`Other ${unique()}`);
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Admin'] }], password: true });
    await setAccount(other, true);
    // Acme has it off: its user signs in without a captcha.
    await f.json(await login(user.email, user.password));
    // An email that matches no user is asked, as a user of an account with the captcha would be.
    assert.deepEqual(await f.errorsOf(await login(`nobody-${unique()}@x.test`, 'whatever-1234'), 400), [
      CAPTCHA_REQUIRED,
    ]);
    assert.equal(
      (await login(`nobody-${unique()}@x.test`, 'whatever-1234', await freshSolution())).status,
      401,
    );
    // Off everywhere: no captcha asked of anyone.
    await f.db.delete(policies).where(eq(policies.kind, 'captcha'));
    assert.equal((await login(`nobody-${unique()}@x.test`, 'whatever-1234')).status, 401);
  });

  it('[SECURITY-020] sign-up needs a solved captcha whenever the public policy is on', async () => {
    assert.equal((await signUp()).status, 200, 'off: no captcha asked');
    const other = await f.newTenant(`Other ${unique()}`);
    await setAccount(other, true);
    assert.deepEqual(await f.errorsOf(await signUp(), 400), [CAPTCHA_REQUIRED]);
    const fresh = await freshSolution();
    assert.equal((await signUp(fresh)).status, 200);
    assert.deepEqual(await f.errorsOf(await signUp(fresh), 400), [CAPTCHA_REQUIRED], 'replayed');
  });

  it("[SECURITY-020] an administrator reads and saves the account's captcha policy (audited before/after); a member without the write permission gets 403", async () => {
    const reader = await f.member(['ReadOnly']);
    const read = await f.json<{ enabled: boolean; siteKey: string; id: string }>(
      await f.request('GET', p.getTenantCaptchaPolicy.path, admin),
    );
    assert.equal(read.enabled, false);
    assert.equal(read.siteKey, '');
    const saved = await f.json<{ enabled: boolean; id: string }>(
      await f.request('POST', p.saveCaptchaPolicy.path, admin, { enabled: true }),
    );
    assert.equal(saved.enabled, true);
    const [row] = await f.db
      .select()
      .from(policies)
      .where(and(eq(policies.tenantId, acme), eq(policies.kind, 'captcha')));
    assert.equal(saved.id, row?.id);
    const audit = (await f.db.select().from(audits)).filter(
      (a) => a.action === 'Security policy updated: captcha' && a.tenantId === acme,
    );
    assert.deepEqual(audit.at(-1)?.json, {
      kind: 'captcha',
      before: { enabled: false },
      after: { enabled: true },
    });
    assert.equal((await f.request('POST', p.saveCaptchaPolicy.path, admin, { enabled: 'yes' })).status, 400);

    // The read-only member (signed in before the save) reads the policy but cannot save it.
    assert.equal((await f.request('GET', p.getTenantCaptchaPolicy.path, reader.token)).status, 200);
    const refused = await f.request('POST', p.saveCaptchaPolicy.path, reader.token, { enabled: false });
    assert.equal(refused.status, 403);
    const [after] = await f.db
      .select()
      .from(policies)
      .where(and(eq(policies.tenantId, acme), eq(policies.kind, 'captcha')));
    assert.deepEqual(after?.value, { enabled: true }, 'unchanged');
  });
});
