// npm run bench: what a page downloads to show <fe-login-box> (brotli bytes, measured in Chromium), and the
// bytes of the admin portal code. Figures, not tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { launchBrowser, root, startServer } from '../e2e/harness';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';

const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const server = await startServer();
const browser = await launchBrowser();
try {
  /** Loads a page that holds only <fe-login-box> and records every script it downloads until the form shows. */
  async function measure(attributes: string) {
    const page = await browser.newPage();
    const downloads: { url: string; raw: number; br: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body();
      downloads.push({ url: new URL(response.url()).pathname, raw: body.length, br: brotli(body) });
    });
    await page.route(`${server.url}/bench/login-box.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><body><fe-login-box ${attributes} url-strategy="hash" lazy></fe-login-box>
        <script type="module" src="/cdn/${ADMIN_BOX_CDN_VERSION}/login-box/index.js"></script></body></html>`,
      }),
    );
    const started = Date.now();
    await page.goto(`${server.url}/bench/login-box.html#/account/login`);
    await page.locator('fe-login-box form').waitFor();
    const shownMs = Date.now() - started;
    await page.close();
    return { downloads, shownMs };
  }
  const live = await measure(`base-url="${server.url}"`);
  const preview = await measure('preview');

  const chunks = join(root, 'dist/cdn/chunks');
  const portalFiles = [
    join(root, 'dist/cdn/admin-portal/index.js'),
    ...readdirSync(chunks)
      .filter((f) => /^PortalApp-.*\.js$/.test(f))
      .map((f) => join(chunks, f)),
  ];
  const portalBr = portalFiles.reduce((n, f) => n + brotli(readFileSync(f)), 0);
  const classic = join(root, 'dist/cdn/fe-elements.js');

  console.log('\nfe-elements bundle figures (brotli q11)');
  console.log('| what | raw | brotli |');
  console.log('|---|---|---|');
  for (const [label, { downloads, shownMs }] of [
    ['with a base URL', live],
    ['in preview (adds the sample data)', preview],
  ] as const) {
    for (const d of downloads) console.log(`| ${d.url} | ${kb(d.raw)} | ${kb(d.br)} |`);
    const raw = downloads.reduce((n, d) => n + d.raw, 0);
    const br = downloads.reduce((n, d) => n + d.br, 0);
    console.log(
      `| **page total to show <fe-login-box> ${label}** (${downloads.length} files, ${shownMs} ms) | ${kb(raw)} | **${kb(br)}** (${br} B) |`,
    );
  }
  console.log(
    `| admin portal code (admin-portal/index.js + PortalApp chunk) | ${kb(
      portalFiles.reduce((n, f) => n + statSync(f).size, 0),
    )} | **${kb(portalBr)}** (${portalBr} B) |`,
  );
  console.log(
    `| classic script fe-elements.js (all four elements) | ${kb(statSync(classic).size)} | ${kb(brotli(readFileSync(classic)))} |`,
  );
} finally {
  await browser.close();
  await server.close();
}
