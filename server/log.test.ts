import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it, mock } from 'node:test';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { createLogger, log } from './log';
import { testServer, type TestServer } from './testing';

interface LoggedError {
  type: string;
  message: string;
  errorCode?: string;
  cause: LoggedError;
}
interface Entry {
  msg?: string;
  route?: string;
  params?: unknown;
  headers: Record<string, string>;
  err: LoggedError;
}

/** A logger at 'info' writing into an array: one parsed JSON object per line. */
function capture() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Entry) };
}

describe('[Hardening] logs hold no SQL parameters and no secrets', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('a failing query on the test database logs the query text and PostgreSQL code, never its parameters', async () => {
    const secret = `s3cret-${randomUUID()}`;
    const error = await t.services.db.execute(sql`select ${secret}::uuid as id`).then(
      () => assert.fail('the query should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof DrizzleQueryError, 'drizzle wraps the database error');
    assert.ok(error.message.includes(secret), 'the raw message holds the parameter: what must not be logged');
    const { logger, lines, entries } = capture();
    logger.error({ err: error }, 'request failed');
    logger.error(error);
    assert.equal(lines.length, 2);
    for (const line of lines) assert.ok(!line.includes(secret), line);
    const [first, second] = entries();
    assert.equal(first?.msg, 'request failed');
    assert.equal(first?.err.type, 'DrizzleQueryError');
    assert.equal(first?.err.message, 'Failed query: select $1::uuid as id');
    assert.equal(first?.err.cause.errorCode, '22P02');
    assert.match(first?.err.cause.message, /^invalid input syntax for type uuid/);
    assert.equal(first?.params, undefined);
    // Passing the error alone goes through the same serializer (its raw message is not the line's msg).
    assert.equal(second?.msg, 'error');
    assert.equal(second?.err.message, first?.err.message);
  });

  it('the app logs a failing request with the route pattern and no parameter values', async () => {
    const failing = await testServer();
    const calls: unknown[][] = [];
    const spy = mock.method(log, 'error', (...args: unknown[]) => void calls.push(args));
    try {
      // A table gone: the sign-in's audit write fails with a real query error whose parameters hold the agent.
      await failing.services.db.execute(sql`drop table audits cascade`);
      const agent = `agent-${randomUUID()}`;
      const res = await failing.app.request(
        '/identity/resources/auth/v1/user',
        failing.json({ email: 'admin@acme.test', password: 'admin-password-1234' }, { 'user-agent': agent }),
      );
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { errors: ['Internal server error'], errorCode: 'ER-6005' });
      // The request's line only (the start-up audit maintenance may also fail on the dropped table).
      const requestLines = calls.filter((args) => !/^audit /.test(String(args[1])));
      assert.equal(requestLines.length, 1);
      const { logger, lines, entries } = capture();
      logger.error(...(requestLines[0] as [object, string]));
      assert.ok(!lines.join('').includes(agent), lines.join(''));
      assert.ok(!lines.join('').includes('admin-password-1234'));
      const [entry] = entries();
      assert.equal(entry?.route, '/identity/resources/auth/v1/user');
      assert.equal(entry?.err.type, 'DrizzleQueryError');
      assert.equal(entry?.err.cause.errorCode, '42P01');
    } finally {
      spy.mock.restore();
      await failing.close();
    }
  });

  it('redacts credentials in logged objects and strips a params part and data-exception values', () => {
    const { logger, lines, entries } = capture();
    logger.info(
      {
        headers: { authorization: 'Bearer tok-1', cookie: 'fe_refresh=tok-2' },
        body: { password: 'pw-3', refreshToken: 'tok-4', code: 'code-5', user: { clientSecret: 'sec-6' } },
      },
      'request',
    );
    const pg = Object.assign(new Error('value "val-7" is out of range for type integer'), {
      code: '22003',
      detail: 'Failing row contains (val-8).',
    });
    logger.error({ err: pg }, 'db');
    logger.error({ err: new Error('Failed query: select 1\nparams: val-9,\nval-10') }, 'wrapped');
    const text = lines.join('');
    for (const value of [
      'tok-1',
      'tok-2',
      'pw-3',
      'tok-4',
      'code-5',
      'sec-6',
      'val-7',
      'val-8',
      'val-9',
      'val-10',
    ])
      assert.ok(!text.includes(value), `${value} in ${text}`);
    const [request, db, wrapped] = entries();
    assert.equal(request?.headers.authorization, '[redacted]');
    assert.equal(db?.err.errorCode, '22003');
    assert.equal(wrapped?.err.message, 'Failed query: select 1');
  });

  it('is silent under the test runner unless LOG_LEVEL says otherwise', () => {
    assert.equal(log.level, process.env.LOG_LEVEL || 'silent');
  });
});
