import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { loadConfig } from './config';
import { requestTimeouts } from './timeouts';
import { startServices } from './services';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();
const services = await startServices(config);

const server = serve(
  {
    fetch: createApp({ root, ...services }).fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: requestTimeouts(config),
  },
  () => {
    console.log(`fe-elements server: ${config.publicUrl}/ (examples at /examples/vanilla/)`);
    console.log(`listening on ${config.host}:${config.port}`);
    console.log(
      config.devRoutes
        ? 'development routes: ON (DEV_ROUTES=1) — /dev/outbox, /dev/sms, /dev/auth-strategy, /dev/feature-flags, /dev/sso-configurations, /dev/social-providers, /dev/sign-up-email-domains, for clients on this machine only'
        : 'development routes: off (DEV_ROUTES=1 turns them on, loopback only)',
    );
    console.log(
      `host origins allowed: ${config.allowedOrigins.length ? config.allowedOrigins.join(', ') : 'none (ALLOWED_ORIGINS)'}`,
    );
    console.log(
      `database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    );
    if (services.seed.generatedPassword) {
      console.log(
        `demo admin: ${services.seed.adminEmail} / ${services.seed.generatedPassword} (set DEMO_ADMIN_PASSWORD to choose it)`,
      );
    } else {
      console.log(
        `demo admin: ${services.seed.adminEmail}${config.demoAdminPassword ? ' (password from DEMO_ADMIN_PASSWORD)' : ''}`,
      );
    }
  },
);
const stop = () => server.close(() => void services.close().then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
