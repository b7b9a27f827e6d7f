// Audit retention (issue 17, AUDIT_RETENTION_DAYS) on a real PGlite: rows older than the retention go in
// batches, recent rows stay, sign-ins write their audit rows while a sweep runs, 0 keeps everything, the
// periodic job runs at start and stops before the database closes.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq, like, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig, testConfig } from '../config';
import { writeAudit } from '../audit';
import { audits } from '../db/schema';
import { settled } from '../signup/background';
import { startServices } from '../services';
import { ADMIN_EMAIL, testServer, type TestServer } from '../testing';
import { pruneAudits, startAuditRetention } from './retention';

let t: TestServer;

/** `count` bench rows created `daysAgo` days ago (a minute apart), tagged with `tag` in the action. */
async function seed(tag: string, count: number, daysAgo: number) {
  await t.services.db.execute(sql`
    insert into audits (id, vendor_id, action, created_at)
    select ${tag} || '-' || g, ${t.services.vendorId}, ${tag},
           now() - ${daysAgo} * interval '1 day' - g * interval '1 minute'
    from generate_series(1, ${count}) as g`);
}
const countOf = async (tag: string) =>
  (
    await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(audits)
      .where(eq(audits.action, tag))
  )[0]!.n;

describe('audit retention', () => {
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());
  beforeEach(() => t.services.db.execute(sql`delete from audits where action like 'retention-%'`));

  it('AUDIT_RETENTION_DAYS: 365 by default, 0 allowed, a negative or fractional value stops the start-up', () => {
    assert.equal(loadConfig({}).auditRetentionDays, 365);
    assert.equal(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays, 0);
    assert.equal(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays, 30);
    assert.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' }), /AUDIT_RETENTION_DAYS/);
    assert.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: '1.5' }), /AUDIT_RETENTION_DAYS/);
  });

  it('deletes rows older than the retention in batches until none is left, and keeps recent rows', async () => {
    await seed('retention-old', 230, 400);
    await seed('retention-edge', 20, 364); // inside the retention by a day
    await seed('retention-new', 30, 0);
    const batches: number[] = [];
    const deleted = await pruneAudits(t.services.db, {
      retentionDays: 365,
      batchSize: 50,
      onBatch: (n) => batches.push(n),
    });
    assert.equal(deleted, 230);
    assert.deepEqual(batches, [50, 50, 50, 50, 30]);
    assert.equal(await countOf('retention-old'), 0);
    assert.equal(await countOf('retention-edge'), 20);
    assert.equal(await countOf('retention-new'), 30);
    // Nothing left to do: one empty batch.
    batches.length = 0;
    assert.equal(
      await pruneAudits(t.services.db, {
        retentionDays: 365,
        batchSize: 50,
        onBatch: (n) => batches.push(n),
      }),
      0,
    );
    assert.deepEqual(batches, [0]);
  });

  it('audit writes go through between batches while a sweep runs; a sign-in during a sweep is audited', async () => {
    await seed('retention-old', 1_000, 500);
    const events: string[] = [];
    const writes: Promise<void>[] = [];
    let signIn: Promise<Response> | undefined;
    const sweep = pruneAudits(t.services.db, {
      retentionDays: 365,
      batchSize: 100,
      onBatch: (n) => {
        events.push(`batch ${n}`);
        // An audit row written after this batch (what every audited request does) goes before the next one.
        const k = writes.length;
        if (n > 0)
          writes.push(
            writeAudit(t.services.db, {
              vendorId: t.services.vendorId,
              action: 'User login failed',
              description: `during sweep ${k}`,
            }).then(() => void events.push(`write ${k}`)),
          );
        // A real failed sign-in through the app, started while the sweep is under way.
        signIn ??= Promise.resolve(t.login(ADMIN_EMAIL, 'not-the-password'));
      },
    });
    assert.equal(await sweep, 1_000);
    await Promise.all(writes);
    assert.equal(writes.length, 10);
    // Each write finished before the sweep's next batch but one: it waited for one batch at most, never for
    // the whole sweep (11 batches).
    const batchAt = events.flatMap((e, at) => (e.startsWith('batch') ? [at] : []));
    assert.equal(batchAt.length, 11);
    for (let k = 0; k < 9; k++)
      assert.ok(events.indexOf(`write ${k}`) < batchAt[k + 2]!, `write ${k} too late: ${events.join(', ')}`);
    assert.equal((await signIn!).status, 401);
    // The failure's audit row is written after the answer (auth.ts): wait for the server's background work.
    await settled(t.services.db);
    assert.equal(await countOf('retention-old'), 0);
    const rows = await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(audits)
      .where(and(eq(audits.email, ADMIN_EMAIL), eq(audits.action, 'User login failed')));
    assert.ok(rows[0]!.n >= 1, 'the failed sign-in is audited');
  });

  it('0 keeps every row, however old', async () => {
    await seed('retention-old', 40, 3_000);
    assert.equal(await pruneAudits(t.services.db, { retentionDays: 0 }), 0);
    const job = startAuditRetention(t.services.db, { retentionDays: 0, intervalMs: 5 });
    await new Promise((r) => setTimeout(r, 50));
    await job.stop();
    assert.equal(await countOf('retention-old'), 40);
  });

  it('the periodic job sweeps at start and on its interval, and stops before the database closes', async () => {
    await seed('retention-old', 120, 400);
    let batches = 0;
    const job = startAuditRetention(t.services.db, {
      retentionDays: 365,
      batchSize: 50,
      intervalMs: 20,
      onBatch: () => batches++,
    });
    await job.stop();
    // At start: the first batch was under way when stopped; it finished, no other started.
    assert.equal(batches, 1);
    assert.equal(await countOf('retention-old'), 70);
    const again = startAuditRetention(t.services.db, { retentionDays: 365, batchSize: 50, intervalMs: 20 });
    await seed('retention-old', 10, 400); // while it runs: caught on a later tick
    for (let i = 0; i < 100 && (await countOf('retention-old')) > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    await again.stop();
    assert.equal(await countOf('retention-old'), 0);
  });

  // The next server starts on a copy of this one's PGlite data directory (PostgreSQL has no such copy here).
  it(
    'a server started with AUDIT_RETENTION_DAYS deletes the old rows at start',
    { skip: process.env.TEST_DATABASE_URL ? 'copies a PGlite data directory' : false },
    async () => {
      // This server's database, with old and new rows, is the one the next server starts on (365 days).
      await seed('retention-old', 30, 400);
      await seed('retention-new', 5, 0);
      const { $client } = t.services.db as unknown as { $client: PGlite };
      const swept = await startServices(testConfig({ auditRetentionDays: 365 }), {
        pgliteTemplate: await $client.dumpDataDir('none'),
      });
      try {
        const left = async () =>
          (
            await swept.db
              .select({ n: sql<number>`count(*)::int` })
              .from(audits)
              .where(like(audits.action, 'retention-%'))
          )[0]!.n;
        for (let i = 0; i < 100 && (await left()) > 5; i++) await new Promise((r) => setTimeout(r, 10));
        assert.equal(await left(), 5);
      } finally {
        await swept.close();
      }
    },
  );
});
