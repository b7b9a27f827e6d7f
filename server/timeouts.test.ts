import { serve } from '@hono/node-server';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from './config';
import { requestTimeouts } from './timeouts';

const HEAD_MS = 300;
const REQUEST_MS = 600;

/**
 * Opens a socket, writes `first`, then drips `drip` every 50 ms (a slow client) until the server closes the socket.
 * Answers what the server sent and when it closed; gives up (and fails) after `giveUpMs`.
 */
function slowClient(
  port: number,
  first: string,
  drip: string,
  giveUpMs = 5000,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let dripper: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow request open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(first);
      dripper = setInterval(() => socket.writable && socket.write(drip), 50);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the 408 is a close too
    socket.on('close', () => {
      clearInterval(dripper);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('request timeouts of the Node server', () => {
  let server: Server;
  let port: number;
  before(async () => {
    await new Promise<void>((ready) => {
      server = serve(
        {
          // Reads the whole body, as a route with a JSON body does.
          fetch: async (req) => new Response(`read ${(await req.text()).length} bytes`),
          port: 0,
          hostname: '127.0.0.1',
          serverOptions: requestTimeouts({ requestHeadTimeoutMs: HEAD_MS, requestTimeoutMs: REQUEST_MS }),
        },
        (info: AddressInfo) => {
          port = info.port;
          ready();
        },
      ) as Server;
    });
  });
  after(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );

  it(
    'a request whose head never ends (slowloris) gets 408 and is closed by the server',
    { timeout: 10_000 },
    async () => {
      const { answer, closedAfterMs } = await slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 'X-A: b\r\n');
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.ok(closedAfterMs >= HEAD_MS, `closed after ${closedAfterMs} ms`);
    },
  );

  it(
    'a request whose body trickles in past the request timeout gets 408 and is closed',
    { timeout: 10_000 },
    async () => {
      const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n';
      const { answer, closedAfterMs } = await slowClient(port, head, 'a');
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.ok(closedAfterMs >= REQUEST_MS, `closed after ${closedAfterMs} ms`);
    },
  );

  it('a request sent in time is answered', { timeout: 10_000 }, async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'hello' });
    assert.equal(await res.text(), 'read 5 bytes');
  });

  it('10 s for the head and 30 s for the whole request unless REQUEST_HEAD_TIMEOUT_MS / REQUEST_TIMEOUT_MS say otherwise', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.requestHeadTimeoutMs, 10_000);
    assert.equal(defaults.requestTimeoutMs, 30_000);
    const set = loadConfig({ REQUEST_HEAD_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '20000' });
    assert.deepEqual([set.requestHeadTimeoutMs, set.requestTimeoutMs], [5000, 20_000]);
    assert.throws(() => loadConfig({ REQUEST_HEAD_TIMEOUT_MS: '40000' }), /REQUEST_HEAD_TIMEOUT_MS/);
    assert.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' }), /REQUEST_TIMEOUT_MS/);
    // Deadlines are checked at least every second (Node's default check is every 30 s).
    assert.equal(requestTimeouts(defaults).connectionsCheckingInterval, 1000);
  });
});
