// The signed-in user's profile (users v2 me), their user view and their authorization in the token's tenant.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AnswerOf } from '../../../shared/api/contracts/contract';
import { usersContracts } from '../../../shared/api/contracts/users';
import { paths } from '../../../shared/api/paths';
import { apiError, readBody } from '../../context';
import { users } from '../../db/schema';
import { loadUserView } from '../../users';
import { metadataObject } from '../metadataObject';
import { defineFamily, userEndpoint, userEndpoints } from '../endpoints';

/** A data URL picture up to about 512 KiB of image; the body limit (1 MiB) is the outer bound. */
const MAX_PICTURE_DATA_URL = 700_000;
// Raster formats only: an SVG can carry script, so it is never accepted.
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

function isSafePictureUrl(value: string): boolean {
  if (value.startsWith('data:')) return value.length <= MAX_PICTURE_DATA_URL && DATA_IMAGE.test(value);
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const { updateUserProfileV2: profileContract } = usersContracts;

/** The contract's profile body, narrowed: a safe picture URL, metadata stored as a JSON object. */
const profileBody = profileContract.body.extend({
  phoneNumber: profileContract.body.shape.phoneNumber.transform((v) => (v === '' ? null : v)),
  profilePictureUrl: z
    .string()
    .max(MAX_PICTURE_DATA_URL)
    .refine(isSafePictureUrl, 'Must be an https URL or a base64 PNG, JPEG, GIF or WebP data URL')
    .nullable()
    .optional(),
  // The spec sends metadata as a JSON string; an object is accepted too. Stored as a JSON object.
  metadata: profileContract.body.shape.metadata.transform((value, ctx) =>
    value === undefined ? undefined : metadataObject(value, ctx),
  ),
});

/** The signed-in user's own profile. */
export const accountProfileEndpointsByName = {
  updateUserProfileV2: userEndpoint(paths.users.updateUserProfileV2),
  ...userEndpoints(paths.auth, 'getMeV2', 'getUserAuthorization'),
} as const;

export const accountProfileRoutes = defineFamily(accountProfileEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  on(e.updateUserProfileV2, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const body = await readBody(c, profileBody);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.phoneNumber !== undefined) changes.phoneNumber = body.phoneNumber;
    if (body.profilePictureUrl !== undefined) changes.profilePictureUrl = body.profilePictureUrl;
    if (body.metadata !== undefined) changes.metadata = body.metadata;
    if (Object.keys(changes).length) {
      const updated = await db
        .update(users)
        .set(changes)
        .where(and(eq(users.id, sub), eq(users.vendorId, vendorId)))
        .returning({ id: users.id });
      if (!updated.length) throw apiError(401, 'Unauthorized');
      await c.var.audit({ action: 'User updated profile', json: { fields: Object.keys(changes) } });
    }
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    return c.json(user satisfies AnswerOf<typeof profileContract>);
  });

  on(e.getMeV2, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    return c.json(user satisfies AnswerOf<typeof usersContracts.getMeV2>);
  });

  // The roles and permissions of the token's tenant (Frontegg's getUserAuthorization).
  on(e.getUserAuthorization, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    const answer = { roles: user.roles, permissions: user.permissions };
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getUserAuthorization>);
  });
});
