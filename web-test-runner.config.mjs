// web-test-runner in Debian Chromium: each *.test.ts(x) is bundled by esbuild when the browser asks for it
// (React ships CommonJS only, which the dev server cannot serve as ES modules).
import path from 'node:path';
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { testApiMiddleware } from './scripts/wtr-test-api.mjs';

function esbuildBundleTests() {
  return {
    name: 'esbuild-bundle-tests',
    async serve(context) {
      if (!/\.test\.tsx?$/.test(context.path)) return undefined;
      const file = path.join(process.cwd(), decodeURIComponent(context.path));
      const result = await build({
        entryPoints: [file],
        outfile: file,
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        sourcemap: 'inline',
        jsx: 'automatic',
        jsxImportSource: '@emotion/react',
        tsconfig: 'tsconfig.json',
        define: { 'process.env.NODE_ENV': '"development"', __FE_VERSION__: '"test"' },
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}

export default {
  files: ['{elements,shared,themes}/**/*.test.{ts,tsx}'],
  nodeResolve: false,
  concurrency: 2,
  // A test file's whole run (default 2 minutes): the users page's file takes about that long on a loaded 2-core
  // machine, and a file cut off reports its remaining tests as failed.
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    }),
  ],
  middleware: [testApiMiddleware],
  plugins: [esbuildBundleTests()],
};
