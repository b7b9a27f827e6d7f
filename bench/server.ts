// Server throughput on 127.0.0.1 (autocannon, bounded runs): password logins per second and token refreshes
// per second, with p50/p99 latency. The server runs in this process on an in-memory PGlite.
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createApp } from '../server/app';
import { sessions, users } from '../server/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testServer } from '../server/testing';
import { root } from '../e2e/harness';

const t = await testServer();
const app = createApp({ root, ...t.services });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ ...opts, url: `${url}${opts.url ?? ''}` }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

// Logins: 10 s with 8 connections, the demo admin's right password (argon2id verify on every request).
const logins = await run({
  url: '/identity/resources/auth/v1/user',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  connections: 8,
  duration: 10,
});

// Refreshes: each refresh token is single use, so every request presents a fresh one minted beforehand.
const [admin] = await t.services.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
const sessionId = randomUUID();
await t.services.db
  .insert(sessions)
  .values({ id: sessionId, userId: admin!.id, tenantId: admin!.activeTenantId! });
const amount = 4000;
const tokens: string[] = [];
for (let i = 0; i < amount; i++) tokens.push(await t.services.refresh.issue(sessionId, admin!.id));
let next = 0;
const refreshes = await run({
  url: '/identity/resources/auth/v1/user/token/refresh',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
  connections: 8,
  amount,
  requests: [
    {
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, cookie: `fe_refresh=${tokens[next++ % amount]}` },
      }),
    },
  ],
});

const row = (label: string, r: autocannon.Result) =>
  `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} / ${r.requests.total} |`;
console.log('\nserver throughput (autocannon, 127.0.0.1, 8 connections, in-memory PGlite, 2 cores)');
console.log('| what | requests/s | p50 ms | p99 ms | 2xx / total |');
console.log('|---|---|---|---|---|');
console.log(row('password login', logins));
console.log(row('token refresh', refreshes));

server.close();
await t.close();
