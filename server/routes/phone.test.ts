import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { audits, sessions, userPhoneNumbers, users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const P = paths.userPhoneNumbers;
const withId = (path: string, id: string) => path.replace('{phoneId}', id);
let counter = 0;
const newPhone = () => `+1555${String(Date.now() + counter++).slice(-7)}`;

describe('phone numbers and reset phone number', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());

  const smsCodeTo = async (to: string, contains = 'code') => {
    const sms = await f.smsTo(to, contains);
    return sms.text.match(/\b(\d{6})\b/)![1]!;
  };

  it('[PHONE-009] [PHONE-010] [PHONE-005] preverify texts a code; verify with it proves the number (id and phoneNumber)', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    const phone = newPhone();
    const pre = await f.json<{ otcToken: string; id: string }>(
      await f.request('POST', P.preVerifyPhoneNumber.path, token, { phoneNumber: phone }),
    );
    assert.ok(pre.otcToken);
    const code = await smsCodeTo(phone, 'verify');
    const wrong = code === '000000' ? '111111' : '000000';
    await f.errorsOf(
      await f.request('POST', P.verifyPhoneNumber.path, token, { otcToken: pre.otcToken, code: wrong }),
      400,
    );
    const verified = await f.json<{ id: string; phoneNumber: string; verified: boolean }>(
      await f.request('POST', P.verifyPhoneNumber.path, token, { otcToken: pre.otcToken, code }),
    );
    assert.equal(verified.id, pre.id);
    assert.equal(verified.phoneNumber, phone);
    assert.equal(verified.verified, true);
    // Single use.
    await f.errorsOf(
      await f.request('POST', P.verifyPhoneNumber.path, token, { otcToken: pre.otcToken, code }),
      400,
    );
    // Another user cannot use the token.
    const other = await f.createUser({ tenants: [{ id: acme }] });
    await f.errorsOf(
      await f.request('POST', P.verifyPhoneNumber.path, await other.tokenIn(), {
        otcToken: pre.otcToken,
        code,
      }),
      400,
    );
  });

  it('[PHONE-007] [PHONE-006] POST adds a number; the list pages with limit 10 and offset 0 by default', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    for (let i = 0; i < 10; i++)
      await f.json(
        await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: newPhone() }),
        201,
      );
    await f.errorsOf(
      await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: newPhone() }),
      400,
    );
    await f.errorsOf(
      await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: 'call me' }),
      400,
    );
    const first = await f.json<{ items: { id: string }[]; _metadata: Record<string, number> }>(
      await f.request('GET', P.getUserPhoneNumbers.path, token),
    );
    assert.equal(first.items.length, 10);
    assert.deepEqual(first._metadata, { totalItems: 10, totalPages: 1 });
    const page = await f.json<{ items: { id: string }[] }>(
      await f.request('GET', `${P.getUserPhoneNumbers.path}?limit=3&offset=8`, token),
    );
    assert.equal(page.items.length, 2);
    assert.equal(page.items[0]!.id, first.items[8]!.id);
    // Only the caller's own numbers.
    const other = await f.createUser({ tenants: [{ id: acme }] });
    const theirs = await f.json<{ items: unknown[] }>(
      await f.request('GET', P.getUserPhoneNumbers.path, await other.tokenIn()),
    );
    assert.equal(theirs.items.length, 0);
    assert.equal((await f.request('GET', P.getUserPhoneNumbers.path)).status, 401);
  });

  it('[PHONE-008] [PHONE-011] DELETE removes an unverified number; a verified one needs the code texted to it', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    const loose = await f.json<{ id: string }>(
      await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: newPhone() }),
      201,
    );
    assert.deepEqual(
      await f.json(await f.request('DELETE', withId(P.deletePhoneNumber.path, loose.id), token)),
      { phoneId: loose.id, deleted: true },
    );
    const phone = newPhone();
    const pre = await f.json<{ otcToken: string; id: string }>(
      await f.request('POST', P.preVerifyPhoneNumber.path, token, { phoneNumber: phone }),
    );
    await f.json(
      await f.request('POST', P.verifyPhoneNumber.path, token, {
        otcToken: pre.otcToken,
        code: await smsCodeTo(phone, 'verify'),
      }),
    );
    const other = await f.createUser({ tenants: [{ id: acme }] });
    await f.errorsOf(
      await f.request('DELETE', withId(P.deletePhoneNumber.path, pre.id), await other.tokenIn()),
      404,
    );
    const del = await f.json<{ deleted: boolean; otcToken: string }>(
      await f.request('DELETE', withId(P.deletePhoneNumber.path, pre.id), token),
      202,
    );
    assert.equal(del.deleted, false);
    const code = await smsCodeTo(phone, 'remove');
    await f.json(
      await f.request('POST', withId(P.verifyDeletePhoneNumber.path, pre.id), token, {
        otcToken: del.otcToken,
        code,
      }),
    );
    const left = await t.services.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, user.id));
    assert.equal(left.length, 0);
    const rows = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'Phone number deleted')));
    assert.equal(rows.length, 2);
  });

  it('[PHONE-001] [PHONE-002] [PHONE-003] [PHONE-004] reset: reset token → mailed code → change token → new number → SMS sign-in', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const reset = await f.json<{ resetPhoneNumberToken: string }>(
      await f.request('POST', paths.auth.resetPhoneNumber.path, undefined, { email: user.email }),
    );
    assert.ok(reset.resetPhoneNumberToken);
    // An unknown email gets a token too (no enumeration), but no code ever matches it.
    const unknown = await f.json<{ resetPhoneNumberToken: string }>(
      await f.request('POST', paths.auth.resetPhoneNumber.path, undefined, { email: 'nobody-x@acme.test' }),
    );
    assert.ok(unknown.resetPhoneNumberToken);
    const mail = await f.mailTo(user.email);
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    await f.errorsOf(
      await f.request('POST', paths.auth.verifyResetPhoneNumber.path, undefined, {
        resetPhoneNumberToken: unknown.resetPhoneNumberToken,
        code,
      }),
      400,
    );
    const verified = await f.json<{ changePhoneNumberToken: string }>(
      await f.request('POST', paths.auth.verifyResetPhoneNumber.path, undefined, {
        resetPhoneNumberToken: reset.resetPhoneNumberToken,
        code,
      }),
    );
    assert.ok(verified.changePhoneNumberToken);
    // The reset token was single use.
    await f.errorsOf(
      await f.request('POST', paths.auth.verifyResetPhoneNumber.path, undefined, {
        resetPhoneNumberToken: reset.resetPhoneNumberToken,
        code,
      }),
      400,
    );
    const phone = newPhone();
    await f.json(
      await f.request('PUT', paths.auth.changePhoneNumber.path, undefined, {
        changePhoneNumberToken: verified.changePhoneNumberToken,
        phoneNumber: phone,
      }),
    );
    await f.errorsOf(
      await f.request('PUT', paths.auth.changePhoneNumber.path, undefined, {
        changePhoneNumberToken: verified.changePhoneNumberToken,
        phoneNumber: newPhone(),
      }),
      400,
    );
    // The SMS passwordless login started: its code signs in and proves the new number.
    const smsCode = await smsCodeTo(phone, 'sign-in');
    const [before] = await t.services.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, user.id));
    assert.equal(before!.verifiedAt, null);
    await f.json(
      await f.request('POST', paths.auth.passwordlessPostLogin.path.replace('{type}', 'smscode'), undefined, {
        email: user.email,
        code: smsCode,
      }),
    );
    const [after] = await t.services.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, user.id));
    assert.ok(after!.verifiedAt);
    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.deepEqual(session!.amr, ['sms']);
  });

  it('[PHONE-005] [PHONE-006] own numbers answer an array of IPhoneNumber (id, phoneNumber, verified, createdAt, updatedAt); the page carries totalPages; _limit/_offset work too', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    for (let i = 0; i < 3; i++)
      await f.json(
        await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: newPhone() }),
        201,
      );
    const own = await f.json<Record<string, unknown>[]>(
      await f.request('GET', P.getUserOwnPhoneNumbers.path, token),
    );
    assert.ok(Array.isArray(own));
    assert.equal(own.length, 3);
    assert.deepEqual(Object.keys(own[0]!).sort(), [
      'createdAt',
      'id',
      'phoneNumber',
      'updatedAt',
      'verified',
    ]);
    const page = await f.json<{ items: { id: string }[]; _metadata: unknown }>(
      await f.request('GET', `${P.getUserPhoneNumbers.path}?_limit=2&_offset=2`, token),
    );
    assert.deepEqual(
      page.items.map((p) => p.id),
      [own[2]!.id],
    );
    assert.deepEqual(page._metadata, { totalItems: 3, totalPages: 2 });
    // With `verify`, the code is texted at once and its otcToken answered.
    const phone = newPhone();
    const added = await f.json<{ id: string; otcToken?: string }>(
      await f.request('POST', P.createPhoneNumber.path, token, { phoneNumber: phone, verify: true }),
      201,
    );
    assert.ok(added.otcToken);
    await f.json(
      await f.request('POST', P.verifyPhoneNumber.path, token, {
        otcToken: added.otcToken,
        code: await smsCodeTo(phone, 'verify'),
      }),
    );
  });

  it("the profile's number changes with a code texted to the new number (changePhoneNumberWithVerification, verifyChangePhoneNumber)", async () => {
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const token = await user.tokenIn();
    const phone = newPhone();
    const { changePhoneId } = await f.json<{ changePhoneId: string }>(
      await f.request('POST', paths.auth.changePhoneNumberWithVerification.path, token, {
        phoneNumber: phone,
      }),
    );
    const code = await smsCodeTo(phone, 'phone number of your account');
    // Another user cannot use the change id; a wrong code is refused.
    const other = await f.createUser({ tenants: [{ id: acme }] });
    await f.errorsOf(
      await f.request('POST', paths.auth.verifyChangePhoneNumber.path, await other.tokenIn(), {
        changePhoneId,
        code,
      }),
      400,
    );
    await f.errorsOf(
      await f.request('POST', paths.auth.verifyChangePhoneNumber.path, token, {
        changePhoneId,
        code: code === '000000' ? '111111' : '000000',
      }),
      400,
    );
    assert.deepEqual(
      await f.json(
        await f.request('POST', paths.auth.verifyChangePhoneNumber.path, token, { changePhoneId, code }),
      ),
      {},
    );
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row!.phoneNumber, phone);
    const numbers = await t.services.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, user.id));
    assert.deepEqual(
      numbers.map((n) => [n.phoneNumber, n.verifiedAt !== null]),
      [[phone, true]],
    );
    // Single use.
    await f.errorsOf(
      await f.request('POST', paths.auth.verifyChangePhoneNumber.path, token, { changePhoneId, code }),
      400,
    );
    assert.equal(
      (
        await f.request('POST', paths.auth.changePhoneNumberWithVerification.path, undefined, {
          phoneNumber: phone,
        })
      ).status,
      401,
    );
  });
});
