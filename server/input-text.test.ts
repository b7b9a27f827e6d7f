import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { paths } from '../shared/api/paths';
import { fixtures, testServer, type TestServer } from './testing';

const NUL = 'a\u0000b';
/** Each kind of bad text, and how an answer names it when it is a key. */
const BAD = [
  ['NUL', NUL, 'a\\u0000b'],
  ['a lone high surrogate', 'a\uD800b', 'a\\ud800b'],
  ['a lone low surrogate', 'a\uDC00b', 'a\\udc00b'],
] as const;
const RULE = 'text must not contain NUL characters or unpaired surrogates';

describe('[Hardening] NUL and lone surrogates are refused with 400 at the boundary, never 500', () => {
  let t: TestServer;
  let h: ReturnType<typeof fixtures>;
  let admin: string;
  before(async () => {
    t = await testServer();
    h = fixtures(t);
    admin = (await h.signIn()).token;
  });
  after(() => t.close());

  /** The answer must be 400 in the errors shape, naming `where`. */
  const refused = async (res: Response, where: string) => {
    const text = await res.text();
    assert.equal(res.status, 400, `status ${res.status}: ${text}`);
    assert.deepEqual(JSON.parse(text), { errors: [`${where}: ${RULE}`], errorCode: 'ER-6010' });
  };

  for (const [kind, bad, escaped] of BAD) {
    it(`${kind} in a JSON text field: unauthenticated sign-up, login, forgot password`, async () => {
      await refused(
        await t.app.request(
          paths.auth.signUpUser.path,
          t.json({ email: 'new@acme.test', name: bad, password: 'a-long-password-1', companyName: 'Acme' }),
        ),
        'body.name',
      );
      await refused(await t.login('admin@acme.test', bad), 'body.password');
      await refused(
        await t.app.request(paths.auth.forgotPassword.path, t.json({ email: bad })),
        'body.email',
      );
    });

    it(`${kind} in a nested JSON field and in a JSON key`, async () => {
      const group = paths.groups.addUsersToGroup.path.replace('{groupId}', randomUUID());
      await refused(
        await h.request('POST', group, admin, { userIds: [randomUUID(), bad] }),
        'body.userIds.1',
      );
      await refused(
        await h.request('POST', paths.auth.signUpUser.path, undefined, {
          email: 'x@acme.test',
          meta: { [bad]: 1 },
        }),
        `body.meta.${escaped}`,
      );
    });
  }

  it('NUL in a query parameter (users v3 _filter, and as a parameter name) is refused', async () => {
    const users = paths.users.getUsersV3.path;
    await refused(await h.request('GET', `${users}?_limit=5&_filter=a%00b`, admin), 'query._filter');
    await refused(await h.request('GET', `${users}?a%00b=1`, admin), 'query.a\\u0000b');
  });

  it('a lone surrogate in a JSON string escape is refused (the only way one reaches a body)', async () => {
    const res = await t.app.request(paths.auth.forgotPassword.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"x\\ud800@acme.test"}',
    });
    await refused(res, 'body.email');
  });

  it('NUL in a urlencoded form field to /oauth/token is refused', async () => {
    const res = await t.app.request(paths.auth.exchangeOAuthTokens.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=a%00b',
    });
    await refused(res, 'body.code');
  });

  it('NUL in a multipart form field to /oauth/token is refused', async () => {
    const form = new FormData();
    form.set('grant_type', 'authorization_code');
    form.set('code', NUL);
    await refused(
      await t.app.request(paths.auth.exchangeOAuthTokens.path, { method: 'POST', body: form }),
      'body.code',
    );
  });

  it('%00 in a path id is refused: users v1, roles, groups', async () => {
    for (const path of [
      paths.auth.getUserById.path.replace('{userId}', 'abc%00def'),
      paths.roles.deleteRole.path.replace('{roleId}', '%00'),
      paths.groups.getGroupById.path.replace('{groupId}', `${randomUUID()}%00`),
    ]) {
      const method = path.includes('/roles/') ? 'DELETE' : 'GET';
      await refused(await h.request(method, path, admin), 'path');
    }
  });

  it('a percent-encoded lone surrogate or malformed percent-encoding in the path or query is refused', async () => {
    for (const path of [
      `${paths.auth.getUserById.path.replace('{userId}', '%ED%A0%80')}`,
      `${paths.auth.getUserById.path.replace('{userId}', '%E0%A4%A')}`,
    ]) {
      const res = await h.request('GET', path, admin);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), {
        errors: ['path: malformed percent-encoding'],
        errorCode: 'ER-6008',
      });
    }
    // A URL carries UTF-8: a lone surrogate can only come as bytes no UTF-8 decoder accepts.
    for (const query of ['_filter=%ED%A0%80', '_filter=%E0%A4%A', '%ZZ=1']) {
      const res = await h.request('GET', `${paths.users.getUsersV3.path}?${query}`, admin);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), {
        errors: ['query: malformed percent-encoding'],
        errorCode: 'ER-6009',
      });
    }
  });

  it('well-formed text passes: emoji (a surrogate pair) and non-Latin text reach the routes', async () => {
    const res = await t.app.request(paths.auth.forgotPassword.path, t.json({ email: 'émoji😀@acme.test' }));
    assert.notEqual(res.status, 500);
    assert.ok(!JSON.stringify(await res.json()).includes(RULE));
    const list = await h.request(
      'GET',
      `${paths.users.getUsersV3.path}?_filter=${encodeURIComponent('😀 ü')}`,
      admin,
    );
    assert.equal(list.status, 200);
  });

  it('invalid JSON still gets the route answer, and a valid body is read again by the route', async () => {
    const bad = await t.app.request(paths.auth.forgotPassword.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "x@acme.test"',
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), {
      errors: ['The request body is not valid JSON'],
      errorCode: 'ER-6003',
    });
    assert.equal((await t.login()).status, 200);
  });

  it('the body limit still answers 413 first', async () => {
    const body = JSON.stringify({ email: NUL, pad: 'x'.repeat(t.services.config.bodyLimit) });
    const res = await t.app.request(paths.auth.forgotPassword.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    assert.equal(res.status, 413);
  });
});
