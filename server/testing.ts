// Test helpers for server tests: a real app on an in-memory PGlite, driven through app.request().
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { sampleRoleNames } from '../shared/fixtures/roles';
import { createApp } from './app';
import { migratedPgliteTemplate, migrationsFolder } from './db';
import { testConfig, type ServerConfig } from './config';
import { hashPassword } from './auth/passwords';
import { audits, roles, sessions, tenants, userRoles, users, userTenants } from './db/schema';
import { readOutbox } from './mail/mailer';
import { startServices } from './services';
import { settled } from './signup/background';
import { readSmsOutbox } from './sms/sms';

/** The Node server's env of a request from 127.0.0.1 (what `caller()` reads); pass another to be a remote peer. */
export const LOOPBACK_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
export const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

export const ADMIN_EMAIL = 'admin@acme.test';
export const ADMIN_PASSWORD = 'admin-password-1234';
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A database for one test server: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (CI), a fresh database created there and dropped at close.
 */
async function testDatabase(): Promise<{
  databaseUrl?: string;
  pgliteTemplate?: Blob;
  drop: () => Promise<void>;
}> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { pgliteTemplate: await pgliteTemplate(), drop: async () => undefined };
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

const pgliteVersion = readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8');
let template: Promise<Blob> | undefined;
/**
 * One migrated PGlite for every test server on this machine: kept in the temporary folder under a hash of
 * the migrations and the PGlite version (each test file runs in its own process), made by the first to need it.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256').update(pgliteVersion);
    for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
      const path = join(migrationsFolder, file);
      if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
    }
    const cached = join(tmpdir(), `fe-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(cached)) return new Blob([readFileSync(cached)]);
    const dump = await migratedPgliteTemplate();
    // Written whole under another name, then renamed: a parallel reader never sees half a file.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cached);
    return dump;
  })();
  return template;
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
    { ...clock, pgliteTemplate: database.pgliteTemplate },
  );
  // Closing waits for work started after an answer (mail, token writes), then drops the test database.
  const services = {
    ...started,
    close: () => settled(started.db).then(() => started.close().then(database.drop)),
  };
  const app = createApp({ root, ...services });
  // Requests come from a client on this machine (as in development), unless a test passes its own peer.
  const request = app.request;
  app.request = (input, init, env, ctx) => request(input, init, env ?? LOOPBACK_PEER, ctx);
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

export type TestServer = Awaited<ReturnType<typeof testServer>>;

/** Polls until `read` answers something (mail and SMS leave after the answer); fails after about a second. */
export async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`nothing came: ${what}`);
}

/**
 * Fixtures bound to one test server: signed JSON requests, and tenants and users made directly in the
 * database (fast: no password hashing unless asked, tokens signed without a sign-in).
 */
export function fixtures(t: TestServer) {
  const { db, vendorId, tokens } = t.services;
  const request = (method: string, path: string, token?: string, body?: unknown, headers = {}) =>
    t.app.request(path, {
      method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** The JSON body of an answer that must have the given status. */
  const json = async <T = Record<string, unknown>>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    assert.equal(res.status, status, `status ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const errorsOf = async (res: Response, status: number): Promise<string[]> => {
    const body = await json<{ errors?: string[] }>(res, status);
    assert.ok(Array.isArray(body.errors) && body.errors.length > 0, 'an { errors: [...] } answer');
    return body.errors;
  };
  const tenantId = async (name: string) => {
    const [row] = await db.select().from(tenants).where(eq(tenants.name, name));
    assert.ok(row, `tenant ${name}`);
    return row.id;
  };
  const roleId = async (key: string) => {
    const [row] = await db.select().from(roles).where(eq(roles.key, key));
    assert.ok(row, `role ${key}`);
    return row.id;
  };
  /** A built-in role (no tenant) by key. */
  const builtInRole = async (key: string) => {
    const [row] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.key, key), isNull(roles.tenantId)));
    assert.ok(row, `built-in role ${key}`);
    return row;
  };
  const newTenant = async (name: string, parentId: string | null = null) => {
    const id = randomUUID();
    await db.insert(tenants).values({ id, vendorId, name, parentId });
    return id;
  };
  /** Signs in with a password: the access token, its claims and the refresh cookie. */
  const signIn = async (email = ADMIN_EMAIL, password?: string) => {
    const res = await (password ? t.login(email, password) : t.login());
    const { accessToken } = await json<{ accessToken: string }>(res);
    return { token: accessToken, claims: decodeJwt(accessToken), cookie: t.refreshCookie(res)! };
  };
  /** A user in the given tenants (roles by key in each); a password (hashed) only when asked. */
  const createUser = async (
    opts: {
      name?: string;
      email?: string;
      /** Roles by key (`roles`) or by id (`roleIds`) in each tenant. */
      tenants: { id: string; roles?: string[]; roleIds?: string[]; disabled?: boolean }[];
      password?: boolean;
      verified?: boolean;
      lastLogin?: Date | null;
    } = { tenants: [] },
  ) => {
    const id = randomUUID();
    const email = opts.email ?? `user-${id.slice(0, 8)}@acme.test`;
    const password = `pw-${id}`;
    await db.insert(users).values({
      id,
      vendorId,
      email,
      name: opts.name ?? `User ${id.slice(0, 8)}`,
      passwordHash: opts.password ? await hashPassword(password) : null,
      verified: opts.verified ?? true,
      activeTenantId: opts.tenants[0]?.id ?? null,
      lastLogin: opts.lastLogin ?? null,
    });
    for (const tenant of opts.tenants) {
      await db
        .insert(userTenants)
        .values({ userId: id, tenantId: tenant.id, disabled: tenant.disabled ?? false });
      for (const key of tenant.roles ?? [])
        await db.insert(userRoles).values({ userId: id, tenantId: tenant.id, roleId: await roleId(key) });
      for (const roleId of tenant.roleIds ?? [])
        await db.insert(userRoles).values({ userId: id, tenantId: tenant.id, roleId });
    }
    /** An access token for the user in a tenant (the token's claims name no permissions: the server reads them). */
    const tokenIn = async (tenant = opts.tenants[0]!.id) => {
      // A real session: access tokens are honoured only while their session stands.
      const sid = randomUUID();
      await db.insert(sessions).values({ id: sid, userId: id, tenantId: tenant });
      return (
        await tokens.sign({
          sub: id,
          email,
          name: opts.name ?? email,
          tenantId: tenant,
          tenantIds: opts.tenants.map((x) => x.id),
          roles: [],
          permissions: [],
          sid,
          type: 'userToken',
        })
      ).token;
    };
    return { id, email, password, signIn: () => signIn(email, password), tokenIn };
  };
  /**
   * A verified member of the tenant named, holding the roles given (built-in keys or role ids), signed in with a
   * password: its id, email, tenant id and access token.
   */
  const member = async (roleKeysOrIds: string[], tenant = 'Acme', name?: string) => {
    const tid = await tenantId(tenant);
    const roleIds: string[] = [];
    for (const role of roleKeysOrIds)
      roleIds.push(
        (sampleRoleNames as readonly string[]).includes(role) ? (await builtInRole(role)).id : role,
      );
    const user = await createUser({ name, tenants: [{ id: tid, roleIds }], password: true });
    const { token } = await user.signIn();
    return { id: user.id, email: user.email, tenantId: tid, token };
  };
  /** The newest mail to `email` whose text contains `contains` (polled: mail leaves after the answer). */
  const mailTo = (email: string, contains = '') =>
    eventually(
      async () => (await readOutbox(db)).find((m) => m.to === email && m.text.includes(contains)),
      `mail to ${email}`,
    );
  /** The newest text to `phone` whose text contains `contains` (polled: texts leave after the answer). */
  const smsTo = (phone: string, contains = '') =>
    eventually(
      async () => (await readSmsOutbox(db)).find((m) => m.to === phone && m.text.includes(contains)),
      `sms to ${phone}`,
    );
  /** The audit rows of an action. */
  const auditsFor = async (action: string) => {
    await settled(db); // some rows are written after the answer
    return (await db.select().from(audits)).filter((a) => a.action === action);
  };
  return {
    db,
    request,
    json,
    errorsOf,
    tenantId,
    roleId,
    builtInRole,
    newTenant,
    signIn,
    createUser,
    member,
    auditsFor,
    mailTo,
    smsTo,
  };
}

/**
 * Waits, when needed, until at least `margin` ms are left in the current rate-limit window: the server counts
 * in fixed windows of `windowMs` aligned to the clock (middleware/rate-limit), so a test's burst of requests
 * must not straddle two windows.
 */
export async function clearOfWindowEdge(windowMs = 60_000, margin = 15_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
