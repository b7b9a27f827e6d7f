import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { audits, users } from '../db/schema';
import { profileEndpoints } from './profile';
import { fixtures, testServer, type TestServer } from '../testing';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG = `data:image/png;base64,${PNG_BASE64}`;
const pngBytes = () => new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));
const GIF = `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')}`;
const SVG_TEXT = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
const errorsOf = async (res: Response) => ((await res.json()) as { errors: string[] }).errors.join(' | ');

describe('profile', () => {
  let t: TestServer;
  let user: { id: string; token: string };
  before(async () => {
    t = await testServer();
    // A member with no role at all: the profile is every signed-in user's own.
    const f = fixtures(t);
    const member = await f.createUser({
      name: 'Plain User',
      tenants: [{ id: await f.tenantId('Acme') }],
      password: true,
    });
    user = { id: member.id, token: (await member.signIn()).token };
  });
  after(() => t.close());

  const upload = (body: BodyInit, token: string | null = user.token, type?: string) =>
    t.app.request(paths.teams.updateProfileImage.path, {
      method: 'PUT',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      body,
    });
  const form = (bytes: Uint8Array<ArrayBuffer> | string, type: string, name = 'me.png') => {
    const data = new FormData();
    data.append('image', new Blob([bytes], { type }), name);
    return data;
  };
  const picture = async () =>
    (await t.services.db.select().from(users).where(eq(users.id, user.id)))[0]!.profilePictureUrl;

  it('the table lists the upload and email-change routes for any signed-in user; without a token it is 401', async () => {
    assert.deepEqual(
      profileEndpoints.map(({ method, path, permission }) => ({ method, path, permission })),
      [
        { method: 'PUT', path: paths.teams.updateProfileImage.path, permission: null },
        { method: 'POST', path: paths.teams.updateEmail.path, permission: null },
        { method: 'POST', path: paths.teams.verifyEmail.path, permission: null },
      ],
    );
    for (const route of [paths.teams.updateEmail, paths.teams.verifyEmail])
      assert.equal((await t.app.request(route.path, { method: 'POST' })).status, 401, route.path);
    assert.equal((await upload(form(pngBytes(), 'image/png'), null)).status, 401);
    assert.equal((await upload(form(pngBytes(), 'image/png'), 'not.a.jwt')).status, 401);
  });

  it('[PROFILE-004] the profile is saved with PUT users v2 me: name, phoneNumber, and address and jobTitle in metadata (PROFILE-001)', async () => {
    const res = await t.app.request(paths.teams.updateProfile.path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Byron',
        phoneNumber: '+44 20 7946 0958',
        metadata: JSON.stringify({ address: '12 St James Square, London', jobTitle: 'Analyst' }),
      }),
    });
    assert.equal(res.status, 200);
    assert.equal(paths.teams.updateProfile.path, paths.users.updateUserProfileV2.path);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.name, 'Ada Byron');
    assert.equal(row?.phoneNumber, '+44 20 7946 0958');
    assert.deepEqual(row?.metadata, { address: '12 St James Square, London', jobTitle: 'Analyst' });
  });

  it('[PROFILE-002] a picture is uploaded as a multipart image file (PNG, JPEG, GIF, WebP) and answered as its URL', async () => {
    const res = await upload(form(pngBytes(), 'image/png'));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await res.text(), PNG);
    assert.equal(await picture(), PNG);
    const audit = (await t.services.db.select().from(audits)).filter(
      (a) => a.action === 'User updated profile picture',
    );
    assert.equal(audit.at(-1)?.userId, user.id);
    // The same picture as a base64 data image in JSON.
    const gif = await upload(JSON.stringify({ image: GIF }), user.token, 'application/json');
    assert.equal(gif.status, 200);
    assert.equal(await picture(), GIF);
  });

  it('[PROFILE-002] anything but a base64 raster data image is refused (SVG, URLs, disguised bytes), the picture kept', async () => {
    await upload(form(pngBytes(), 'image/png'));
    const refused: [BodyInit, string | undefined][] = [
      [form(SVG_TEXT, 'image/svg+xml', 'me.svg'), undefined],
      [form(SVG_TEXT, 'image/png', 'me.png'), undefined], // SVG bytes declared as PNG
      [form(new Uint8Array(600 * 1024).fill(0), 'image/png'), undefined],
      [
        JSON.stringify({ image: `data:image/svg+xml;base64,${Buffer.from(SVG_TEXT).toString('base64')}` }),
        'application/json',
      ],
      [
        JSON.stringify({ image: `data:image/png;base64,${Buffer.from(SVG_TEXT).toString('base64')}` }),
        'application/json',
      ],
      [JSON.stringify({ image: 'https://images.example.com/me.png' }), 'application/json'],
      [JSON.stringify({ image: 42 }), 'application/json'],
      ['not json', 'application/json'],
    ];
    for (const [body, type] of refused) {
      const res = await upload(body, user.token, type);
      assert.equal(res.status, 400, typeof body === 'string' ? body.slice(0, 60) : 'form');
      assert.ok((await errorsOf(res)).length > 0);
    }
    const missing = await upload(new FormData());
    assert.equal(missing.status, 400);
    assert.match(await errorsOf(missing), /image: a file is required/);
    assert.equal(await picture(), PNG);
  });

  it('the email changes with a code mailed to the new address (updateEmail, verifyEmail); the old address is told; a taken address gets no code', async () => {
    const f = fixtures(t);
    const member = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }] });
    const token = await member.tokenIn();
    const fresh = `changed-${member.id.slice(0, 8)}@acme.test`;
    assert.deepEqual(
      await f.json(await f.request('POST', paths.teams.updateEmail.path, token, { email: fresh })),
      {},
    );
    const code = (await f.mailTo(fresh)).text.match(/\b(\d{6})\b/)![1]!;
    await f.errorsOf(
      await f.request('POST', paths.teams.verifyEmail.path, token, { email: 'other@acme.test', code }),
      400,
    );
    assert.deepEqual(
      await f.json(await f.request('POST', paths.teams.verifyEmail.path, token, { email: fresh, code })),
      {},
    );
    const [row] = await t.services.db.select().from(users).where(eq(users.id, member.id));
    assert.equal(row!.email, fresh);
    assert.match((await f.mailTo(member.email, 'is now')).text, /now changed-/);
    const [audit] = await t.services.db.select().from(audits).where(eq(audits.action, 'User changed email'));
    assert.equal(audit!.userId, member.id);
    // An address another user holds: the same answer, but no code is mailed, so nothing can verify it.
    const taken = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }] });
    assert.deepEqual(
      await f.json(await f.request('POST', paths.teams.updateEmail.path, token, { email: taken.email })),
      {},
    );
    await f.errorsOf(
      await f.request('POST', paths.teams.verifyEmail.path, token, { email: taken.email, code: '123456' }),
      400,
    );
    await f.errorsOf(await f.request('POST', paths.teams.updateEmail.path, token, { email: 'nope' }), 400);
    assert.equal(
      (await f.request('POST', paths.teams.updateEmail.path, undefined, { email: fresh })).status,
      401,
    );
  });
});
