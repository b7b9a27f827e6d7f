import { paths } from '../paths';
import {
  fail,
  find,
  int,
  iso,
  newId,
  on,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
  record,
  text,
} from './common';
import { signedInUser } from './views';
import { type UserPhoneNumberRow } from './sampleData';

// The signed-in user's phone numbers (PHONE-005..011), as server/routes/phone.ts answers them. The texted
// code is imaginary: any six digits but 000000 pass.

const MAX_PHONE_NUMBERS = 10;
const INVALID_PHONE_CODE = 'The code is invalid or has expired';

const phoneView = (row: UserPhoneNumberRow) => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  verified: row.verified,
  createdAt: row.createdAt,
});

/** E.164 once spaces, dashes, dots and brackets are dropped; else a 400 as the server's validation says. */
function phoneNumberOf(body: unknown): string {
  const raw = text(record(body).phoneNumber);
  const phone = raw?.replace(/[\s\-().]/g, '') ?? '';
  if (!/^\+[1-9]\d{6,14}$/.test(phone))
    throw fail(400, 'phoneNumber: a phone number in international format (+15551234567)');
  return phone;
}

function ownPhone(req: PreviewRequest, id = req.params.phoneId ?? ''): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
  return find(req.state.userPhoneNumbers, (p) => p.id === id && p.userId === userId, 'Phone number');
}

function addPhone(req: PreviewRequest): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
  const phoneNumber = phoneNumberOf(req.body);
  const mine = req.state.userPhoneNumbers.filter((p) => p.userId === userId);
  const existing = mine.find((p) => p.phoneNumber === phoneNumber);
  if (existing) return existing;
  if (mine.length >= MAX_PHONE_NUMBERS) throw fail(400, `At most ${MAX_PHONE_NUMBERS} phone numbers`);
  const row = { id: newId('phone'), userId, phoneNumber, verified: false, createdAt: iso(req.now) };
  req.state.userPhoneNumbers.push(row);
  return row;
}

/** The otcToken names what the code is for and the number: `phone-verify:<id>:<nonce>`. */
const phoneOtc = (kind: 'phone-verify' | 'phone-delete', id: string) => `${kind}:${id}:${randomHex(4)}`;

/** Checks the otcToken and code of the body; answers the number the token names. */
function phoneCode(req: PreviewRequest, kind: 'phone-verify' | 'phone-delete'): UserPhoneNumberRow {
  const body = record(req.body);
  const [tokenKind, id] = (text(body.otcToken) ?? '').split(':');
  const code = text(body.code)?.trim() ?? '';
  if (tokenKind !== kind || !/^\d{6}$/.test(code) || code === '000000') throw fail(400, INVALID_PHONE_CODE);
  const userId = signedInUser(req.state).id;
  const row = req.state.userPhoneNumbers.find((p) => p.id === id && p.userId === userId);
  if (!row) throw fail(400, INVALID_PHONE_CODE);
  return row;
}

function listPhones(req: PreviewRequest) {
  const userId = signedInUser(req.state).id;
  const limit = Math.min(Math.max(int(req.query, ['limit'], 10), 1), 100);
  const offset = int(req.query, ['offset'], 0);
  const mine = req.state.userPhoneNumbers.filter((p) => p.userId === userId);
  return {
    items: mine.slice(offset, offset + limit).map(phoneView),
    _metadata: { totalItems: mine.length, limit, offset },
  };
}

function deletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (!row.verified) {
    req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
    return { deleted: true };
  }
  return new PreviewReply(202, { deleted: false, otcToken: phoneOtc('phone-delete', row.id) });
}

function verifyDeletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (phoneCode(req, 'phone-delete') !== row) throw fail(400, INVALID_PHONE_CODE);
  req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
  return { deleted: true };
}

export const phoneHandlers: PreviewRoute[] = [
  on(paths.userPhoneNumbers.getUserPhoneNumbers, listPhones),
  on(paths.userPhoneNumbers.getUserOwnPhoneNumbers, listPhones),
  on(paths.userPhoneNumbers.createPhoneNumber, (req) => new PreviewReply(201, phoneView(addPhone(req)))),
  on(paths.userPhoneNumbers.preVerifyPhoneNumber, (req) => {
    const row = addPhone(req);
    return { otcToken: phoneOtc('phone-verify', row.id), id: row.id, phoneNumber: row.phoneNumber };
  }),
  on(paths.userPhoneNumbers.verifyPhoneNumber, (req) => {
    const row = phoneCode(req, 'phone-verify');
    row.verified = true;
    return phoneView(row);
  }),
  on(paths.userPhoneNumbers.deletePhoneNumber, deletePhone),
  on(paths.userPhoneNumbers.verifyDeletePhoneNumber, verifyDeletePhone),
];
