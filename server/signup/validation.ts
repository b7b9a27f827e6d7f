import type { Context } from 'hono';
import { z, type ZodType } from 'zod';
import { apiError } from '../context';

export const emailField = z.string().trim().toLowerCase().email().max(320);
export const userIdField = z.string().min(1).max(100);
export const tokenField = z.string().min(1).max(200);

/** The query string, validated like a body: a bad query is a 400 naming each problem. */
export function readQuery<T>(c: Context, schema: ZodType<T>): T {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`));
  }
  return parsed.data;
}
