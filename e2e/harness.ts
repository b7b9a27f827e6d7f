import { serve } from '@hono/node-server';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { startServices } from '../server/services';

export const root = fileURLToPath(new URL('..', import.meta.url));

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
export async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const services = await startServices(testConfig({ publicUrl: url, demoAdminPassword: DEMO_PASSWORD }));
  const app = createApp({ root, ...services });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
      resolve({
        url,
        close: () => new Promise<void>((done) => server.close(() => void services.close().then(done))),
      });
    });
  });
}

export const DEMO_PASSWORD = 'demo-password-1234';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
}
