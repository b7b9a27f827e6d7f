// API tokens (TOKENS-001..007): personal tokens (the caller's own, a signed-in user only: never an API token),
// tenant tokens (the caller's tenant, the read, write and delete tenantApiTokens permissions) and the
// machine-to-machine sign-in that exchanges a token's clientId and secret for an access token (public; the
// sign-in budget per address and a budget per clientId). Every creation, deletion and exchange (and refused
// exchange) writes an audit row.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { apiTokensContracts as atc } from '../../shared/api/contracts/apiTokens';
import { paths } from '../../shared/api/paths';
import {
  assertEnabled,
  assertGrantableRoles,
  createToken,
  deleteToken,
  exchangeToken,
  INVALID_CREDENTIALS,
  listTokens,
  tenantTokenView,
  tokenView,
} from '../apiTokens';
import { apiError, caller, readBody } from '../context';
import { assertAddressAllowed } from '../ipRestrictions';
import { countHit, hashedKey, tooManyRequests } from '../middleware/rate-limit';
import { defineFamily, endpoint, publicEndpoint, signIn, userEndpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.tenantApiTokens';
const WRITE = 'fe.secure.write.tenantApiTokens';
const DELETE = 'fe.secure.delete.tenantApiTokens';
const a = paths.auth;

type Answer<K extends keyof typeof atc> = AnswerOf<(typeof atc)[K]>;

/** Routes of API tokens, with who may call each. */
export const apiTokensEndpointsByName = {
  getUserApiTokensData: userEndpoint(a.getUserApiTokensData, "the caller's own tokens in its tenant"),
  updateUserApiTokensData: userEndpoint(a.updateUserApiTokensData, 'a token acting as the caller'),
  deleteUserApiToken: userEndpoint(a.deleteUserApiToken, "the caller's own tokens only"),
  getTenantApiTokensData: endpoint(a.getTenantApiTokensData, READ, "the caller's tenant's tokens"),
  updateTenantApiTokensData: endpoint(a.updateTenantApiTokensData, WRITE, 'roles the caller holds only'),
  deleteTenantApiToken: endpoint(a.deleteTenantApiToken, DELETE, "own tenant's tokens only"),
} as const;

/** The machine-to-machine sign-in (public; the sign-in budget of the address, and a budget per clientId). */
export const apiTokenExchangeEndpointsByName = {
  exchangeApiToken: signIn(publicEndpoint(a.exchangeApiToken, 'clientId and secret')),
} as const;

export const apiTokensEndpoints: Endpoint[] = [
  ...Object.values(apiTokensEndpointsByName),
  ...Object.values(apiTokenExchangeEndpointsByName),
];

export const apiTokensRoutes = defineFamily(apiTokensEndpointsByName, (on, e, services) => {
  const { db, config, vendorId } = services;

  on(e.getUserApiTokensData, async (c) => {
    const { tenantId, sub } = c.get('auth');
    const rows = await listTokens(db, tenantId, sub);
    return c.json(rows.map(tokenView) satisfies Answer<'getUserApiTokensData'>);
  });

  on(e.updateUserApiTokensData, async (c) => {
    assertEnabled(config);
    const body = await readBody(c, atc.updateUserApiTokensData.body);
    const { tenantId, sub } = c.get('auth');
    const { row, secret } = await createToken(db, {
      tenantId,
      userId: sub,
      createdByUserId: sub,
      description: body.description,
      roleIds: [],
      expiresInMinutes: body.expiresInMinutes,
    });
    await c.var.audit({
      action: 'API token created',
      severity: 'Medium',
      json: { clientId: row.id, kind: 'personal', expires: tokenView(row).expires },
    });
    return c.json({ ...tokenView(row), secret } satisfies Answer<'updateUserApiTokensData'>, 201);
  });

  on(e.deleteUserApiToken, async (c) => {
    const { tenantId, sub } = c.get('auth');
    const row = await deleteToken(db, tenantId, sub, c.req.param('tokenId') ?? '');
    await c.var.audit({
      action: 'API token deleted',
      severity: 'Medium',
      json: { clientId: row.id, kind: 'personal' },
    });
    return c.json({} satisfies Answer<'deleteUserApiToken'>);
  });

  on(e.getTenantApiTokensData, async (c) => {
    const rows = await listTokens(db, c.get('auth').tenantId, null);
    return c.json(rows.map(tenantTokenView) satisfies Answer<'getTenantApiTokensData'>);
  });

  on(e.updateTenantApiTokensData, async (c) => {
    assertEnabled(config);
    const body = await readBody(c, atc.updateTenantApiTokensData.body);
    const auth = c.get('auth');
    const roleIds = await assertGrantableRoles(db, vendorId, auth, body.roleIds);
    const { row, secret } = await createToken(db, {
      tenantId: auth.tenantId,
      userId: null,
      createdByUserId: auth.sub,
      description: body.description,
      roleIds,
      expiresInMinutes: body.expiresInMinutes,
    });
    await c.var.audit({
      action: 'API token created',
      severity: 'Medium',
      json: { clientId: row.id, kind: 'tenant', roleIds, expires: tokenView(row).expires },
    });
    return c.json({ ...tenantTokenView(row), secret } satisfies Answer<'updateTenantApiTokensData'>, 201);
  });

  on(e.deleteTenantApiToken, async (c) => {
    const row = await deleteToken(db, c.get('auth').tenantId, null, c.req.param('tokenId') ?? '');
    await c.var.audit({
      action: 'API token deleted',
      severity: 'Medium',
      json: { clientId: row.id, kind: 'tenant' },
    });
    return c.json({} satisfies Answer<'deleteTenantApiToken'>);
  });
});

export const apiTokenExchangeRoutes = defineFamily(apiTokenExchangeEndpointsByName, (on, e, services) => {
  const { db, config } = services;

  on(e.exchangeApiToken, async (c) => {
    c.header('Cache-Control', 'no-store');
    assertEnabled(config);
    const credentials = await readBody(c, atc.exchangeApiToken.body);
    // A budget per clientId (guessing one token's secret from many addresses), besides the address's.
    const { count, retryAfter } = await countHit(db, `apiToken|${hashedKey(credentials.clientId)}`, 60_000);
    if (count > config.apiTokenExchangesPerMinute) throw tooManyRequests(retryAfter);
    const result = await exchangeToken(services, credentials);
    const kind = (t: { userId: string | null }) => (t.userId ? 'personal' : 'tenant');
    if (!result.ok) {
      await c.var.audit({
        action: 'API token exchange failed',
        severity: 'High',
        tenantId: result.token?.tenantId,
        userId: result.token?.userId ?? undefined,
        json: {
          clientId: result.token ? result.token.id : undefined,
          reason: result.reason,
          ...(result.token ? { kind: kind(result.token) } : {}),
        },
      });
      throw apiError(401, INVALID_CREDENTIALS);
    }
    // The tenant's IP restrictions apply to the exchange as to every sign-in (403, ER-1011).
    await assertAddressAllowed(db, result.token.tenantId, caller(c).ipAddress);
    await c.var.audit({
      action: 'API token exchanged for an access token',
      severity: 'Info',
      tenantId: result.token.tenantId,
      userId: result.token.userId ?? result.token.id,
      json: { clientId: result.token.id, kind: kind(result.token) },
    });
    return c.json(result.answer satisfies Answer<'exchangeApiToken'>);
  });
});
