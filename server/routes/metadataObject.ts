// The metadata of a user or a group in a request body: a JSON object, sent as its JSON text or as an object.
import { z } from 'zod';

export const MAX_METADATA_JSON = 10_000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads metadata (JSON text or an object) into a JSON object: a zod transform, an issue when it is none. */
export function metadataObject(value: unknown, ctx: z.RefinementCtx): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  if (!isPlainObject(parsed) || JSON.stringify(parsed).length > MAX_METADATA_JSON) {
    ctx.addIssue({ code: 'custom', message: `A JSON object of at most ${MAX_METADATA_JSON} characters` });
    return z.NEVER;
  }
  return parsed;
}
