import type { LogLevel } from '../options/options';

/** 001 §8 messages. */
export const GENERIC_ERROR_MESSAGE = "We're facing some difficulties, Please try again";
export const UNPARSEABLE_BODY_MESSAGE = GENERIC_ERROR_MESSAGE;
export const REQUEST_TOO_LARGE_MESSAGE = 'Error request is too large';
export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/** Why a call got no answer: no network, server unreachable, refused by the browser (CORS/CSP), too slow. */
export type NetworkFailureKind = 'offline' | 'unreachable' | 'blocked' | 'timeout';

export interface ApiErrorOptions {
  cause?: unknown;
  /** The server's stable code of the error (`errorCode` of the answer), e.g. 'ER-1001'. */
  code?: string;
  /** Set when the call got no answer at all. */
  network?: NetworkFailureKind;
  /** What screens show, in the page's language, when the client has better text than `message`. */
  display?: string;
}

/** An API failure; `status` is the HTTP status when the server answered. */
export class ApiError extends Error {
  status?: number;
  code?: string;
  network?: NetworkFailureKind;
  display?: string;
  constructor(message: string, status?: number, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    if (status !== undefined) this.status = status;
    if (options.code !== undefined) this.code = options.code;
    if (options.network !== undefined) this.network = options.network;
    if (options.display !== undefined) this.display = options.display;
  }
}

export interface ErrorResponseParts {
  status: number;
  statusText: string;
  contentType: string | null;
  /** The body as text; `null` when it could not be read. */
  bodyText: string | null;
}

export function isJsonContentType(contentType: string | null): boolean {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return mime === 'application/json' || mime.endsWith('+json');
}

function entryText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object' && typeof (entry as { message?: unknown }).message === 'string') {
    return (entry as { message: string }).message;
  }
  return JSON.stringify(entry);
}

/** Maps a failed HTTP answer to the message of 001 §8 (API-011..014). */
export function errorMessageFromResponse({
  status,
  statusText,
  contentType,
  bodyText,
}: ErrorResponseParts): string {
  if (status === 413) return REQUEST_TOO_LARGE_MESSAGE;
  if (bodyText === null) return UNPARSEABLE_BODY_MESSAGE;
  const fallback = `Error ${status} - ${statusText}`;
  if (!isJsonContentType(contentType) || bodyText.trim() === '') {
    // A body that is not JSON may still be a JSON errors document sent with a loose content type.
    try {
      return errorsArrayMessage(JSON.parse(bodyText)) ?? fallback;
    } catch {
      return fallback;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return UNPARSEABLE_BODY_MESSAGE;
  }
  return errorsArrayMessage(parsed) ?? fallback;
}

function errorsArrayMessage(parsed: unknown): string | undefined {
  if (!parsed || typeof parsed !== 'object') return undefined;
  const errors = (parsed as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return errors.map(entryText).join(', ');
}

/** The `errorCode` of an error answer (`{ errors: [...], errorCode: 'ER-1001' }`); undefined when absent. */
export function errorCodeFromBody(bodyText: string | null): string | undefined {
  if (!bodyText) return undefined;
  try {
    const code = (JSON.parse(bodyText) as { errorCode?: unknown } | null)?.errorCode;
    return typeof code === 'string' && /^ER-\d{3,4}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

export function apiErrorFromResponse(parts: ErrorResponseParts): ApiError {
  return new ApiError(errorMessageFromResponse(parts), parts.status, {
    code: errorCodeFromBody(parts.bodyText),
  });
}

/**
 * A fetch that threw instead of answering, classified. The browser hides why (CORS, CSP, refused connection
 * all read "Failed to fetch"), so: a timeout signal is a timeout; offline is offline; a Node-style refused or
 * unresolved connection is unreachable; any other TypeError is unreachable when `serverAnswers` (a no-cors
 * probe of the server) says nobody answered, else blocked by the browser. Undefined for other errors.
 */
export function classifyNetworkFailure(
  err: unknown,
  { online, serverAnswers }: { online: boolean; serverAnswers?: boolean },
): NetworkFailureKind | undefined {
  if (err instanceof DOMException && err.name === 'TimeoutError') return 'timeout';
  if (!(err instanceof TypeError)) return undefined;
  if (!online) return 'offline';
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH)$/.test(code)) {
    return 'unreachable';
  }
  return serverAnswers === false ? 'unreachable' : 'blocked';
}

/**
 * What a screen shows for an error (API-016): the client's own text when it has one (a known error code in the
 * page's language, a network failure), else errors with a status show their message, others the generic one.
 */
export function errorMessage(err: unknown, generic: string = GENERIC_ERROR_MESSAGE): string {
  if (err instanceof ApiError && err.display) return err.display;
  if (err instanceof Error && typeof (err as { status?: unknown }).status === 'number' && err.message) {
    return err.message;
  }
  return generic;
}

const levelOrder: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, none: 4 };

/** True when a message of `level` is printed under the configured `logLevel`. */
export function shouldLog(logLevel: LogLevel, level: Exclude<LogLevel, 'none'>): boolean {
  return levelOrder[level] >= (levelOrder[logLevel] ?? levelOrder.error);
}

/** API-017: 4xx on console.warn when warn is allowed; 5xx on console.error when warn or error is allowed. */
export function logApiError(err: ApiError, logLevel: LogLevel): void {
  const status = err.status;
  if (status === undefined) return;
  const what = `[fe-elements] API ${status}${err.code ? ` ${err.code}` : ''}: ${err.message}`;
  if (status >= 400 && status < 500) {
    if (shouldLog(logLevel, 'warn')) console.warn(what);
  } else if (status >= 500) {
    if (shouldLog(logLevel, 'error')) console.error(what);
  }
}

/**
 * A sign-in answer whose way out is a password reset: a locked account (and an unknown email after as many
 * failures), ER-1009, or an expired password (password rotation), ER-1015.
 */
export const isSignInBlocked = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'ER-1009' || error.code === 'ER-1015');
