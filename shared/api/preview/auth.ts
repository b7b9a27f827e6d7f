// Sign-in, refresh, logout, the signed-in profile and the public configuration of the sign-in screens.
import { paths } from '../paths';
import { encodePreviewJwt } from './jwt';
import { fail, iso, on, type PreviewRequest, type PreviewRoute, randomHex, record, text } from './common';
import { currentUser, meView, permissionsOf, rolesOf, signedInUser, switchTenantTo } from './views';

export const WRONG_PASSWORD = 'wrong';
export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';

/** Login and refresh answer: the profile, and tokens whose access token decodes like a real one. */
export function authAnswer(req: PreviewRequest) {
  const { state, now } = req;
  const user = currentUser(state);
  const me = meView(state, user);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + 300;
  const accessToken = encodePreviewJwt({
    sub: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.verified,
    tenantId: state.session.activeTenantId,
    tenantIds: user.tenantIds,
    roles: me.roles.map((r) => r.key),
    permissions: me.permissions.map((p) => p.key),
    profilePictureUrl: user.profilePictureUrl,
    type: 'userToken',
    iss: 'https://preview.fe-elements.dev',
    aud: state.vendor.id,
    iat,
    exp,
  });
  return {
    ...me,
    accessToken,
    refreshToken: `preview-refresh-${randomHex(16)}`,
    expiresIn: 300,
    expires: iso(new Date(exp * 1000)),
    mfaRequired: false,
  };
}

function login(req: PreviewRequest) {
  const body = record(req.body);
  const email = text(body.email)?.trim();
  const password = text(body.password);
  if (!email || !password || password === WRONG_PASSWORD) throw fail(400, LOGIN_FAILED_MESSAGE);
  const user = currentUser(req.state);
  req.state.session.signedIn = true;
  const tenantId = text(body.tenantId);
  req.state.session.activeTenantId = tenantId && user.tenantIds.includes(tenantId) ? tenantId : user.tenantId;
  user.lastLogin = iso(req.now);
  return authAnswer(req);
}

function refresh(req: PreviewRequest) {
  const user = signedInUser(req.state);
  const tenantId = text(record(req.body).tenantId);
  if (tenantId) switchTenantTo(req.state, user, tenantId);
  return authAnswer(req);
}

export const authHandlers: PreviewRoute[] = [
  // Sign-in, session, profile
  on(paths.auth.login, login),
  on(paths.auth.logout, ({ state }) => ((state.session.signedIn = false), {})),
  on(paths.auth.refreshToken, refresh),
  on(paths.auth.silentOAuthRefreshToken, refresh),
  on(paths.auth.getMeV2, ({ state }) => meView(state, signedInUser(state))),
  on(paths.auth.getUserAuthorization, ({ state }) => {
    const roles = rolesOf(state, signedInUser(state).roleIds);
    return { roles, permissions: permissionsOf(state, roles) };
  }),
  on(paths.users.GetUserJwt, (req) => ({ token: authAnswer(req).accessToken })),
  on(paths.vendor.getVendorPublicInfo, ({ state }) => state.vendor),
  // Public configuration of the sign-in screens
  on(paths.auth.getVendorPublicAuthStrategiesConfig, ({ state }) => state.authStrategies),
  on(paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser, ({ state }) => state.authStrategies),
  on(paths.auth.getVendorConfig, ({ state }) => {
    const { id: _id, publicKey: _publicKey, ...vendorConfig } = state.securityPolicy;
    return vendorConfig;
  }),
];
