// The preview transport (DESIGN "Preview mode"): a fetch that answers from in-memory sample data after 500 ms
// (SHELL-007) and never sends anything anywhere. The API client uses it instead of fetch when `preview` is set.
import { handlePreviewRequest, previewFeatureFlags } from './handlers';
import { createSampleState, type SampleState } from './sampleData';

export { previewFeatureFlags };
export { createSampleState } from './sampleData';
export type { SampleState, SampleStateOptions } from './sampleData';

/** Simulated latency of every preview answer (SHELL-007). */
export const PREVIEW_DELAY_MS = 500;

export interface PreviewFetchOptions {
  /** Delay before every answer; default 500 ms. */
  delayMs?: number;
  /** How to wait; tests inject one that records the delay. Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Initial state; `reset()` goes back to a copy of it. Default: `createSampleState()`. */
  state?: SampleState;
}

export type PreviewFetch = typeof fetch & {
  /** The live sample state: writes through the transport change it. */
  readonly state: SampleState;
  /** Drops every write: back to the initial state. */
  reset(): void;
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A blob as a base64 data URL of its type. */
async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** The request body as JSON (or form fields, or text); undefined without a body. */
async function readBody(body: BodyInit | null | undefined, contentType: string | null): Promise<unknown> {
  if (body === null || body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    // A file of a form reaches the handlers as a data URL (an uploaded picture is kept as one).
    const entries = [...body.entries()].map(async ([k, v]) => [
      k,
      typeof v === 'string' ? v : await dataUrl(v),
    ]);
    return Object.fromEntries(await Promise.all(entries));
  }
  const raw = await new Response(body).text();
  if (raw === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A fetch answering from sample data; each call of this factory has its own state. */
export function createPreviewFetch(options: PreviewFetchOptions = {}): PreviewFetch {
  const delayMs = options.delayMs ?? PREVIEW_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const initial = options.state ? structuredClone(options.state) : null;
  let state = options.state ?? createSampleState();

  async function previewFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const request = input instanceof Request ? input : null;
    const signal = init.signal ?? request?.signal ?? null;
    if (signal?.aborted) throw abortError(signal);

    const href = request ? request.url : input instanceof URL ? input.href : String(input);
    // Relative URLs (no base URL in preview) resolve against a placeholder origin: only the path matters.
    const url = new URL(href, 'http://preview.invalid');
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(request?.headers);
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    const body =
      init.body !== undefined && init.body !== null
        ? await readBody(init.body, headers.get('content-type'))
        : request?.body
          ? await readBody(await request.clone().text(), headers.get('content-type'))
          : undefined;

    if (delayMs > 0) await sleep(delayMs);
    if (signal?.aborted) throw abortError(signal);

    const reply = handlePreviewRequest({ state, method, url, body, headers });
    const responseHeaders = new Headers(reply.headers);
    responseHeaders.set('Content-Type', reply.contentType);
    const payload =
      reply.contentType === 'application/json' ? JSON.stringify(reply.body) : (reply.body as BodyInit | null);
    return new Response(payload, {
      status: reply.status,
      statusText: STATUS_TEXT[reply.status] ?? '',
      headers: responseHeaders,
    });
  }

  Object.defineProperty(previewFetch, 'state', { get: () => state, enumerable: true });
  Object.defineProperty(previewFetch, 'reset', {
    value: () => {
      state = initial ? structuredClone(initial) : createSampleState();
    },
    enumerable: true,
  });
  return previewFetch as PreviewFetch;
}

/**
 * The page-level preview transport: one sample state per page, shared by every element. It starts signed
 * out, so the preview login box is where a demo begins.
 */
export const previewFetch: PreviewFetch = createPreviewFetch({
  state: createSampleState({ signedIn: false }),
});
