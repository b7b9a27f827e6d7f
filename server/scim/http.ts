// SCIM answers (RFC 7644 §3.1, §3.12): `application/scim+json` bodies, and errors in the SCIM error shape
// (`status` as a string, `scimType` where the RFC names one) instead of our `{ errors: [...] }`.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { SCIM_SCHEMAS, type ScimType } from '../../shared/api/contracts/scim';

export const SCIM_CONTENT_TYPE = 'application/scim+json';

type ScimStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 429 | 500 | 501;

/** A SCIM error answer (thrown from a handler or a guard). */
export function scimError(
  status: ScimStatus,
  detail: string,
  scimType?: ScimType,
  headers: Record<string, string> = {},
): HTTPException {
  const body = {
    schemas: [SCIM_SCHEMAS.error],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  };
  const res = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': SCIM_CONTENT_TYPE, ...headers },
  });
  return new HTTPException(status, { res });
}

/** A SCIM answer: JSON as application/scim+json. */
export function scimJson(
  c: Context,
  body: unknown,
  status: 200 | 201 = 200,
  headers: Record<string, string> = {},
) {
  return c.body(JSON.stringify(body), status, { 'content-type': SCIM_CONTENT_TYPE, ...headers });
}

/**
 * The JSON body of a SCIM write, checked: `application/scim+json` or `application/json` (RFC 7644 §3.1), valid
 * JSON, an object. Anything else is 400 invalidSyntax.
 */
export async function readScimJson(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== SCIM_CONTENT_TYPE && type !== 'application/json')
    throw scimError(400, `Unsupported content type ${type}: send ${SCIM_CONTENT_TYPE}`, 'invalidSyntax');
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw scimError(400, 'The request body is not valid JSON', 'invalidSyntax');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw scimError(400, 'The request body must be a JSON object', 'invalidSyntax');
  return raw;
}

/** A zod result as a SCIM 400 naming each problem. */
export function scimParse<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
  scimType: ScimType = 'invalidValue',
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`)
    .join('; ');
  throw scimError(400, detail, scimType);
}
