// API and access tokens of the user and of the account.
import { paths } from '../paths';
import {
  expiresFrom,
  iso,
  newId,
  on,
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

function createApiToken(kind: 'user' | 'tenant'): PreviewHandler {
  return (req) => {
    const token: ApiToken = buildApiToken({ clientId: newId('client'), ...tokenFields(req, kind) });
    (kind === 'user' ? req.state.userApiTokens : req.state.tenantApiTokens).push(token);
    return { ...token, secret: randomHex(24) };
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
