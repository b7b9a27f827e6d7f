import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';

export interface AppConfig {
  /** Folder holding dist/ and examples/ (the repository root). */
  root: string;
}

/** The reference server's HTTP app. This release serves the built elements and the example hosts. */
export function createApp({ root }: AppConfig): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/', (c) => c.redirect('/examples/vanilla/'));
  // The browser bundles, as a CDN would serve them: /cdn/<version>/login-box/index.js, ...
  const cdnPrefix = `/cdn/${ADMIN_BOX_CDN_VERSION}`;
  app.use(
    `${cdnPrefix}/*`,
    serveStatic({ root, rewriteRequestPath: (path) => path.replace(cdnPrefix, '/dist/cdn') }),
  );
  app.use('/dist/*', serveStatic({ root }));
  app.use('/examples/*', serveStatic({ root }));
  app.notFound((c) => c.json({ errors: ['Not found'] }, 404));
  app.onError((error, c) => {
    console.error(error);
    return c.json({ errors: ['Internal server error'] }, 500);
  });
  return app;
}
