// The SCIM replay (issue 16, Done-when), against `npm start` on an empty data dir: the admin signs in over HTTP and
// creates a directory connection on the directory wire, then the request sequences Okta's and Entra ID's
// provisioning send (e2e/scim/okta.ts, e2e/scim/entra.ts) are replayed with its bearer token, every answer's status
// and body checked. Users v3 (as the admin) shows the provisioned users and their groups; a provisioned user who
// set a password through forgot-password and signed in loses its access and refresh tokens the moment the
// directory deactivates it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paths } from '../shared/api/paths';
import { SCIM_BASE } from '../shared/api/scim';
import { DEMO_PASSWORD, startServerProcess } from './harness';
import { accessTokenFor, mailedLink } from './journeys';
import { entraCleanup, entraDeactivate, entraSequence, entraUserName } from './scim/entra';
import { oktaDeactivate, oktaSequence, oktaUserName } from './scim/okta';
import type { ScimStep } from './scim/steps';

const ADMIN = 'admin@acme.test';
type Json = Record<string, unknown>;

/** Whether `actual` holds everything `expected` names (arrays: the same length, each element a subset). */
function subset(actual: unknown, expected: unknown, where: string): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: an array, got ${JSON.stringify(actual)}`);
    assert.equal(actual.length, expected.length, `${where}: ${JSON.stringify(actual)}`);
    expected.forEach((e, i) => subset(actual[i], e, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(
      actual !== null && typeof actual === 'object',
      `${where}: an object, got ${JSON.stringify(actual)}`,
    );
    for (const [k, v] of Object.entries(expected)) subset((actual as Json)[k], v, `${where}.${k}`);
  } else assert.equal(actual, expected, where);
}

const fill = (value: unknown, saved: Record<string, string>): unknown =>
  JSON.parse(
    JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (_, name: string) => saved[name] ?? `{{${name}}}`),
  );

describe('SCIM replay of Okta and Entra ID against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let admin: string;
  let scimToken: string;
  const saved: Record<string, string> = {};

  before(async () => {
    server = await startServerProcess();
    admin = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
  });
  after(async () => {
    await server?.close();
  });

  const api = (
    token: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Sends one step as the directory would and checks its answer. */
  async function replay(step: ScimStep): Promise<void> {
    const s = fill(step, saved) as ScimStep;
    const res = await fetch(`${server.url}${SCIM_BASE}${s.path}`, {
      method: s.method,
      headers: {
        authorization: `Bearer ${scimToken}`,
        accept: 'application/scim+json',
        ...(s.body === undefined ? {} : { 'content-type': 'application/scim+json; charset=utf-8' }),
      },
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
    });
    const text = await res.text();
    assert.equal(res.status, s.expect.status, `${step.name}: ${res.status} ${text}`);
    if (res.status !== 204)
      assert.match(res.headers.get('content-type') ?? '', /^application\/scim\+json/, step.name);
    const body = text ? (JSON.parse(text) as Json) : undefined;
    if (s.expect.body !== undefined) subset(body, s.expect.body, step.name);
    for (const [name, path] of Object.entries(s.save ?? {}))
      saved[name] = String(path.split('.').reduce<unknown>((v, k) => (v as Json)?.[k], body));
  }

  /** Users v3 as the admin, for one email. */
  async function usersV3(email: string): Promise<Json[]> {
    const res = await api(admin, 'GET', `${paths.users.getUsersV3.path}?_email=${encodeURIComponent(email)}`);
    assert.equal(res.status, 200);
    return ((await res.json()) as { items: Json[] }).items;
  }

  /** The provisioned user sets a password through forgot-password and signs in: its access and refresh tokens. */
  async function signInAs(email: string) {
    const password = `scim-replay-${Date.now()}`;
    const forgot = await api('', 'POST', paths.auth.forgotPassword.path, { email });
    assert.equal(forgot.status, 200);
    const link = new URL(await mailedLink(server.url, email, 'token='));
    const reset = await api('', 'POST', paths.auth.resetPassword.path, {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password,
    });
    assert.equal(reset.status, 200, await reset.clone().text());
    const login = await api('', 'POST', paths.auth.login.path, { email, password });
    assert.equal(login.status, 200, await login.clone().text());
    const { accessToken } = (await login.json()) as { accessToken: string };
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('fe_refresh='))!
      .split(';')[0]!;
    return { accessToken, cookie };
  }
  const refresh = (cookie: string) =>
    fetch(`${server.url}${paths.auth.refreshToken.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: '{}',
    });
  const me = (accessToken: string) => api(accessToken, 'GET', paths.auth.getMeV2.path);

  it('the admin creates a directory connection over the directory wire; its token is shown once', async () => {
    const res = await api(admin, 'POST', paths.directory.createConfiguration.path, {
      source: 'okta',
      connectionName: 'Replay',
    });
    assert.equal(res.status, 201);
    const created = (await res.json()) as { id: string; token: string; scimBaseUrl: string };
    assert.equal(created.scimBaseUrl, `${server.url}${SCIM_BASE}`);
    scimToken = created.token;
    const listed = await (await api(admin, 'GET', paths.directory.getConfigs.path)).text();
    assert.ok(listed.includes(created.id) && !listed.includes(created.token));
  });

  it("Okta's sequence: lookup, create, read, replace, groups with members added and removed, group delete", async () => {
    for (const step of oktaSequence) await replay(step);
    const [user] = await usersV3(oktaUserName);
    assert.ok(user, 'users v3 shows the Okta user');
    assert.equal(user.name, 'Oliver Okta');
    assert.deepEqual(
      (user.groups as Json[]).map((g) => g.name),
      ['Okta Engineering'],
    );
  });

  it('Okta deactivates a signed-in user: its refresh and access tokens stop at once', async () => {
    const { accessToken, cookie } = await signInAs(oktaUserName);
    assert.equal((await me(accessToken)).status, 200);
    const before = await refresh(cookie);
    assert.equal(before.status, 200, await before.clone().text());
    const rotated = before.headers
      .getSetCookie()
      .find((c) => c.startsWith('fe_refresh='))!
      .split(';')[0]!;
    await replay(oktaDeactivate);
    assert.equal((await me(accessToken)).status, 401, 'the access token stopped');
    assert.equal((await refresh(rotated)).status, 401, 'the refresh token stopped');
    const [user] = await usersV3(oktaUserName);
    assert.equal(user?.isDisabled, true, 'disabled in the tenant');
  });

  it('Entra ID\'s sequence: lookup, create with the extension, PATCH variants, groups, "False", delete', async () => {
    for (const step of entraSequence) await replay(step);
    const [user] = await usersV3(entraUserName);
    assert.ok(user, 'users v3 shows the Entra user');
    assert.equal(user.name, 'Erin E. Entra');
    assert.deepEqual(
      (user.groups as Json[]).map((g) => g.name),
      ['Entra Researchers'],
    );
    const { accessToken, cookie } = await signInAs(entraUserName);
    assert.equal((await me(accessToken)).status, 200);
    await replay(entraDeactivate);
    assert.equal((await me(accessToken)).status, 401);
    assert.equal((await refresh(cookie)).status, 401);
    for (const step of entraCleanup) await replay(step);
    assert.deepEqual(await usersV3(entraUserName), [], 'gone from users v3');
    const count = await api(
      admin,
      'GET',
      paths.directory.countConfigurationUsers.path.replace(
        '{id}',
        JSON.parse(await (await api(admin, 'GET', paths.directory.getConfigs.path)).text())[0].id,
      ),
    );
    assert.deepEqual(await count.json(), { count: 1 }, 'the Okta user is left');
  });
});
