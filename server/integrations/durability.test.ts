// Durability of the delivery queue (issue 21, "Done when"): the real server as a child process on a PGlite
// data directory on disk, killed with SIGKILL (kill -9) and started again on the same directory. Deliveries
// pending when it died (the receiver was down) are delivered after the restart, each signature verified, none
// acknowledged twice under the same idempotency id; deliveries claimed and in flight when it died are sent
// again once their lock expired (at-least-once: the same webhook-id).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { paths } from '../../shared/api/paths';
import { pgliteTemplate } from '../testing';
import { startReceiver, until, type Receiver } from './receivers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'durable-password-1234';
const INVITED = 'frontegg.user.invitedToTenant';
const LOCK_SECONDS = 25;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the delivery queue survives kill -9', () => {
  let dataDir: string;
  let port: number;
  let base: string;
  let child: ChildProcess | undefined;
  let receiver: Receiver | undefined;
  let output = '';

  const start = async () => {
    const t0 = Date.now();
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DEV_ROUTES: '1',
        ALLOW_PRIVATE_NETWORK_FETCH: '1',
        WEBHOOK_RETRY_DELAYS: '1,1,1,1,1,1,1,1,1,1',
        WEBHOOK_LOCK_SECONDS: String(LOCK_SECONDS),
        DEMO_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const running = child;
    await until(
      async () => {
        if (running.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
        return fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      'the server',
      60_000,
    );
    if (process.env.DURABILITY_TIMING) console.log(`started in ${Date.now() - t0} ms`);
  };
  const kill9 = async () => {
    const running = child!;
    const exited = new Promise((done) => running.once('exit', done));
    process.kill(running.pid!, 'SIGKILL');
    await exited;
    child = undefined;
  };

  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const signIn = async () => {
    token = '';
    token = (await api('POST', paths.auth.login.path, { email: 'admin@acme.test', password: PASSWORD }))
      .accessToken as string;
  };

  /** The acknowledgements (200 answers) by webhook-id. */
  const acknowledged = new Map<string, number>();
  const acknowledge: Receiver['answer'] = (got, res) => {
    const id = got.headers['webhook-id']!;
    acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
    res.writeHead(200).end('ok');
  };
  /** The secrets of the webhooks, by id (from the answers of their saves: shown once). */
  const secrets = new Map<string, string>();
  /** Every request a receiver got verifies with the secret of one of the webhooks. */
  const verifyAll = (r: Receiver) => {
    for (const got of r.received)
      assert.ok(
        [...secrets.values()].some((secret) => {
          try {
            new Webhook(secret).verify(got.body, got.headers);
            return true;
          } catch {
            return false;
          }
        }),
        'a signature that verifies',
      );
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fe-durability-'));
    // The data directory starts migrated (the test servers' cached template): the first start only seeds.
    const pglite = new PGlite(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: await pgliteTemplate(),
    });
    await pglite.close();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    if (child) await kill9();
    await receiver?.close();
    await helds?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One life and death of the server for both cases (each start costs seconds): webhook A's receiver is down
  // (its deliveries pending, retried), webhook B's takes the requests and never answers (claimed, in flight).
  const pending = new Set<string>();
  const held: string[] = [];
  let helds: Receiver;

  it('the server is killed (kill -9) with deliveries pending and in flight', async () => {
    const downPort = await freePort(); // nothing listens there yet
    helds = await startReceiver((got) => void held.push(got.headers['webhook-id']!));
    await start();
    await signIn();
    const save = (displayName: string, url: string) =>
      api('POST', paths.connectivity.postWebhooksConfiguration.path, {
        displayName,
        url,
        eventKeys: [INVITED],
      });
    const a = await save('Down', `http://127.0.0.1:${downPort}/hook`);
    const b = await save('Hanging', helds.url);
    secrets.set(a._id as string, a.secret as string);
    secrets.set(b._id as string, b.secret as string);
    assert.match(a.secret as string, /^whsec_/);
    const invited = ['a', 'b', 'c'].map((x) => `${x}-${Date.now()}@durable.test`);
    for (const email of invited)
      await api('POST', paths.teams.addUser.path, { email, name: email, roleIds: [] });
    // A: attempted (the connection refused), none delivered. B: every request held.
    const page = await until(async () => {
      const logs = await api('GET', `/webhook/logs?id=${a._id as string}&offset=0&limit=100`);
      return new Set((logs.rows as { deliveryId: string }[]).map((r) => r.deliveryId)).size >= invited.length
        ? logs
        : undefined;
    }, 'first attempts');
    const rows = page.rows as { deliveryId: string; ok: boolean; deliveryStatus: string }[];
    assert.ok(rows.every((r) => !r.ok && r.deliveryStatus === 'retrying'));
    for (const r of rows) pending.add(r.deliveryId);
    assert.equal(pending.size, invited.length);
    // B: one delivery in flight (one at a time per destination: a hanging receiver holds one send slot), the
    // other two queued behind it.
    await until(() => held.length >= 1, 'the request in flight');
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(held.length, 1, 'one delivery in flight to the hanging receiver');
    await kill9();

    // Both receivers answer now; the server starts again on the same data directory.
    receiver = await startReceiver(acknowledge, downPort);
    helds.answer = acknowledge;
    await start();
  });

  it('deliveries pending when the server was killed are delivered after restart, each acknowledged once', async () => {
    await until(() => [...pending].every((id) => acknowledged.has(id)), 'every pending delivery', 30_000);
    await new Promise((r) => setTimeout(r, 1000)); // a little longer: nothing comes twice
    for (const id of pending) assert.equal(acknowledged.get(id), 1, id);
    verifyAll(receiver!);
    assert.ok(receiver!.received.every((got) => JSON.parse(got.body).eventKey === INVITED));
  });

  it('deliveries in flight when the server was killed are sent again once their lock expired (same webhook-id)', async () => {
    // The one in flight, sent again after its lock, and the two queued behind it: three ids, each acknowledged.
    const toHanging = () => new Set(helds.received.map((got) => got.headers['webhook-id']!));
    await until(
      () => held.every((id) => acknowledged.has(id)) && toHanging().size >= 3,
      'the held delivery again and the two behind it',
      40_000,
    );
    // Sent again only once the lock taken when it was claimed (just before its first send) expired.
    for (const id of held) {
      const [first, second] = helds.received.filter((got) => got.headers['webhook-id'] === id);
      assert.ok(second!.at - first!.at >= (LOCK_SECONDS - 1) * 1000, `${id}: ${second!.at - first!.at} ms`);
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const id of toHanging()) assert.equal(acknowledged.get(id), 1, id);
    // The held one sent twice (the request the dead server made, the one after: the same webhook-id), the two
    // others once; each acknowledged once.
    assert.equal(helds.received.length, 4);
    verifyAll(helds);
    await helds.close();
  });
});
