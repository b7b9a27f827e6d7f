// The user's phone numbers (PHONE-005..011) and the reset-phone-number flow (PHONE-001..004).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { phoneContracts as pc } from '../../shared/api/contracts/phone';
import { paths } from '../../shared/api/paths';
import { limitIssuance } from '../account/issuance';
import { checkChallengeCode, findChallenge, issueChallenge, spendChallenge } from '../auth/challenges';
import { apiError, caller, readBody } from '../context';
import { userPhoneNumbers, users } from '../db/schema';
import { inBackground } from '../signup/background';
import { mailOf } from '../mail/message';
import { sendPasswordless } from '../passwordless/send';
import { defineFamily, signIn, userEndpoints, publicEndpoints } from './endpoints';
import { auditUser } from '../auth/userAudit';

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
/** Phone numbers one user may keep. */
export const MAX_PHONE_NUMBERS = 10;
const INVALID_CODE = 'The code is invalid or has expired';

/** The wire shape of a phone number (PHONE-005; Frontegg's IPhoneNumber): it changes only when verified. */
const view = (row: typeof userPhoneNumbers.$inferSelect): AnswerOf<typeof pc.verifyPhoneNumber> => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  verified: row.verifiedAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: (row.verifiedAt ?? row.createdAt).toISOString(),
});

export const phoneEndpointsByName = {
  ...userEndpoints(
    paths.userPhoneNumbers,
    'getUserPhoneNumbers',
    'getUserOwnPhoneNumbers',
    'createPhoneNumber',
    'preVerifyPhoneNumber',
    'verifyPhoneNumber',
    'deletePhoneNumber',
    'verifyDeletePhoneNumber',
  ),
  ...signIn(publicEndpoints(paths.auth, 'resetPhoneNumber', 'verifyResetPhoneNumber', 'changePhoneNumber')),
  ...userEndpoints(paths.auth, 'changePhoneNumberWithVerification', 'verifyChangePhoneNumber'),
} as const;

export const phoneRoutes = defineFamily(phoneEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  const own = async (userId: string, id: string) => {
    const [row] = await db
      .select()
      .from(userPhoneNumbers)
      .where(and(eq(userPhoneNumbers.id, id), eq(userPhoneNumbers.userId, userId)));
    if (!row) throw apiError(404, 'Phone number not found');
    return row;
  };
  /** Before a code is texted: the user's and the caller's budgets of phone codes (429 when spent). */
  const limitCodes = (c: Context, userId: string) =>
    limitIssuance(services, { kind: 'phone-verification', account: userId, address: caller(c).ipAddress });
  /** Texts a code to the number; the challenge names the number and what the code is for. */
  const textCode = async (
    userId: string,
    row: { id: string; phoneNumber: string },
    kind: 'phone-verify' | 'phone-delete',
  ) => {
    const challenge = await issueChallenge(db, {
      kind,
      userId,
      ttlMs: CODE_TTL_MS,
      codeDigits: 6,
      data: { phoneNumberId: row.id },
      supersede: true,
    });
    const purpose = kind === 'phone-verify' ? 'verify this phone number' : 'remove this phone number';
    await services.sms.send({
      to: row.phoneNumber,
      text: `Your code to ${purpose} is ${challenge.code}. It works for 10 minutes.`,
    });
    return challenge.token;
  };
  /** Checks a code of an otcToken challenge of the caller; answers the phone number id it names. */
  const checkCode = async (userId: string, kind: string, otcToken: string, code: string) => {
    const challenge = await findChallenge(db, kind, otcToken);
    if (!challenge || challenge.userId !== userId) throw apiError(400, INVALID_CODE);
    const check = await checkChallengeCode(db, challenge.id, code, { maxAttempts: MAX_ATTEMPTS });
    if (check !== 'ok') throw apiError(400, INVALID_CODE);
    return String((challenge.data as { phoneNumberId?: string }).phoneNumberId ?? '');
  };
  const addNumber = async (userId: string, phoneNumber: string) => {
    const [existing] = await db
      .select()
      .from(userPhoneNumbers)
      .where(and(eq(userPhoneNumbers.userId, userId), eq(userPhoneNumbers.phoneNumber, phoneNumber)));
    if (existing) return existing;
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, userId));
    if (total >= MAX_PHONE_NUMBERS) throw apiError(400, `At most ${MAX_PHONE_NUMBERS} phone numbers`);
    const [row] = await db
      .insert(userPhoneNumbers)
      .values({ id: randomUUID(), userId, phoneNumber })
      .returning();
    return row!;
  };

  const numbersOf = (userId: string) =>
    db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, userId))
      .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id));

  // PHONE-006: a page of the caller's numbers, limit 10 and offset 0 by default (`_limit`/`_offset` too).
  on(e.getUserPhoneNumbers, async (c) => {
    const parsed = pc.getUserPhoneNumbers.query.safeParse(c.req.query());
    if (!parsed.success)
      throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    const limit = parsed.data._limit ?? parsed.data.limit ?? 10;
    const offset = parsed.data._offset ?? parsed.data.offset ?? 0;
    const userId = c.get('auth').sub;
    const rows = await numbersOf(userId).limit(limit).offset(offset);
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, userId));
    return c.json({
      items: rows.map(view),
      _metadata: { totalItems: total, totalPages: Math.ceil(total / limit) },
    } satisfies AnswerOf<typeof pc.getUserPhoneNumbers>);
  });
  // All the caller's numbers, as an array (Frontegg's getUserOwnPhoneNumbers); at most MAX_PHONE_NUMBERS.
  on(e.getUserOwnPhoneNumbers, async (c) =>
    c.json(
      (await numbersOf(c.get('auth').sub)).map(view) satisfies AnswerOf<typeof pc.getUserOwnPhoneNumbers>,
    ),
  );

  // PHONE-007: add a number (unverified until its code comes back); with `verify` the code is texted at once.
  on(e.createPhoneNumber, async (c) => {
    const { phoneNumber, verify } = await readBody(c, pc.createPhoneNumber.body);
    const userId = c.get('auth').sub;
    if (verify) await limitCodes(c, userId);
    const row = await addNumber(userId, phoneNumber);
    await c.var.audit({ action: 'Phone number added', json: { phoneNumberId: row.id } });
    const otcToken = verify && !row.verifiedAt ? await textCode(userId, row, 'phone-verify') : undefined;
    return c.json(
      { ...view(row), ...(otcToken ? { otcToken } : {}) } satisfies AnswerOf<typeof pc.createPhoneNumber>,
      201,
    );
  });

  // PHONE-009: texts a verification code to the number (added when new); answers the otcToken.
  on(e.preVerifyPhoneNumber, async (c) => {
    const { phoneNumber } = await readBody(c, pc.preVerifyPhoneNumber.body);
    const userId = c.get('auth').sub;
    await limitCodes(c, userId);
    const row = await addNumber(userId, phoneNumber);
    const otcToken = await textCode(userId, row, 'phone-verify');
    return c.json({
      otcToken,
      id: row.id,
      phoneNumber: row.phoneNumber,
    } satisfies AnswerOf<typeof pc.preVerifyPhoneNumber>);
  });

  // PHONE-010: the code proves the number.
  on(e.verifyPhoneNumber, async (c) => {
    const { otcToken, code } = await readBody(c, pc.verifyPhoneNumber.body);
    const userId = c.get('auth').sub;
    const id = await checkCode(userId, 'phone-verify', otcToken, code);
    const [row] = await db
      .update(userPhoneNumbers)
      .set({ verifiedAt: new Date() })
      .where(and(eq(userPhoneNumbers.id, id), eq(userPhoneNumbers.userId, userId)))
      .returning();
    if (!row) throw apiError(400, INVALID_CODE);
    await c.var.audit({ action: 'Phone number verified', json: { phoneNumberId: row.id } });
    return c.json(view(row));
  });

  // PHONE-008: an unverified number goes at once; a verified one needs a code texted to it (PHONE-011).
  on(e.deletePhoneNumber, async (c) => {
    const userId = c.get('auth').sub;
    const row = await own(userId, c.req.param('phoneId') ?? '');
    if (!row.verifiedAt) {
      await db.delete(userPhoneNumbers).where(eq(userPhoneNumbers.id, row.id));
      await c.var.audit({ action: 'Phone number deleted', json: { phoneNumberId: row.id } });
      return c.json({ phoneId: row.id, deleted: true } satisfies AnswerOf<typeof pc.deletePhoneNumber>);
    }
    await limitCodes(c, userId);
    const otcToken = await textCode(userId, row, 'phone-delete');
    return c.json(
      { phoneId: row.id, deleted: false, otcToken } satisfies AnswerOf<typeof pc.deletePhoneNumber>,
      202,
    );
  });

  // PHONE-011: the code texted to the number confirms its deletion.
  on(e.verifyDeletePhoneNumber, async (c) => {
    const { otcToken, code } = await readBody(c, pc.verifyDeletePhoneNumber.body);
    const userId = c.get('auth').sub;
    const row = await own(userId, c.req.param('phoneId') ?? '');
    const id = await checkCode(userId, 'phone-delete', otcToken, code);
    if (id !== row.id) throw apiError(400, INVALID_CODE);
    await db.delete(userPhoneNumbers).where(eq(userPhoneNumbers.id, row.id));
    await c.var.audit({ action: 'Phone number deleted', json: { phoneNumberId: row.id } });
    return c.json({ deleted: true });
  });

  // ---- Reset phone number (PHONE-001..004): public, rate-limited, no enumeration ----

  // PHONE-002: the request yields a reset token (for any email); a known user is mailed a code.
  on(e.resetPhoneNumber, async (c) => {
    const { email } = await readBody(c, pc.resetPhoneNumber.body);
    // Before the lookup and keyed by the email as given: known and unknown emails are limited alike.
    await limitIssuance(services, { kind: 'phone-reset', account: email, address: caller(c).ipAddress });
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.vendorId, vendorId), sql`lower(${users.email}) = ${email}`));
    const known = user?.verified ? user : null;
    const challenge = await issueChallenge(db, {
      kind: 'phone-reset',
      userId: known?.id ?? null,
      tenantId: known?.activeTenantId ?? null,
      ttlMs: CODE_TTL_MS,
      codeDigits: 6,
      supersede: Boolean(known),
    });
    if (known) {
      await auditUser(services, c, known, {
        action: 'Phone number reset requested',
      });
      inBackground(db, 'reset-phone mail', () =>
        services.mailer.send(
          mailOf(known.email, 'Reset your phone number', [
            `Your code to reset the phone number of your account is ${challenge.code}. It works for 10 minutes.`,
            'If you did not ask for it, ignore this message.',
          ]),
        ),
      );
    }
    return c.json({ resetPhoneNumberToken: challenge.token } satisfies AnswerOf<typeof pc.resetPhoneNumber>);
  });

  // PHONE-003: the mailed code and the reset token yield a change token.
  on(e.verifyResetPhoneNumber, async (c) => {
    const { resetPhoneNumberToken, code } = await readBody(c, pc.verifyResetPhoneNumber.body);
    const challenge = await findChallenge(db, 'phone-reset', resetPhoneNumberToken);
    if (!challenge) throw apiError(400, INVALID_CODE);
    const check = await checkChallengeCode(db, challenge.id, code, { maxAttempts: MAX_ATTEMPTS });
    if (check !== 'ok' || !challenge.userId) throw apiError(400, INVALID_CODE);
    const change = await issueChallenge(db, {
      kind: 'phone-change',
      userId: challenge.userId,
      tenantId: challenge.tenantId,
      ttlMs: CODE_TTL_MS,
      supersede: true,
    });
    return c.json({
      changePhoneNumberToken: change.token,
    } satisfies AnswerOf<typeof pc.verifyResetPhoneNumber>);
  });

  // PHONE-004: the new number replaces the old ones; an SMS sign-in code goes to it at once.
  on(e.changePhoneNumber, async (c) => {
    const { changePhoneNumberToken, phoneNumber } = await readBody(c, pc.changePhoneNumber.body);
    const challenge = await findChallenge(db, 'phone-change', changePhoneNumberToken);
    const [user] = challenge?.userId
      ? await db.select().from(users).where(eq(users.id, challenge.userId))
      : [];
    if (!challenge || !user) throw apiError(400, 'The link is invalid or has expired');
    // The sign-in code texted below spends the account's passwordless budget; refused before the token is.
    await limitIssuance(services, {
      kind: 'passwordless',
      account: user.email,
      address: caller(c).ipAddress,
    });
    if (!(await spendChallenge(db, challenge.id))) throw apiError(400, 'The link is invalid or has expired');
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.delete(userPhoneNumbers).where(eq(userPhoneNumbers.userId, user.id));
      await tx.insert(userPhoneNumbers).values({ id, userId: user.id, phoneNumber });
    });
    await auditUser(services, c, user, {
      action: 'Phone number reset',
      severity: 'Medium',
    });
    // The SMS passwordless login: a correct code also proves the new number (it becomes verified).
    await sendPasswordless(services, c, user, 'smscode', phoneNumber, { phoneNumberId: id });
    return c.json({ email: user.email } satisfies AnswerOf<typeof pc.changePhoneNumber>);
  });

  // ---- The profile's number, changed with a code texted to the new number (signed in) ----

  // Texts a code to the new number; answers the id of the change (Frontegg's changePhoneId).
  on(e.changePhoneNumberWithVerification, async (c) => {
    const { phoneNumber } = await readBody(c, pc.changePhoneNumberWithVerification.body);
    const userId = c.get('auth').sub;
    await limitCodes(c, userId);
    const challenge = await issueChallenge(db, {
      kind: 'phone-change-verify',
      userId,
      ttlMs: CODE_TTL_MS,
      codeDigits: 6,
      data: { phoneNumber },
      supersede: true,
    });
    await services.sms.send({
      to: phoneNumber,
      text: `Your code to make this the phone number of your account is ${challenge.code}. It works for 10 minutes.`,
    });
    return c.json({
      changePhoneId: challenge.token,
    } satisfies AnswerOf<typeof pc.changePhoneNumberWithVerification>);
  });

  // The texted code proves the new number: it becomes the profile's number and a verified number of the user.
  on(e.verifyChangePhoneNumber, async (c) => {
    const { changePhoneId, code } = await readBody(c, pc.verifyChangePhoneNumber.body);
    const userId = c.get('auth').sub;
    const challenge = await findChallenge(db, 'phone-change-verify', changePhoneId);
    if (!challenge || challenge.userId !== userId) throw apiError(400, INVALID_CODE);
    const check = await checkChallengeCode(db, challenge.id, code, { maxAttempts: MAX_ATTEMPTS });
    if (check !== 'ok') throw apiError(400, INVALID_CODE);
    const phoneNumber = String((challenge.data as { phoneNumber?: string }).phoneNumber ?? '');
    const row = await addNumber(userId, phoneNumber);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ phoneNumber }).where(eq(users.id, userId));
      if (!row.verifiedAt)
        await tx
          .update(userPhoneNumbers)
          .set({ verifiedAt: new Date() })
          .where(eq(userPhoneNumbers.id, row.id));
    });
    await c.var.audit({ action: 'Phone number changed', json: { phoneNumberId: row.id } });
    return c.json({} satisfies AnswerOf<typeof pc.verifyChangePhoneNumber>);
  });
});
