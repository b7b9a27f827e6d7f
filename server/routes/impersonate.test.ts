import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { paths } from '../../shared/api/paths';
import { audits, sessions } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const IMPERSONATE = paths.impersonate.impersonate.path;

describe('impersonation', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());

  it('[IMPERSONATE-003] an Admin POSTs the Frontegg body { impersonatedUserId } (with a reason): a session for the target that names the impersonator', async () => {
    const admin = await f.signIn();
    const target = await f.createUser({ tenants: [{ id: acme, roles: ['Editor'] }] });
    const answer = await f.json<{ accessToken: string; user: { email: string }; impersonatedBy: string }>(
      await f.request('POST', IMPERSONATE, admin.token, {
        impersonatedUserId: target.id,
        reason: 'Support ticket 42',
      }),
    );
    assert.equal(answer.user.email, target.email);
    const claims = decodeJwt(answer.accessToken) as { sub: string; act?: { sub: string }; sid: string };
    assert.equal(claims.sub, target.id);
    assert.equal(claims.act?.sub, admin.claims.sub);
    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    assert.equal(session!.impersonatorId, admin.claims.sub);
    const [started] = await t.services.db
      .select()
      .from(audits)
      .where(
        and(eq(audits.userId, admin.claims.sub as string), eq(audits.action, 'User impersonation started')),
      );
    assert.deepEqual((started!.json as { targetUserId: string; reason: string }).targetUserId, target.id);

    // Audit rows written with the impersonation token are marked with the impersonator.
    await f.json(
      await f.request('PUT', paths.teams.updateProfile.path, answer.accessToken, {
        name: 'Renamed while impersonated',
      }),
    );
    const rows = await t.services.db.select().from(audits).where(eq(audits.userId, target.id));
    assert.ok(rows.length > 0, 'an audit row of the impersonated action');
    assert.ok(rows.every((r) => (r.json as { impersonatedBy?: string }).impersonatedBy === admin.claims.sub));
    // The refreshed token still names the impersonator.
    const refreshed = await f.json<{ accessToken: string }>(
      await t.refresh(
        t.refreshCookie(
          await f.request('POST', IMPERSONATE, admin.token, {
            impersonatedUserId: target.id,
            reason: 'again',
          }),
        )!,
      ),
    );
    assert.equal((decodeJwt(refreshed.accessToken) as { act?: { sub: string } }).act?.sub, admin.claims.sub);
  });

  it('[IMPERSONATE-003] refused without the permission, for oneself, for a non-member, from an impersonation session, without the user named, with an actor token of someone else', async () => {
    const admin = await f.signIn();
    const target = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const editor = await f.createUser({ tenants: [{ id: acme, roles: ['Editor'] }] });
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, await editor.tokenIn(), {
        impersonatedUserId: target.id,
        reason: 'x',
      }),
      403,
    );
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, undefined, { impersonatedUserId: target.id, reason: 'x' }),
      401,
    );
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, admin.token, {
        impersonatedUserId: admin.claims.sub,
        reason: 'x',
      }),
      400,
    );
    await f.errorsOf(await f.request('POST', IMPERSONATE, admin.token, { userId: target.id }), 400);
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, admin.token, {
        impersonatedUserId: target.id,
        actorToken: await editor.tokenIn(),
      }),
      403,
    );
    const elsewhere = await f.createUser({ tenants: [{ id: await f.newTenant('Elsewhere imp') }] });
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, admin.token, { impersonatedUserId: elsewhere.id, reason: 'x' }),
      404,
    );
    const otherAdmin = await f.createUser({ tenants: [{ id: acme, roles: ['Admin'] }] });
    const imp = await f.json<{ accessToken: string }>(
      await f.request('POST', IMPERSONATE, admin.token, { impersonatedUserId: otherAdmin.id, reason: 'x' }),
    );
    await f.errorsOf(
      await f.request('POST', IMPERSONATE, imp.accessToken, {
        impersonatedUserId: target.id,
        reason: 'chain',
      }),
      403,
    );
  });
});
