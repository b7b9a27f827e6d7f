import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { log } from '../log';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /**
   * A PGlite data directory (`dumpDataDir`'s tarball) to start a new PGlite from, instead of an empty one:
   * test servers start from one migrated copy rather than replaying every migration.
   */
  pgliteTemplate?: Blob;
}

/**
 * Opens the database and brings it to the latest migration: PostgreSQL when `databaseUrl` is given, else
 * PGlite in `dataDir` (`memory://` keeps it in memory, for tests).
 */
export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  { pgliteTemplate }: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, admin command) is reported, not fatal: the pool
    // opens a new one for the next query.
    pool.on('error', (error) => log.error({ err: error }, 'idle database connection lost'));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  // pg_trgm serves the users page's "contains" search (migration 0004).
  const client = new PGlite(config.dataDir, { extensions: { pg_trgm }, loadDataDir: pgliteTemplate });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** A migrated, empty in-memory PGlite, dumped: the template of `OpenOptions.pgliteTemplate`. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

export { migrationsFolder };
