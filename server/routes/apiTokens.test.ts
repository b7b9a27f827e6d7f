// API tokens through the app (TOKENS-001, TOKENS-002, ENUM-040): creating personal and tenant tokens (the
// secret shown once, stored as a hash), the list and delete calls, the machine-to-machine exchange (an access
// token verifiable with the JWKS, with the roles' permissions), what such a token may call, its end the moment
// its token is deleted or expires or its user is removed, the feature switch, the rate limits and the audit rows.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { apiTokensContracts as atc } from '../../shared/api/contracts/apiTokens';
import { paths } from '../../shared/api/paths';
import { roleKeys as sampleRoleKeys } from '../../shared/fixtures/roles';
import { apiTokens, permissions, rolePermissions, roles, users, userTenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
const a = paths.auth;
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let acme: string;
let adminToken: string;

const createTenantToken = async (token: string, body: Json, status = 201) =>
  f.json<Json>(await f.request('POST', a.updateTenantApiTokensData.path, token, body), status);
const createUserToken = async (token: string, body: Json, status = 201) =>
  f.json<Json>(await f.request('POST', a.updateUserApiTokensData.path, token, body), status);
const exchange = (clientId: unknown, secret: unknown) =>
  f.request('POST', a.exchangeApiToken.path, undefined, { clientId, secret });
const accessTokenOf = async (clientId: unknown, secret: unknown) =>
  (
    atc.exchangeApiToken.response.parse(await f.json(await exchange(clientId, secret))) as {
      accessToken: string;
    }
  ).accessToken;

describe('API tokens', () => {
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    adminToken = (await f.signIn()).token;
  });
  after(() => t.close());

  it('[TOKENS-001] [TOKENS-002] [ENUM-040] a tenant token: roleIds, the secret shown once, only its hash stored', async () => {
    const readOnly = await f.roleId('ReadOnly');
    const created = await createTenantToken(adminToken, {
      description: 'CI',
      roleIds: [readOnly],
      expiresInMinutes: 30 * 1440,
    });
    const answer = atc.updateTenantApiTokensData.response.parse(created);
    assert.equal(answer.type, 'ClientCredentials');
    assert.equal(answer.clientId, answer.id);
    assert.deepEqual(answer.roleIds, [readOnly]);
    assert.equal(answer.tenantId, acme);
    assert.equal(answer.description, 'CI');
    assert.ok(
      answer.expires && Math.abs(Date.parse(answer.expires) - (Date.now() + 30 * 86_400_000)) < 60_000,
    );
    assert.equal(answer.lastUsed, null);
    assert.ok(Buffer.from(answer.secret, 'base64url').length >= 32, 'at least 256 random bits');

    const list = atc.getTenantApiTokensData.response.parse(
      await f.json(await f.request('GET', a.getTenantApiTokensData.path, adminToken)),
    );
    const listed = list.find((x) => x.clientId === answer.clientId);
    assert.ok(listed);
    assert.ok(
      !('secret' in listed) && !JSON.stringify(list).includes(answer.secret),
      'the list has no secret',
    );

    const [row] = await f.db.select().from(apiTokens).where(eq(apiTokens.id, answer.clientId));
    assert.ok(row && !JSON.stringify(row).includes(answer.secret), 'the database has no secret');
    assert.equal(row.secretHash, createHash('sha256').update(answer.secret).digest('base64url'));
  });

  it('[TOKENS-005] [TOKENS-006] [TOKENS-007] the create bodies take minutes, null, or no expiry at all', async () => {
    const withNull = atc.updateUserApiTokensData.response.parse(
      await createUserToken(adminToken, { description: 'none', expiresInMinutes: null }),
    );
    assert.equal(withNull.expires, null);
    const absent = atc.updateUserApiTokensData.response.parse(
      await createUserToken(adminToken, { description: 'x' }),
    );
    assert.equal(absent.expires, null);
    const days = atc.updateUserApiTokensData.response.parse(
      await createUserToken(adminToken, { description: 'week', expiresInMinutes: 7 * 1440 }),
    );
    assert.ok(Math.abs(Date.parse(days.expires!) - (Date.now() + 7 * 86_400_000)) < 60_000);
    await f.errorsOf(
      await f.request('POST', a.updateUserApiTokensData.path, adminToken, { expiresInMinutes: -1 }),
      400,
    );
  });

  it("[TOKENS-002] [ENUM-040] the exchange answers a JWKS-verifiable access token with the roles' permissions: list users 200, invite 403", async () => {
    const readOnly = await f.roleId('ReadOnly');
    const { clientId, secret } = await createTenantToken(adminToken, {
      description: 'reader',
      roleIds: [readOnly],
    });
    const res = await exchange(clientId, secret);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const answer = atc.exchangeApiToken.response.parse(await f.json(res));
    assert.equal(
      answer.expiresIn,
      t.services.config.accessTokenTtlSeconds,
      'short-lived: the access-token TTL',
    );

    const jwks = await f.json<JSONWebKeySet>(await f.request('GET', '/.well-known/jwks.json'));
    const { payload, protectedHeader } = await jwtVerify(answer.accessToken, createLocalJWKSet(jwks), {
      issuer: t.services.config.publicUrl,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    assert.equal(payload.type, 'tenantApiToken');
    assert.equal(payload.sub, clientId);
    assert.equal(payload.tenantId, acme);
    const expected = (await f.db.select({ key: permissions.key }).from(permissions))
      .map((p) => p.key)
      .filter((key) => sampleRoleKeys.ReadOnly(key))
      .sort();
    assert.deepEqual([...(payload.permissions as string[])].sort(), expected);

    await f.json(await f.request('GET', paths.teams.loadUsers.path, answer.accessToken));
    const refused = await f.errorsOf(
      await f.request('POST', paths.teams.addUser.path, answer.accessToken, {
        email: `${randomUUID().slice(0, 8)}@example.test`,
        name: 'Nope',
      }),
      403,
    );
    assert.deepEqual(refused, ['You are not authorized to perform this action']);
    // lastUsed moves on the exchange.
    const [row] = await f.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, clientId as string));
    assert.ok(row?.lastUsedAt);
  });

  it('[ENUM-040] API-token access tokens never reach profile-only routes (personal tokens, profile, sessions)', async () => {
    const { clientId, secret } = await createTenantToken(adminToken, {
      description: 'admin-ish',
      roleIds: [await f.roleId('Admin')],
    });
    const token = await accessTokenOf(clientId, secret);
    for (const [method, path] of [
      ['GET', a.getUserApiTokensData.path],
      ['POST', a.updateUserApiTokensData.path],
      ['GET', a.getMeV2.path],
      ['GET', a.getCurrentUserSessions.path],
    ] as const) {
      const errors = await f.errorsOf(
        await f.request(method, path, token, method === 'POST' ? {} : undefined),
        403,
      );
      assert.deepEqual(errors, ['API tokens cannot call this endpoint'], `${method} ${path}`);
    }
    // The same permission check as users elsewhere: an Admin-role token lists the tenant's tokens.
    await f.json(await f.request('GET', a.getTenantApiTokensData.path, token));
  });

  it('[TOKENS-001] deleting a token: its exchange fails and its earlier access token is refused at once', async () => {
    const { clientId, secret } = await createTenantToken(adminToken, {
      description: 'doomed',
      roleIds: [await f.roleId('ReadOnly')],
    });
    const token = await accessTokenOf(clientId, secret);
    await f.json(await f.request('GET', paths.teams.loadUsers.path, token));
    await f.json(
      await f.request(
        'DELETE',
        fill(a.deleteTenantApiToken.path, { tokenId: clientId as string }),
        adminToken,
      ),
    );
    await f.errorsOf(await f.request('GET', paths.teams.loadUsers.path, token), 401);
    assert.deepEqual(await f.errorsOf(await exchange(clientId, secret), 401), [
      'Invalid API token credentials',
    ]);
    const list = await f.json<Json[]>(await f.request('GET', a.getTenantApiTokensData.path, adminToken));
    assert.ok(!list.some((x) => x.clientId === clientId));
    // Gone: a second delete is 404.
    await f.errorsOf(
      await f.request(
        'DELETE',
        fill(a.deleteTenantApiToken.path, { tokenId: clientId as string }),
        adminToken,
      ),
      404,
    );
  });

  it('an expired token: its exchange fails and its access token is refused', async () => {
    const { clientId, secret } = await createUserToken(adminToken, {
      description: 'short',
      expiresInMinutes: 1,
    });
    const token = await accessTokenOf(clientId, secret);
    await f.json(await f.request('GET', paths.teams.loadUsers.path, token));
    await f.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, clientId as string));
    await f.errorsOf(await f.request('GET', paths.teams.loadUsers.path, token), 401);
    await f.errorsOf(await exchange(clientId, secret), 401);
  });

  it('[TOKENS-001] a personal token acts as its user (their permissions now); removing the user ends it at once', async () => {
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const userToken = await user.tokenIn();
    const created = atc.updateUserApiTokensData.response.parse(
      await createUserToken(userToken, { description: 'mine' }),
    );
    assert.equal(created.createdByUserId, user.id);
    const list = atc.getUserApiTokensData.response.parse(
      await f.json(await f.request('GET', a.getUserApiTokensData.path, userToken)),
    );
    assert.deepEqual(
      list.map((x) => x.clientId),
      [created.clientId],
      "only the caller's own tokens",
    );
    const token = await accessTokenOf(created.clientId, created.secret);
    const { payload } = await jwtVerify(
      token,
      createLocalJWKSet(await f.json<JSONWebKeySet>(await f.request('GET', '/.well-known/jwks.json'))),
    );
    assert.equal(payload.type, 'userApiToken');
    assert.equal(payload.sub, user.id);
    await f.json(await f.request('GET', paths.teams.loadUsers.path, token));
    await f.errorsOf(
      await f.request('POST', paths.teams.addUser.path, token, { email: 'x@example.test', name: 'X' }),
      403,
    );
    // Another user cannot delete it (404, not revealed); the admin's own list does not show it.
    await f.errorsOf(
      await f.request('DELETE', fill(a.deleteUserApiToken.path, { tokenId: created.clientId }), adminToken),
      404,
    );
    await f.db.delete(users).where(eq(users.id, user.id));
    await f.errorsOf(await f.request('GET', paths.teams.loadUsers.path, token), 401);
    await f.errorsOf(await exchange(created.clientId, created.secret), 401);
  });

  it('a personal token of a user disabled in the tenant stops at once; lastUsed moves on use', async () => {
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const { clientId, secret } = await createUserToken(await user.tokenIn(), { description: 'soon off' });
    const token = await accessTokenOf(clientId, secret);
    await f.db
      .update(apiTokens)
      .set({ lastUsedAt: null })
      .where(eq(apiTokens.id, clientId as string));
    await f.json(await f.request('GET', paths.teams.loadUsers.path, token));
    const [used] = await f.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, clientId as string));
    assert.ok(used?.lastUsedAt, 'a call records the use');
    await f.db
      .update(userTenants)
      .set({ disabled: true })
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    await f.errorsOf(await f.request('GET', paths.teams.loadUsers.path, token), 401);
    await f.errorsOf(await exchange(clientId, secret), 401);
  });

  it('[TOKENS-002] roleIds beyond what the creator holds: 403; unknown roles: 400', async () => {
    // A role that manages tenant tokens and reads users, nothing else.
    const roleId = randomUUID();
    await f.db.insert(roles).values({
      id: roleId,
      vendorId: t.services.vendorId,
      tenantId: acme,
      key: `tok-${roleId.slice(0, 6)}`,
      name: 'Token keeper',
    });
    const keys = [
      'fe.secure.read.tenantApiTokens',
      'fe.secure.write.tenantApiTokens',
      'fe.secure.read.users',
    ];
    const perms = await f.db.select().from(permissions).where(inArray(permissions.key, keys));
    await f.db.insert(rolePermissions).values(perms.map((p) => ({ roleId, permissionId: p.id })));
    const keeper = await f.createUser({ tenants: [{ id: acme, roleIds: [roleId] }] });
    const token = await keeper.tokenIn();
    const errors = await f.errorsOf(
      await f.request('POST', a.updateTenantApiTokensData.path, token, {
        roleIds: [await f.roleId('Admin')],
      }),
      403,
    );
    assert.match(errors[0]!, /^You cannot grant permissions you do not hold: /);
    await createTenantToken(token, { description: 'own role', roleIds: [roleId] });
    await f.errorsOf(
      await f.request('POST', a.updateTenantApiTokensData.path, token, { roleIds: [randomUUID()] }),
      400,
    );
    // Without the write permission: 403.
    const viewer = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    await f.errorsOf(
      await f.request('POST', a.updateTenantApiTokensData.path, await viewer.tokenIn(), {}),
      403,
    );
  });

  it("another tenant's token is 404 and not listed", async () => {
    const other = await f.newTenant(`Other ${randomUUID().slice(0, 6)}`);
    const otherAdmin = await f.createUser({ tenants: [{ id: other, roles: ['Admin'] }] });
    const { clientId } = await createTenantToken(await otherAdmin.tokenIn(), { description: 'theirs' });
    await f.errorsOf(
      await f.request(
        'DELETE',
        fill(a.deleteTenantApiToken.path, { tokenId: clientId as string }),
        adminToken,
      ),
      404,
    );
    const list = await f.json<Json[]>(await f.request('GET', a.getTenantApiTokensData.path, adminToken));
    assert.ok(!list.some((x) => x.clientId === clientId));
  });

  it('a wrong secret or an unknown clientId: 401, and audit rows of every creation, deletion and exchange', async () => {
    const { clientId, secret } = await createTenantToken(adminToken, { description: 'audited' });
    await f.errorsOf(await exchange(clientId, `${secret as string}x`), 401);
    await f.errorsOf(await exchange(randomUUID(), secret), 401);
    await accessTokenOf(clientId, secret);
    await f.json(
      await f.request(
        'DELETE',
        fill(a.deleteTenantApiToken.path, { tokenId: clientId as string }),
        adminToken,
      ),
    );
    const json = (row: { json: unknown }) => row.json as Json;
    const of = async (action: string) =>
      (await f.auditsFor(action)).filter((r) => json(r).clientId === clientId);
    assert.equal((await of('API token created')).length, 1);
    assert.equal((await of('API token deleted')).length, 1);
    const exchanged = await of('API token exchanged for an access token');
    assert.equal(exchanged.length, 1);
    assert.equal(exchanged[0]!.tenantId, acme);
    const failed = await of('API token exchange failed');
    assert.deepEqual(
      failed.map((r) => json(r).reason),
      ['wrong secret'],
    );
    assert.ok(
      (await f.auditsFor('API token exchange failed')).some((r) => json(r).reason === 'unknown clientId'),
    );
  });
});

describe('API tokens: the feature switch and the rate limits', () => {
  it('API_TOKENS_ENABLED=0: creating and exchanging answer 403; the vendor settings say so', async () => {
    const off = await testServer({ apiTokensEnabled: false });
    try {
      const g = fixtures(off);
      const token = (await g.signIn()).token;
      // A token made while the feature was on cannot be exchanged while it is off.
      const [row] = await g.db.select().from(apiTokens).limit(1);
      assert.equal(row, undefined);
      for (const path of [a.updateTenantApiTokensData.path, a.updateUserApiTokensData.path])
        assert.deepEqual(await g.errorsOf(await g.request('POST', path, token, {}), 403), [
          'API tokens are not enabled',
        ]);
      assert.deepEqual(
        await g.errorsOf(
          await g.request('POST', a.exchangeApiToken.path, undefined, { clientId: 'x', secret: 'y' }),
          403,
        ),
        ['API tokens are not enabled'],
      );
      const policy = await g.json<Json>(
        await g.request('GET', paths.securityPolicy.getGlobalSecurityPolicy.path, token),
      );
      assert.equal(policy.apiTokensEnabled, false);
    } finally {
      await off.close();
    }
  });

  it('the exchange is limited per clientId (429 after the limit) and counts against the address budget', async () => {
    const limited = await testServer({ apiTokenExchangesPerMinute: 3 });
    try {
      const g = fixtures(limited);
      const token = (await g.signIn()).token;
      const { clientId, secret } = await g.json<Json>(
        await g.request('POST', a.updateTenantApiTokensData.path, token, { description: 'busy' }),
        201,
      );
      for (let i = 0; i < 3; i++)
        await g.json(await g.request('POST', a.exchangeApiToken.path, undefined, { clientId, secret }));
      const res = await g.request('POST', a.exchangeApiToken.path, undefined, { clientId, secret });
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      // Another clientId keeps its own budget.
      await g.errorsOf(
        await g.request('POST', a.exchangeApiToken.path, undefined, { clientId: randomUUID(), secret }),
        401,
      );
      const [row] = await g.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, clientId as string)));
      assert.ok(row?.lastUsedAt);
    } finally {
      await limited.close();
    }
    const tight = await testServer({ authRateLimitPerMinute: 2 });
    try {
      const g = fixtures(tight);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await g.request('POST', a.exchangeApiToken.path, undefined, {
              clientId: randomUUID(),
              secret: 'nope',
            })
          ).status,
        );
      assert.deepEqual(statuses, [401, 401, 429], 'the sign-in budget of the address');
    } finally {
      await tight.close();
    }
  });
});
