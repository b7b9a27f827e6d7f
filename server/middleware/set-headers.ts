import type { Context } from 'hono';

/** Sets headers on the answer, copying it once when its headers are immutable (a fetched response). */
export function setHeaders(c: Context, headers: Record<string, string>): void {
  let res = c.res;
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  } catch {
    res = new Response(res.body, res);
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    c.res = res;
  }
}
