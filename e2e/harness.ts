import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createApp } from '../server/app';
import { testConfig, type ServerConfig } from '../server/config';
import { startServices } from '../server/services';
import { requestTimeouts } from '../server/timeouts';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The origins of the servers under test in this process: their pages and scripts get the header checks (journeys.ts). */
export const serverOrigins = new Set<string>();

/** The real server on a free loopback port. */
/** A free loopback port (so the server knows its own URL for the links it mails). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server (fresh in-memory database, demo data) on a free loopback port. */
export async function startServer(
  overrides: Partial<ServerConfig> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig({ publicUrl: url, demoAdminPassword: DEMO_PASSWORD, ...overrides });
  const services = await startServices(config);
  const app = createApp({ root, ...services });
  serverOrigins.add(url);
  return new Promise((resolve) => {
    const options = { fetch: app.fetch, port, hostname: '127.0.0.1', serverOptions: requestTimeouts(config) };
    const server = serve(options, () => {
      resolve({
        url,
        close: () => new Promise<void>((done) => server.close(() => void services.close().then(done))),
      });
    });
  });
}

/**
 * The server as `npm start` runs it (scripts/start.mjs: build if needed, then server/main.ts) on an empty PGlite data dir in a
 * temporary folder, on a free loopback port.
 */
export async function startServerProcess({
  publicHost = '127.0.0.1',
  env = {},
}: {
  /** `localhost` where the page needs a domain (WebAuthn: an IP address is no relying-party id). */
  publicHost?: '127.0.0.1' | 'localhost';
  /** More settings of the server (ALLOWED_ORIGINS, COOKIE_SAME_SITE, …). */
  env?: Record<string, string>;
} = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://${publicHost}:${port}`;
  for (const host of ['127.0.0.1', 'localhost']) serverOrigins.add(`http://${host}:${port}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-elements-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_ADMIN_PASSWORD: DEMO_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stopped = new Promise<void>((done) => child.once('exit', () => done()));
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    // 60 s: a first start migrates a fresh PGlite, slow on a loaded 2-core machine; a failed start ends the child.
    if (i > 600 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await stopped;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'demo-password-1234';

/**
 * A host page's own web server (a second origin): answers each path of `pages` with its HTML, anything else 404.
 * Listens on 127.0.0.1; `origin` is `http://127.0.0.1:<port>` and `alias` the same server as `http://localhost:<port>`
 * (another origin and another site, for a host that is not allowed).
 */
export async function startHostServer(
  pages: Record<string, string | (() => string)>,
): Promise<{ origin: string; alias: string; close: () => Promise<void> }> {
  const server = createHttpServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://host').pathname];
    if (page === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(typeof page === 'function' ? page() : page);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    alias: `http://localhost:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
}
