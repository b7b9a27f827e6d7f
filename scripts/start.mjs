#!/usr/bin/env node
// npm start: builds when dist/ is missing or older than the sources, then starts the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['elements', 'shared', 'themes', 'index.ts', 'rollup.config.mjs', 'package.json'];
const newest = (path) => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};
const built = 'dist/cdn/fe-elements.js';
// FE_SKIP_BUILD=1: the caller has just built (parallel test runs must not rebuild dist/ under each other).
if (
  process.env.FE_SKIP_BUILD !== '1' &&
  (!existsSync(built) || sources.some((s) => existsSync(s) && newest(s) > statSync(built).mtimeMs))
) {
  console.log('fe-elements: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The demo reads mailed links from the dev outbox: development routes on (loopback clients only) unless told
// otherwise — and never by default where the server refuses them (a non-loopback HOST, production).
const host = process.env.HOST ?? '127.0.0.1';
const loopback = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i.test(host);
const devDefault = loopback && process.env.NODE_ENV !== 'production' ? '1' : '0';
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DEV_ROUTES: process.env.DEV_ROUTES ?? devDefault },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
