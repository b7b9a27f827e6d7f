import type { Attributes } from './conditions';

/** The user fields that fill `frontegg.*` when the token's claims lack them. */
export interface AttributeUser {
  id?: string;
  email?: string;
  verified?: boolean;
  emailVerified?: boolean;
  tenantId?: string;
}

export interface AttributeSources {
  /** The host's own attributes, used under their own names. */
  custom?: Readonly<Record<string, unknown>>;
  /** The access token's claims (see `decodeJwtClaims`), flattened under `jwt.`. */
  jwt?: Readonly<Record<string, unknown>> | null;
  /** The signed-in user, for the `frontegg.*` fields the claims lack. */
  user?: AttributeUser | null;
}

/** Nested claims deeper than this are not flattened (a claim object is at most this deep in practice). */
const MAX_DEPTH = 16;

const RESERVED_PREFIXES = ['frontegg.', 'jwt.'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** `{ a: { b: 1 }, c: [1] }` → `{ 'a.b': 1, c: [1] }`: nested plain objects flattened with dots; arrays kept. */
export function flattenClaims(
  claims: Readonly<Record<string, unknown>>,
  prefix = '',
): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const walk = (value: Readonly<Record<string, unknown>>, path: string, depth: number) => {
    for (const [key, child] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (isPlainObject(child) && depth < MAX_DEPTH) walk(child, name, depth + 1);
      else out[name] = child;
    }
  };
  walk(claims, prefix, 0);
  return out;
}

const firstDefined = (...values: unknown[]) => values.find((value) => value !== undefined && value !== null);

/**
 * The attributes rules read (FLAGS-015): the custom ones under their own names, `frontegg.email`,
 * `frontegg.emailVerified`, `frontegg.tenantId`, `frontegg.userId` (from the claims `email`,
 * `email_verified`, `tenantId`, `sub`, else from the user), and every claim flattened under `jwt.`
 * (`jwt.metadata.plan`). The `frontegg.` and `jwt.` names are reserved: custom attributes cannot set them.
 */
export function buildAttributes({ custom = {}, jwt, user }: AttributeSources = {}): Attributes {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(custom)) {
    if (!RESERVED_PREFIXES.some((prefix) => key.startsWith(prefix))) out[key] = value;
  }
  const claims = jwt ?? {};
  const frontegg: Record<string, unknown> = {
    email: firstDefined(claims.email, user?.email),
    emailVerified: firstDefined(claims.email_verified, user?.emailVerified, user?.verified),
    tenantId: firstDefined(claims.tenantId, user?.tenantId),
    userId: firstDefined(claims.sub, claims.userId, user?.id),
  };
  for (const [key, value] of Object.entries(frontegg))
    if (value !== undefined) out[`frontegg.${key}`] = value;
  Object.assign(out, flattenClaims(claims, 'jwt'));
  return out;
}

/** The claims of a JWT (its payload, base64url JSON), without checking the signature; null if unreadable. */
export function decodeJwtClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return isPlainObject(claims) ? claims : null;
  } catch {
    return null;
  }
}
