/**
 * Typed HTTP errors and the one error format (ARCHITECTURE §4):
 * `{ "error": { "code", "message", "details"? } }`. Handlers throw these; the error handler in
 * `service.ts` turns them into responses. 5xx messages are never the internal error's text.
 */
import type { ErrorCode } from '@formloom/contracts/errors';
import { copy } from '@formloom/contracts/copy';

/** An error with an HTTP status, a machine code, a user-facing message and optional details. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 `validation_error`; `details` is usually `[{path, message}]`. */
export function badRequest(message: string = copy.errors.validation, details?: unknown): HttpError {
  return new HttpError(400, 'validation_error', message, details);
}
/** 401 `unauthorized`. */
export function unauthorized(message: string = copy.auth.signInRequired): HttpError {
  return new HttpError(401, 'unauthorized', message);
}
/** 403 `forbidden`. */
export function forbidden(message: string): HttpError {
  return new HttpError(403, 'forbidden', message);
}
/** 404 `not_found`. */
export function notFound(message: string = copy.errors.notFound): HttpError {
  return new HttpError(404, 'not_found', message);
}
/** 409 `conflict`. */
export function conflict(message: string, details?: unknown): HttpError {
  return new HttpError(409, 'conflict', message, details);
}
/** 422 `unprocessable`. */
export function unprocessable(message: string, details?: unknown): HttpError {
  return new HttpError(422, 'unprocessable', message, details);
}
/** 429 `rate_limited`. */
export function tooManyRequests(message: string = copy.auth.tooManyAttempts): HttpError {
  return new HttpError(429, 'rate_limited', message);
}
/** 503 `unavailable`. */
export function unavailable(message: string = copy.errors.unavailable): HttpError {
  return new HttpError(503, 'unavailable', message);
}

/** Builds an error body. */
export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
