// API tokens (TOKENS-001..007, ENUM-040): personal tokens (the `users` api-tokens calls) and tenant tokens (the
// `tenants` api-tokens calls, roleIds), in Frontegg's shapes (IUserApiTokensData, ITenantApiTokensData,
// IUpdateUserApiTokensData, IUpdateTenantApiTokensData, IDeleteApiToken), and the machine-to-machine sign-in
// (`POST …/auth/v1/api-token`: clientId and secret for an access token).
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';
import { signedIn } from './auth';

/** Machine-to-machine strategies (ENUM-040). Our tokens are client credentials (a clientId and a secret). */
export const apiTokenType = z.enum(['ClientCredentials', 'AccessToken']);
export type ApiTokenType = z.infer<typeof apiTokenType>;

/** Minutes in a day: the dialogs ask for days and send minutes (TOKENS-005). */
export const MINUTES_PER_DAY = 1440;

/** A personal token (TOKENS-001): no secret, except in the answer of its creation. */
export const userApiToken = z.object({
  /** Ours: the same value as clientId (TOKENS-001 names `id or clientId`). */
  id,
  clientId: id,
  description: z.string(),
  createdAt: isoDate,
  createdByUserId: id,
  tenantId: id,
  type: apiTokenType,
  /** When it stops working; null: never. */
  expires: isoDate.nullable(),
  /** Ours: the last exchange of the token for an access token; null: never used. */
  lastUsed: isoDate.nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

/** A tenant token (TOKENS-001, TOKENS-002): the roles it acts with. */
export const tenantApiToken = userApiToken.extend({ roleIds: z.array(id) });

/** The answer of a creation: the token and its secret (32 random bytes, base64url), shown this once. */
const secret = z.string().min(32);
export const userApiTokenCreated = userApiToken.extend({ secret });
export const tenantApiTokenCreated = tenantApiToken.extend({ secret });

/**
 * The expiry a client sends (TOKENS-005..007): minutes (days × 1440), null for no expiry, absent when the
 * option was not set (no expiry). At most 100 years.
 */
const expiresInMinutes = z
  .number()
  .int()
  .positive()
  .max(100 * 366 * MINUTES_PER_DAY)
  .nullable()
  .optional();

const description = z.string().trim().max(200).default('');

/** Frontegg's IUpdateUserApiTokensData. */
export const createUserApiTokenBody = z.object({ description, expiresInMinutes });
/** Frontegg's IUpdateTenantApiTokensData: roleIds only of roles the creator holds in the tenant. */
export const createTenantApiTokenBody = z.object({
  description,
  roleIds: z.array(id).max(50).default([]),
  expiresInMinutes,
});

const tokenIdParam = z.object({ tokenId: id });

/** The exchange's body: a token's clientId and secret. */
export const apiTokenCredentials = z.object({
  clientId: z.string().trim().min(1).max(200),
  secret: z.string().min(1).max(500),
});

/** The exchange's answer: the access token of a signed-in answer (no user: a tenant token has none). */
export const apiTokenSignedIn = signedIn.pick({
  accessToken: true,
  expiresIn: true,
  expires: true,
  exp: true,
});

const a = paths.auth;

export const apiTokensContracts = {
  getUserApiTokensData: contract({ route: a.getUserApiTokensData, response: z.array(userApiToken) }),
  updateUserApiTokensData: contract({
    route: a.updateUserApiTokensData,
    body: createUserApiTokenBody,
    response: userApiTokenCreated,
    status: 201,
  }),
  deleteUserApiToken: contract({ route: a.deleteUserApiToken, params: tokenIdParam, response: empty }),
  getTenantApiTokensData: contract({ route: a.getTenantApiTokensData, response: z.array(tenantApiToken) }),
  updateTenantApiTokensData: contract({
    route: a.updateTenantApiTokensData,
    body: createTenantApiTokenBody,
    response: tenantApiTokenCreated,
    status: 201,
  }),
  deleteTenantApiToken: contract({ route: a.deleteTenantApiToken, params: tokenIdParam, response: empty }),
  exchangeApiToken: contract({
    route: a.exchangeApiToken,
    body: apiTokenCredentials,
    response: apiTokenSignedIn,
  }),
} as const;
