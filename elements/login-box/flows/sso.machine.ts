import { EMAIL_DOMAIN_REFUSED } from '../../../shared/api/contracts/sso';

/** Wait on loginWithSSOFailed before the redirect to the authenticated URL (LOGIN-020: 1 second). */
export const SSO_FAILURE_REDIRECT_MS = 1000;

/**
 * What a callback route (ROUTE-011/013/014) was given by the server: a one-time login code, or a failure
 * (`domainRefused`: the email-domain restrictions refused the address, which the box says as such).
 */
export type SsoCallback =
  { kind: 'code'; code: string; provider: string | null } | { kind: 'failed'; domainRefused: boolean };

export function readSsoCallback(params: URLSearchParams): SsoCallback {
  const code = params.get('code');
  const error = params.get('error');
  if (error || !code) return { kind: 'failed', domainRefused: error === EMAIL_DOMAIN_REFUSED };
  return { kind: 'code', code, provider: params.get('provider') };
}

/** Provider names the server lists (google, github, ...) as button labels: Google, Github, ... */
const knownNames: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  apple: 'Apple',
  slack: 'Slack',
};
export const providerLabel = (type: string): string =>
  knownNames[type] ?? (type ? type.charAt(0).toUpperCase() + type.slice(1) : type);
