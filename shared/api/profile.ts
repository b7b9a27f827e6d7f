// The signed-in user's own profile: users v2 me, the picture, the password, MFA devices and passkeys, the
// user's tenants and switching between them.
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { mfaContracts as mfa } from './contracts/mfa';
import type { profileContracts as profile } from './contracts/profile';
import type { signupContracts as signup } from './contracts/signup';
import type { tenantsContracts as tenants } from './contracts/tenants';
import type { usersContracts as users } from './contracts/users';
import type { webauthnContracts as webauthn } from './contracts/webauthn';
import { paths } from './paths';

/** The profile as users v2 me answers it (Frontegg's IUserProfile). */
export type Profile = AnswerOf<typeof users.getMeV2>;

/** The profile fields kept in `metadata` (PROFILE-001). */
export interface ProfileMetadata {
  address?: string;
  jobTitle?: string;
  [key: string]: unknown;
}

/** What PUT users v2 me takes (PROFILE-004); `metadata` goes as a JSON string. */
export type ProfileUpdate = BodyOf<typeof users.updateUserProfileV2>;

/** The password rules of the vendor. */
export type PasswordConfig = AnswerOf<typeof signup.loadPasswordConfig>;

/** MFA devices of the user (000 §3 MFA state). */
export type MfaDevices = AnswerOf<typeof mfa.getMFADevices>;

/** A passkey or security key of the user. */
export type WebAuthnDevice = AnswerOf<typeof webauthn.getWebAuthnDevices>['devices'][number];

/** A tenant of the user (me/tenants). */
export type UserTenant = AnswerOf<typeof tenants.getTenants>[number];

/** Reads the profile metadata; a missing or broken JSON string is an empty object. */
export function readProfileMetadata(metadata: unknown): ProfileMetadata {
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata))
    return metadata as ProfileMetadata;
  if (typeof metadata !== 'string' || !metadata) return {};
  try {
    const parsed: unknown = JSON.parse(metadata);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ProfileMetadata) : {};
  } catch {
    return {};
  }
}

/** Raster images only (an SVG can carry script): the only pictures the portal uploads (PROFILE-002). */
export const DATA_IMAGE_PATTERN = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
/** The largest picture the server takes. */
export const MAX_PICTURE_BYTES = 512 * 1024;

/** The bytes of a base64 raster data image as a Blob of its type; anything else is null (PROFILE-002). */
export function dataImageBlob(dataUrl: string): Blob | null {
  const match = DATA_IMAGE_PATTERN.exec(dataUrl);
  if (!match) return null;
  let binary: string;
  try {
    binary = atob(match[2] ?? '');
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new Blob([bytes], { type: `image/${match[1]}` });
}

export function createProfileApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET users v2 me. */
    getProfile: () => client.request<Profile>(paths.teams.getProfile),
    /** PUT users v2 me (PROFILE-004). */
    updateProfile: (body: ProfileUpdate) => client.request<Profile>(paths.teams.updateProfile, { body }),
    /** PUT profile/me/image: a form with the picture as `image`; answers the picture's new URL as text. */
    updateProfileImage: (image: Blob) => {
      const form = new FormData();
      form.append('image', image, `profile.${image.type.split('/')[1] ?? 'png'}`);
      return client.request<AnswerOf<typeof profile.updateProfileImage>>(paths.teams.updateProfileImage, {
        body: form,
      });
    },
    /** POST email/me: a code is mailed to the new address. */
    updateEmail: (email: string) =>
      client.request<AnswerOf<typeof profile.updateEmail>>(paths.teams.updateEmail, { body: { email } }),
    /** POST email/me/verify: the mailed code changes the email. */
    verifyEmail: (email: string, code: string) =>
      client.request<AnswerOf<typeof profile.verifyEmail>>(paths.teams.verifyEmail, {
        body: { email, code },
      }),
    /** POST passwords/change. */
    changePassword: (password: string, newPassword: string) =>
      client.request(paths.teams.changePassword, { body: { password, newPassword } }),
    /** GET passwords/config. */
    /** The password rules of the account of `userId` (the signed-in user's own, for their forms). */
    loadPasswordConfig: (userId?: string) =>
      client.request<PasswordConfig>(
        paths.auth.loadPasswordConfig,
        userId === undefined ? {} : { query: { userId } },
      ),
    /** GET mfa/devices. */
    getMfaDevices: () => client.request<MfaDevices>(paths.auth.getMFADevices),
    /** GET webauthn/devices: `{ devices }`. */
    getWebAuthnDevices: async () =>
      (await client.request<{ devices?: WebAuthnDevice[] }>(paths.auth.getWebAuthnDevices))?.devices ?? [],
    /** DELETE webauthn/devices/{deviceId}: one of the user's passkeys. */
    deleteWebAuthnDevice: (deviceId: string) =>
      client.request(paths.auth.deleteWebAuthnDevice, { params: { deviceId } }),
    /** GET users v2 me/tenants. */
    getTenants: () => client.request<UserTenant[]>(paths.tenants.getTenants),
    /** PUT users v1 tenant: the active tenant; the session is refreshed afterwards. */
    switchTenant: (tenantId: string) => client.request(paths.tenants.switchTenant, { body: { tenantId } }),
  };
}

export const profileApi = createProfileApi(adminPortalApi);
