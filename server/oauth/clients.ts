import { and, eq } from 'drizzle-orm';
import type { Services } from '../context';
import type { Db } from '../db';
import { oauthClients } from '../db/schema';

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

/**
 * The demo public client `fe-demo` (PKCE, no secret). Its redirect URIs follow the current public URL, so a
 * changed PORT or PUBLIC_URL updates them on the next start.
 */
export async function ensureDemoOAuthClient({ db, vendorId, config }: Services): Promise<OAuthClient> {
  const client: OAuthClient = {
    clientId: DEMO_CLIENT_ID,
    name: 'fe-elements demo',
    redirectUris: [`${config.publicUrl}/oauth/callback`, `${config.publicUrl}/examples/hosted/callback/`],
  };
  await db
    .insert(oauthClients)
    .values({ ...client, vendorId })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { redirectUris: client.redirectUris } });
  return client;
}
