// Frontegg's own published client (`@frontegg/rest-api` 7.119.0, a dev dependency), bundled with esbuild into a
// host page on another origin listed in ALLOWED_ORIGINS, with the client's DEFAULT urlPrefix (`/frontegg`):
// it signs in, refreshes, and calls the login, me, tenants, users, team, roles, groups, sessions, MFA,
// account-settings and security-policy functions. Every answer the server sends must parse with our contract's
// response schema (shared/api/contracts/*), which frontegg.typecheck.ts checks at compile time to carry every
// required field of Frontegg's declared interface. The same page on an origin NOT listed is refused by the browser.
// Both origins are 127.0.0.1 ports (same site), so the refresh cookie's default SameSite=Lax is enough here.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page, Response as PageResponse } from 'playwright-core';
import type { z } from 'zod';
import type { Contract } from '../shared/api/contracts/contract';
import { paths, type ApiPath } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, root, startHostServer, startServer } from './harness';
import { freshContext } from './journeys';

const ADMIN = 'admin@acme.test';
const PREFIX = '/frontegg';

/** What the calls use from earlier answers. */
interface Saved {
  userId?: string;
  groupId?: string;
}

/** A function of Frontegg's `api` object (`family.function`) and its arguments. */
interface ClientCall {
  fn: string;
  args?: (saved: Saved) => unknown[];
  /** Reads ids for later calls from the value the function resolved with. */
  save?: (value: unknown, saved: Saved) => void;
}

const signIn = () => [{ email: ADMIN, password: DEMO_PASSWORD }];
const CALLS: ClientCall[] = [
  // login (the login answer, then the client's own me and tenants calls)
  {
    fn: 'auth.login',
    args: signIn,
    save: (v, s) => void (s.userId = (v as { id?: string; sub?: string }).id ?? (v as { sub?: string }).sub),
  },
  { fn: 'auth.loginv2', args: signIn },
  // refresh (the HttpOnly refresh cookie rides the credentialed call under /frontegg)
  { fn: 'auth.refreshToken' },
  { fn: 'auth.refreshTokenV3' },
  // me
  { fn: 'auth.getMeV2' },
  { fn: 'teams.getProfile' },
  // tenants
  { fn: 'tenants.getTenants' },
  { fn: 'users.getCurrentUserTenantsV1' },
  { fn: 'users.getCurrentUserTenantsV3' },
  // users
  { fn: 'users.getUsersV2', args: () => [{ _limit: 20, _offset: 0 }] },
  { fn: 'users.getUsersRoles', args: (s) => [{ ids: [s.userId] }] },
  { fn: 'users.getUsersGroups', args: (s) => [{ ids: [s.userId] }] },
  // team
  { fn: 'teams.loadUsers', args: () => [{ pageOffset: 0, pageSize: 20 }] },
  { fn: 'teams.loadAvailableRoles' },
  { fn: 'teams.loadAvailablePermissions' },
  // roles
  { fn: 'roles.getRoles' },
  { fn: 'roles.getPermissions' },
  { fn: 'roles.getPermissionCategories' },
  // groups
  {
    fn: 'groups.getGroups',
    args: () => [{}],
    save: (v, s) => void (s.groupId = (v as { groups?: { id: string }[] }).groups?.[0]?.id),
  },
  // sessions
  { fn: 'auth.getCurrentUserSessions' },
  { fn: 'auth.getCurrentUserSession' },
  { fn: 'auth.getSessionConfigurations' },
  // MFA
  { fn: 'auth.getMFADevices' },
  { fn: 'auth.getMFAStrategiesConfig' },
  { fn: 'securityPolicy.getMfaPolicy' },
  // account settings
  { fn: 'accountSettings.getSettings' },
  { fn: 'accountSettings.getPublicSettings' },
  // security policy
  { fn: 'securityPolicy.getGlobalSecurityPolicy' },
  { fn: 'securityPolicy.getLockoutPolicy' },
  { fn: 'securityPolicy.getCaptchaPolicy' },
  { fn: 'securityPolicy.getPasswordHistoryPolicy' },
  { fn: 'securityPolicy.getPasswordConfigPolicy' },
];

/** Every call's contract, found by method and path: the registry and any family file not registered yet. */
async function loadContracts(): Promise<{ name: string; contract: Contract }[]> {
  const found = new Map<string, { name: string; contract: Contract }>();
  const add = (family: string, group: Record<string, Contract>) => {
    for (const [entry, contract] of Object.entries(group))
      if (contract && typeof contract === 'object' && 'route' in contract && 'response' in contract)
        found.set(`${contract.route.method} ${contract.route.path} ${entry}`, {
          name: `${family}.${entry}`,
          contract,
        });
  };
  const { contracts } = await import('../shared/api/contracts/index');
  for (const [family, group] of Object.entries(contracts)) add(family, group as Record<string, Contract>);
  const folder = join(root, 'shared/api/contracts');
  for (const file of readdirSync(folder)) {
    if (!/^\w+\.ts$/.test(file) || /^(contract|common|index)\.ts$/.test(file)) continue;
    const module = (await import(pathToFileURL(join(folder, file)).href).catch(() => ({}))) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('Contracts')) add(file.replace(/\.ts$/, ''), value as Record<string, Contract>);
  }
  return [...found.values()];
}

const pattern = (route: ApiPath) => new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const allRoutes = Object.values(paths).flatMap((group) => Object.values(group) as ApiPath[]);

/**
 * The zod issues of a parse as `field: message` lines (a missing field reads as its path). A union (the login
 * answer: signed in, or MFA required) reports the branches that came closest.
 */
function issuesOf(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const fewest = Math.min(...issue.errors.map((branch) => branch.length));
      return issue.errors
        .filter((branch) => branch.length === fewest)
        .flatMap((branch) => issuesOf(branch, path));
    }
    return [`${path.map(String).join('.') || '(answer)'}: ${issue.message}`];
  });
}

interface Seen {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** The client bundle: Frontegg's `api` and `ContextHolder` on `window.fronteggClient`, as a host app's build has them. */
async function bundleClient(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { ContextHolder, api } from '@frontegg/rest-api';\nwindow.fronteggClient = { ContextHolder, api };\n",
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0]!.text;
}

/** The host page: the bundle, then the context Frontegg's SDKs set — baseUrl the server, credentials, default urlPrefix. */
const hostPage = (server: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>host with @frontegg/rest-api</title>
<script src="/client.js"></script>
<script>
  const { ContextHolder, api } = window.fronteggClient;
  ContextHolder.default().setContext({ baseUrl: ${JSON.stringify(server)}, requestCredentials: 'include' });
  window.callClient = async (fn, args) => {
    const [family, name] = fn.split('.');
    try {
      return { ok: true, value: await api[family][name](...args) };
    } catch (e) {
      return { ok: false, error: String(e && e.message || e), status: e && e.statusCode };
    }
  };
</script></head><body><h1>A host app using Frontegg's client</h1></body></html>`;

describe('@frontegg/rest-api 7.119.0 from a host page on another origin, default urlPrefix /frontegg', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let host: Awaited<ReturnType<typeof startHostServer>>;
  let browser: Browser;
  let client = '';
  let page = '';
  let known: Awaited<ReturnType<typeof loadContracts>> = [];

  before(async () => {
    client = await bundleClient();
    host = await startHostServer({ '/': () => page, '/client.js': () => client });
    server = await startServer({ allowedOrigins: [host.origin] });
    page = hostPage(server.url);
    known = await loadContracts();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await host?.close();
  });

  /** Opens the host page at `origin` and records every answer of the server (method, path, status, JSON). */
  async function open(origin: string) {
    const { context, page: tab, errors } = await freshContext(browser);
    const seen: Promise<Seen>[] = [];
    tab.on('response', (r: PageResponse) => {
      const url = new URL(r.url());
      if (url.origin !== server.url || r.request().method() === 'OPTIONS') return;
      seen.push(
        r.text().then(
          (text) => ({
            method: r.request().method(),
            path: url.pathname,
            status: r.status(),
            body: text ? (JSON.parse(text) as unknown) : undefined,
          }),
          () => ({ method: r.request().method(), path: url.pathname, status: r.status(), body: undefined }),
        ),
      );
    });
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => 'callClient' in window);
    return { context, tab, errors, seen };
  }

  const callClient = (tab: Page, fn: string, args: unknown[]) =>
    tab.evaluate(
      ([f, a]) =>
        (
          window as unknown as {
            callClient: (
              f: string,
              a: unknown[],
            ) => Promise<{ ok: boolean; value?: unknown; error?: string; status?: number }>;
          }
        ).callClient(f, a),
      [fn, args] as const,
    );

  /** Every problem of one answer: not under the prefix, a refusal, no route or contract, fields the schema misses. */
  function check(answer: Seen): string[] {
    if (!answer.path.startsWith(`${PREFIX}/`))
      return [`${answer.method} ${answer.path}: not under ${PREFIX}`];
    const path = answer.path.slice(PREFIX.length);
    const what = `${answer.method} ${path} ${answer.status}`;
    if (!allRoutes.some((r) => r.method === answer.method && pattern(r).test(path)))
      return [`${what}: not in the paths table (not served)`];
    if (answer.status >= 400) return [`${what}: refused ${JSON.stringify(answer.body)}`];
    const matching = known.filter(
      ({ contract }) => contract.route.method === answer.method && pattern(contract.route).test(path),
    );
    if (!matching.length) return [`${what}: no contract yet`];
    if (answer.status === 204) return [];
    // Two entries may share a path (v1/v2 of a call): the answer must fit one of them.
    const results = matching.map(({ name, contract }) => ({
      name,
      parsed: contract.response.safeParse(answer.body),
    }));
    if (results.some((r) => r.parsed.success)) return [];
    return results.flatMap(({ name, parsed }) =>
      issuesOf(parsed.error!.issues).map((issue) => `${what} (${name}): ${issue}`),
    );
  }

  it('signs in, refreshes and calls every function: each answer parses with our contract (report per call)', async () => {
    const { context, tab, errors, seen } = await open(host.origin);
    const saved: Saved = {};
    const report: string[] = [];
    let failing = 0;
    for (const call of CALLS) {
      const before = seen.length;
      const result = await callClient(tab, call.fn, call.args?.(saved) ?? []);
      const answers = await Promise.all(seen.slice(before));
      const problems = answers.flatMap(check);
      if (!result.ok) problems.unshift(`threw: ${result.error} (${result.status ?? 'no status'})`);
      if (!answers.length) problems.push('no request reached the server');
      if (result.ok) call.save?.(result.value, saved);
      const requests = answers
        .map((a) => `${a.method} ${a.path.slice(PREFIX.length)} ${a.status}`)
        .join(', ');
      if (problems.length) failing += 1;
      report.push(
        `${problems.length ? 'FAIL' : 'ok  '} ${call.fn} [${requests}]${problems.map((p) => `\n       - ${p}`).join('')}`,
      );
    }
    console.log(
      `@frontegg/rest-api calls, ${CALLS.length - failing}/${CALLS.length} clean:\n${report.join('\n')}`,
    );
    // The check is not vacuous: the login answer without a field Frontegg's ILoginResponse requires is reported.
    const login = (await Promise.all(seen)).find(
      (a) => a.method === 'POST' && a.path.endsWith(paths.auth.login.path),
    );
    assert.ok(login, 'the login answer was seen');
    const { accessToken: _dropped, ...withoutToken } = login.body as Record<string, unknown>;
    assert.match(check({ ...login, body: withoutToken }).join('\n'), /\baccessToken\b/);
    assert.ok(saved.userId, 'the login answer names the user');
    assert.deepEqual(errors, []);
    await context.close();
    assert.equal(
      failing,
      0,
      `calls with problems:\n${report.filter((l) => l.startsWith('FAIL')).join('\n')}`,
    );
  });

  it('the same page on an origin not in ALLOWED_ORIGINS is refused by the browser (no CORS answer: the fetch fails)', async () => {
    assert.notEqual(host.alias, host.origin);
    const { context, tab, seen } = await open(host.alias);
    const login = await callClient(tab, 'auth.login', signIn());
    assert.equal(login.ok, false);
    assert.match(login.error ?? '', /Failed to fetch/);
    assert.equal(login.status, undefined, 'no answer the page could read');
    // The preflight was answered without CORS headers, so the browser never sent the sign-in itself.
    assert.deepEqual(
      (await Promise.all(seen)).filter((a) => a.method === 'POST'),
      [],
      'no sign-in reached the server',
    );
    await context.close();
  });
});
