// The contract test's runner: a family's script of calls, run once through the preview transport and once
// through the server (`app.request()`), each answer checked against the call's contract. Where the server
// refuses (400/403/404/409) the preview must refuse with the same status; where it answers, both answers
// must parse with the response schema (a required field lost on either side fails the test).
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { Contract } from '../../shared/api/contracts/contract';
import { createPreviewFetch, createSampleState } from '../../shared/api/preview/index';
import { fixtures, testServer, type TestServer } from '../testing';

/** What earlier steps answered on one side, by their `save` names (ids differ between the two sides). */
export type Saved = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type PerSide<T> = T | ((saved: Saved) => T);

export interface Step {
  /** What the step shows, for the failure message. */
  name: string;
  call: Contract;
  params?: PerSide<Record<string, string>>;
  query?: PerSide<Record<string, string>>;
  body?: ((saved: Saved) => unknown) | Record<string, unknown> | unknown[] | string | number | boolean | null;
  /** `ok` (default): a 2xx answer that parses with the response schema; a number: both sides refuse so. */
  expect?: 'ok' | 400 | 401 | 403 | 404 | 409;
  /** Keeps the answer for later steps under this name. */
  save?: string;
}

export interface Script {
  family: string;
  steps: Step[];
}

export interface Answer {
  status: number;
  body: unknown;
}

/** One side of the comparison: sends a call, answers status and JSON. */
export interface Side {
  name: 'preview' | 'server';
  send(method: string, path: string, body: unknown): Promise<Answer>;
  close(): Promise<void>;
}

const resolve = <T>(value: PerSide<T> | undefined, saved: Saved): T | undefined =>
  typeof value === 'function' ? (value as (s: Saved) => T)(saved) : value;

/** The path of a call with its params filled and its query appended. */
export function urlOf(
  call: Contract,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const [template = ''] = call.route.path.split('?');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    assert.ok(value !== undefined, `param ${name} of ${call.route.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const parseJson = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The preview transport with a fresh signed-in sample state and no delay. */
export function previewSide(): Side {
  const fetch = createPreviewFetch({ delayMs: 0, state: createSampleState() });
  return {
    name: 'preview',
    async send(method, path, body) {
      const res = await fetch(`http://preview.invalid${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: parseJson(await res.text()) };
    },
    close: async () => undefined,
  };
}

/** A test server with the demo data, called as its signed-in demo admin. */
export async function serverSide(): Promise<Side & { t: TestServer }> {
  const t = await testServer();
  const { token } = await fixtures(t).signIn();
  return {
    name: 'server',
    t,
    async send(method, path, body) {
      const res = await t.app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: parseJson(await res.text()) };
    },
    close: () => t.close(),
  };
}

/** The schema's complaints, each field once (`0.updatedAt` and `1.updatedAt` are one complaint). */
const describeIssues = (error: z.ZodError): string =>
  [
    ...new Set(
      error.issues.map(
        (i) =>
          `${i.path.map((p) => (typeof p === 'number' ? '[]' : String(p))).join('.') || '(answer)'}: ${i.message}`,
      ),
    ),
  ]
    .slice(0, 10)
    .join('; ');

/** Runs one step on one side and checks its answer; returns it (for `save`). */
export async function runStep(side: Side, step: Step, saved: Saved): Promise<Answer> {
  const where = `${side.name} · ${step.name} (${step.call.route.method} ${step.call.route.path})`;
  const path = urlOf(step.call, resolve(step.params, saved), resolve(step.query, saved));
  const answer = await side.send(step.call.route.method, path, resolve(step.body, saved));
  const expect = step.expect ?? 'ok';
  if (expect === 'ok') {
    assert.ok(
      answer.status >= 200 && answer.status < 300,
      `${where}: status ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    if (step.call.status !== undefined && side.name === 'server')
      assert.equal(answer.status, step.call.status, `${where}: success status`);
    const parsed = step.call.response.safeParse(answer.body ?? {});
    assert.ok(
      parsed.success,
      `${where}: the answer breaks the contract: ${parsed.error && describeIssues(parsed.error)}`,
    );
  } else {
    assert.equal(
      answer.status,
      expect,
      `${where}: expected ${expect}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    const errors = (answer.body as { errors?: unknown } | undefined)?.errors;
    assert.ok(Array.isArray(errors) && errors.length > 0, `${where}: an { errors: [...] } answer`);
  }
  if (step.save) saved[step.save] = answer.body;
  return answer;
}

/** Runs a script through one side from a fresh state. */
export async function runScript(side: Side, script: Script): Promise<void> {
  const saved: Saved = {};
  try {
    for (const step of script.steps) await runStep(side, step, saved);
  } finally {
    await side.close();
  }
}
