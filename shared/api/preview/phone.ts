import { phoneContracts as pc } from '../contracts/phone';
import { paths } from '../paths';
import {
  fail,
  find,
  iso,
  newId,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
} from './common';
import { scopedTenant, signedInUser } from './views';
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
  updatedAt: row.createdAt,
});

/** Imaginary codes: any code of the contract's form passes but 000000. */
const codeOk = (code: string) => code !== '000000';

function ownPhone(req: PreviewRequest, id = req.params.phoneId ?? ''): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
  return find(req.state.userPhoneNumbers, (p) => p.id === id && p.userId === userId, 'Phone number');
}

function addPhone(req: PreviewRequest, phoneNumber: string): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
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
  const body = parseWith(pc.verifyPhoneNumber.body, req.body);
  const [tokenKind, id] = body.otcToken.split(':');
  if (tokenKind !== kind || !codeOk(body.code)) throw fail(400, INVALID_PHONE_CODE);
  const userId = signedInUser(req.state).id;
  const row = req.state.userPhoneNumbers.find((p) => p.id === id && p.userId === userId);
  if (!row) throw fail(400, INVALID_PHONE_CODE);
  return row;
}

const mine = (req: PreviewRequest) => {
  const userId = signedInUser(req.state).id;
  return req.state.userPhoneNumbers.filter((p) => p.userId === userId);
};

function listPhones(req: PreviewRequest) {
  const q = parseWith(pc.getUserPhoneNumbers.query, Object.fromEntries(req.query));
  const limit = q._limit ?? q.limit ?? 10;
  const offset = q._offset ?? q.offset ?? 0;
  const all = mine(req);
  return {
    items: all.slice(offset, offset + limit).map(phoneView),
    _metadata: { totalItems: all.length, totalPages: Math.ceil(all.length / limit) },
  };
}

function deletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (!row.verified) {
    req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
    return { phoneId: row.id, deleted: true };
  }
  return new PreviewReply(202, {
    phoneId: row.id,
    deleted: false,
    otcToken: phoneOtc('phone-delete', row.id),
  });
}

/** As the server: the verified numbers of the tenant's users, `_offset` a page index. */
function usersPhoneNumbers(req: PreviewRequest) {
  const q = parseWith(pc.getUsersPhoneNumberV2.query, Object.fromEntries(req.query));
  const tenantId = scopedTenant(req);
  const members = new Set(req.state.users.filter((u) => u.tenantIds.includes(tenantId)).map((u) => u.id));
  const userIds = q.userIds
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const wanted = q._phoneNumber?.replace(/[\s()-]/g, '');
  const rows = req.state.userPhoneNumbers.filter(
    (p) =>
      p.verified &&
      members.has(p.userId) &&
      (!userIds || userIds.includes(p.userId)) &&
      (!wanted || p.phoneNumber === wanted),
  );
  const limit = q._limit ?? 20;
  const pageIndex = q._offset ?? 0;
  return {
    items: rows
      .slice(pageIndex * limit, pageIndex * limit + limit)
      .map((p) => ({ userId: p.userId, phoneNumber: p.phoneNumber })),
    _metadata: { totalItems: rows.length, totalPages: Math.ceil(rows.length / limit) },
  };
}

// Reset phone number (PHONE-001..004): the tokens carry the email (the preview keeps no challenges).
const tokenOf = (kind: string, email: string) => `${kind}:${encodeURIComponent(email)}:${randomHex(4)}`;
const emailOf = (kind: string, token: string) => {
  const [tokenKind, email] = token.split(':');
  return tokenKind === kind && email !== undefined ? decodeURIComponent(email) : null;
};

function verifyDeletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (phoneCode(req, 'phone-delete') !== row) throw fail(400, INVALID_PHONE_CODE);
  req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
  return { deleted: true };
}

export const phoneHandlers: PreviewRoute[] = [
  on(paths.userPhoneNumbers.getUserPhoneNumbers, listPhones),
  on(paths.userPhoneNumbers.getUserOwnPhoneNumbers, (req) => mine(req).map(phoneView)),
  on(paths.userPhoneNumbers.getUsersPhoneNumberV2, usersPhoneNumbers),
  on(paths.userPhoneNumbers.createPhoneNumber, (req) => {
    const body = parseWith(pc.createPhoneNumber.body, req.body);
    const row = addPhone(req, body.phoneNumber);
    const otc = body.verify && !row.verified ? { otcToken: phoneOtc('phone-verify', row.id) } : {};
    return new PreviewReply(201, { ...phoneView(row), ...otc });
  }),
  on(paths.userPhoneNumbers.preVerifyPhoneNumber, (req) => {
    const row = addPhone(req, parseWith(pc.preVerifyPhoneNumber.body, req.body).phoneNumber);
    return { otcToken: phoneOtc('phone-verify', row.id), id: row.id, phoneNumber: row.phoneNumber };
  }),
  on(paths.userPhoneNumbers.verifyPhoneNumber, (req) => {
    const row = phoneCode(req, 'phone-verify');
    row.verified = true;
    return phoneView(row);
  }),
  on(paths.userPhoneNumbers.deletePhoneNumber, deletePhone),
  on(paths.userPhoneNumbers.verifyDeletePhoneNumber, verifyDeletePhone),
  on(paths.auth.resetPhoneNumber, (req) => ({
    resetPhoneNumberToken: tokenOf('phone-reset', parseWith(pc.resetPhoneNumber.body, req.body).email),
  })),
  on(paths.auth.verifyResetPhoneNumber, (req) => {
    const body = parseWith(pc.verifyResetPhoneNumber.body, req.body);
    const email = emailOf('phone-reset', body.resetPhoneNumberToken);
    const known = req.state.users.some((u) => u.email.toLowerCase() === email);
    if (email === null || !known || !codeOk(body.code)) throw fail(400, INVALID_PHONE_CODE);
    return { changePhoneNumberToken: tokenOf('phone-change', email) };
  }),
  // As the server: the new number replaces the user's numbers (the SMS sign-in code is imaginary).
  on(paths.auth.changePhoneNumber, (req) => {
    const body = parseWith(pc.changePhoneNumber.body, req.body);
    const email = emailOf('phone-change', body.changePhoneNumberToken);
    const user = req.state.users.find((u) => u.email.toLowerCase() === email);
    if (!user) throw fail(400, 'The link is invalid or has expired');
    req.state.userPhoneNumbers = [
      ...req.state.userPhoneNumbers.filter((p) => p.userId !== user.id),
      {
        id: newId('phone'),
        userId: user.id,
        phoneNumber: body.phoneNumber,
        verified: false,
        createdAt: iso(req.now),
      },
    ];
    return { email: user.email };
  }),
  // The profile's number, changed with a code texted to the new one.
  on(paths.auth.changePhoneNumberWithVerification, (req) => {
    const { phoneNumber } = parseWith(pc.changePhoneNumberWithVerification.body, req.body);
    signedInUser(req.state);
    return { changePhoneId: `phone-change-verify:${encodeURIComponent(phoneNumber)}:${randomHex(4)}` };
  }),
  on(paths.auth.verifyChangePhoneNumber, (req) => {
    const body = parseWith(pc.verifyChangePhoneNumber.body, req.body);
    const user = signedInUser(req.state);
    const [kind, phone] = body.changePhoneId.split(':');
    if (kind !== 'phone-change-verify' || !phone || !codeOk(body.code)) throw fail(400, INVALID_PHONE_CODE);
    const phoneNumber = decodeURIComponent(phone);
    const row = addPhone(req, phoneNumber);
    row.verified = true;
    user.phoneNumber = phoneNumber;
    return {};
  }),
];
