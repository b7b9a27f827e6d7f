// The signed-in user's own picture and email (PROFILE-002; Frontegg's updateProfileImage, updateEmail and
// verifyEmail). The profile itself (users v2 me) is in users.ts.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty } from './common';
import { emailField } from './signup';

/** A code mailed to the new address. */
export const emailCode = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'the code of the mail');

export const profileContracts = {
  /**
   * PUT profile/me/image: a multipart form with the picture as `image` (what the portal and Frontegg's client
   * send) or, as JSON, `{ image }` / `{ profileImage }` holding a base64 raster data image. Answers the
   * picture's new URL as text.
   */
  updateProfileImage: contract({
    route: paths.teams.updateProfileImage,
    body: z.object({
      image: z.string().max(700_000).optional(),
      profileImage: z.string().max(700_000).optional(),
    }),
    response: z.string(),
  }),
  /** Mails a code to the new address; the email changes when the code comes back (verifyEmail). */
  updateEmail: contract({
    route: paths.teams.updateEmail,
    body: z.object({ email: emailField }),
    response: empty,
  }),
  verifyEmail: contract({
    route: paths.teams.verifyEmail,
    body: z.object({ email: emailField, code: emailCode }),
    response: empty,
  }),
} as const;
