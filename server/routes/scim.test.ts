// The SCIM 2.0 service through the app (RFC 7643/7644, issue 16): the bearer token of a directory connection
// (401 in the SCIM error shape, audited, budgeted), the discovery resources, Users (create, link, get, filter with
// every operator, paging, attributes, PUT, the PATCH variants of Okta and Entra ID, delete), deactivation ending
// the user's access and refresh tokens at once, Groups (members mapped to our groups and their roles) and a token
// of another tenant seeing nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  SCIM_SCHEMAS,
  scimError,
  scimGroup,
  scimListResponse,
  scimUser,
} from '../../shared/api/contracts/scim';
import { groupManagedBy } from '../../shared/api/contracts/groups';
import { paths } from '../../shared/api/paths';
import { scimPaths as s } from '../../shared/api/scim';
import {
  directoryUsers,
  groupRoles,
  groupUsers,
  sessions,
  userRoles,
  users,
  userTenants,
} from '../db/schema';
import { clearOfWindowEdge, fixtures, testServer, type TestServer } from '../testing';
import { SCIM_AUTH_FAILURES_PER_MINUTE } from '../scim/auth';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let acme: string;
let admin: string;
let token: string;

const at = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));

function scim(
  method: string,
  path: string,
  body?: unknown,
  bearer = token,
  contentType = 'application/scim+json',
) {
  return t.app.request(path, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The SCIM JSON of an answer that must have `status` (and the SCIM content type). */
async function answer(res: Response, status = 200): Promise<Json> {
  const text = await res.text();
  assert.equal(res.status, status, `status ${res.status}: ${text}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/scim\+json/);
  return JSON.parse(text) as Json;
}

/** A SCIM error answer: its status as a string and its scimType. */
async function refused(res: Response, status: number, type?: string): Promise<Json> {
  const body = scimError.parse(await answer(res, status));
  assert.equal(body.status, String(status));
  if (type) assert.equal(body.scimType, type, JSON.stringify(body));
  return body;
}

const listOf = (body: Json) => scimListResponse(scimUser.or(scimGroup)).parse(body);
const filterUsers = async (filter: string, extra = '') =>
  listOf(await answer(await scim('GET', `${s.getUsers.path}?filter=${encodeURIComponent(filter)}${extra}`)));

const newConnection = async (adminToken = admin) =>
  await f.json<{ id: string; token: string }>(
    await f.request('POST', paths.directory.createConfiguration.path, adminToken, { source: 'okta' }),
    201,
  );

const userBody = (userName: string, extra: Json = {}) => ({
  schemas: [SCIM_SCHEMAS.user],
  userName,
  name: { givenName: 'Given', familyName: userName.split('@')[0] },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

const createUser = async (userName: string, extra: Json = {}) =>
  scimUser.parse(await answer(await scim('POST', s.createUser.path, userBody(userName, extra)), 201));

/** A real session of the user in Acme: an access token and a refresh token. */
async function sessionOf(userId: string, email: string) {
  const sid = randomUUID();
  await f.db.insert(sessions).values({ id: sid, userId, tenantId: acme });
  const { token: accessToken } = await t.services.tokens.sign({
    sub: userId,
    email,
    name: email,
    tenantId: acme,
    tenantIds: [acme],
    roles: [],
    permissions: [],
    sid,
    type: 'userToken',
  });
  const refreshToken = await t.services.refresh.issue(sid, userId);
  return { accessToken, refreshToken };
}
const me = (accessToken: string) => f.request('GET', paths.auth.getMeV2.path, accessToken);

describe('SCIM 2.0 service', () => {
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
    token = (await newConnection()).token;
  });
  after(() => t.close());

  it('[SCIM-003] discovery: ServiceProviderConfig, Schemas and ResourceTypes', async () => {
    const config = await answer(await scim('GET', s.serviceProviderConfig.path));
    assert.deepEqual(config.schemas, [SCIM_SCHEMAS.serviceProviderConfig]);
    assert.equal(config.patch.supported, true);
    assert.equal(config.filter.supported, true);
    assert.equal(config.filter.maxResults, 200);
    assert.equal(config.bulk.supported, false);
    assert.equal(config.authenticationSchemes[0].type, 'oauthbearertoken');
    const schemas = await answer(await scim('GET', s.schemas.path));
    assert.equal(schemas.totalResults, 3);
    assert.deepEqual(
      schemas.Resources.map((r: Json) => r.id),
      [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser, SCIM_SCHEMAS.group],
    );
    const types = await answer(await scim('GET', s.resourceTypes.path));
    assert.deepEqual(
      types.Resources.map((r: Json) => [r.id, r.endpoint]),
      [
        ['User', '/Users'],
        ['Group', '/Groups'],
      ],
    );
  });

  it('[SCIM-003] the bearer token: none or unknown is 401 in the SCIM error shape, audited, then budgeted', async () => {
    await clearOfWindowEdge();
    const none = await scim('GET', s.getUsers.path, undefined, '');
    await refused(none, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /Bearer/);
    await refused(await scim('GET', s.getUsers.path, undefined, 'x'.repeat(43)), 401);
    // A user's access token is not a directory token.
    await refused(await scim('GET', s.getUsers.path, undefined, admin), 401);
    const rows = await f.auditsFor('SCIM authentication failed');
    assert.ok(rows.length >= 3 && rows.every((r) => r.severity === 'High' && r.tenantId === null));
    let last: Response | undefined;
    for (let i = 0; i < SCIM_AUTH_FAILURES_PER_MINUTE; i++)
      last = await scim('GET', s.getUsers.path, undefined, 'y'.repeat(43));
    await refused(last!, 429);
    assert.ok((await f.auditsFor('SCIM authentication failed')).length <= 5, 'audit rows are budgeted too');
    // The real token still works (the budget is of failures).
    await answer(await scim('GET', s.getUsers.path));
  });

  it('[SCIM-003] POST /Users creates a verified scim2 user, member of the tenant with its default roles', async () => {
    const user = await createUser('ada@scim.test', {
      externalId: 'okta-ada',
      displayName: 'Ada Lovelace',
      password: 'directory-secret-1',
      phoneNumbers: [{ value: '+15555550100', type: 'work' }],
      [SCIM_SCHEMAS.enterpriseUser]: { department: 'Engineering', manager: { value: 'boss-1' } },
    });
    assert.equal(user.userName, 'ada@scim.test');
    assert.equal(user.externalId, 'okta-ada');
    assert.equal(user.active, true);
    assert.deepEqual(user.schemas, [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser]);
    assert.equal(user.meta.resourceType, 'User');
    assert.equal(user.meta.version, 'W/"1"');
    assert.ok(user.meta.location.endsWith(`/directory/resources/scim/v2/Users/${user.id}`));
    assert.equal((user as Json)[SCIM_SCHEMAS.enterpriseUser].department, 'Engineering');
    assert.equal((user as Json).password, undefined, 'a password is never returned');
    const [stored] = await f.db.select().from(directoryUsers).where(eq(directoryUsers.userId, user.id));
    assert.ok(stored && !JSON.stringify(stored).includes('directory-secret-1'), 'nor kept');
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.provider, 'scim2');
    assert.equal(row?.verified, true);
    assert.equal(row?.email, 'ada@scim.test');
    assert.equal(row?.name, 'Ada Lovelace');
    assert.equal(row?.phoneNumber, '+15555550100');
    const [membership] = await f.db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    assert.ok(membership && !membership.disabled);
    const roles = await f.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    assert.ok(roles.length > 0, 'the default roles');
    const got = scimUser.parse(await answer(await scim('GET', at(s.getUser.path, user.id))));
    assert.equal(got.id, user.id);
    assert.ok(
      (await f.auditsFor('SCIM user created')).some((a) => (a.json as Json).targetUserId === user.id),
    );
  });

  it('[SCIM-003] a duplicate userName is 409 uniqueness; a vendor user with the email is linked, not duplicated, unless of another account', async () => {
    await createUser('dup@scim.test');
    await refused(await scim('POST', s.createUser.path, userBody('DUP@scim.test')), 409, 'uniqueness');
    const existing = await f.createUser({ email: 'already@scim.test', tenants: [] });
    const linked = await createUser('already@scim.test');
    assert.equal(linked.id, existing.id);
    const [row] = await f.db.select().from(users).where(eq(users.id, existing.id));
    assert.equal(row?.provider, 'local', 'a linked user keeps its provider');
    assert.ok(
      (await f.db.select().from(userTenants).where(eq(userTenants.userId, existing.id))).some(
        (m) => m.tenantId === acme,
      ),
    );
    // A member of another account only is never pulled in by their email (the directory would then manage them).
    const stranger = await f.createUser({
      email: 'stranger@scim.test',
      tenants: [{ id: await f.tenantId('Acme Europe') }],
    });
    await refused(await scim('POST', s.createUser.path, userBody('stranger@scim.test')), 409, 'uniqueness');
    assert.equal(
      (await f.db.select().from(userTenants).where(eq(userTenants.userId, stranger.id))).length,
      1,
      'still a member of its own account only',
    );
  });

  it('[SCIM-003] bad bodies: invalid JSON is invalidSyntax, a missing userName invalidValue, an unknown id 404', async () => {
    await refused(await scim('POST', s.createUser.path, '{nope'), 400, 'invalidSyntax');
    await refused(await scim('POST', s.createUser.path, { emails: [] }), 400, 'invalidValue');
    await refused(await scim('POST', s.createUser.path, { userName: 'no-email' }), 400, 'invalidValue');
    await refused(
      await scim('POST', s.createUser.path, userBody('t@x.test'), token, 'text/plain'),
      400,
      'invalidSyntax',
    );
    // application/json is accepted as well.
    await answer(
      await scim('POST', s.createUser.path, userBody('json@scim.test'), token, 'application/json'),
      201,
    );
    await refused(await scim('GET', at(s.getUser.path, randomUUID())), 404);
    await refused(
      await scim('PATCH', at(s.patchUser.path, randomUUID()), {
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      404,
    );
    // Text is kept as text.
    const odd = await createUser('odd@scim.test', { displayName: '<script>alert(1)</script>' });
    assert.equal((odd as Json).displayName, '<script>alert(1)</script>');
  });

  it('[SCIM-003] filters: eq ne co sw ew pr gt ge lt le and or not, value paths, attribute names in any case', async () => {
    const conn = await newConnection();
    const old = token;
    token = conn.token;
    try {
      const a = await createUser('alice@filter.test', {
        title: 'Engineer',
        emails: [
          { value: 'alice@filter.test', type: 'work' },
          { value: 'alice@home.test', type: 'home' },
        ],
      });
      const b = await createUser('bob@filter.test', { active: false });
      const c = await createUser('carol@other.test', { externalId: 'ext-carol' });
      const ids = async (filter: string) => (await filterUsers(filter)).Resources.map((r) => r.id).sort();
      const sorted = (...xs: { id: string }[]) => xs.map((x) => x.id).sort();
      assert.deepEqual(await ids('userName eq "ALICE@filter.test"'), sorted(a));
      assert.deepEqual(await ids('USERNAME Eq "bob@filter.test"'), sorted(b));
      assert.deepEqual(await ids('userName ne "alice@filter.test"'), sorted(b, c));
      assert.deepEqual(await ids('userName co "filter"'), sorted(a, b));
      assert.deepEqual(await ids('userName sw "car"'), sorted(c));
      assert.deepEqual(await ids('userName ew "other.test"'), sorted(c));
      assert.deepEqual(await ids('title pr'), sorted(a));
      assert.deepEqual(await ids('externalId eq "ext-carol"'), sorted(c));
      assert.deepEqual(await ids('externalId eq "EXT-CAROL"'), [], 'externalId is caseExact');
      assert.deepEqual(await ids('active eq false'), sorted(b));
      assert.deepEqual(await ids('not (active eq false)'), sorted(a, c));
      assert.deepEqual(await ids('userName co "filter" and active eq true'), sorted(a));
      assert.deepEqual(await ids('userName sw "bob" or userName sw "carol"'), sorted(b, c));
      assert.deepEqual(await ids('emails[type eq "home"]'), sorted(a));
      assert.deepEqual(await ids('emails[type eq "work"].value eq "alice@filter.test"'), sorted(a));
      assert.deepEqual(await ids('emails[type eq "work"].value eq "alice@home.test"'), [], 'the same email');
      assert.deepEqual(await ids('emails.value ew "home.test"'), sorted(a));
      const created = (await filterUsers(`id eq "${b.id}"`)).Resources[0]!.meta.created;
      assert.deepEqual(await ids(`meta.created gt "${created}"`), sorted(c));
      assert.deepEqual(await ids(`meta.created ge "${created}"`), sorted(b, c));
      assert.deepEqual(await ids(`meta.created lt "${created}"`), sorted(a));
      assert.deepEqual(await ids(`meta.created le "${created}"`), sorted(a, b));
      await refused(
        await scim('GET', `${s.getUsers.path}?filter=${encodeURIComponent('userName eq')}`),
        400,
        'invalidFilter',
      );
      await refused(
        await scim('GET', `${s.getUsers.path}?filter=${encodeURIComponent('userName zz "x"')}`),
        400,
        'invalidFilter',
      );

      // Paging: 1-based startIndex, count (capped at 200), totalResults of the whole.
      const page = listOf(await answer(await scim('GET', `${s.getUsers.path}?startIndex=2&count=1`)));
      assert.equal(page.totalResults, 3);
      assert.equal(page.startIndex, 2);
      assert.equal(page.itemsPerPage, 1);
      assert.deepEqual(
        page.Resources.map((r) => r.id),
        [b.id],
      );
      const beyond = listOf(await answer(await scim('GET', `${s.getUsers.path}?startIndex=10&count=5`)));
      assert.equal(beyond.Resources.length, 0);
      const zero = listOf(await answer(await scim('GET', `${s.getUsers.path}?startIndex=0&count=0`)));
      assert.equal(zero.startIndex, 1);
      assert.equal(zero.itemsPerPage, 0);
      assert.equal(zero.totalResults, 3);
      const many = await answer(await scim('GET', `${s.getUsers.path}?count=100000`));
      assert.equal(many.itemsPerPage, 3);

      // attributes / excludedAttributes at the top level.
      const only = await answer(
        await scim(
          'GET',
          `${s.getUsers.path}?attributes=userName&filter=${encodeURIComponent(`id eq "${a.id}"`)}`,
        ),
      );
      assert.deepEqual(Object.keys(only.Resources[0]).sort(), ['id', 'schemas', 'userName']);
      const without = await answer(
        await scim('GET', `${at(s.getUser.path, a.id)}?excludedAttributes=emails,name`),
      );
      assert.equal(without.emails, undefined);
      assert.equal(without.name, undefined);
      assert.equal(without.userName, 'alice@filter.test');
    } finally {
      token = old;
    }
  });

  it('[SCIM-004] PUT replaces the resource; our user follows (name, email); a taken userName is 409', async () => {
    const user = await createUser('put@scim.test');
    await createUser('taken@scim.test');
    const replaced = scimUser.parse(
      await answer(
        await scim('PUT', at(s.replaceUser.path, user.id), {
          ...userBody('put2@scim.test'),
          displayName: 'Put Two',
          id: user.id,
        }),
      ),
    );
    assert.equal(replaced.userName, 'put2@scim.test');
    assert.equal(replaced.meta.version, 'W/"2"');
    assert.equal((replaced as Json).name.familyName, 'put2');
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.email, 'put2@scim.test');
    assert.equal(row?.name, 'Put Two');
    await refused(
      await scim('PUT', at(s.replaceUser.path, user.id), userBody('taken@scim.test')),
      409,
      'uniqueness',
    );
    await refused(
      await scim('PUT', at(s.replaceUser.path, user.id), { ...userBody('put2@scim.test'), id: 'other' }),
      400,
      'mutability',
    );
  });

  it('[SCIM-004] PATCH as Okta and Entra ID send it: path-less values, "Replace"/"Add", "False", value paths, manager', async () => {
    const user = await createUser('patch@scim.test');
    const patch = (Operations: unknown[]) =>
      scim('PATCH', at(s.patchUser.path, user.id), { schemas: [SCIM_SCHEMAS.patchOp], Operations });
    // Okta: a path-less replace.
    let got = await answer(
      await patch([{ op: 'replace', value: { 'name.givenName': 'Okta', displayName: 'By Okta' } }]),
    );
    assert.equal(got.name.givenName, 'Okta');
    assert.equal(got.displayName, 'By Okta');
    // Entra ID: capitalised ops, value paths, the enterprise extension and its manager as a bare id.
    got = await answer(
      await patch([
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'patched@scim.test' },
        { op: 'Add', path: `${SCIM_SCHEMAS.enterpriseUser}:department`, value: 'Sales' },
        { op: 'Add', path: `${SCIM_SCHEMAS.enterpriseUser}:manager`, value: 'mgr-7' },
        { op: 'Replace', path: 'title', value: 'Lead' },
      ]),
    );
    assert.equal(got.emails[0].value, 'patched@scim.test');
    assert.equal(got[SCIM_SCHEMAS.enterpriseUser].department, 'Sales');
    assert.deepEqual(got[SCIM_SCHEMAS.enterpriseUser].manager, { value: 'mgr-7' });
    assert.equal(got.title, 'Lead');
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.email, 'patched@scim.test');
    got = await answer(await patch([{ op: 'Remove', path: 'title' }]));
    assert.equal(got.title, undefined);
    // Entra's "False" as a string.
    got = await answer(await patch([{ op: 'Replace', path: 'active', value: 'False' }]));
    assert.equal(got.active, false);
    got = await answer(await patch([{ op: 'replace', value: { active: 'True' } }]));
    assert.equal(got.active, true);
    // Refusals.
    await refused(await patch([{ op: 'move', path: 'title', value: 'x' }]), 400, 'invalidSyntax');
    await refused(await patch([]), 400, 'invalidSyntax');
    await refused(await patch([{ op: 'replace', path: 'id', value: 'x' }]), 400, 'mutability');
    await refused(await patch([{ op: 'remove' }]), 400, 'noTarget');
    await refused(await patch([{ op: 'replace', value: 'not an object' }]), 400, 'invalidValue');
    await refused(await patch([{ op: 'replace', path: 'active', value: 'maybe' }]), 400, 'invalidValue');
    assert.ok((await f.auditsFor('SCIM user updated')).length >= 4);
  });

  it("[SCIM-004] active false ends the user's access and refresh tokens at once; active true lets them sign in again", async () => {
    const user = await createUser('deact@scim.test');
    const first = await sessionOf(user.id, user.userName);
    assert.equal((await me(first.accessToken)).status, 200, 'works before');
    const patch = (value: unknown) =>
      scim('PATCH', at(s.patchUser.path, user.id), {
        Operations: [{ op: 'replace', value: { active: value } }],
      });
    await answer(await patch(false));
    assert.equal((await me(first.accessToken)).status, 401, 'the access token stopped');
    assert.equal((await t.refresh(first.refreshToken)).status, 401, 'the refresh token stopped');
    const [session] = await f.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.ok(session?.revokedAt, 'the session is revoked');
    const [membership] = await f.db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    assert.equal(membership?.disabled, true);
    assert.ok(
      (await f.auditsFor('SCIM user deactivated')).some((a) => (a.json as Json).targetUserId === user.id),
    );
    await answer(await patch(true));
    const second = await sessionOf(user.id, user.userName);
    assert.equal((await me(second.accessToken)).status, 200, 'enabled again');
    assert.ok(
      (await f.auditsFor('SCIM user reactivated')).some((a) => (a.json as Json).targetUserId === user.id),
    );
  });

  it('[SCIM-005] DELETE /Users removes the user from the tenant (deleted when no tenant is left), sessions ended', async () => {
    const user = await createUser('delete@scim.test');
    const { accessToken, refreshToken } = await sessionOf(user.id, user.userName);
    const res = await scim('DELETE', at(s.deleteUser.path, user.id));
    assert.equal(res.status, 204);
    assert.equal((await me(accessToken)).status, 401);
    assert.equal((await t.refresh(refreshToken)).status, 401);
    assert.equal((await f.db.select().from(users).where(eq(users.id, user.id))).length, 0);
    await refused(await scim('GET', at(s.getUser.path, user.id)), 404);
    // A user in another tenant too (a member of this one, linked by the directory) stays, out of this one.
    const globex = await f.newTenant('Globex keep');
    const both = await f.createUser({ email: 'both@scim.test', tenants: [{ id: globex }, { id: acme }] });
    await createUser('both@scim.test');
    assert.equal((await scim('DELETE', at(s.deleteUser.path, both.id))).status, 204);
    const memberships = await f.db.select().from(userTenants).where(eq(userTenants.userId, both.id));
    assert.deepEqual(
      memberships.map((m) => m.tenantId),
      [globex],
    );
  });

  it('[SCIM-003] [SCIM-004] [ENUM-045] Groups: create, managed by scim2, 409 on a taken name, filter, excludedAttributes, PATCH members (Okta and Entra), rename, PUT, DELETE', async () => {
    const u1 = await createUser('g1@scim.test');
    const u2 = await createUser('g2@scim.test');
    const created = scimGroup.parse(
      await answer(
        await scim('POST', s.createGroup.path, {
          schemas: [SCIM_SCHEMAS.group],
          displayName: 'Directory Engineering',
          externalId: 'grp-eng',
          members: [{ value: u1.id }],
        }),
        201,
      ),
    );
    assert.deepEqual(
      created.members?.map((m) => m.value),
      [u1.id],
    );
    assert.equal(created.externalId, 'grp-eng');
    await refused(
      await scim('POST', s.createGroup.path, { displayName: 'directory engineering' }),
      409,
      'uniqueness',
    );
    await refused(
      await scim('POST', s.createGroup.path, {
        displayName: 'Strangers',
        members: [{ value: randomUUID() }],
      }),
      400,
      'invalidValue',
    );
    const [group] = await f.db.select().from(groupUsers).where(eq(groupUsers.groupId, created.id));
    assert.equal(group?.userId, u1.id, 'a member of our group');

    // ENUM-045: the groups API names who manages each group: the directory (scim2) or the portal (frontegg).
    assert.deepEqual(groupManagedBy.options, ['frontegg', 'scim2']);
    const listed = await f.json<{ groups: { id: string; managedBy: string }[] }>(
      await f.request('GET', paths.groups.getGroups.path, admin),
    );
    assert.equal(listed.groups.find((g) => g.id === created.id)?.managedBy, 'scim2');
    assert.ok(listed.groups.some((g) => g.id !== created.id && g.managedBy === 'frontegg'));

    // The group's roles reach its members through the group-role logic.
    const role = await f.roleId('Admin');
    await f.db.insert(groupRoles).values({ groupId: created.id, roleId: role });

    // Entra: GET ?excludedAttributes=members&filter=displayName eq.
    const found = await answer(
      await scim(
        'GET',
        `${s.getGroups.path}?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Directory Engineering"')}`,
      ),
    );
    assert.equal(found.totalResults, 1);
    assert.equal(found.Resources[0].id, created.id);
    assert.equal(found.Resources[0].members, undefined);

    const patch = (Operations: unknown[]) =>
      scim('PATCH', at(s.patchGroup.path, created.id), { schemas: [SCIM_SCHEMAS.patchOp], Operations });
    // Entra: Add members with a value list.
    let got = await answer(await patch([{ op: 'Add', path: 'members', value: [{ value: u2.id }] }]));
    assert.deepEqual(got.members.map((m: Json) => m.value).sort(), [u1.id, u2.id].sort());
    // Okta: remove by a filtered path.
    got = await answer(await patch([{ op: 'remove', path: `members[value eq "${u1.id}"]` }]));
    assert.deepEqual(
      got.members.map((m: Json) => m.value),
      [u2.id],
    );
    // Entra: Remove with a value list.
    got = await answer(await patch([{ op: 'Remove', path: 'members', value: [{ value: u2.id }] }]));
    assert.deepEqual(got.members, []);
    // Okta: a path-less rename (with its id repeated).
    got = await answer(await patch([{ op: 'replace', value: { id: created.id, displayName: 'Eng' } }]));
    assert.equal(got.displayName, 'Eng');
    got = await answer(
      await patch([{ op: 'replace', path: 'members', value: [{ value: u1.id }, { value: u2.id }] }]),
    );
    assert.equal(got.members.length, 2);
    await refused(await patch([{ op: 'replace', path: 'nonsense', value: 1 }]), 400, 'invalidPath');
    const audits = await f.auditsFor('SCIM group members added');
    assert.ok(audits.some((a) => (a.json as Json).groupId === created.id));
    assert.ok(
      (await f.auditsFor('SCIM group members removed')).some((a) => (a.json as Json).groupId === created.id),
    );

    // PUT: name and members replaced.
    got = await answer(
      await scim('PUT', at(s.replaceGroup.path, created.id), {
        displayName: 'Engineering 2',
        members: [{ value: u2.id }],
      }),
    );
    assert.equal(got.displayName, 'Engineering 2');
    assert.deepEqual(
      got.members.map((m: Json) => m.value),
      [u2.id],
    );

    // Users v3 shows the member with the group, and the group's role reaches the member's permissions.
    const v3 = await f.json<{ items: Json[] }>(
      await f.request(
        'GET',
        `${paths.users.getUsersV3.path}?_email=${encodeURIComponent(u2.userName)}`,
        admin,
      ),
    );
    assert.equal(v3.items.length, 1);
    assert.deepEqual(
      v3.items[0]!.groups.map((g: Json) => g.name),
      ['Engineering 2'],
    );
    // The group's role (Admin) reaches the member through the group: a write its default role cannot make.
    const { accessToken } = await sessionOf(u2.id, u2.userName);
    const write = () =>
      f.request('POST', paths.directory.createConfiguration.path, accessToken, { source: 'other' });
    assert.equal((await write()).status, 201);
    await f.db.delete(groupRoles).where(eq(groupRoles.groupId, created.id));
    assert.equal((await write()).status, 403);

    assert.equal((await scim('DELETE', at(s.deleteGroup.path, created.id))).status, 204);
    await refused(await scim('GET', at(s.getGroup.path, created.id)), 404);
    assert.ok((await f.auditsFor('SCIM group deleted')).some((a) => (a.json as Json).groupId === created.id));
  });

  it('[SCIM-003] a token of another tenant sees nothing of this one, and writes only its own tenant', async () => {
    const user = await createUser('mine@scim.test');
    const group = scimGroup.parse(
      await answer(await scim('POST', s.createGroup.path, { displayName: 'Mine' }), 201),
    );
    const globex = await f.newTenant('Globex scim');
    const globexAdmin = await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] });
    const other = await newConnection(await globexAdmin.tokenIn());
    const theirs = (method: string, path: string, body?: unknown) => scim(method, path, body, other.token);
    assert.equal((await answer(await theirs('GET', s.getUsers.path))).totalResults, 0);
    assert.equal((await answer(await theirs('GET', s.getGroups.path))).totalResults, 0);
    await refused(await theirs('GET', at(s.getUser.path, user.id)), 404);
    await refused(
      await theirs('PATCH', at(s.patchUser.path, user.id), {
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      404,
    );
    await refused(await theirs('DELETE', at(s.deleteUser.path, user.id)), 404);
    await refused(await theirs('GET', at(s.getGroup.path, group.id)), 404);
    await refused(await theirs('DELETE', at(s.deleteGroup.path, group.id)), 404);
    await refused(
      await theirs('POST', s.createGroup.path, { displayName: 'X', members: [{ value: user.id }] }),
      400,
      'invalidValue',
    );
    // Its own user goes into its own tenant.
    const created = scimUser.parse(
      await answer(await theirs('POST', s.createUser.path, userBody('theirs@scim.test')), 201),
    );
    const memberships = await f.db.select().from(userTenants).where(eq(userTenants.userId, created.id));
    assert.deepEqual(
      memberships.map((m) => m.tenantId),
      [globex],
    );
    // Audit rows name the connection's tenant.
    const row = (await f.auditsFor('SCIM user created')).find(
      (a) => (a.json as Json).targetUserId === created.id,
    );
    assert.equal(row?.tenantId, globex);
  });
});
