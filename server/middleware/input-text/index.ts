import { createMiddleware } from 'hono/factory';
import { apiError } from '../../context';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u`). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store and UTF-8 can carry: no NUL, no unpaired surrogate. */
export const isCleanText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const UNPRINTABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/** A name made safe to echo in an answer: NUL and lone surrogates written as escapes, length capped. */
export const printable = (name: string): string =>
  name.slice(0, 64).replace(UNPRINTABLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

const refusal = (where: string) => `${where}: text must not contain NUL characters or unpaired surrogates`;

/** Percent-decoding as routing and Hono's query parser do; undefined when the encoding is malformed. */
function decode(text: string, plusIsSpace: boolean): string | undefined {
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text);
  } catch {
    return undefined;
  }
}

/** The problems of every key and string of a parsed JSON value, at any depth (iterative: no stack overflow). */
function jsonProblems(root: unknown, problems: string[]): void {
  const pending: Array<[value: unknown, where: string]> = [[root, 'body']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, where] = next;
    if (typeof value === 'string') {
      if (!isCleanText(value)) problems.push(refusal(where));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([item, `${where}.${i}`]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = `${where}.${printable(key)}`;
        if (!isCleanText(key)) problems.push(refusal(at));
        pending.push([item, at]);
      }
    }
  }
}

const isForm = (type: string) =>
  type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');

/**
 * Refuses with 400, before any route, text PostgreSQL cannot store (NUL) or UTF-8 cannot carry (lone
 * surrogates) in the decoded path, the query, a JSON body (keys and strings at any depth) or a form body.
 * Mount after the body limit: the body is read once into Hono's cache, so routes read it again.
 */
export const inputText = createMiddleware(async (c, next) => {
  const url = new URL(c.req.url);
  const path = decode(url.pathname, false);
  if (path === undefined) throw apiError(400, 'path: malformed percent-encoding');
  const problems: string[] = [];
  if (!isCleanText(path)) problems.push(refusal('path'));
  for (const pair of url.search.slice(1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq), true);
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1), true);
    if (key === undefined || value === undefined) throw apiError(400, 'query: malformed percent-encoding');
    if (!isCleanText(key) || !isCleanText(value)) problems.push(refusal(`query.${printable(key)}`));
  }
  if (c.req.raw.body) {
    // Raw bytes in the cache: json(), text(), parseBody() and arrayBuffer() all still read the exact body.
    const bytes = await c.req.arrayBuffer();
    const type = c.req.header('content-type') ?? '';
    if (isForm(type.toLowerCase())) {
      // A malformed form is left to the route, which answers it as before.
      const form = await new Response(bytes, { headers: { 'content-type': type } })
        .formData()
        .catch(() => null);
      for (const [name, value] of form ?? []) {
        const text = typeof value === 'string' ? value : value.name;
        if (!isCleanText(name) || !isCleanText(text)) problems.push(refusal(`body.${printable(name)}`));
      }
    } else {
      // Routes read any body as JSON whatever its content type; what does not parse they refuse themselves.
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        parsed = undefined;
      }
      jsonProblems(parsed, problems);
    }
  }
  if (problems.length) throw apiError(400, ...new Set(problems.slice(0, 20)));
  await next();
});
