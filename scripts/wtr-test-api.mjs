// Test-only HTTP endpoints served by the web-test-runner dev server under /test-api/ (real HTTP for API tests).
//
//   /test-api/respond[/any/path]?status=&body=&type=&statusText=&disposition=
//       answers exactly what is asked (no Location header, even for a 302)
//   /test-api/echo[/any/path], /test-api/echo-headers
//       answers 200 JSON { method, path, query, headers, body } describing the request
//   /test-api/redirect?to=<url>   302 whose body is the URL, no Location header
//   /test-api/file?name=&disposition=0   a small PDF-like blob with Content-Disposition: attachment

const PREFIX = '/test-api/';

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function send(ctx, status, body, type, extra = {}) {
  ctx.status = status;
  if (extra.statusText) ctx.message = extra.statusText;
  if (body !== undefined && body !== '') {
    ctx.body = body;
    if (type) ctx.type = type;
  } else {
    ctx.body = null;
    ctx.status = status;
    if (type) ctx.set('Content-Type', type);
  }
  if (extra.disposition) ctx.set('Content-Disposition', extra.disposition);
  ctx.set('Cache-Control', 'no-store');
}

export async function testApiMiddleware(ctx, next) {
  if (!ctx.path.startsWith(PREFIX)) return next();
  const route = ctx.path.slice(PREFIX.length).split('/')[0];
  const q = ctx.query;

  switch (route) {
    case 'respond': {
      const status = Number(q.status ?? 200);
      send(ctx, status, q.body ?? '', q.type, { statusText: q.statusText, disposition: q.disposition });
      return;
    }
    case 'echo':
    case 'echo-headers': {
      const body = await readBody(ctx.req);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({
        method: ctx.method,
        path: ctx.path,
        query: ctx.querystring,
        headers: ctx.headers,
        body,
      });
      return;
    }
    case 'redirect': {
      send(ctx, 302, String(q.to ?? ''), 'text/plain');
      return;
    }
    case 'file': {
      const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
      const name = String(q.name ?? 'invoice.pdf');
      const disposition = q.disposition === '0' ? undefined : `attachment; filename="${name}"`;
      send(ctx, 200, Buffer.from(pdf, 'latin1'), 'application/pdf', { disposition });
      return;
    }
    default:
      send(ctx, 404, JSON.stringify({ errors: [`No test endpoint ${ctx.path}`] }), 'application/json');
  }
}
