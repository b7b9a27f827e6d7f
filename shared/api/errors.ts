import type { LogLevel } from '../options/options';

/** 001 §8 messages. */
export const GENERIC_ERROR_MESSAGE = "We're facing some difficulties, Please try again";
export const UNPARSEABLE_BODY_MESSAGE = GENERIC_ERROR_MESSAGE;
export const REQUEST_TOO_LARGE_MESSAGE = 'Error request is too large';
export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/** An API failure; `status` is the HTTP status when the server answered. */
export class ApiError extends Error {
  status?: number;
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    if (status !== undefined) this.status = status;
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

export function apiErrorFromResponse(parts: ErrorResponseParts): ApiError {
  return new ApiError(errorMessageFromResponse(parts), parts.status);
}

/** What a screen shows for an error (API-016): errors with a status show their message, others the generic one. */
export function errorMessage(err: unknown, generic: string = GENERIC_ERROR_MESSAGE): string {
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
  if (status >= 400 && status < 500) {
    if (shouldLog(logLevel, 'warn')) console.warn(`[fe-elements] API ${status}: ${err.message}`);
  } else if (status >= 500) {
    if (shouldLog(logLevel, 'error')) console.error(`[fe-elements] API ${status}: ${err.message}`);
  }
}
