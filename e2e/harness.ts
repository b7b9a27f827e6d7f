import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { startServices } from '../server/services';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The real server on a free loopback port. */
export async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const services = await startServices(testConfig({ demoAdminPassword: DEMO_PASSWORD }));
  const app = createApp({ root, ...services });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
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
