import type { Context } from 'hono';
import type { AppEnv } from './context';

/** Text for server-rendered HTML (text and attribute values): every markup character as an entity. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What a server-built page takes from its request: the elements' API origin and the nonce of its scripts. */
export interface PageContext {
  baseUrl: string;
  nonce: string;
}

/** The page context of a request: the base URL is the configured PUBLIC_URL, never the request's Host header. */
export const pageContext = (c: Context<AppEnv>, publicUrl: string): PageContext => ({
  baseUrl: publicUrl,
  nonce: c.get('cspNonce'),
});

/**
 * A whole server-built page: the charset, viewport and (escaped) title, then `head` and `body` markup as given
 * (their inner lines carry their own indentation).
 */
export const htmlDocument = ({ title, head, body }: { title: string; head: string; body: string }) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;
