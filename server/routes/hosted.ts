import { Hono } from 'hono';
import { ADMIN_BOX_CDN_VERSION } from '../../shared/options/cdn';
import type { AppEnv } from '../context';

/** The hosted login page: `<fe-login-box>` served by the server itself, at every /account/* route. */
export function hostedLoginPage(origin: string, title = 'Sign in'): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escape(title)}</title>
    <script type="module" src="/cdn/${ADMIN_BOX_CDN_VERSION}/login-box/index.js"></script>
    <style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f5f7;font-family:system-ui,sans-serif}</style>
  </head>
  <body>
    <fe-login-box base-url="${escape(origin)}" lazy></fe-login-box>
  </body>
</html>`;
}

export function hostedRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/account/*', (c) => c.html(hostedLoginPage(new URL(c.req.url).origin)));
  return app;
}
