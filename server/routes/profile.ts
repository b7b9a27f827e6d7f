// The signed-in user's profile picture (PROFILE-002) and email change. The profile fields themselves
// (PROFILE-001/004) are saved by PUT users v2 me in routes/account/profile.ts.
import { and, eq } from 'drizzle-orm';
import { type Context } from 'hono';
import { paths } from '../../shared/api/paths';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { profileContracts as pc } from '../../shared/api/contracts/profile';
import { apiError, readBody, type AppEnv } from '../context';
import { users } from '../db/schema';
import { dataImageOf, MAX_IMAGE_BYTES, parseDataImage } from '../images/dataImage';
import { requestEmailChange, verifyEmailChange } from '../team/email';
import { endpoint, type Endpoint, defineFamily, userEndpoints } from './endpoints';

/** Routes of the profile page mounted here, with the permission each requires (null: any signed-in user). */
export const profileEndpointsByName = {
  updateProfileImage: endpoint(paths.teams.updateProfileImage, null, "the caller's own picture only"),
  ...userEndpoints(paths.teams, 'updateEmail', 'verifyEmail'),
} as const;

export const profileEndpoints: Endpoint[] = Object.values(profileEndpointsByName);

const REFUSED = 'The profile picture must be a base64 PNG, JPEG, GIF or WebP image of at most 512 KiB';

/**
 * The picture of the request as a data URL: an `image` file of a multipart form (what the portal sends,
 * PROFILE-002), or `{ image }` / `{ profileImage }` holding a base64 data image. URLs and SVG are refused;
 * the bytes decide the type, never the declared one.
 */
async function readPicture(c: Context<AppEnv>): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw apiError(400, 'The request body is not a valid form');
    }
    const file = form.image ?? form.profileImage;
    if (!(file instanceof File)) throw apiError(400, 'image: a file is required');
    // Refused before its bytes are read.
    if (file.size > MAX_IMAGE_BYTES) throw apiError(400, REFUSED);
    const picture = dataImageOf(new Uint8Array(await file.arrayBuffer()));
    if (!picture) throw apiError(400, REFUSED);
    return picture;
  }
  const fields = await readBody(c, pc.updateProfileImage.body);
  const value = fields.image ?? fields.profileImage;
  if (value === undefined) throw apiError(400, 'image: a base64 data image is required');
  if (!parseDataImage(value)) throw apiError(400, REFUSED);
  return value;
}

/** The signed-in user's profile picture. */
export const profileRoutes = defineFamily(profileEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  // Answers the new picture URL as text, as the upload call does; the picture is kept as a data URL.
  on(e.updateProfileImage, async (c) => {
    const picture = await readPicture(c);
    const updated = await db
      .update(users)
      .set({ profilePictureUrl: picture })
      .where(and(eq(users.id, c.get('auth').sub), eq(users.vendorId, vendorId)))
      .returning({ id: users.id });
    if (!updated.length) throw apiError(401, 'Unauthorized');
    await c.var.audit({ action: 'User updated profile picture' });
    return c.text(picture satisfies AnswerOf<typeof pc.updateProfileImage>);
  });

  // The user's email, changed with a code mailed to the new address (Frontegg's updateEmail / verifyEmail).
  on(e.updateEmail, async (c) => {
    const { email } = await readBody(c, pc.updateEmail.body);
    await requestEmailChange(services, c, c.get('auth').sub, email);
    return c.json({} satisfies AnswerOf<typeof pc.updateEmail>);
  });
  on(e.verifyEmail, async (c) => {
    const { email, code } = await readBody(c, pc.verifyEmail.body);
    await verifyEmailChange(services, c, c.get('auth'), email, code);
    return c.json({} satisfies AnswerOf<typeof pc.verifyEmail>);
  });
});
