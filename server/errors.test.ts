import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ERROR_CATALOG, errorCodeFor, type ErrorEntry } from './errors';
import { BREACHED_PASSWORD_MESSAGE } from './passwords/breached';
import { policyDefaults } from './account/policies';
import { tooManyRequests } from './middleware/rate-limit';
import { testServer, type TestServer } from './testing';

const catalog: readonly ErrorEntry[] = ERROR_CATALOG;
const catalogCodes = new Set<string>(catalog.map((e) => e.code));
const serverDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text between `open` and its matching `)`, from `start` (just after the `(`). */
function callArguments(source: string, start: number): string {
  let depth = 1;
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const ch = source[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return source.slice(start, i);
    }
  }
  return source.slice(start);
}

/** Top-level comma-separated parts of an argument list. */
function splitArguments(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(args.slice(from, i).trim());
      from = i + 1;
    }
  }
  parts.push(args.slice(from).trim());
  return parts.filter(Boolean);
}

/** A string literal's text; a `${...}` of a template becomes '1' (a sample value for the catalog's patterns). */
function literalText(arg: string): string | undefined {
  const m = /^(['"`])([\s\S]*)\1$/.exec(arg);
  if (!m) return undefined;
  return m[2]!.replace(/\$\{[^}]*\}/g, '1').replace(/\\(.)/g, '$1');
}

/** Every message the server's sources pass to `apiError` as a literal or a named string constant. */
function messagesPassedToApiError(): { where: string; message: string }[] {
  const files = sourceFiles(serverDir).filter((f) => !f.endsWith('errors.ts'));
  const constants = new Map<string, string[]>();
  const sources = files.map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  // Messages the preview refuses with too are named in the contracts (shared/api/contracts).
  const contractSources = sourceFiles(
    fileURLToPath(new URL('../shared/api/contracts/', import.meta.url)),
  ).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  for (const { source } of [...sources, ...contractSources]) {
    for (const m of source.matchAll(/const ([A-Z][A-Z0-9_]*)\s*=\s*((['"`])(?:\\.|(?!\3)[^\\])*\3);/g)) {
      const text = literalText(m[2]!);
      if (text !== undefined) constants.set(m[1]!, [...(constants.get(m[1]!) ?? []), text]);
    }
  }
  const found: { where: string; message: string }[] = [];
  for (const { file, source } of sources) {
    for (const m of source.matchAll(/\bapiError\(/g)) {
      const [, ...messages] = splitArguments(callArguments(source, m.index + m[0].length));
      const line = source.slice(0, m.index).split('\n').length;
      const where = `${relative(serverDir, file)}:${line}`;
      for (const arg of messages) {
        const literal = literalText(arg);
        if (literal !== undefined) found.push({ where, message: literal });
        else if (/^[A-Z][A-Z0-9_]*$/.test(arg)) {
          const values = constants.get(arg);
          assert.ok(values, `${where}: the constant ${arg} is not a string literal the test can read`);
          for (const message of values) found.push({ where, message });
        } else if (!arg.startsWith('...')) {
          // A conditional (`ok ? A : B`): every named string constant in it.
          for (const name of arg.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? []) {
            for (const message of constants.get(name) ?? []) found.push({ where, message });
          }
        }
      }
    }
  }
  return found;
}

describe('error codes (server/errors.ts)', () => {
  it('every message and every code of the catalog is unique', () => {
    const codes = catalog.map((e) => e.code);
    const messages = catalog.map((e) => ('message' in e ? e.message : `/${e.pattern.source}/`));
    assert.equal(new Set(codes).size, codes.length, 'duplicate codes');
    assert.equal(new Set(messages).size, messages.length, 'duplicate messages');
    for (const code of codes) assert.match(code, /^ER-([1-8]\d{3}|90\d{2})$/);
  });

  it('every message a route passes to apiError is in the catalog', () => {
    const found = messagesPassedToApiError();
    assert.ok(found.length > 100, `only ${found.length} apiError messages found: the scan is broken`);
    const missing = found.filter(({ message }) => !catalogCodes.has(errorCodeFor(400, [message])));
    assert.deepEqual(missing, [], 'add these messages to ERROR_CATALOG in server/errors.ts');
  });

  it('codes by first message: catalog, field problem, validation, generic', () => {
    assert.equal(errorCodeFor(401, ['Incorrect email or password']), 'ER-1001');
    assert.equal(errorCodeFor(409, ['A group named Sales already exists']), 'ER-5011');
    assert.equal(errorCodeFor(400, [`password: ${BREACHED_PASSWORD_MESSAGE}`]), 'ER-3007');
    assert.equal(
      errorCodeFor(400, [
        `newPassword: The password must be at least ${policyDefaults.passwordConfig.minLength} characters`,
      ]),
      'ER-3009',
    );
    assert.equal(errorCodeFor(400, ['email: Invalid email address', 'password: Too small']), 'ER-9400');
    assert.equal(errorCodeFor(403, ['Something new']), 'ER-403');
    assert.equal(errorCodeFor(500, []), 'ER-500');
  });

  it('the 429 of a spent budget carries its code and Retry-After', async () => {
    const res = tooManyRequests(12).getResponse();
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '12');
    assert.deepEqual(await res.json(), {
      errors: ['Too many requests, try again later'],
      errorCode: 'ER-6002',
    });
  });

  describe('sample answers', () => {
    let t: TestServer;
    before(async () => {
      t = await testServer({ authRateLimitPerMinute: 3 });
    });
    after(() => t.close());

    const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

    it('a bad login: 401 with ER-1001', async () => {
      const res = await t.login('nobody@acme.test', 'wrong-password');
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { errors: ['Incorrect email or password'], errorCode: 'ER-1001' });
    });

    it('an unknown path: 404 with ER-6001', async () => {
      const res = await t.app.request('/no/such/path');
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { errors: ['Not found'], errorCode: 'ER-6001' });
    });

    it('a body that fails validation: 400 with the validation code ER-9400', async () => {
      const res = await t.app.request(
        '/identity/resources/auth/v1/user',
        t.json({ email: 'not-an-email', password: 'x' }),
        from('203.0.113.71'),
      );
      assert.equal(res.status, 400);
      const body = (await res.json()) as { errors: string[]; errorCode: string };
      assert.match(body.errors[0]!, /^email: /);
      assert.equal(body.errorCode, 'ER-9400');
    });

    it('a spent sign-in budget: 429 with ER-6002', async () => {
      let res: Response | undefined;
      for (let i = 0; i < 4; i++)
        res = await t.app.request(
          '/identity/resources/auth/v1/user',
          t.json({ email: 'a@acme.test', password: 'x' }),
          from('203.0.113.72'),
        );
      assert.equal(res!.status, 429);
      assert.deepEqual(await res!.json(), {
        errors: ['Too many requests, try again later'],
        errorCode: 'ER-6002',
      });
    });
  });
});
