// Test helpers for server tests: a real app on an in-memory PGlite, driven through app.request().
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { testConfig, type ServerConfig } from './config';
import { startServices } from './services';

export const ADMIN_EMAIL = 'admin@acme.test';
export const ADMIN_PASSWORD = 'admin-password-1234';
const root = fileURLToPath(new URL('..', import.meta.url));

export async function testServer(overrides: Partial<ServerConfig> = {}, clock?: { now: () => Date }) {
  const services = await startServices(
    testConfig({ demoAdminEmail: ADMIN_EMAIL, demoAdminPassword: ADMIN_PASSWORD, ...overrides }),
    clock,
  );
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
