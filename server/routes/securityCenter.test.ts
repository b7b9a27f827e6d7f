// The security center through the app on a real database (SECCENTER-001..010): the demo tenant's codes and
// score, policies changed through their own routes changing both, a user flagged at a real sign-in with a
// breached password in the breached table, the bulk reset mailing them (outbox) and the flag kept until they
// set a new password, the inactive and MFA tables paged by 10, the PDF report, another tenant never leaking,
// and the permissions.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { pdfText } from '../testing/pdf';
import {
  INACTIVE_USER_SECONDS,
  RECOMMENDED_IDLE_TIMEOUT_SECONDS,
  RECOMMENDED_LOCKOUT_ATTEMPTS,
  RECOMMENDED_PASSWORD_HISTORY,
  SECURITY_CENTER_TABLE_LIMIT,
  insightsAnswer,
  recommendationsAnswer,
  type InsightsAnswer,
  type RecommendationsAnswer,
} from '../../shared/api/contracts/securityCenter';
import { paths } from '../../shared/api/paths';
import { hashPassword } from '../auth/passwords';
import {
  mfaDevices,
  permissions,
  policies,
  rolePermissions,
  roles,
  tenants,
  users,
  userTenants,
} from '../db/schema';
import { clearOfWindowEdge, fixtures, testServer, type TestServer } from '../testing';

const sc = paths.securityCenter;
const RESET = paths.users.sendResetBreachedPasswordEmails.path;
const REPORT = `${paths.reports.downloadReport.path}?templateId=security-posture&responseType=pdf`;
const BREACHED = 'sunshine1';

interface UserPage {
  items: { id: string; email: string }[];
  _metadata: { totalItems: number; totalPages: number };
}

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let acme: string;
let admin: string;

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

async function recommendations(token = admin): Promise<RecommendationsAnswer> {
  const body = await f.json(await f.request('GET', sc.getRecommendations.path, token));
  return recommendationsAnswer.parse(body);
}
async function insights(token = admin): Promise<InsightsAnswer> {
  return insightsAnswer.parse(await f.json(await f.request('GET', sc.getInsights.path, token)));
}
const codes = async (token = admin) =>
  (await recommendations(token)).recommendations.items.map((r) => r.code);
const insightCodes = async (token = admin) => (await insights(token)).insights.items.map((i) => i.code);
const preset = async (query: Record<string, string | number>, token = admin) =>
  f.json<UserPage>(await f.request('GET', withQuery(paths.users.getUsersV3.path, query), token));

/** A member of `tenant` whose password is a breached one (set directly: the forms refuse it). */
async function breachedMember(tenant: string) {
  const user = await f.createUser({ tenants: [{ id: tenant }] });
  await f.db
    .update(users)
    .set({ passwordHash: await hashPassword(BREACHED) })
    .where(eq(users.id, user.id));
  return user;
}

describe('security center (SECCENTER-001..010)', () => {
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
  });
  after(() => t.close());

  it('[SECCENTER-001] [SECCENTER-002] [SECCENTER-004] the demo tenant: score 35 and the codes of its seeded policies, most severe first', async () => {
    const answer = await recommendations();
    assert.equal(answer.scoring.score, 35);
    assert.deepEqual(
      answer.recommendations.items.map((r) => [r.code, r.severity, r.category]),
      [
        ['FORCE_MFA', 'SEVERE', 'MFA'],
        ['ENABLE_FORCE_RELOGIN', 'WARNING', 'SESSIONS'],
        ['ENABLE_IDLE_SESSION', 'WARNING', 'SESSIONS'],
        ['CONFIGURE_SSO', 'WARNING', 'SSO'],
        ['ENABLE_SESSION_CONCURRENCY', 'INFO', 'SESSIONS'],
        ['ENABLE_IP_RESTRICTIONS', 'INFO', 'IP'],
        ['ENABLE_DOMAIN_RESTRICTIONS', 'INFO', 'DOMAIN'],
      ],
    );
    const forceMfa = answer.recommendations.items[0]!;
    assert.equal(forceMfa.metadata?.mfa?.enrolledUsersCount, 0);
    assert.equal(forceMfa.metadata?.totalUsers, 5, 'the demo admin and its four members');
  });

  it('[SECCENTER-003] [SECCENTER-005] [SECCENTER-010] the demo insights, with the recommended values in their metadata', async () => {
    const answer = await insights();
    assert.deepEqual(
      answer.insights.items.map((i) => i.code),
      [
        'PARTIAL_MFA_USAGE',
        'NO_SESSION_SETTINGS',
        'FULL_PASSWORD_SETTINGS',
        'NO_IP_RESTRICTIONS',
        'NO_DOMAIN_RESTRICTIONS',
      ],
    );
    for (const i of answer.insights.items) assert.ok(i.category && i.metadata, i.code);
    const password = answer.insights.items.find((i) => i.code === 'FULL_PASSWORD_SETTINGS')!;
    assert.deepEqual(password.metadata?.password, {
      userLockoutRecommendation: RECOMMENDED_LOCKOUT_ATTEMPTS,
      historyRecommendations: RECOMMENDED_PASSWORD_HISTORY,
    });
    const sessions = answer.insights.items.find((i) => i.code === 'NO_SESSION_SETTINGS')!;
    assert.equal(sessions.metadata?.sessions?.idleTimeoutRecommendation, RECOMMENDED_IDLE_TIMEOUT_SECONDS);
    assert.deepEqual(
      [RECOMMENDED_LOCKOUT_ATTEMPTS, RECOMMENDED_PASSWORD_HISTORY, RECOMMENDED_IDLE_TIMEOUT_SECONDS],
      [5, 5, 1800],
    );
  });

  it('[SECCENTER-010] the idle timeout saved through the sessions route: SET_IDLE_SESSION above 1800 s, gone at 1800 s, the score up', async () => {
    const save = async (timeout: number) =>
      f.json(
        await f.request('POST', paths.auth.createOrUpdateSessionConfigrations.path, admin, {
          sessionIdleTimeoutConfiguration: { isActive: true, timeout },
        }),
      );
    const before = (await recommendations()).scoring.score;
    await save(3600);
    const weak = await recommendations();
    assert.ok(weak.recommendations.items.some((r) => r.code === 'SET_IDLE_SESSION'));
    assert.ok(!weak.recommendations.items.some((r) => r.code === 'ENABLE_IDLE_SESSION'));
    assert.equal(weak.scoring.score, before + 3);
    assert.ok((await insightCodes()).includes('PARTIAL_SESSION_SETTINGS'));
    await save(RECOMMENDED_IDLE_TIMEOUT_SECONDS);
    const done = await recommendations();
    assert.ok(!done.recommendations.items.some((r) => r.code.endsWith('_IDLE_SESSION')));
    assert.equal(done.scoring.score, before + 5);
  });

  it('[SECCENTER-001] MFA forced through the MFA policy route: FORCE_MFA gone, MFA_FORCED appears, score +15', async () => {
    const before = await recommendations();
    await f.json(
      await f.request('POST', paths.securityPolicy.saveMfaPolicy.path, admin, { enforceMFAType: 'Force' }),
    );
    const after = await recommendations();
    assert.ok(!after.recommendations.items.some((r) => r.code === 'FORCE_MFA'));
    assert.equal(after.scoring.score, before.scoring.score + 15);
    assert.ok((await insightCodes()).includes('MFA_FORCED'));
    // Back off again: the rest of the suite signs users in with a password only.
    await f.json(
      await f.request('POST', paths.securityPolicy.saveMfaPolicy.path, admin, {
        enforceMFAType: 'DontForce',
      }),
    );
    assert.ok((await codes()).includes('FORCE_MFA'));
  });

  it('[SECCENTER-001] [SECCENTER-007] MFA table: users v3 mfa-unenrolled, 10 a page; an enrolled user leaves it and counts', async () => {
    for (let n = 0; n < 11; n++) await f.createUser({ tenants: [{ id: acme }] });
    const first = await preset({
      _preset: 'mfa-unenrolled',
      _limit: SECURITY_CENTER_TABLE_LIMIT,
      _offset: 0,
    });
    assert.equal(first.items.length, 10);
    assert.ok(first._metadata.totalPages >= 2);
    const second = await preset({ _preset: 'mfa-unenrolled', _limit: 10, _offset: 1 });
    assert.ok(second.items.length > 0);
    assert.ok(!second.items.some((u) => first.items.some((v) => v.id === u.id)), 'page 2 is other users');
    const enrolled = first.items[0]!;
    await f.db.insert(mfaDevices).values({
      id: randomUUID(),
      userId: enrolled.id,
      kind: 'authenticator',
      secret: 'JBSWY3DPEHPK3PXP',
      verifiedAt: new Date(),
    });
    const after = await preset({ _preset: 'mfa-unenrolled', _limit: 10 });
    assert.equal(after._metadata.totalItems, first._metadata.totalItems - 1);
    const forceMfa = (await recommendations()).recommendations.items.find((r) => r.code === 'FORCE_MFA')!;
    assert.equal(forceMfa.metadata?.mfa?.enrolledUsersCount, 1);
  });

  it('[SECCENTER-008] [SECCENTER-007] inactive table: no sign-in for 7776000 s (or never, created earlier), 10 a page', async () => {
    assert.equal(INACTIVE_USER_SECONDS, 7_776_000);
    const day = 86_400_000;
    const old = await f.createUser({ tenants: [{ id: acme }], lastLogin: new Date(Date.now() - 91 * day) });
    const recent = await f.createUser({
      tenants: [{ id: acme }],
      lastLogin: new Date(Date.now() - 89 * day),
    });
    const fresh = await f.createUser({ tenants: [{ id: acme }] });
    const neverOld = await f.createUser({ tenants: [{ id: acme }] });
    await f.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 100 * day) })
      .where(eq(users.id, neverOld.id));
    const all = await preset({
      _preset: 'inactive',
      _maxInactiveSeconds: INACTIVE_USER_SECONDS,
      _limit: 100,
    });
    const ids = new Set(all.items.map((u) => u.id));
    assert.ok(ids.has(old.id) && ids.has(neverOld.id));
    assert.ok(!ids.has(recent.id) && !ids.has(fresh.id));
    const page = await preset({
      _preset: 'inactive',
      _maxInactiveSeconds: INACTIVE_USER_SECONDS,
      _limit: 10,
    });
    assert.equal(page.items.length, Math.min(10, all._metadata.totalItems));
  });

  it('[SECCENTER-006] [SECCENTER-001] a breached sign-in lands in the table; the reset (no body) mails them; the flag stays until a new password', async () => {
    await clearOfWindowEdge();
    const user = await breachedMember(acme);
    const signIn = await f.json<{ isBreachedPassword?: boolean }>(await t.login(user.email, BREACHED));
    assert.equal(signIn.isBreachedPassword, true);

    const table = await preset({ _preset: 'breached-passwords', _limit: 10 });
    assert.deepEqual(
      table.items.map((u) => u.email),
      [user.email],
    );
    const recs = await recommendations();
    const breached = recs.recommendations.items.find((r) => r.code === 'BREACHED_PASSWORDS_EXIST')!;
    assert.equal(breached.severity, 'SEVERE');
    assert.equal(breached.metadata?.password?.breachedPasswordUsersCount, 1);
    assert.ok((await insightCodes()).includes('BREACHED_PASSWORD_USERS_EXIST'));

    // No body at all.
    const res = await t.app.request(RESET, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
    assert.deepEqual(await f.json(res), { sent: 1 });
    const mail = await f.mailTo(user.email, 'token=');
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    assert.ok(token, 'the reset link carries a token');
    assert.equal((await f.auditsFor('Breached-password reset emails sent')).length, 1);

    // Within the minute: refused with a code.
    const again = await f.request('POST', RESET, admin);
    assert.equal(again.status, 429);
    assert.equal(((await again.json()) as { errorCode?: string }).errorCode, 'ER-4030');
    assert.ok(again.headers.get('retry-after'));

    // Mailed but not reset: still flagged, still in the table.
    assert.equal((await preset({ _preset: 'breached-passwords' }))._metadata.totalItems, 1);
    await f.json(
      await f.request('POST', paths.auth.resetPassword.path, undefined, {
        userId: user.id,
        token,
        password: 'a-fresh-long-passphrase-42',
      }),
    );
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row!.isBreachedPassword, false);
    assert.equal((await preset({ _preset: 'breached-passwords' }))._metadata.totalItems, 0);
    assert.ok(!(await codes()).includes('BREACHED_PASSWORDS_EXIST'));
  });

  it("[SECCENTER-001] another tenant's users and policies never reach the caller's answers", async () => {
    const other = await f.newTenant(`Other ${randomUUID().slice(0, 6)}`);
    const stranger = await breachedMember(other);
    await f.db.update(users).set({ isBreachedPassword: true }).where(eq(users.id, stranger.id));
    await f.db.insert(policies).values({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      tenantId: other,
      kind: 'mfa',
      value: { enforceMFAType: 'Force' },
    });
    assert.ok(!(await codes()).includes('BREACHED_PASSWORDS_EXIST'));
    assert.ok((await codes()).includes('FORCE_MFA'));
    const table = await preset({ _preset: 'breached-passwords', _limit: 10 });
    assert.ok(!table.items.some((u) => u.id === stranger.id));
    // Their admin sees theirs.
    const theirAdmin = await f.createUser({ tenants: [{ id: other, roles: ['Admin'] }] });
    const theirs = await codes(await theirAdmin.tokenIn(other));
    assert.ok(theirs.includes('BREACHED_PASSWORDS_EXIST'));
    assert.ok(!theirs.includes('FORCE_MFA'));
  });

  it('[SECCENTER-001] the report: a PDF attachment whose text names the score, the account, the codes and the tables', async () => {
    const score = (await recommendations()).scoring.score;
    const res = await f.request('GET', REPORT, admin);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="security-report.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    const text = await pdfText(bytes);
    assert.ok(text.includes(`Security score: ${score} / 100`), text.slice(0, 400));
    assert.ok(text.includes('Account: Acme'));
    assert.ok(text.includes('FORCE_MFA'));
    assert.ok(text.includes(new Date().toISOString().slice(0, 10)));
    assert.match(text, /Users without MFA: \d+/);
    assert.match(text, /Inactive users \(no sign-in for 90 days\): \d+/);
    assert.equal((await f.auditsFor('Security report downloaded')).length, 1);
  });

  it('[SECCENTER-001] the report of an account named in Hebrew, with a PNG logo: no crash, unencodable letters replaced', async () => {
    const hebrew = await f.newTenant('חברה Acme');
    await f.db
      .update(tenants)
      .set({
        logo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      })
      .where(eq(tenants.id, hebrew));
    const theirAdmin = await f.createUser({ tenants: [{ id: hebrew, roles: ['Admin'] }] });
    const res = await f.request('GET', REPORT, await theirAdmin.tokenIn(hebrew));
    assert.equal(res.status, 200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    assert.ok(text.includes('Account: ???? Acme'), text.slice(0, 300));
  });

  it('[SECCENTER-001] the report lists the users only for a caller who may read them: the totals for the others', async () => {
    const roleId = randomUUID();
    await f.db.insert(roles).values({
      id: roleId,
      vendorId: t.services.vendorId,
      tenantId: acme,
      key: `posture-${roleId.slice(0, 6)}`,
      name: 'Posture reader',
    });
    const perms = await f.db
      .select()
      .from(permissions)
      .where(inArray(permissions.key, ['fe.secure.read.securityPolicy']));
    await f.db.insert(rolePermissions).values(perms.map((p) => ({ roleId, permissionId: p.id })));
    const reader = await (await f.createUser({ tenants: [{ id: acme, roleIds: [roleId] }] })).tokenIn(acme);
    const withheld = await pdfText(
      new Uint8Array(await (await f.request('GET', REPORT, reader)).arrayBuffer()),
    );
    assert.match(withheld, /Users without MFA: [1-9]\d*/);
    assert.ok(withheld.includes('(the users are listed for those who may read the users)'));
    assert.ok(!withheld.includes('@'), 'no email in the report');
    const full = await pdfText(new Uint8Array(await (await f.request('GET', REPORT, admin)).arrayBuffer()));
    assert.ok(full.includes('@'), 'the admin reads the emails');
  });

  it('[SECCENTER-007] the MFA table lists active members only, as the enrolment share counts them', async () => {
    const pending = await f.createUser({ tenants: [{ id: acme }] });
    await f.db
      .update(userTenants)
      .set({ activatedForTenant: false })
      .where(and(eq(userTenants.userId, pending.id), eq(userTenants.tenantId, acme)));
    const disabled = await f.createUser({ tenants: [{ id: acme }] });
    await f.db
      .update(userTenants)
      .set({ disabled: true })
      .where(and(eq(userTenants.userId, disabled.id), eq(userTenants.tenantId, acme)));
    const listed = await preset({ _preset: 'mfa-unenrolled', _limit: 500 });
    const ids = listed.items.map((u) => u.id);
    assert.ok(!ids.includes(pending.id), 'a pending invitee is not listed');
    assert.ok(!ids.includes(disabled.id), 'a disabled member is not listed');
    const forceMfa = (await recommendations()).recommendations.items.find((r) => r.code === 'FORCE_MFA');
    // FORCE_MFA's metadata: the active members and the enrolled ones among them.
    const m = forceMfa!.metadata!;
    assert.equal(listed._metadata.totalItems, m.totalUsers! - m.mfa!.enrolledUsersCount!);
  });

  it('[SECCENTER-001] bad report queries are refused naming the field', async () => {
    const bad = async (query: string, pattern: RegExp) => {
      const errors = await f.errorsOf(
        await f.request('GET', `${paths.reports.downloadReport.path}?${query}`, admin),
        400,
      );
      assert.ok(
        errors.some((e) => pattern.test(e)),
        errors.join(),
      );
    };
    await bad('templateId=other&responseType=pdf', /^templateId: Must be security-posture$/);
    await bad('templateId=security-posture&responseType=csv', /^responseType: Must be pdf$/);
  });

  it('[SECCENTER-006] [SECCENTER-004] 403 without the permission: no role reads nothing; ReadOnly reads but cannot reset', async () => {
    const nobody = await (await f.createUser({ tenants: [{ id: acme }] })).tokenIn(acme);
    for (const [method, path] of [
      ['GET', sc.getRecommendations.path],
      ['GET', sc.getInsights.path],
      ['GET', REPORT],
      ['POST', RESET],
    ] as const)
      assert.equal((await f.request(method, path, nobody)).status, 403, `${method} ${path}`);
    const readOnly = await (
      await f.createUser({ tenants: [{ id: acme, roles: ['ReadOnly'] }] })
    ).tokenIn(acme);
    assert.equal((await f.request('GET', sc.getRecommendations.path, readOnly)).status, 200);
    assert.equal((await f.request('POST', RESET, readOnly)).status, 403);
    assert.equal((await f.request('GET', sc.getRecommendations.path)).status, 401);
  });
});
