// Sign-in, refresh, logout, step-up, the signed-in profile and the public configuration of the sign-in screens,
// answered in the auth and users contracts' shapes (bodies parsed with their schemas, as the server does).
import type { z } from 'zod';
import { authContracts as ac, type signedIn } from '../contracts/auth';
import { usersContracts as uc } from '../contracts/users';
import { paths } from '../paths';
import { userTokenClaims } from '../userViews';
import { checkPreviewCaptcha } from './captcha';
import { encodePreviewJwt } from './jwt';
import { fail, iso, on, parseWith, PreviewReply, type PreviewRequest, type PreviewRoute } from './common';
import {
  accessTo,
  ACCOUNT_TOKEN_CLAIM,
  currentUser,
  meView,
  signedInUser,
  switchTenantTo,
  type UserProfile,
} from './views';
import { type SampleState } from './sampleData';

/** The preview's wrong password: any other signs the sample user in. */
export const WRONG_PASSWORD = 'wrong';
export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';
/** The preview has no hosted login page, so there is never a hosted session to refresh silently. */
export const NO_HOSTED_SESSION = 'Unauthorized';

const TOKEN_SECONDS = 300;

/** An access token of the user for a tenant, decodable like a real one. */
function accessToken(state: SampleState, me: UserProfile, now: Date, extra: Record<string, unknown> = {}) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + TOKEN_SECONDS;
  const token = encodePreviewJwt({
    ...userTokenClaims(me),
    email_verified: me.verified,
    profilePictureUrl: me.profilePictureUrl,
    type: 'userToken',
    iss: 'https://preview.fe-elements.dev',
    aud: state.vendor.id,
    iat,
    exp,
    ...extra,
  });
  return { token, exp };
}

/**
 * The signed-in answer (the auth contract's `signedIn`): the access token and the user. As on the server, the
 * refresh token never travels in JSON (docs/decisions/0012-wire-contract.md).
 */
export function authAnswer(req: PreviewRequest, proof: { amr?: string[] } = {}): z.infer<typeof signedIn> {
  const { state, now } = req;
  const user = meView(state, currentUser(state));
  const amr = proof.amr ?? ['pwd'];
  const authTime = Math.floor(now.getTime() / 1000);
  const { token, exp } = accessToken(state, user, now, { amr, auth_time: authTime });
  return {
    accessToken: token,
    expiresIn: TOKEN_SECONDS,
    expires: new Date(exp * 1000).toUTCString(),
    exp,
    mfaRequired: false,
    user,
    amr,
    auth_time: authTime,
  };
}

function login(req: PreviewRequest) {
  const { password, tenantId, recaptchaToken } = parseWith(ac.login.body, req.body);
  // Captcha first, as on the server: before the password is looked at.
  checkPreviewCaptcha(req.state, recaptchaToken);
  // The same status as the server's wrong password (401), with its message.
  if (password === WRONG_PASSWORD) throw fail(401, LOGIN_FAILED_MESSAGE);
  const user = currentUser(req.state);
  req.state.session.signedIn = true;
  req.state.session.activeTenantId = tenantId && user.tenantIds.includes(tenantId) ? tenantId : user.tenantId;
  user.lastLogin = iso(req.now);
  return authAnswer(req);
}

function refresh(req: PreviewRequest) {
  const { tenantId } = parseWith(ac.refreshToken.body, req.body ?? {});
  const user = signedInUser(req.state);
  // The tab's account (TENANTS-016): answered for it when the user may act in it, else for the active account.
  if (tenantId && accessTo(req.state, user, tenantId)) switchTenantTo(req.state, user, tenantId);
  return authAnswer(req);
}

/** A token for one of the user's accounts (Frontegg's GetUserJwt): the session stays in its tenant; calls
 * carrying it act in that account (views.ts `scopedTenant`). */
function userJwt(req: PreviewRequest) {
  const { tenantId } = parseWith(uc.GetUserJwt.body, req.body);
  const user = signedInUser(req.state);
  // One of the user's accounts or, when allowed, a sub-account of one (TENANTS-014).
  const access = accessTo(req.state, user, tenantId);
  if (!access) throw fail(403, 'User is not a member of this tenant');
  const me = { ...meView(req.state, user), tenantId };
  const { token, exp } = accessToken(req.state, me, req.now, {
    [ACCOUNT_TOKEN_CLAIM]: true,
    ...(access.actingTenantId ? { actingTenantId: access.actingTenantId } : {}),
  });
  return { accessToken: token, expires: new Date(exp * 1000).toUTCString(), expiresIn: TOKEN_SECONDS, token };
}

/** PUT users v2 me: the contract's body (an empty name is a 400, as on the server); answers the profile. */
function updateMe(req: PreviewRequest) {
  const body = parseWith(uc.updateUserProfileV2.body, req.body);
  const user = signedInUser(req.state);
  if (body.name !== undefined) user.name = body.name;
  if (body.phoneNumber !== undefined) user.phoneNumber = body.phoneNumber || null;
  if (body.profilePictureUrl !== undefined) user.profilePictureUrl = body.profilePictureUrl;
  if (body.metadata !== undefined)
    user.metadata = typeof body.metadata === 'string' ? body.metadata : JSON.stringify(body.metadata);
  return meView(req.state, user);
}

/** Step-up: the preview's session is as fresh as can be, so it answers a new token at once. */
function stepUp(req: PreviewRequest) {
  parseWith(ac.generateStepupSession.body, req.body ?? {});
  signedInUser(req.state);
  return authAnswer(req, { amr: ['pwd', 'mfa', 'otp'] });
}

/** The token endpoint: the preview issues no codes and no refresh tokens, so every grant is refused. */
function exchangeOAuthTokens(req: PreviewRequest) {
  parseWith(ac.exchangeOAuthTokens.body, req.body);
  const description = 'The grant is not valid';
  throw new PreviewReply(400, {
    error: 'invalid_grant',
    error_description: description,
    errors: [description],
  });
}

const SIGNED_OUT_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head>' +
  '<body><h1>Signed out</h1><p>You are signed out. You can close this page.</p></body></html>';

export const authHandlers: PreviewRoute[] = [
  // Sign-in, session, profile
  on(paths.auth.login, login),
  on(paths.auth.logout, ({ state }) => ((state.session.signedIn = false), {})),
  on(paths.auth.refreshToken, refresh),
  on(paths.auth.generateStepupSession, stepUp),
  on(paths.auth.silentOAuthRefreshToken, () => {
    throw fail(401, NO_HOSTED_SESSION);
  }),
  on(paths.auth.exchangeOAuthTokens, exchangeOAuthTokens),
  on(paths.auth.OAuthLogout, () => new PreviewReply(200, SIGNED_OUT_PAGE, 'text/html')),
  on(paths.auth.getMeV2, ({ state }) => meView(state, signedInUser(state))),
  // First in the table: answers PUT users v2 me for the profile page too (teams.updateProfile).
  on(paths.users.updateUserProfileV2, updateMe),
  on(paths.auth.getUserAuthorization, ({ state }) => {
    const { roles, permissions } = meView(state, signedInUser(state));
    return { roles, permissions };
  }),
  on(paths.users.GetUserJwt, userJwt),
  // The billing contract's vendorPublicInfo (BILLING-021): the sample vendor has no icon.
  on(paths.vendor.getVendorPublicInfo, ({ state }) => ({ icon: '', ...state.vendor })),
  // Public configuration of the sign-in screens
  on(paths.auth.getVendorPublicAuthStrategiesConfig, ({ state }) => state.authStrategies),
  on(paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser, ({ state }) => state.authStrategies),
  on(paths.auth.getVendorConfig, ({ state }) => {
    const { id: _id, publicKey: _publicKey, ...vendorConfig } = state.securityPolicy;
    return vendorConfig;
  }),
  // Sign-up is by email and recovery by mail only, as on the server.
  on(paths.auth.getSignUpStrategies, () => [
    { strategy: 'email', isActive: true, isRequired: true },
    { strategy: 'phoneNumber', isActive: false, isRequired: false },
    { strategy: 'username', isActive: false, isRequired: false },
  ]),
  on(paths.auth.getPasswordRecoveryStrategies, () => [
    { strategy: 'email', isActive: true },
    { strategy: 'sms', isActive: false },
  ]),
];
