// Test receivers for the delivery engine's tests (issue 21): real HTTP servers on 127.0.0.1 that record what
// they are sent and answer as the test says (a status, never, a redirect…).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  path: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered (default 200). */
  answer: (req: Received, res: ServerResponse, index: number) => void;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: Receiver['answer'] = (_req, res) => void res.writeHead(200).end('ok'),
  port = 0,
): Promise<Receiver> {
  const receiver = { received: [] as Received[], answer } as Receiver;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const got = {
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '/',
        at: Date.now(),
      };
      receiver.received.push(got);
      receiver.answer(got, res, receiver.received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => {
    server.closeAllConnections();
    return new Promise<void>((done) => server.close(() => done()));
  };
  return receiver;
}

/** Polls `check` until it answers truthy (every 50 ms), failing after `ms`. */
export async function until<T>(
  check: () => Promise<T> | T,
  what: string,
  ms = 10_000,
): Promise<Exclude<T, undefined | null | false | 0 | ''>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, undefined | null | false | 0 | ''>;
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
