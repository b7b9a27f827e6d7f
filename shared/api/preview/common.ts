// Shared kit of the preview handlers: the request and reply, small helpers, `on()` and `parseWith()`.
import { type ApiPath, type HttpMethod } from '../paths';
import type { z } from 'zod';
import { type SampleState } from './sampleData';

export interface PreviewRequest {
  state: SampleState;
  method: HttpMethod;
  /** Values of the `{name}` placeholders, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON (or form fields); undefined without a body. */
  body: unknown;
  headers: Headers;
  now: Date;
}

/** An answer with a status other than 200 or a body that is not JSON; handlers return or throw it. */
export class PreviewReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json',
    readonly headers: Record<string, string> = {},
  ) {}
}

export const fail = (status: number, ...errors: string[]): PreviewReply =>
  new PreviewReply(status, { errors });

export type PreviewHandler = (req: PreviewRequest) => unknown;

export type Json = Record<string, unknown>;

export const record = (body: unknown): Json =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {};
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
export const iso = (date: Date): string => date.toISOString();

export function first(query: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value !== '') return value;
  }
  return null;
}

export function int(query: URLSearchParams, names: readonly string[], fallback: number): number {
  const raw = first(query, names);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;
}

export function flag(query: URLSearchParams, names: readonly string[], fallback: boolean): boolean {
  const raw = first(query, names);
  return raw === null ? fallback : raw === 'true' || raw === '1';
}

/** Frontegg pagination wrapper; `_offset` counts pages (a `_links.next` carries `_offset=1`). */
export function page<T>(items: readonly T[], pageIndex: number, limit: number) {
  const size = limit > 0 ? limit : Math.max(items.length, 1);
  return {
    items: items.slice(pageIndex * size, pageIndex * size + size),
    _metadata: { totalItems: items.length, totalPages: Math.ceil(items.length / size) },
  };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

export function sortList<T extends object>(list: readonly T[], key: string, order: string | null): T[] {
  const direction = order?.toUpperCase() === 'DESC' ? -1 : 1;
  return [...list].sort((a, b) => compare((a as Json)[key], (b as Json)[key]) * direction);
}

export function find<T>(list: readonly T[], match: (item: T) => boolean, what: string): T {
  const found = list.find(match);
  if (found === undefined) throw fail(404, `${what} not found`);
  return found;
}

export function remove<T>(list: T[], match: (item: T) => boolean, what: string): void {
  const index = list.findIndex(match);
  if (index < 0) throw fail(404, `${what} not found`);
  list.splice(index, 1);
}

/** Copies the given keys from the body when their type matches the current value (null takes strings). */
export function merge<T extends object>(target: T, body: Json, keys: readonly (keyof T & string)[]): T {
  const fields = target as Json;
  for (const key of keys) {
    if (!(key in body)) continue;
    const value = body[key];
    const current = fields[key];
    if (current === null ? value === null || typeof value === 'string' : typeof value === typeof current) {
      fields[key] = value;
    }
  }
  return target;
}

export function randomHex(bytes: number): string {
  // getRandomValues works on insecure origins too, unlike randomUUID.
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (v) => v.toString(16).padStart(2, '0')).join('');
}

export const newId = (prefix: string): string => `${prefix}-${randomHex(6)}`;

export function expiresFrom(body: Json, now: Date): string | null {
  const minutes = body.expiresInMinutes;
  return typeof minutes === 'number' && minutes > 0 ? iso(new Date(now.getTime() + minutes * 60_000)) : null;
}

export const ok = () => ({});

/** A row of a family's table: the paths entry and the function that answers it. */
export type PreviewRoute = readonly [ApiPath, PreviewHandler];

/** Declares a row of a family's table. */
export const on = (route: ApiPath, handler: PreviewHandler): PreviewRoute => [route, handler] as const;

/**
 * The value parsed with a contract's schema; else a 400 with the server's message format
 * (server/context.ts `readBody`): each issue as `path: message`, `body` for the whole body.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw fail(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`));
  return parsed.data;
}
