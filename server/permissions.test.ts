// One permission rule: the portal's navigation, the pages' write controls and the server's requirePermission
// decide the same for every key of the catalog against granted keys with wildcards on both sides.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  entryShown,
  navigationEntries,
  visibleEntries,
  type NavigationEntry,
} from '../elements/admin-portal/navigation';
import { allowedControls, pageAccess, pageControls } from '../elements/admin-portal/pages/controls';
import {
  hasPermission,
  permissionKeys,
  permissionMatches,
  permissionPatterns,
} from '../shared/auth/permissions';
import type { AppEnv } from './context';
import { permissions, rolePermissions, roles } from './db/schema';
import { requirePermission } from './middleware/authorize';
import { fixtures, testServer, type TestServer } from './testing';

const catalog = permissionKeys.map((p) => p.key);
/** Every key a decision is asked about: the catalog, the wildcard keys, what the navigation and pages name. */
const required = [
  ...new Set([
    ...catalog,
    ...permissionPatterns,
    ...navigationEntries.flatMap((e) => (e.permission ? [e.permission] : [])),
    ...Object.values(pageControls).flatMap((c) => Object.values(c)),
  ]),
];

/** Granted key lists, wildcards at the end, in the middle, alone, and none. */
const grants: Record<string, string[]> = {
  nothing: [],
  everything: ['*'],
  'fe.*': ['fe.*'],
  'fe.secure.*': ['fe.secure.*'],
  'fe.secure.read.*': ['fe.secure.read.*'],
  'middle wildcards': ['fe.*.read.users', 'fe.*.read.roles', '*.read.audits'],
  'subscriptions read (not the pattern)': ['fe.subscriptions.read', 'fe.subscriptions.read.billing'],
  'subscriptions pattern and connectivity reads': ['fe.subscriptions.*', 'fe.connectivity.read.*'],
  'writes everywhere': ['fe.*.write.*'],
  'a few keys and a hierarchy wildcard': [
    'fe.secure.read.users',
    'fe.secure.write.users',
    'fe.account-hierarchy.*',
  ],
  'every catalog key, one by one (the sample Admin)': catalog,
  'a near miss': ['fe.secure.read.user', 'fe.secure', 'fe.secure.read.users.extra'],
};

/** A navigation entry shown by permissions that requires `key` (the decision the navigation takes per entry). */
const entryFor = (key: string): NavigationEntry => ({
  key: 'users',
  group: 'workspace',
  visibility: 'byPermissions',
  permission: key,
});
const byPermissions = Object.fromEntries(
  navigationEntries.map((e) => [e.key, { visibility: 'byPermissions' as const }]),
);

describe('one permission catalog and one matching rule', () => {
  let t: TestServer;
  let probe: Hono<AppEnv>;
  const tokens: Record<string, string> = {};

  /** The server's decision: a request through requirePermission(key) with the user's token. */
  const serverAllows = async (grant: string, key: string) => {
    const res = await probe.request(`/probe/${required.indexOf(key)}`, {
      headers: { authorization: `Bearer ${tokens[grant]}` },
    });
    assert.ok(res.status === 200 || res.status === 403, `${grant} / ${key}: status ${res.status}`);
    return res.status === 200;
  };

  before(async () => {
    t = await testServer();
    const f = fixtures(t);
    const { db, vendorId } = t.services;
    const acme = await f.tenantId('Acme');
    const permissionId = async (key: string) => {
      const [row] = await db.select().from(permissions).where(eq(permissions.key, key));
      if (row) return row.id;
      const id = randomUUID();
      await db.insert(permissions).values({ id, key, name: key });
      return id;
    };
    for (const [name, keys] of Object.entries(grants)) {
      const roleId = randomUUID();
      await db.insert(roles).values({ id: roleId, vendorId, tenantId: acme, key: `grant-${roleId}`, name });
      for (const key of keys)
        await db.insert(rolePermissions).values({ roleId, permissionId: await permissionId(key) });
      const user = await f.createUser({ tenants: [{ id: acme, roleIds: [roleId] }] });
      tokens[name] = await user.tokenIn();
    }
    probe = new Hono<AppEnv>();
    required.forEach((key, i) =>
      probe.get(`/probe/${i}`, requirePermission(t.services, key), (c) => c.json({ allowed: key })),
    );
    probe.onError((error) =>
      error instanceof HTTPException ? error.getResponse() : new Response(String(error), { status: 500 }),
    );
  });
  after(() => t.close());

  it('[ROLES-006] [ROUTE-037] the catalog holds every key the server routes, the navigation and the pages name', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const sources = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
        d.isDirectory()
          ? sources(join(dir, d.name))
          : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)
            ? [join(dir, d.name)]
            : [],
      );
    const named = new Set<string>();
    for (const file of [
      ...sources('server/routes'),
      'elements/admin-portal/navigation.ts',
      ...sources('elements/admin-portal/pages'),
    ])
      for (const [, key] of readFileSync(join(root, file), 'utf8').matchAll(/['"`](fe\.[\w.*-]+)['"`]/g))
        named.add(key!);
    assert.ok(named.size > 15, 'the scan finds the keys');
    const known = new Set([...catalog, ...permissionPatterns]);
    assert.deepEqual(
      [...named].filter((key) => !known.has(key)),
      [],
      'keys outside the catalog',
    );
    assert.equal(new Set(catalog).size, catalog.length, 'each key once');
    for (const { category } of permissionKeys) assert.match(category, /^cat-/);
  });

  it('[ROUTE-037] [ROLES-006] navigation, write controls and the server agree on every catalog key × every grant', async () => {
    let allowed = 0;
    let refused = 0;
    for (const [grant, keys] of Object.entries(grants)) {
      for (const key of required) {
        const navigation = entryShown(entryFor(key), keys);
        const control = allowedControls({ write: key }, keys).write;
        const server = await serverAllows(grant, key);
        assert.equal(navigation, server, `navigation vs server: ${grant} / ${key}`);
        assert.equal(control, server, `write control vs server: ${grant} / ${key}`);
        if (server) allowed++;
        else refused++;
      }
    }
    assert.ok(allowed > 50 && refused > 50, `both answers occur (${allowed} allowed, ${refused} refused)`);
  });

  it('[ROUTE-037] the real entries and page controls decide as the server does on their keys', async () => {
    for (const [grant, keys] of Object.entries(grants)) {
      const shown = new Set(visibleEntries(keys, byPermissions).map((e) => e.key));
      for (const entry of navigationEntries) {
        const server = entry.permission === null || (await serverAllows(grant, entry.permission));
        assert.equal(shown.has(entry.key), server, `entry ${entry.key}: ${grant}`);
      }
      for (const page of Object.keys(pageControls) as (keyof typeof pageControls)[]) {
        const access: Record<string, boolean> = pageAccess(page, keys);
        for (const [control, key] of Object.entries(pageControls[page]))
          assert.equal(access[control], await serverAllows(grant, key), `${page}.${control}: ${grant}`);
      }
    }
  });

  it("[ROUTE-034] [ROUTE-037] the issue's two cases: a required wildcard needs a grant covering all of it; a grant's wildcard may sit in the middle", async () => {
    const sub = 'subscriptions read (not the pattern)';
    assert.equal(permissionMatches('fe.subscriptions.read', 'fe.subscriptions.*'), false);
    assert.equal(entryShown(entryFor('fe.subscriptions.*'), grants[sub]!), false);
    assert.equal(await serverAllows(sub, 'fe.subscriptions.*'), false);
    assert.equal(
      visibleEntries(grants[sub]!, byPermissions).some((e) => e.key === 'subscriptions'),
      false,
    );
    const withPattern = 'subscriptions pattern and connectivity reads';
    assert.equal(await serverAllows(withPattern, 'fe.subscriptions.*'), true);
    assert.equal(
      visibleEntries(grants[withPattern]!, byPermissions).some((e) => e.key === 'subscriptions'),
      true,
    );

    const middle = 'middle wildcards';
    assert.equal(permissionMatches('fe.*.read.users', 'fe.secure.read.users'), true);
    assert.equal(entryShown(entryFor('fe.secure.read.users'), grants[middle]!), true);
    assert.equal(await serverAllows(middle, 'fe.secure.read.users'), true);
    assert.equal(pageAccess('users', grants[middle]!).write, false);
    assert.equal(await serverAllows(middle, 'fe.secure.write.users'), false);
  });

  it('[ROLES-006] matching is linear: long keys with many wildcards answer at once, and the rule is glob containment', () => {
    const long = `${'a*'.repeat(5000)}b`;
    const text = 'a'.repeat(20000);
    const started = performance.now();
    assert.equal(permissionMatches(long, text), false);
    assert.equal(permissionMatches(`${'*a'.repeat(5000)}*`, `${text}b`), true);
    assert.ok(performance.now() - started < 200, 'no backtracking');
    assert.equal(permissionMatches('*', 'anything'), true);
    assert.equal(permissionMatches('*', '*'), true);
    assert.equal(permissionMatches('fe.*', 'fe.'), true);
    assert.equal(permissionMatches('fe.*.users', 'fe.users'), false);
    assert.equal(permissionMatches('fe.secure.*', 'fe.secure.read.*'), true);
    assert.equal(permissionMatches('fe.secure.read.*', 'fe.secure.*'), false);
    assert.equal(hasPermission([], null), true);
    assert.equal(hasPermission([], 'fe.secure.read.users'), false);
  });
});
