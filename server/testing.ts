// Test helpers for server tests: a real app on an in-memory PGlite, driven through app.request().
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp } from './app';
import { testConfig, type ServerConfig } from './config';
import { startServices } from './services';

export const ADMIN_EMAIL = 'admin@acme.test';
export const ADMIN_PASSWORD = 'admin-password-1234';
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A database for one test server: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (CI), a fresh database created there and dropped at close.
 */
async function testDatabase(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { drop: async () => undefined };
  const name = `fe_test_${randomUUID().replace(/-/g, '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function testServer(overrides: Partial<ServerConfig> = {}, clock?: { now: () => Date }) {
  const database = await testDatabase();
  const started = await startServices(
    testConfig({
      demoAdminEmail: ADMIN_EMAIL,
      demoAdminPassword: ADMIN_PASSWORD,
      databaseUrl: database.databaseUrl,
      ...overrides,
    }),
    clock,
  );
  const services = { ...started, close: () => started.close().then(database.drop) };
  const app = createApp({ root, ...services });
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    app,
    services,
    json,
    /** The refresh token of a Set-Cookie answer. */
    refreshCookie(res: Response): string | null {
      const header = res.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='));
      const value = header?.split(';')[0]?.slice('fe_refresh='.length);
      return value ? decodeURIComponent(value) : null;
    },
    login: (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) =>
      app.request('/identity/resources/auth/v1/user', json({ email, password })),
    refresh: (token: string) =>
      app.request(
        '/identity/resources/auth/v1/user/token/refresh',
        json({}, { cookie: `fe_refresh=${token}` }),
      ),
    close: () => services.close(),
  };
}
