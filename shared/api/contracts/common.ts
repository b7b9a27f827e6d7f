// Schemas every family shares. Every contract imports this module, so it also sets zod up for pages.
import { z } from 'zod';

// In a page (the preview transport, the portal's forms) zod must not probe `new Function`: a host's strict
// CSP reports even a caught eval as a violation. The server (Node) keeps zod's compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** A date on the wire: an ISO 8601 string (Frontegg's types say `Date`; JSON carries the string). */
export const isoDate = z.string().min(1);

/** An id (uuid or the vendor's own format). */
export const id = z.string().min(1).max(200);

/** A query parameter; an empty one counts as absent (clients send `filter=`). */
export const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A yes/no query parameter as clients spell it. */
export const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An answer with nothing in it (`{}`); extra fields are tolerated. */
export const empty = z.object({});

/** The error body of every refused call (001 §8): `{ errors: [...] }`, with a stable code when known. */
export const errorBody = z.object({
  errors: z.array(z.string()),
  errorCode: z.string().optional(),
});

/** Sort direction of list calls (ENUM-044). */
/**
 * A phone number as the profile, invite and edit dialogs send it (TEAM-002, PROFILE-004: optional; empty clears
 * it).
 */
export const phoneField = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{2,31}$/, 'Invalid phone number'),
  ])
  .nullable()
  .optional();

export const sortDirection = z.enum(['ASC', 'DESC']);

/** Frontegg's page wrapper: `items` and `_metadata`. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    _metadata: z.object({ totalItems: z.number().int(), totalPages: z.number().int() }),
  });
