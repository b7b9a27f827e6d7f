// Builds: dist/esm (npm, dependencies external), dist/cdn (browser ES modules sharing one core chunk, plus
// the classic script fe-elements.js), dist/types (.d.ts).
import { readFileSync } from 'node:fs';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import dts from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const elements = ['login-box', 'admin-portal', 'checkout', 'security-center'];
const external = Object.keys(pkg.dependencies);

const plugins = ({ minify }) => [
  replace({
    preventAssignment: true,
    values: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __FE_VERSION__: JSON.stringify(pkg.version),
    },
  }),
  nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', jsxImportSource: '@emotion/react', minify }),
];

// jotai's 'use client' directives are meaningless here.
const onwarn = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

// Everything the elements share goes to one core chunk: one copy of the store per page. The preview
// transport stays a chunk of its own, loaded only in preview mode.
/**
 * The shared core chunk holds what the elements load at once: node_modules, shared/ and themes/ modules that
 * an element's entry reaches through static imports. Code reached only through a dynamic import (portal
 * pages, the table and form libraries, MFA QR codes, WebAuthn) stays in the lazy chunks that need it.
 */
const eager = new Map();
const reachedStatically = (id, getModuleInfo, seen = new Set()) => {
  if (eager.has(id)) return eager.get(id);
  if (seen.has(id)) return false;
  seen.add(id);
  const info = getModuleInfo(id);
  const result = Boolean(
    info &&
    (info.isEntry || info.importers.some((importer) => reachedStatically(importer, getModuleInfo, seen))),
  );
  eager.set(id, result);
  return result;
};
/** A module that only one element's files import (its own API calls, say) stays in that element's chunks. */
const ownedByOneElement = (id, getModuleInfo) => {
  const info = getModuleInfo(id);
  const importers = info ? [...info.importers, ...info.dynamicImporters] : [];
  const owners = new Set(importers.map((i) => /\/elements\/([^/]+)\//.exec(i)?.[1] ?? null));
  return owners.size === 1 && !owners.has(null);
};
/** Billing (the checkout element and the portal's billing pages share it): a chunk of its own, never in core. */
const billingModule = (id) =>
  id.includes('/shared/billing/') || /\/shared\/api\/(billing|contracts\/billingMessages)\.ts$/.test(id);
const manualChunks = (id, { getModuleInfo }) => {
  if (id.includes('/shared/api/preview/')) return undefined;
  // Stripe.js (`@stripe/stripe-js/pure`) is loaded dynamically by the card entry: its own lazy chunk.
  if (billingModule(id)) return 'billing';
  // The app's element scripts are imported by every entry: in the core chunk, not a chunk of their own.
  if (id.includes('/elements/app/scripts.')) return 'core';
  const shared = id.includes('/node_modules/') || id.includes('/shared/') || id.includes('/themes/');
  if (shared && ownedByOneElement(id, getModuleInfo)) return undefined;
  return shared && reachedStatically(id, getModuleInfo) ? 'core' : undefined;
};

export default [
  {
    input: Object.fromEntries([...elements.map((e) => [e, `elements/app/${e}.ts`]), ['index', 'index.ts']]),
    external: (id) => external.some((d) => id === d || id.startsWith(`${d}/`)),
    // No hoisted bare imports of dependencies: consumers' bundlers would warn about them.
    output: {
      dir: 'dist/esm',
      format: 'es',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      hoistTransitiveImports: false,
    },
    plugins: plugins({ minify: false }),
    onwarn,
  },
  {
    input: Object.fromEntries(elements.map((e) => [`${e}/index`, `elements/app/${e}.ts`])),
    output: {
      dir: 'dist/cdn',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      manualChunks,
      sourcemap: true,
    },
    plugins: plugins({ minify: true }),
    onwarn,
  },
  {
    input: 'index.ts',
    output: {
      file: 'dist/cdn/fe-elements.js',
      format: 'iife',
      name: 'FeElements',
      inlineDynamicImports: true,
    },
    plugins: plugins({ minify: true }),
    onwarn,
  },
  {
    input: 'index.ts',
    output: { file: 'dist/types/index.d.ts', format: 'es' },
    plugins: [dts({ tsconfig: 'tsconfig.json' })],
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  },
];
