import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { apiError } from '../../context';
import { inputText, isCleanText, printable } from './index';

/** A bare app as app.ts mounts it: body limit, then the check, then routes that read the body again. */
function bareApp(maxSize = 1024) {
  const app = new Hono();
  app.use('*', bodyLimit({ maxSize, onError: () => Promise.reject(apiError(413, 'too large')) }));
  app.use('*', inputText);
  app.post('/json', async (c) => c.json(await c.req.json()));
  app.post('/text', async (c) => c.text(await c.req.text()));
  app.post('/form', async (c) => c.json(await c.req.parseBody()));
  app.post('/bytes', async (c) => c.json([...new Uint8Array(await c.req.arrayBuffer())]));
  app.get('/ok/:id', (c) => c.json({ id: c.req.param('id'), q: c.req.query('q') ?? null }));
  app.onError((error) => (error instanceof HTTPException ? error.getResponse() : Response.error()));
  return app;
}

describe('input text middleware', () => {
  it('tells clean text from NUL and unpaired surrogates', () => {
    for (const clean of ['', 'plain', 'ünïcødé', '😀', 'a\uD83D\uDE00b'])
      assert.equal(isCleanText(clean), true, clean);
    for (const bad of ['\u0000', 'a\u0000', '\uD800', 'a\uD800b', '\uDC00', 'a\uDC00\uD800b', '😀\uD83D'])
      assert.equal(isCleanText(bad), false, JSON.stringify(bad));
    assert.equal(printable('a\u0000b\uD800c😀'), 'a\\u0000b\\ud800c😀');
  });

  it('lets routes read a clean body again as JSON, text, form or bytes', async () => {
    const app = bareApp();
    const json = await app.request('/json', { method: 'POST', body: '{"a":{"b":["😀"]}}' });
    assert.deepEqual(await json.json(), { a: { b: ['😀'] } });
    const text = await app.request('/text', { method: 'POST', body: 'not json at all' });
    assert.equal(await text.text(), 'not json at all');
    const form = new FormData();
    form.set('name', 'Zoë');
    form.set('file', new Blob([new Uint8Array([0, 1, 2])]), 'f.bin');
    const multipart = await app.request('/form', { method: 'POST', body: form });
    assert.equal(multipart.status, 200);
    assert.equal(((await multipart.json()) as { name: string }).name, 'Zoë');
    const urlencoded = await app.request('/form', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=%C3%BC',
    });
    assert.deepEqual(await urlencoded.json(), { a: '1', b: 'ü' });
    // A binary body is not JSON: it is not checked, and reaches the route byte for byte (NUL included).
    const bytes = await app.request('/bytes', { method: 'POST', body: new Uint8Array([0, 255, 0xed, 0xa0]) });
    assert.deepEqual(await bytes.json(), [0, 255, 0xed, 0xa0]);
  });

  it('refuses bad text in a JSON body whatever its content type, naming every place', async () => {
    const res = await bareApp().request('/json', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"a":"\\u0000","b":[{"c":"\\udc00"}],"\\ud800":true}',
    });
    assert.equal(res.status, 400);
    const { errors } = (await res.json()) as { errors: string[] };
    assert.deepEqual(errors.sort(), [
      'body.\\ud800: text must not contain NUL characters or unpaired surrogates',
      'body.a: text must not contain NUL characters or unpaired surrogates',
      'body.b.0.c: text must not contain NUL characters or unpaired surrogates',
    ]);
  });

  it('refuses a NUL in a form field name or a file name', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a\u0000.txt');
    form.set('b\u0000', 'x');
    const res = await bareApp().request('/form', { method: 'POST', body: form });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      errors: [
        'body.file: text must not contain NUL characters or unpaired surrogates',
        'body.b\\u0000: text must not contain NUL characters or unpaired surrogates',
      ],
      errorCode: 'ER-6010',
    });
  });

  it('passes the decoded path and query when clean; %2F and + decode as routing does', async () => {
    const res = await bareApp().request('/ok/a%2Fb%20c?q=x+y%26z');
    assert.deepEqual(await res.json(), { id: 'a/b c', q: 'x y&z' });
  });

  it('the body limit answers 413 first, a streamed (chunked) body too', async () => {
    const app = bareApp(16);
    const sized = await app.request('/json', { method: 'POST', body: `{"a":"${'\\u0000'.repeat(10)}"}` });
    assert.equal(sized.status, 413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":"\\u0000'));
        controller.enqueue(new TextEncoder().encode('xxxxxxxxxxxxxxxxxxxx"}'));
        controller.close();
      },
    });
    const chunked = await app.request('/json', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413);
  });
});
