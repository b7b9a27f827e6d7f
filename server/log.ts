import { DrizzleQueryError } from 'drizzle-orm';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/** Keys whose values are credentials, wherever they sit in a logged object (up to three levels down). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'code',
  'secret',
  'clientSecret',
  'apiKey',
  'otc',
  'recoveryCode',
  'params',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const nested = name.startsWith('[') ? name : `.${name}`;
  return [name, `*${nested}`, `*.*${nested}`];
});

/** Fields of a PostgreSQL error (pg and PGlite) that name things, never values; `detail` echoes rows: left out. */
const PG_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/** Drizzle's message appends the parameters ("Failed query: <sql>\nparams: <values>"): everything from there goes. */
const stripParams = (message: string) => message.replace(/\n?params:[\s\S]*$/, '');

/**
 * An error message without request data: no SQL parameters, and the quoted input of a PostgreSQL data
 * exception (class 22, e.g. `invalid input syntax for type uuid: "<value>"`) or of a JSON syntax error.
 */
function safeMessage(error: Error): string {
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  const code = (error as { code?: unknown }).code;
  const quotesInput = (typeof code === 'string' && code.startsWith('22')) || error instanceof SyntaxError;
  const message = stripParams(error.message);
  return quotesInput ? message.replace(/"[^\n]*"/g, '"[redacted]"') : message;
}

/** The frames of a stack without its header (the raw message, parameters included). */
function stackFrames(error: Error): string {
  const stack = error.stack ?? '';
  const header = error.message ? `${error.name}: ${error.message}` : error.name;
  if (stack.startsWith(header)) return stack.slice(header.length);
  // The name or message changed after the stack was taken: keep the lines that are frames.
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => `\n${line}`)
    .join('');
}

/**
 * Errors as logs may hold them: name, safe message, PostgreSQL code and names, the stack's frames (not its
 * header, which repeats the raw message) and the cause, never arbitrary properties (`params`, configs, bodies).
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: stripParams(String(error)) };
  // A PostgreSQL error (pg's DatabaseError, PGlite's minified class) is named for what it is.
  const type = 'severity' in error ? 'DatabaseError' : error.constructor?.name || error.name;
  const out: Record<string, unknown> = { type, message: safeMessage(error) };
  // The SQLSTATE or system error code, under a name the `code` redaction (OAuth codes) leaves alone.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.errorCode = code;
  for (const field of PG_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const frames = stackFrames(error);
  if (frames) out.stack = `${type}: ${out.message as string}${frames}`;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** LOG_LEVEL when set; else 'info', or 'silent' under the node test runner (tests stay quiet). */
function defaultLevel(): Level | 'silent' {
  const level = process.env.LOG_LEVEL;
  if (level) return level as Level | 'silent';
  return process.env.NODE_TEST_CONTEXT ? 'silent' : 'info';
}

/** A JSON logger with credentials redacted and errors serialized safely; `destination` is for tests. */
export function createLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      // `log.error(error)` would make the raw message the line's msg: always go through the serializer.
      logMethod(this: Logger, args: unknown[], method: (...rest: unknown[]) => void) {
        const [first, ...rest] = args;
        if (first instanceof Error)
          return method.apply(this, [{ err: first }, ...(rest.length ? rest : ['error'])]);
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The server's logger. */
export const log = createLogger();
