import { and, eq } from 'drizzle-orm';
import type { Services } from '../context';
import type { Db } from '../db';
import { oauthClients } from '../db/schema';
import { isLoopbackHost } from '../middleware/dev-only';

export const DEMO_CLIENT_ID = 'fe-demo';

export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
}

const asUris = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A registered client of the vendor, or null. */
export async function findClient(db: Db, vendorId: string, clientId: string): Promise<OAuthClient | null> {
  const [row] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.clientId, clientId), eq(oauthClients.vendorId, vendorId)));
  return row ? { clientId: row.clientId, name: row.name, redirectUris: asUris(row.redirectUris) } : null;
}

/** Exact string comparison only: no prefix, wildcard, case or trailing-slash leniency (RFC 9700 §4.1.3). */
export const isRegisteredRedirect = (client: OAuthClient, uri: string): boolean =>
  client.redirectUris.includes(uri);

/** True when `uri` is exactly a registered redirect URI of any client of the vendor (post-logout targets). */
export async function isAnyRegisteredRedirect(db: Db, vendorId: string, uri: string): Promise<boolean> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.vendorId, vendorId));
  return rows.some((row) => asUris(row.redirectUris).includes(uri));
}

/** The demo client's redirect URIs at an origin: the server's own hosted callback and the hosted example's. */
const demoRedirectUris = (origin: string) => [
  `${origin}/oauth/callback`,
  `${origin}/examples/hosted/callback/`,
];

/**
 * The demo public client `fe-demo` (PKCE, no secret). Its redirect URIs follow the current public URL, so a
 * changed PORT or PUBLIC_URL updates them on the next start.
 */
export async function ensureDemoOAuthClient({ db, vendorId, config }: Services): Promise<OAuthClient> {
  const client: OAuthClient = {
    clientId: DEMO_CLIENT_ID,
    name: 'fe-elements demo',
    redirectUris: demoRedirectUris(config.publicUrl),
  };
  await db
    .insert(oauthClients)
    .values({ ...client, vendorId })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { redirectUris: client.redirectUris } });
  return client;
}

/** Whether an origin is this machine's: http or https on localhost, 127.x or [::1], any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      ['http:', 'https:'].includes(url.protocol) && url.origin === origin && isLoopbackHost(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * Development only (DEV_ROUTES=1): the demo client also takes the redirect URIs of the loopback origin a
 * request came to (127.0.0.1, localhost or [::1], any port), so the hosted example works at whichever of them
 * the developer opened, not only at PUBLIC_URL. Never in production, never for another origin; the next start
 * puts the list back to PUBLIC_URL's. True when URIs were added.
 */
export async function allowDemoRedirectsAt(
  { db, vendorId, config }: Pick<Services, 'db' | 'vendorId' | 'config'>,
  origin: string,
): Promise<boolean> {
  if (!config.devRoutes || !isLoopbackOrigin(origin)) return false;
  const client = await findClient(db, vendorId, DEMO_CLIENT_ID);
  const missing = demoRedirectUris(origin).filter((uri) => client && !client.redirectUris.includes(uri));
  if (!client || missing.length === 0) return false;
  await db
    .update(oauthClients)
    .set({ redirectUris: [...client.redirectUris, ...missing] })
    .where(and(eq(oauthClients.clientId, DEMO_CLIENT_ID), eq(oauthClients.vendorId, vendorId)));
  return true;
}
