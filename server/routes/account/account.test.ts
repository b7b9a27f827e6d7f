import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { authContracts } from '../../../shared/api/contracts/auth';
import { paths } from '../../../shared/api/paths';
import {
  enforceSessionPolicy,
  isSessionAlive,
  policyDefaults,
  readPolicy,
  savePolicy,
  touchSession,
  type SessionPolicy,
} from '../../account/policies';
import { audits, policies, sessions, users, userTenants } from '../../db/schema';
import { fixtures, testServer, type TestServer } from '../../testing';

type Json = Record<string, unknown>;

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** The shared fixtures, with sign-ins that name their session id and users holding one role in one tenant. */
function helpers(t: TestServer) {
  const f = fixtures(t);
  /** Signs in: the access token, its session id and the refresh cookie. */
  const signIn = async (email?: string, password?: string) => {
    const { token, claims, cookie } = await f.signIn(email, password);
    return { token, sid: claims.sid as string, cookie };
  };
  /** A verified user with a known password and one role in one tenant. */
  const createUser = async (role: string, tenant = 'Acme') => {
    const tid = await f.tenantId(tenant);
    const user = await f.createUser({
      name: `User ${role}`,
      tenants: [{ id: tid, roles: [role] }],
      password: true,
    });
    const { id, email, password } = user;
    return { id, email, password, tenantId: tid, signIn: () => signIn(email, password) };
  };
  const auditActions = async () => (await f.db.select().from(audits)).map((a) => a.action);
  return { db: f.db, request: f.request, tenantId: f.tenantId, signIn, createUser, auditActions };
}

describe('account: public configuration, profile, tenants, sessions', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  before(async () => {
    t = await testServer();
    h = helpers(t);
  });
  after(() => t.close());

  it('[ENUM-039] [ENUM-040] auth strategies are EmailAndPassword, MagicLink, Code, NoLocalAuthentication, SmsCode; machine-to-machine ClientCredentials, AccessToken', async () => {
    assert.deepEqual(authContracts.getVendorConfig.response.shape.authStrategy.options, [
      'EmailAndPassword',
      'MagicLink',
      'Code',
      'NoLocalAuthentication',
      'SmsCode',
    ]);
    assert.deepEqual(authContracts.getVendorConfig.response.shape.machineToMachineAuthStrategy.options, [
      'ClientCredentials',
      'AccessToken',
    ]);
    // The server's answers parse with these enums (the strategies route parses its answer with the contract).
    const config = await (await h.request('GET', paths.auth.getVendorConfig.path)).json();
    assert.ok(authContracts.getVendorConfig.response.safeParse(config).success);
    const strategies = await (
      await h.request('GET', paths.auth.getVendorPublicAuthStrategiesConfig.path)
    ).json();
    const parsed = authContracts.getVendorPublicAuthStrategiesConfig.response.parse(strategies);
    assert.equal(parsed.mainAuthStrategies[0]?.strategy, 'EmailAndPassword');
    assert.equal(
      authContracts.getVendorConfig.response.safeParse({ ...(config as Json), authStrategy: 'Telepathy' })
        .success,
      false,
    );
  });

  it('[ENUM-041] secondary auth strategies are WebAuthnPlatform, WebAuthnCrossPlatform, SmsCode, SmsCodeV2, Passkeys', async () => {
    const secondary =
      authContracts.getVendorPublicAuthStrategiesConfig.response.shape.secondaryAuthStrategies.element;
    assert.deepEqual(secondary.shape.strategy.options, [
      'WebAuthnPlatform',
      'WebAuthnCrossPlatform',
      'SmsCode',
      'SmsCodeV2',
      'Passkeys',
    ]);
    const strategies = (await (
      await h.request('GET', paths.auth.getVendorPublicAuthStrategiesConfig.path)
    ).json()) as { secondaryAuthStrategies: unknown[] };
    assert.deepEqual(strategies.secondaryAuthStrategies, [{ strategy: 'Passkeys', isActive: true }]);
    assert.equal(secondary.safeParse({ strategy: 'Carrier pigeon', isActive: true }).success, false);
  });

  it('serves the vendor configuration and the auth strategies without a token', async () => {
    const config = await h.request('GET', paths.auth.getVendorConfig.path);
    assert.equal(config.status, 200);
    const body = (await config.json()) as Json;
    assert.equal(body.allowSignups, true);
    assert.equal(body.allowNotVerifiedUsersLogin, false);
    assert.equal(body.apiTokensEnabled, true);
    assert.equal(body.forcePermissions, false);
    assert.equal(body.authStrategy, 'EmailAndPassword');
    assert.equal(body.cookieSameSite, 'LAX');
    assert.equal(body.defaultTokenExpiration, 300);

    const strategies = await h.request('GET', paths.auth.getVendorPublicAuthStrategiesConfig.path);
    assert.equal(strategies.status, 200);
    const s = (await strategies.json()) as Record<string, { isActive: boolean }>;
    assert.equal(s.password?.isActive, true);
    assert.equal(s.magicLink?.isActive, false);
    assert.deepEqual((s as unknown as Json).mainAuthStrategies, [
      { strategy: 'EmailAndPassword', isActive: true },
    ]);

    const forUser = paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser.path;
    assert.equal((await h.request('GET', forUser)).status, 401);
    const { token } = await h.signIn();
    const authed = await h.request('GET', forUser, token);
    assert.equal(authed.status, 200);
    assert.deepEqual(await authed.json(), s);
  });

  it('every account route refuses a call without a valid token (401)', async () => {
    const routes: [string, string][] = [
      ['PUT', paths.users.updateUserProfileV2.path],
      ['GET', paths.users.getCurrentUserTenantsV1.path],
      ['GET', paths.users.getCurrentUserTenantsV3.path],
      ['GET', paths.tenants.getTenants.path],
      ['PUT', paths.tenants.switchTenant.path],
      ['POST', paths.users.GetUserJwt.path],
      ['GET', paths.auth.getCurrentUserSessions.path],
      ['GET', paths.auth.getCurrentUserSession.path],
      ['DELETE', at(paths.auth.deleteSessionForUser.path, { id: 'x' })],
      ['DELETE', paths.auth.deleteAllSessionsForUser.path],
      ['POST', paths.auth.revokeSessionsForUser.path],
      ['GET', paths.auth.getSessionConfigurations.path],
      ['POST', paths.auth.createOrUpdateSessionConfigrations.path],
      ['GET', paths.securityPolicy.getLockoutPolicy.path],
      ['POST', paths.securityPolicy.saveLockoutPolicy.path],
      ['PATCH', paths.securityPolicy.saveLockoutPolicy.path],
      ['GET', paths.securityPolicy.getVendorLockoutPolicy.path],
      ['GET', paths.securityPolicy.getPasswordHistoryPolicy.path],
      ['POST', paths.securityPolicy.savePasswordHistoryPolicy.path],
      ['GET', paths.securityPolicy.getVendorPasswordHistoryPolicy.path],
      ['GET', paths.securityPolicy.getMfaPolicy.path],
      ['POST', paths.securityPolicy.saveMfaPolicy.path],
      ['GET', paths.securityPolicy.getVendorMfaPolicy.path],
    ];
    for (const [method, path] of routes) {
      const none = await h.request(method, path, undefined, method === 'GET' ? undefined : {});
      assert.equal(none.status, 401, `${method} ${path} without a token`);
      const forged = await h.request(method, path, 'not.a.jwt', method === 'GET' ? undefined : {});
      assert.equal(forged.status, 401, `${method} ${path} with a bad token`);
    }
  });

  it('updates the profile: name, phone, an https picture and metadata', async () => {
    const user = await h.createUser('Viewer');
    const { token } = await user.signIn();
    const res = await h.request('PUT', paths.users.updateUserProfileV2.path, token, {
      name: '  Ada Byron ',
      phoneNumber: '+44 20 7946 0958',
      profilePictureUrl: 'https://images.example.com/ada.png',
      metadata: JSON.stringify({ theme: 'dark' }),
    });
    assert.equal(res.status, 200);
    const view = (await res.json()) as Json;
    assert.equal(view.id, user.id);
    assert.equal(view.name, 'Ada Byron');
    assert.equal(view.phoneNumber, '+44 20 7946 0958');
    assert.equal(view.profilePictureUrl, 'https://images.example.com/ada.png');
    // Frontegg's IUserProfile: metadata travels as a JSON string.
    assert.deepEqual(JSON.parse(view.metadata as string), { theme: 'dark' });
    const me = (await (await h.request('GET', paths.auth.getMeV2.path, token)).json()) as Json;
    assert.equal(me.name, 'Ada Byron');

    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const withData = await h.request('PUT', paths.users.updateUserProfileV2.path, token, {
      profilePictureUrl: png,
    });
    assert.equal(withData.status, 200);
    assert.equal(((await withData.json()) as Json).profilePictureUrl, png);
    // Clearing is allowed.
    const cleared = await h.request('PUT', paths.users.updateUserProfileV2.path, token, { phoneNumber: '' });
    assert.equal(((await cleared.json()) as Json).phoneNumber, null);
  });

  it('refuses unsafe or oversized profile values (400), leaving the profile as it was', async () => {
    const user = await h.createUser('Viewer');
    const { token } = await user.signIn();
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const bad: Json[] = [
      { profilePictureUrl: svg },
      { profilePictureUrl: 'http://images.example.com/a.png' },
      { profilePictureUrl: 'javascript:alert(1)' },
      { profilePictureUrl: 'https://user:pass@images.example.com/a.png' },
      { profilePictureUrl: `data:image/png;base64,${'A'.repeat(800_000)}` },
      { profilePictureUrl: 'data:image/png;base64,<script>' },
      { name: '' },
      { name: 'x'.repeat(201) },
      { phoneNumber: 'call me' },
      { metadata: 'not json' },
      { metadata: '[1,2]' },
      { metadata: { big: 'x'.repeat(11_000) } },
    ];
    for (const body of bad) {
      const res = await h.request('PUT', paths.users.updateUserProfileV2.path, token, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      const { errors } = (await res.json()) as { errors: string[] };
      assert.ok(errors.length > 0);
    }
    const [row] = await h.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row!.profilePictureUrl, null);
    assert.equal(row!.name, 'User Viewer');
  });

  it('lists the tenants of the user (v2 the list; v1 and v3 the list and the active one)', async () => {
    const { token } = await h.signIn();
    const acme = await h.tenantId('Acme');
    const res = await h.request('GET', paths.tenants.getTenants.path, token);
    assert.equal(res.status, 200);
    const list = (await res.json()) as { tenantId: string; name: string }[];
    // Acme and, by delegation (issue 20: the admin may enter Acme's sub-accounts), its two sub-accounts.
    assert.deepEqual(
      list.map((x) => [x.tenantId, x.name]),
      [
        [acme, 'Acme'],
        [await h.tenantId('Acme Europe'), 'Acme Europe'],
        [await h.tenantId('Acme Labs'), 'Acme Labs'],
      ],
    );
    for (const path of [paths.users.getCurrentUserTenantsV1.path, paths.users.getCurrentUserTenantsV3.path]) {
      const answer = (await (await h.request('GET', path, token)).json()) as {
        tenants: { tenantId: string }[];
        activeTenant: { tenantId: string; name: string };
      };
      assert.equal(answer.tenants.length, 3);
      assert.equal(answer.activeTenant.tenantId, acme);
      assert.equal(answer.activeTenant.name, 'Acme');
    }
  });

  it('switches tenant only to a tenant the user belongs to (else 403); the refresh then answers for it', async () => {
    const user = await h.createUser('Viewer');
    const { token, cookie } = await user.signIn();
    const europe = await h.tenantId('Acme Europe');
    // Not allowed into Acme's sub-accounts (else Europe is reached by delegation: hierarchy.test.ts).
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(eq(userTenants.userId, user.id));

    const refused = await h.request('PUT', paths.tenants.switchTenant.path, token, { tenantId: europe });
    assert.equal(refused.status, 403);
    const unknown = await h.request('PUT', paths.tenants.switchTenant.path, token, {
      tenantId: randomUUID(),
    });
    assert.equal(unknown.status, 403);
    assert.equal((await h.request('PUT', paths.tenants.switchTenant.path, token, {})).status, 400);
    const [still] = await h.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(still!.activeTenantId, user.tenantId);

    await h.db.insert(userTenants).values({ userId: user.id, tenantId: europe });
    const res = await h.request('PUT', paths.tenants.switchTenant.path, token, { tenantId: europe });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
    const [moved] = await h.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(moved!.activeTenantId, europe);

    const refreshed = await t.refresh(cookie);
    assert.equal(refreshed.status, 200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    assert.equal(decodeJwt(accessToken).tenantId, europe);
    const v3 = (await (
      await h.request('GET', paths.users.getCurrentUserTenantsV3.path, accessToken)
    ).json()) as {
      tenants: unknown[];
      activeTenant: { tenantId: string };
    };
    assert.equal(v3.tenants.length, 2);
    assert.equal(v3.activeTenant.tenantId, europe);
  });

  it('users v3 me/token mints an access token for a tenant of the user only (else 403)', async () => {
    const user = await h.createUser('Editor');
    const { token, sid } = await user.signIn();
    const labs = await h.tenantId('Acme Labs');
    // Not allowed into Acme's sub-accounts (else Labs is reached by delegation: hierarchy.test.ts).
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(eq(userTenants.userId, user.id));

    assert.equal(
      (await h.request('POST', paths.users.GetUserJwt.path, token, { tenantId: labs })).status,
      403,
    );

    const ok = await h.request('POST', paths.users.GetUserJwt.path, token, { tenantId: user.tenantId });
    assert.equal(ok.status, 200);
    const { token: minted } = (await ok.json()) as { token: string };
    const claims = await t.services.tokens.verify(minted);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.tenantId, user.tenantId);
    assert.equal(claims.sid, sid);
    assert.deepEqual(claims.roles, ['Editor']);

    // A member of Labs with no role there: a token for Labs, without Acme's roles.
    await h.db.insert(userTenants).values({ userId: user.id, tenantId: labs });
    const forLabs = await h.request('POST', paths.users.GetUserJwt.path, token, { tenantId: labs });
    assert.equal(forLabs.status, 200);
    const labsClaims = await t.services.tokens.verify(((await forLabs.json()) as { token: string }).token);
    assert.equal(labsClaims.tenantId, labs);
    assert.deepEqual(labsClaims.roles, []);
  });

  it("[SESSIONS-001] lists the user's sessions (id, userAgent, createdAt, ipAddress, current) and marks the current one; answers the current one", async () => {
    const user = await h.createUser('Viewer');
    const first = await user.signIn();
    const second = await user.signIn();
    const res = await h.request('GET', paths.auth.getCurrentUserSessions.path, second.token);
    assert.equal(res.status, 200);
    const list = (await res.json()) as {
      id: string;
      current: boolean;
      createdAt: string;
      ipAddress: string;
      userAgent: string;
    }[];
    assert.deepEqual(list.map((s) => s.id).sort(), [first.sid, second.sid].sort());
    assert.deepEqual(
      list.filter((s) => s.current).map((s) => s.id),
      [second.sid],
    );
    for (const s of list) {
      assert.ok(!Number.isNaN(Date.parse(s.createdAt)));
      assert.equal(typeof s.ipAddress, 'string');
      assert.equal(typeof s.userAgent, 'string');
    }
    const current = await h.request('GET', paths.auth.getCurrentUserSession.path, first.token);
    assert.equal(current.status, 200);
    const body = (await current.json()) as { id: string; current: boolean };
    assert.equal(body.id, first.sid);
    assert.equal(body.current, true);
  });

  it("deletes one of the caller's sessions; another user's session id is a 404 (no IDOR)", async () => {
    const user = await h.createUser('Viewer');
    const other = await h.createUser('Viewer');
    const mine = await user.signIn();
    const old = await user.signIn();
    const theirs = await other.signIn();

    const path = (id: string) => at(paths.auth.deleteSessionForUser.path, { id });
    assert.equal((await h.request('DELETE', path(theirs.sid), mine.token)).status, 404);
    assert.equal((await h.request('DELETE', path(randomUUID()), mine.token)).status, 404);
    assert.equal((await t.refresh(theirs.cookie)).status, 200, "the other user's session is untouched");

    const res = await h.request('DELETE', path(old.sid), mine.token);
    assert.equal(res.status, 200);
    assert.equal((await t.refresh(old.cookie)).status, 401, 'its refresh token is revoked');
    const list = (await (
      await h.request('GET', paths.auth.getCurrentUserSessions.path, mine.token)
    ).json()) as {
      id: string;
    }[];
    assert.deepEqual(
      list.map((s) => s.id),
      [mine.sid],
    );
    // Already revoked: gone.
    assert.equal((await h.request('DELETE', path(old.sid), mine.token)).status, 404);
    assert.ok((await h.auditActions()).includes('Session revoked'));
  });

  it('deletes all sessions but the current one', async () => {
    const user = await h.createUser('Viewer');
    const a = await user.signIn();
    const b = await user.signIn();
    const current = await user.signIn();
    const res = await h.request('DELETE', paths.auth.deleteAllSessionsForUser.path, current.token);
    assert.equal(res.status, 200);
    assert.equal((await t.refresh(a.cookie)).status, 401);
    assert.equal((await t.refresh(b.cookie)).status, 401);
    assert.equal((await t.refresh(current.cookie)).status, 200, 'the current session lives on');
    const list = (await (
      await h.request('GET', paths.auth.getCurrentUserSessions.path, current.token)
    ).json()) as {
      id: string;
      current: boolean;
    }[];
    assert.deepEqual(list, [list[0]]);
    assert.equal(list[0]!.id, current.sid);
    assert.equal(list[0]!.current, true);
  });

  it("an admin revokes a member's sessions; a member without fe.secure.write.users cannot (403)", async () => {
    const admin = await h.signIn();
    const member = await h.createUser('ReadOnly');
    const session = await member.signIn();
    const outsider = await h.createUser('Viewer', 'Acme Labs');
    const outsiderSession = await outsider.signIn();

    const asMember = await h.request('POST', paths.auth.revokeSessionsForUser.path, session.token, {
      userId: outsider.id,
    });
    assert.equal(asMember.status, 403);
    // A user of another tenant answers like an unknown one.
    const crossTenant = await h.request('POST', paths.auth.revokeSessionsForUser.path, admin.token, {
      userId: outsider.id,
    });
    assert.equal(crossTenant.status, 404);
    assert.equal((await t.refresh(outsiderSession.cookie)).status, 200);
    assert.equal(
      (await h.request('POST', paths.auth.revokeSessionsForUser.path, admin.token, { userId: randomUUID() }))
        .status,
      404,
    );

    const res = await h.request('POST', paths.auth.revokeSessionsForUser.path, admin.token, {
      userId: member.id,
    });
    assert.equal(res.status, 200);
    assert.equal((await t.refresh(session.cookie)).status, 401);
    assert.ok((await h.auditActions()).includes('User sessions revoked by admin'));
  });
});

describe('account: session policy', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  before(async () => {
    t = await testServer();
    h = helpers(t);
  });
  after(() => t.close());

  const policy = (overrides: Partial<SessionPolicy> = {}): SessionPolicy => ({
    ...structuredClone(policyDefaults.session),
    ...overrides,
  });

  it('isSessionAlive: idle timeout against lastSeenAt, absolute timeout against createdAt (injected now)', () => {
    const createdAt = new Date('2024-01-01T00:00:00Z');
    const lastSeenAt = new Date('2024-01-01T10:00:00Z');
    const session = { createdAt, lastSeenAt, revokedAt: null };
    const idle = policy({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 } });
    assert.equal(isSessionAlive(session, idle, new Date('2024-01-01T10:29:59Z')), true);
    assert.equal(isSessionAlive(session, idle, new Date('2024-01-01T10:30:00Z')), false);

    const absolute = policy({ sessionTimeoutConfiguration: { isActive: true, timeout: 86_400 } });
    assert.equal(isSessionAlive(session, absolute, new Date('2024-01-01T23:59:59Z')), true);
    assert.equal(isSessionAlive(session, absolute, new Date('2024-01-02T00:00:00Z')), false);

    // Inactive timeouts never end a session; a revoked one is never alive.
    assert.equal(isSessionAlive(session, policy(), new Date('2030-01-01T00:00:00Z')), true);
    assert.equal(isSessionAlive({ ...session, revokedAt: lastSeenAt }, policy(), lastSeenAt), false);
  });

  it('reads the defaults (inactive) and saves with fe.secure.write.securityPolicy only', async () => {
    const admin = await h.signIn();
    const get = await h.request('GET', paths.auth.getSessionConfigurations.path, admin.token);
    assert.equal(get.status, 200);
    assert.deepEqual(await get.json(), policyDefaults.session);

    const readOnly = await (await h.createUser('ReadOnly')).signIn();
    const body = { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 } };
    assert.equal(
      (await h.request('POST', paths.auth.createOrUpdateSessionConfigrations.path, readOnly.token, body))
        .status,
      403,
    );
    const saved = await h.request(
      'POST',
      paths.auth.createOrUpdateSessionConfigrations.path,
      admin.token,
      body,
    );
    assert.equal(saved.status, 200);
    const expected = {
      ...policyDefaults.session,
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 },
    };
    assert.deepEqual(await saved.json(), expected);
    assert.deepEqual(
      await (await h.request('GET', paths.auth.getSessionConfigurations.path, readOnly.token)).json(),
      expected,
    );
    const tooShort = await h.request(
      'POST',
      paths.auth.createOrUpdateSessionConfigrations.path,
      admin.token,
      {
        sessionTimeoutConfiguration: { timeout: 5 },
      },
    );
    assert.equal(tooShort.status, 400);
    assert.ok((await h.auditActions()).includes('Security policy updated: session'));
  });

  it('an idle session is not listed; refresh-time touchSession revokes it and restarts the clock of a live one', async () => {
    const user = await h.createUser('Viewer');
    const idle = await user.signIn();
    const live = await user.signIn();
    // The Acme policy saved above: idle timeout 600 s.
    const longAgo = new Date(Date.now() - 20 * 60_000);
    await h.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.id, idle.sid));

    const list = (await (
      await h.request('GET', paths.auth.getCurrentUserSessions.path, live.token)
    ).json()) as {
      id: string;
    }[];
    assert.deepEqual(
      list.map((s) => s.id),
      [live.sid],
    );
    const { services } = t;
    assert.equal(await touchSession(services, idle.sid), false);
    assert.equal((await t.refresh(idle.cookie)).status, 401, 'the idle session was revoked');

    const later = new Date(Date.now() + 5 * 60_000);
    assert.equal(await touchSession(services, live.sid, later), true);
    const [row] = await h.db.select().from(sessions).where(eq(sessions.id, live.sid));
    assert.equal(row!.lastSeenAt.getTime(), later.getTime());
    // Ten minutes after the last touch it is idle too.
    assert.equal(await touchSession(services, live.sid, new Date(later.getTime() + 600_000)), false);
    assert.equal(await touchSession(services, randomUUID()), false);
  });

  it('[SESSIONS-002] an idle timeout shorter than the token lifetime bounds the token and is told to the page (idleTimeout)', async () => {
    const admin = await h.signIn();
    const save = (body: unknown) =>
      h.request('POST', paths.auth.createOrUpdateSessionConfigrations.path, admin.token, body);
    const user = await h.createUser('Viewer');
    const answerOf = async () =>
      (await (await t.login(user.email, user.password)).json()) as {
        expiresIn: number;
        idleTimeout?: number;
      };
    assert.equal(
      (await save({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } })).status,
      200,
    );
    try {
      const short = await answerOf();
      assert.equal(short.idleTimeout, 120);
      assert.equal(short.expiresIn, 120, 'the token lives no longer than the idle timeout');
      // A refresh answers the same bound.
      const { cookie } = await user.signIn();
      const refreshed = (await (await t.refresh(cookie)).json()) as {
        expiresIn: number;
        idleTimeout?: number;
      };
      assert.deepEqual([refreshed.expiresIn, refreshed.idleTimeout], [120, 120]);
    } finally {
      assert.equal((await save({ sessionIdleTimeoutConfiguration: { isActive: false } })).status, 200);
    }
    const plain = await answerOf();
    assert.equal(plain.idleTimeout, undefined);
    assert.equal(plain.expiresIn, t.services.config.accessTokenTtlSeconds);
  });

  it('signing in enforces the session policy: the newest maxSessions sessions stay, older ones are revoked', async () => {
    const admin = await h.signIn();
    const saved = await h.request('POST', paths.auth.createOrUpdateSessionConfigrations.path, admin.token, {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 2 },
      sessionIdleTimeoutConfiguration: { isActive: false },
    });
    assert.equal(saved.status, 200);

    const user = await h.createUser('Viewer');
    const signIns = [];
    for (let i = 0; i < 4; i++) signIns.push(await user.signIn());
    // Each sign-in already applied the policy; applying it again finds nothing more to revoke.
    assert.deepEqual(await enforceSessionPolicy(t.services, user.id, user.tenantId), []);
    const open = await h.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    assert.deepEqual(open.map((s) => s.id).sort(), [signIns[2]!.sid, signIns[3]!.sid].sort());

    const newest = signIns[3]!;
    const list = (await (
      await h.request('GET', paths.auth.getCurrentUserSessions.path, newest.token)
    ).json()) as {
      id: string;
    }[];
    assert.deepEqual(
      list.map((s) => s.id),
      [signIns[3]!.sid, signIns[2]!.sid],
    );
    assert.equal((await t.refresh(signIns[0]!.cookie)).status, 401);
    assert.equal((await t.refresh(signIns[2]!.cookie)).status, 200);
    // Within the limit: nothing more to revoke.
    assert.deepEqual(await enforceSessionPolicy(t.services, user.id, user.tenantId), []);
  });

  it('enforceSessionPolicy also revokes sessions past the absolute timeout', async () => {
    const user = await h.createUser('Viewer', 'Acme Labs');
    const old = await user.signIn();
    const fresh = await user.signIn();
    await savePolicy(
      t.services,
      'session',
      user.tenantId,
      { sessionTimeoutConfiguration: { isActive: true, timeout: 3600 } },
      { userId: user.id },
    );
    await h.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(sessions.id, old.sid));
    assert.deepEqual(await enforceSessionPolicy(t.services, user.id, user.tenantId), [old.sid]);
    const [row] = await h.db.select().from(sessions).where(eq(sessions.id, fresh.sid));
    assert.equal(row!.revokedAt, null);
  });
});

describe('account: lockout, password-history and MFA policies', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  before(async () => {
    t = await testServer();
    h = helpers(t);
  });
  after(() => t.close());

  const p = paths.securityPolicy;

  /** A policy answer without the id and dates of the row it comes from (checked to be there). */
  const valueOf = (answer: unknown) => {
    const { id, createdAt, updatedAt, ...value } = answer as Json;
    assert.equal(typeof id, 'string');
    assert.ok(!Number.isNaN(Date.parse(createdAt as string)), 'createdAt');
    assert.ok(!Number.isNaN(Date.parse(updatedAt as string)), 'updatedAt');
    return value;
  };

  it('answers the defaults for the tenant and the vendor, with fe.secure.read.securityPolicy only', async () => {
    // The portal's security page needs fe.secure.read.securityPolicy; a Viewer (users, roles, groups and
    // settings) does not see it and cannot read the policies. The password rules every form applies are
    // for any signed-in user.
    const viewer = await (await h.createUser('Viewer')).signIn();
    for (const path of [p.getLockoutPolicy.path, p.getMfaPolicy.path, p.getVendorPasswordHistoryPolicy.path])
      assert.equal((await h.request('GET', path, viewer.token)).status, 403, path);
    assert.equal((await h.request('GET', p.getPasswordConfigPolicy.path, viewer.token)).status, 200);

    const { token } = await (await h.createUser('ReadOnly')).signIn();
    const read = async (path: string) => {
      const res = await h.request('GET', path, token);
      assert.equal(res.status, 200, path);
      return valueOf(await res.json());
    };
    assert.deepEqual(await read(p.getLockoutPolicy.path), {
      enabled: true,
      maxAttempts: 5,
      lockoutMinutes: 15,
    });
    assert.deepEqual(await read(p.getVendorLockoutPolicy.path), {
      enabled: true,
      maxAttempts: 5,
      lockoutMinutes: 15,
    });
    assert.deepEqual(await read(p.getPasswordHistoryPolicy.path), { enabled: true, historySize: 5 });
    assert.deepEqual(await read(p.getVendorPasswordHistoryPolicy.path), { enabled: true, historySize: 5 });
    const mfa = await read(p.getMfaPolicy.path);
    assert.equal(mfa.enforceMFAType, 'DontForce');
    assert.equal(typeof mfa.allowRememberMyDevice, 'boolean');
    assert.equal(typeof mfa.mfaDeviceExpiration, 'number');
    assert.deepEqual(await read(p.getVendorMfaPolicy.path), mfa);
  });

  it('[SECURITY-016] [SECURITY-017] [SECURITY-018] [SECURITY-019] [SECURITY-020] the global policy, password rules, rotation and captcha answer what the server enforces', async () => {
    const { token } = await (await h.createUser('ReadOnly')).signIn();
    const read = async (path: string, signedIn = true) => {
      const res = await h.request('GET', path, signedIn ? token : undefined);
      assert.equal(res.status, 200, path);
      return (await res.json()) as Json;
    };
    const global = await read(p.getGlobalSecurityPolicy.path);
    valueOf(global);
    assert.equal(global.enforceMFAType, 'DontForce');
    assert.equal(global.cookieSameSite, t.services.config.cookieSameSite.toUpperCase());
    assert.equal(global.defaultTokenExpiration, t.services.config.accessTokenTtlSeconds);
    assert.equal(global.defaultRefreshTokenExpiration, t.services.config.refreshTokenTtlDays * 86_400);
    // The key access tokens are verified with (base64 SPKI): the last key of the JWKS.
    assert.match(global.publicKey as string, /^MII[A-Za-z0-9+/=]+$/);

    // The rules every password form applies, as signup/passwordPolicy enforces them (the defaults, as
    // Frontegg's TestConfig), and rotation (off by default).
    assert.deepEqual(await read(p.getPasswordConfigPolicy.path), {
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
    const noRotation = { isActive: false, rotationPeriod: 90, notificationPeriod: 7 };
    assert.deepEqual(await read(p.getPasswordRotationPolicy.path), noRotation);
    assert.deepEqual(await read(p.getVendorPasswordRotationPolicy.path), noRotation);
    const captcha = await read(p.getCaptchaPolicy.path, false);
    assert.deepEqual(valueOf(captcha), { enabled: false, siteKey: '' });
  });

  it('a ReadOnly member cannot save any policy (403), with POST or PATCH', async () => {
    const { token } = await (await h.createUser('ReadOnly')).signIn();
    const attempts: [string, string, Json][] = [
      ['POST', p.saveLockoutPolicy.path, { maxAttempts: 50 }],
      ['PATCH', p.saveLockoutPolicy.path, { enabled: false }],
      ['POST', p.savePasswordHistoryPolicy.path, { historySize: 1 }],
      ['PATCH', p.savePasswordHistoryPolicy.path, { enabled: false }],
      ['POST', p.saveMfaPolicy.path, { enforceMFAType: 'Force' }],
      ['PATCH', p.saveMfaPolicy.path, { enforceMFAType: 'Force' }],
    ];
    for (const [method, path, body] of attempts)
      assert.equal((await h.request(method, path, token, body)).status, 403, `${method} ${path}`);
    assert.equal((await h.db.select().from(policies)).length, 0);
  });

  it('saves per tenant (PATCH merges), validates, audits, and leaves the vendor value and other tenants alone', async () => {
    const admin = await h.signIn();
    const patched = await h.request('PATCH', p.savePasswordHistoryPolicy.path, admin.token, {
      historySize: 8,
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(await patched.json(), { enabled: true, historySize: 8 });
    const mfa = await h.request('POST', p.saveMfaPolicy.path, admin.token, {
      enforceMFAType: 'Force',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 86_400,
    });
    assert.equal(mfa.status, 200);
    assert.deepEqual(await mfa.json(), {
      enforceMFAType: 'Force',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 86_400,
    });
    assert.deepEqual(valueOf(await (await h.request('GET', p.getMfaPolicy.path, admin.token)).json()), {
      enforceMFAType: 'Force',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 86_400,
    });
    assert.equal(
      ((await (await h.request('GET', p.getVendorMfaPolicy.path, admin.token)).json()) as Json)
        .enforceMFAType,
      'DontForce',
    );

    for (const [path, body] of [
      [p.saveLockoutPolicy.path, { maxAttempts: 0 }],
      [p.saveLockoutPolicy.path, { enabled: 'yes' }],
      [p.savePasswordHistoryPolicy.path, { historySize: 1000 }],
      [p.saveMfaPolicy.path, { enforceMFAType: 'Sometimes' }],
    ] as [string, Json][]) {
      assert.equal((await h.request('POST', path, admin.token, body)).status, 400, JSON.stringify(body));
    }

    const labsUser = await (await h.createUser('ReadOnly', 'Acme Labs')).signIn();
    assert.deepEqual(
      valueOf(await (await h.request('GET', p.getPasswordHistoryPolicy.path, labsUser.token)).json()),
      { enabled: true, historySize: 5 },
    );
    const actions = await h.auditActions();
    assert.ok(actions.includes('Security policy updated: passwordHistory'));
    assert.ok(actions.includes('Security policy updated: mfa'));
    // Forced MFA now applies to every sign-in of this tenant: later tests sign in with a password only.
    const reset = await h.request('POST', p.saveMfaPolicy.path, admin.token, { enforceMFAType: 'DontForce' });
    assert.equal(reset.status, 200);
  });

  it('readPolicy: the tenant value, else the vendor value, else the default; a corrupt row is skipped', async () => {
    const { services } = t;
    const labs = await h.tenantId('Acme Labs');
    const europe = await h.tenantId('Acme Europe');
    const actor = { userId: 'test' };
    assert.deepEqual(await readPolicy(services, labs, 'lockout'), {
      enabled: true,
      maxAttempts: 5,
      lockoutMinutes: 15,
    });
    await savePolicy(services, 'lockout', null, { maxAttempts: 7 }, actor);
    assert.deepEqual(await readPolicy(services, labs, 'lockout'), {
      enabled: true,
      maxAttempts: 7,
      lockoutMinutes: 15,
    });
    await savePolicy(services, 'lockout', labs, { maxAttempts: 3 }, actor);
    assert.deepEqual(await readPolicy(services, labs, 'lockout'), {
      enabled: true,
      maxAttempts: 3,
      lockoutMinutes: 15,
    });
    assert.deepEqual(await readPolicy(services, europe, 'lockout'), {
      enabled: true,
      maxAttempts: 7,
      lockoutMinutes: 15,
    });
    assert.deepEqual(await readPolicy(services, null, 'lockout'), {
      enabled: true,
      maxAttempts: 7,
      lockoutMinutes: 15,
    });
    // Saving again updates the one row of that scope.
    await savePolicy(services, 'lockout', labs, { enabled: false }, actor);
    const rows = await h.db
      .select()
      .from(policies)
      .where(and(eq(policies.kind, 'lockout'), eq(policies.tenantId, labs)));
    assert.equal(rows.length, 1);
    assert.deepEqual(await readPolicy(services, labs, 'lockout'), {
      enabled: false,
      maxAttempts: 3,
      lockoutMinutes: 15,
    });

    await h.db
      .update(policies)
      .set({ value: { maxAttempts: -1 } })
      .where(eq(policies.id, rows[0]!.id));
    assert.deepEqual(await readPolicy(services, labs, 'lockout'), {
      enabled: true,
      maxAttempts: 7,
      lockoutMinutes: 15,
    });
    const result = await savePolicy(services, 'lockout', labs, { maxAttempts: 0 }, actor);
    assert.equal(result.ok, false);
  });

  it('the lockout policy takes effect at login: maxAttempts 2 locks after 2 failures', async () => {
    const admin = await h.signIn();
    const res = await h.request('POST', p.saveLockoutPolicy.path, admin.token, {
      enabled: true,
      maxAttempts: 2,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { enabled: true, maxAttempts: 2, lockoutMinutes: 15 });

    const user = await h.createUser('Viewer');
    assert.equal((await t.login(user.email, 'wrong-password')).status, 401);
    const [afterOne] = await h.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(afterOne!.lockedUntil, null);
    assert.equal((await t.login(user.email, 'wrong-password')).status, 401);
    const [afterTwo] = await h.db.select().from(users).where(eq(users.id, user.id));
    assert.ok(afterTwo!.lockedUntil && afterTwo!.lockedUntil > new Date());
    assert.equal(
      (await t.login(user.email, user.password)).status,
      401,
      'locked, even with the right password',
    );

    // Disabled: failures never lock.
    await h.request('PATCH', p.saveLockoutPolicy.path, admin.token, { enabled: false });
    const free = await h.createUser('Viewer');
    for (let i = 0; i < 4; i++) assert.equal((await t.login(free.email, 'wrong-password')).status, 401);
    assert.equal((await t.login(free.email, free.password)).status, 200);
  });
});
