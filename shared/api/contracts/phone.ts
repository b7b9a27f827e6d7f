// Phone numbers (PHONE-001..011): the user's phone numbers, the administrators' view of the users' numbers,
// the reset-phone flow of the login box and the change of the profile's number with a texted code.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate, paginated, param } from './common';
import { phoneNumber } from './mfa';

/** A phone number of the user (PHONE-005; Frontegg's IPhoneNumber). */
export const userPhoneNumber = z.object({
  id,
  phoneNumber: z.string(),
  verified: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** A number of a user as the administrators' list answers it (Frontegg's GetUsersPhoneNumberV2Response). */
export const usersPhoneNumber = z.object({ userId: z.string(), phoneNumber: z.string() });

const tokenField = z.string().min(1).max(200);
/** A code texted or mailed (4 to 8 digits). */
export const phoneCode = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'the code of the message');
const codeBody = z.object({ otcToken: tokenField, code: phoneCode });

const pageSize = param(z.coerce.number().int().min(1).max(100));
const pageOffset = param(z.coerce.number().int().min(0).max(1_000_000));

/** PHONE-006: `limit`/`offset` (ours) or `_limit`/`_offset` (Frontegg's); 10 and 0 by default. */
export const phoneNumbersQuery = z.object({
  _limit: pageSize,
  _offset: pageOffset,
  limit: pageSize,
  offset: pageOffset,
});

/** The administrators' list: the numbers of the tenant's users, by number or by users. */
export const usersPhoneNumbersQuery = z.object({
  _limit: pageSize,
  _offset: pageOffset,
  _phoneNumber: param(z.string().max(40)),
  /** Comma-joined user ids. */
  userIds: param(z.string().max(20_000)),
});

const phoneIdParam = z.object({ phoneId: id });

export const phoneContracts = {
  getUserPhoneNumbers: contract({
    route: paths.userPhoneNumbers.getUserPhoneNumbers,
    query: phoneNumbersQuery,
    response: paginated(userPhoneNumber),
  }),
  getUserOwnPhoneNumbers: contract({
    route: paths.userPhoneNumbers.getUserOwnPhoneNumbers,
    response: z.array(userPhoneNumber),
  }),
  getUsersPhoneNumberV2: contract({
    route: paths.userPhoneNumbers.getUsersPhoneNumberV2,
    query: usersPhoneNumbersQuery,
    response: paginated(usersPhoneNumber),
  }),
  /** PHONE-007: added unverified; with `verify` a code is texted at once (its otcToken answered). */
  createPhoneNumber: contract({
    route: paths.userPhoneNumbers.createPhoneNumber,
    body: z.object({ phoneNumber, verify: z.boolean().optional() }),
    response: userPhoneNumber.extend({ otcToken: z.string().optional() }),
    status: 201,
  }),
  /** PHONE-009: texts a code (the number is added when new). */
  preVerifyPhoneNumber: contract({
    route: paths.userPhoneNumbers.preVerifyPhoneNumber,
    body: z.object({ phoneNumber }),
    response: z.object({ otcToken: z.string(), id, phoneNumber: z.string() }),
  }),
  /** PHONE-010. */
  verifyPhoneNumber: contract({
    route: paths.userPhoneNumbers.verifyPhoneNumber,
    body: codeBody,
    response: userPhoneNumber,
  }),
  /** PHONE-008: an unverified number goes at once; a verified one is answered with the otcToken of a texted code (202). */
  deletePhoneNumber: contract({
    route: paths.userPhoneNumbers.deletePhoneNumber,
    params: phoneIdParam,
    response: z.object({ phoneId: z.string(), deleted: z.boolean(), otcToken: z.string().optional() }),
  }),
  /** PHONE-011. */
  verifyDeletePhoneNumber: contract({
    route: paths.userPhoneNumbers.verifyDeletePhoneNumber,
    params: phoneIdParam,
    body: codeBody,
    response: z.object({ deleted: z.boolean() }),
  }),
  // Reset phone number (PHONE-001..004): public
  resetPhoneNumber: contract({
    route: paths.auth.resetPhoneNumber,
    body: z.object({ email: z.string().trim().toLowerCase().email().max(320) }),
    response: z.object({ resetPhoneNumberToken: z.string() }),
  }),
  verifyResetPhoneNumber: contract({
    route: paths.auth.verifyResetPhoneNumber,
    body: z.object({ resetPhoneNumberToken: tokenField, code: phoneCode }),
    response: z.object({ changePhoneNumberToken: z.string() }),
  }),
  changePhoneNumber: contract({
    route: paths.auth.changePhoneNumber,
    body: z.object({ changePhoneNumberToken: tokenField, phoneNumber }),
    response: z.object({ email: z.string().optional() }),
  }),
  // The profile's number, changed with a code texted to the new one (signed in)
  changePhoneNumberWithVerification: contract({
    route: paths.auth.changePhoneNumberWithVerification,
    body: z.object({ phoneNumber }),
    response: z.object({ changePhoneId: z.string() }),
  }),
  verifyChangePhoneNumber: contract({
    route: paths.auth.verifyChangePhoneNumber,
    body: z.object({ changePhoneId: tokenField, code: phoneCode }),
    response: empty,
  }),
} as const;
