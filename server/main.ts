import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '127.0.0.1';

const server = serve({ fetch: createApp({ root }).fetch, port, hostname }, (info) => {
  console.log(`fe-elements: http://localhost:${info.port}/ (examples at /examples/vanilla/)`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
