// Test helper: calls the preview transport the way the API client does (base URL + path + query, JSON body).
import type { ApiPath } from '../paths';
import { createPreviewFetch, type PreviewFetchOptions } from './index';

// Answers are checked field by field in tests; `any` keeps those checks readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Prefix before the path; default a base URL with a path of its own. */
  base?: string;
}

export interface CallResult {
  status: number;
  body: AnyJson;
  response: Response;
}

/** The URL of a route with its params filled, as the client builds it. */
export function routeUrl(route: ApiPath, opts: CallOptions = {}): string {
  const path = (route.path.split('?')[0] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = opts.params?.[name];
    if (value === undefined) throw new Error(`missing param ${name} for ${route.path}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(
    Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return `${opts.base ?? 'https://auth.example.test/frontegg'}${path}${query ? `?${query}` : ''}`;
}

/** A preview transport without delay plus a `call(route, opts)` that parses the answer. */
export function previewHarness(options: PreviewFetchOptions = {}) {
  const fetch = createPreviewFetch({ delayMs: 0, ...options });
  async function call(route: ApiPath, opts: CallOptions = {}): Promise<CallResult> {
    const response = await fetch(routeUrl(route, opts), {
      method: route.method,
      headers: { 'Content-Type': 'application/json', ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
    const body: AnyJson = isJson ? await response.clone().json() : await response.clone().text();
    return { status: response.status, body, response };
  }
  return { fetch, call };
}
