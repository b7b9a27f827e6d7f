#!/usr/bin/env node
// npm test: every layer (browser unit and element tests, server tests, end-to-end), then one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';

const chromium = chromiumPath;
if (!existsSync(chromium)) {
  console.log('Chromium is missing: installing Debian chromium…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'update']);
  if (run(['apt-get', 'install', '-y', 'chromium']).status !== 0) {
    console.error('Could not install chromium; set CHROME_PATH to a Chromium binary.');
    process.exit(1);
  }
}

/** Runs a command, echoing its output (or, `quiet`, only keeping it), and returns the output. */
function run(command, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
    let out = '';
    const echo = (chunk) => {
      out += chunk;
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const npx = (args) => run('npx', args);
const layers = [];
const lastMatch = (text, re) => [...text.matchAll(re)].at(-1);
/**
 * The failed tests in a layer's output (web-test-runner's ❌ lines, TAP's `not ok`), each with the first error
 * line printed after it, so a log cut to its tail still says why.
 */
const failedTitles = (text) =>
  [...text.matchAll(/^\s*❌ (.+)$/gm), ...text.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => {
    const after = text
      .slice(m.index + m[0].length)
      .split('\n')
      .slice(1, 12);
    const at = after.findIndex((line) => /error|expected|timed out|did not/i.test(line));
    // TAP writes a multi-line message as a YAML block (`error: |-`): its first line follows.
    const why = /\|-?\s*$/.test(after[at] ?? '') ? after[at + 1] : after[at];
    return why ? `${m[1].trim()} — ${why.trim().slice(0, 240)}` : m[1].trim();
  });

// 1. Build: the end-to-end layer loads dist/.
const build = await run('npm', ['run', 'build', '--silent']);
if (build.code !== 0) layers.push({ name: 'build', passed: 0, failed: 1 });

// 2. Browser tests (web-test-runner in Chromium).
const wtrStarted = Date.now();
const wtr = await npx(['wtr', '--static-logging']);
const w = lastMatch(wtr.out, /(\d+) passed, (\d+) failed/g);
layers.push({
  name: 'browser',
  passed: Number(w?.[1] ?? 0),
  failed: Number(w?.[2] ?? 0) + (w ? 0 : 1),
  seconds: Math.round((Date.now() - wtrStarted) / 1000),
  failures: failedTitles(wtr.out),
});
if (w && wtr.code !== 0 && Number(w[2]) === 0) layers.at(-1).failed += 1;

// 3. Node tests: the server (app.request) and end-to-end (real server + built elements + Chromium).
const find = (dir, re) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => re.test(f) && !f.includes('node_modules'))
        .map((f) => `${dir}/${f}`)
    : [];
/**
 * Runs node:test files as one layer and reads its pass/fail counts. A `quiet` layer runs beside another: its
 * output is printed whole when it ends, not interleaved.
 */
async function nodeLayer(name, files, env = {}, quiet = false) {
  if (!files.length) return;
  const started = Date.now();
  const node = await run(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', ...files],
    env,
    quiet,
  );
  if (quiet) process.stdout.write(node.out);
  // The spec reporter (a terminal) prints "ℹ pass N", TAP (a pipe) "# pass N".
  const pass = lastMatch(node.out, /^(?:ℹ|#) pass (\d+)/gm);
  const fail = lastMatch(node.out, /^(?:ℹ|#) fail (\d+)/gm);
  const seconds = Math.round((Date.now() - started) / 1000);
  layers.push({
    name,
    passed: Number(pass?.[1] ?? 0),
    failed: Number(fail?.[1] ?? 0) + (pass ? 0 : 1),
    seconds,
    failures: failedTitles(node.out),
  });
}

const serverFiles = find('server', /\.test\.ts$/);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * The longest server files whose subject is not the database (every route's permission check, every
 * contract through preview and server): with PostgreSQL beside PGlite they run once, on PostgreSQL, which
 * keeps the two parallel layers the same length (the PGlite one was the long pole).
 */
const onceOnPostgres = new Set(['server/authz-matrix.test.ts', 'server/contract.test.ts']);
// Server tests on embedded PGlite, and at the same time (one per core) on a real PostgreSQL when
// TEST_DATABASE_URL names one (CI). Their outputs are printed one after the other.
await Promise.all([
  nodeLayer(
    'server (PGlite)',
    postgres ? serverFiles.filter((f) => !onceOnPostgres.has(f)) : serverFiles,
    { TEST_DATABASE_URL: '' },
    postgres,
  ),
  postgres ? nodeLayer('server (PostgreSQL)', serverFiles, {}, true) : undefined,
]);
await nodeLayer('end-to-end', find('e2e', /\.spec\.ts$/));

const passed = layers.reduce((n, l) => n + l.passed, 0);
const failed = layers.reduce((n, l) => n + l.failed, 0);
console.log(
  '\n' +
    layers
      .map(
        (l) =>
          `layer ${l.name}: passed ${l.passed}, failed ${l.failed}${l.seconds ? ` (${l.seconds} s)` : ''}`,
      )
      .join('\n'),
);
// Named again at the end, where a log cut to its last lines still shows them.
for (const l of layers)
  for (const title of new Set(l.failures ?? [])) console.log(`failed (${l.name}): ${title}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
