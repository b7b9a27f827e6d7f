// The browser side of WebAuthn: passkey sign-in and registration, and security keys of MFA. The ceremony code
// (@simplewebauthn/browser) is imported on demand, so the first paint of the login box does not carry it.
import type { z } from 'zod';
import type { ApiClient } from '../api/client';
import type { webauthnDevice } from '../api/contracts/webauthn';
import { paths } from '../api/paths';
import type { AuthAnswer } from './session';

type Client = Pick<ApiClient, 'request'>;
type Browser = typeof import('@simplewebauthn/browser');
type CreationOptions = Parameters<Browser['startRegistration']>[0]['optionsJSON'];
type RequestOptions = Parameters<Browser['startAuthentication']>[0]['optionsJSON'];

let loaded: Promise<Browser> | null = null;
/** @simplewebauthn/browser, loaded once when a ceremony first needs it. */
export const loadWebAuthnBrowser = (): Promise<Browser> =>
  (loaded ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    loaded = null;
    throw error;
  }));

/** True when this browser can create and use passkeys at all (secure context with WebAuthn). */
export function webAuthnAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function'
  );
}

/** Whether the browser offers passkeys in the email field's autofill (conditional mediation). */
export async function conditionalMediationAvailable(): Promise<boolean> {
  if (!webAuthnAvailable()) return false;
  const check = (PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return check ? check.call(PublicKeyCredential).catch(() => false) : false;
}

/** The user closed or refused the browser's dialog (or it timed out): not an error to show as a failure. */
export function isCeremonyCancelled(error: unknown): boolean {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return (
    name === 'NotAllowedError' ||
    cause === 'NotAllowedError' ||
    name === 'AbortError' ||
    cause === 'AbortError'
  );
}

/**
 * Passkey sign-in: options from webAuthnPreLogin (discoverable credentials; with an email, the ceremony is
 * bound to that account), the browser's ceremony, then webAuthnPostLogin, which answers like a password
 * login (tokens and user, or a further step such as MFA). `conditional` runs it as the email field's autofill.
 */
export async function signInWithPasskey(
  client: Client,
  opts: { email?: string; conditional?: boolean } = {},
): Promise<AuthAnswer> {
  return postPasskeyAssertion(client, await passkeyAssertion(client, opts));
}

/** Passkey sign-in, the browser half: options from webAuthnPreLogin, then the ceremony's signed answer. */
export async function passkeyAssertion(
  client: Client,
  { email, conditional = false }: { email?: string; conditional?: boolean } = {},
) {
  // The answer is the request options themselves (Frontegg's IWebAuthnPreLoginResponse).
  const [{ startAuthentication }, options] = await Promise.all([
    loadWebAuthnBrowser(),
    client.request<RequestOptions>(paths.auth.webAuthnPreLogin, {
      body: email ? { email } : {},
    }),
  ]);
  // The email field lives in a shadow root, out of reach of the library's document-level check.
  return startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: conditional,
    verifyBrowserAutofillInput: false,
  });
}

/** Passkey sign-in, the server half: webAuthnPostLogin answers like a password login. */
export function postPasskeyAssertion(
  client: Client,
  answer: Awaited<ReturnType<Browser['startAuthentication']>>,
): Promise<AuthAnswer> {
  return client.request<AuthAnswer>(paths.auth.webAuthnPostLogin, { body: answer });
}

/** Ends a pending ceremony (the conditional one of the email field) when its screen goes away. */
export async function cancelCeremony(): Promise<void> {
  if (!loaded) return;
  (await loaded).WebAuthnAbortService.cancelCeremony();
}

/** A passkey's default name: the browser and system it was made on ("Chrome on Linux"). */
export function passkeyName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Android/.test(userAgent)
          ? 'Android'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' on ');
}

/** A registered passkey or security key, as the server answers it. */
export type WebAuthnDeviceAnswer = z.infer<typeof webauthnDevice>;

/** Registers a passkey for the signed-in user: webAuthnCreateNewDeviceSession, ceremony, verifyNewDeviceSession. */
export async function registerPasskey(client: Client, name = passkeyName()): Promise<WebAuthnDeviceAnswer> {
  // The answer is the creation options themselves (Frontegg's ICreateNewDeviceSessionResponse).
  const [{ startRegistration }, options] = await Promise.all([
    loadWebAuthnBrowser(),
    client.request<CreationOptions>(paths.auth.webAuthnCreateNewDeviceSession, { body: {} }),
  ]);
  const answer = await startRegistration({ optionsJSON: options });
  return client.request<WebAuthnDeviceAnswer>(paths.auth.verifyNewDeviceSession, {
    body: { ...answer, ...(name ? { name } : {}) },
  });
}

/** Runs the browser's creation ceremony for options the server gave (security-key enrolment of MFA). */
export async function createCredential(options: CreationOptions) {
  const { startRegistration } = await loadWebAuthnBrowser();
  return startRegistration({ optionsJSON: options });
}

/** Runs the browser's request ceremony for options the server gave (security-key verification of MFA). */
export async function getCredential(options: RequestOptions) {
  const { startAuthentication } = await loadWebAuthnBrowser();
  return startAuthentication({ optionsJSON: options });
}

// ------------------------------------------------------------------ the passkeys prompt after login (LOGIN-012)

const DISMISSED_KEY = 'fe-passkeys-prompt-dismissed';
const PREFERRED_KEY = 'fe-preferred-login-method';

/** Remembered on this browser: the user answered "Not now" to the passkeys prompt. */
export function passkeysPromptDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissPasskeysPrompt(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage blocked: the prompt may show again, nothing worse
  }
}

/** The sign-in method this browser prefers (set after a passkey sign-in): none means the prompt may show. */
export function preferredLoginMethod(): string | null {
  try {
    return localStorage.getItem(PREFERRED_KEY);
  } catch {
    return null;
  }
}

export function setPreferredLoginMethod(method: string): void {
  try {
    localStorage.setItem(PREFERRED_KEY, method);
  } catch {
    // storage blocked: nothing to remember
  }
}

// ------------------------------------------------------------------ security keys as an MFA factor at login

/** The login answer after MFA (tokens and user, and the recovery code after an enrolment). */
type MfaLoginAnswer = AuthAnswer & { recoveryCode?: string };

/** Enrols a security key during a login that requires MFA (nothing enrolled yet): the answer opens the session. */
export async function enrollSecurityKeyForLogin(client: Client, mfaToken: string): Promise<MfaLoginAnswer> {
  const { options, webauthnToken } = await client.request<{
    options: CreationOptions;
    webauthnToken: string;
  }>(paths.auth.preEnrollMFAWebAuthnForLogin, { body: { mfaToken } });
  const credential = await createCredential(options);
  return client.request<MfaLoginAnswer>(paths.auth.enrollMFAWebAuthnForLogin, {
    body: { mfaToken, webauthnToken, deviceType: 'CrossPlatform', options: credential },
  });
}

/** Verifies a login's MFA with an enrolled security key (the device id of mfaDevices.webauthn, MFA-003). */
export async function verifySecurityKeyForLogin(
  client: Client,
  mfaToken: string,
  deviceId: string,
  rememberDevice = false,
): Promise<MfaLoginAnswer> {
  const params = { deviceId };
  const { options, webauthnToken } = await client.request<{ options: RequestOptions; webauthnToken: string }>(
    paths.auth.preVerifyMFAWebAuthnForLogin,
    { params, body: { mfaToken } },
  );
  const credential = await getCredential(options);
  return client.request<MfaLoginAnswer>(paths.auth.verifyMFAWebAuthnForLogin, {
    params,
    body: { mfaToken, webauthnToken, options: credential, rememberDevice },
  });
}

/** A cancelled ceremony as an error whose message the screens show as it is. */
export function ceremonyError(error: unknown, cancelledMessage: string): unknown {
  return isCeremonyCancelled(error) ? Object.assign(new Error(cancelledMessage), { status: 0 }) : error;
}
