// API and access tokens of the user and of the account.
import { apiTokensContracts as atc } from '../contracts/apiTokens';
import { paths } from '../paths';
import {
  expiresFrom,
  iso,
  newId,
  on,
  parseWith,
  PreviewReply,
  type PreviewHandler,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
  record,
  remove,
  text,
  texts,
} from './common';
import { scopedTenant } from './views';
import { buildAccessToken, buildApiToken, type AccessToken, type ApiToken } from './sampleData';

function tokenFields(req: PreviewRequest, kind: 'user' | 'tenant') {
  const body = record(req.body);
  return {
    description: text(body.description) ?? '',
    createdAt: iso(req.now),
    createdByUserId: req.state.session.userId,
    tenantId: scopedTenant(req),
    expires: expiresFrom(body, req.now),
    ...(kind === 'tenant' ? { roleIds: texts(body.roleIds) } : {}),
  };
}

/** An API token's fields from a body the contract accepts (400 otherwise, as the server answers). */
function apiTokenFields(req: PreviewRequest, kind: 'user' | 'tenant') {
  const common = (body: { description: string; expiresInMinutes?: number | null }) => ({
    description: body.description,
    createdAt: iso(req.now),
    createdByUserId: req.state.session.userId,
    tenantId: scopedTenant(req),
    expires: expiresFrom(body, req.now),
  });
  if (kind === 'user') return common(parseWith(atc.updateUserApiTokensData.body, req.body));
  const body = parseWith(atc.updateTenantApiTokensData.body, req.body);
  return { ...common(body), roleIds: body.roleIds };
}

function createApiToken(kind: 'user' | 'tenant'): PreviewHandler {
  return (req) => {
    const clientId = newId('client');
    const token: ApiToken = buildApiToken({ id: clientId, clientId, ...apiTokenFields(req, kind) });
    (kind === 'user' ? req.state.userApiTokens : req.state.tenantApiTokens).push(token);
    // 32 random bytes, as the server's secrets.
    return { ...token, secret: randomHex(32) };
  };
}

function createAccessToken(kind: 'user' | 'tenant'): PreviewHandler {
  return (req) => {
    const token: AccessToken = buildAccessToken({ id: newId('access-token'), ...tokenFields(req, kind) });
    (kind === 'user' ? req.state.userAccessTokens : req.state.tenantAccessTokens).push(token);
    return { ...token, secret: randomHex(24) };
  };
}

export const apiTokensHandlers: PreviewRoute[] = [
  // API and access tokens
  on(paths.auth.getUserApiTokensData, ({ state }) => state.userApiTokens),
  on(paths.auth.updateUserApiTokensData, createApiToken('user')),
  on(
    paths.auth.deleteUserApiToken,
    (req) => (remove(req.state.userApiTokens, (t) => t.clientId === req.params.tokenId, 'Token'), {}),
  ),
  on(paths.auth.getTenantApiTokensData, (req) =>
    req.state.tenantApiTokens.filter((t) => t.tenantId === scopedTenant(req)),
  ),
  on(paths.auth.updateTenantApiTokensData, createApiToken('tenant')),
  on(
    paths.auth.deleteTenantApiToken,
    (req) => (remove(req.state.tenantApiTokens, (t) => t.clientId === req.params.tokenId, 'Token'), {}),
  ),
  // The machine-to-machine sign-in: a sample access token for a listed token's clientId (any secret: the
  // preview keeps none), else the server's refusal.
  on(paths.auth.exchangeApiToken, (req) => {
    const { clientId } = parseWith(atc.exchangeApiToken.body, req.body);
    const known = [...req.state.userApiTokens, ...req.state.tenantApiTokens].find(
      (t) => t.clientId === clientId,
    );
    if (!known) return new PreviewReply(401, { errors: ['Invalid API token credentials'] });
    known.lastUsed = iso(req.now);
    const expiresIn = 300;
    const exp = Math.floor(req.now.getTime() / 1000) + expiresIn;
    return {
      accessToken: `preview.${randomHex(16)}.token`,
      expiresIn,
      expires: new Date(exp * 1000).toUTCString(),
      exp,
    };
  }),
  on(paths.auth.getUserAccessTokensData, ({ state }) => ({ accessTokens: state.userAccessTokens })),
  on(paths.auth.createUserAccessToken, createAccessToken('user')),
  on(
    paths.auth.deleteUserAccessToken,
    (req) => (remove(req.state.userAccessTokens, (t) => t.id === req.params.id, 'Token'), {}),
  ),
  on(paths.auth.getTenantAccessTokensData, ({ state }) => ({ accessTokens: state.tenantAccessTokens })),
  on(paths.auth.createTenantAccessToken, createAccessToken('tenant')),
  on(
    paths.auth.deleteTenantAccessToken,
    (req) => (remove(req.state.tenantAccessTokens, (t) => t.id === req.params.id, 'Token'), {}),
  ),
];
