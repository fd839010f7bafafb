/**
 * Errors in the domain's words, and the one error format (ARCHITECTURE §4): `{ "error": { "code", "message",
 * "details"? } }`.
 *
 * Domain code (a service's `domain/` modules, rules, repositories) throws a {@link DomainError} with a
 * {@link DomainErrorKind} — what went wrong, not an HTTP status; the HTTP edge (`http.ts` `toErrorResponse`) maps
 * each kind to its status and machine code ({@link HTTP_OF_KIND}). The same errors can be thrown by a consumer or
 * a worker, where they mean the same thing and carry no HTTP at all. {@link HttpError} is only for what is about
 * the protocol itself (an unsupported media type, a request that arrived too slowly), raised by the kit's edge.
 * 5xx messages are never an internal error's text.
 */
import type { ErrorCode } from '@formloom/contracts/errors';
import * as copy from '@formloom/contracts/copy';

/**
 * What went wrong, in the domain's words:
 * - `invalid`: the input breaks a rule (`details`: `[{path, message}]` usually);
 * - `not_signed_in`: the caller must be signed in (or the internal token is missing);
 * - `forbidden`: the caller may see this but not do that;
 * - `not_found`: no such thing, or not visible to the caller (never revealing it exists);
 * - `conflict`: it clashes with what exists (a taken email, a maximum reached);
 * - `unprocessable`: well formed but cannot be done (a template not available yet);
 * - `limit_reached`: too many attempts; retry later (a rate limit);
 * - `too_large`: the content is larger than allowed (an uploaded file over its question's maximum);
 * - `unsupported_type`: the content is of a type that is not taken (an uploaded file of another type);
 * - `failed`: an operation failed unexpectedly, with a message the user may read (spec 001 §8 'Had trouble …');
 * - `unavailable`: a dependency cannot answer now; retry later.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'not_signed_in'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'limit_reached'
  | 'too_large'
  | 'unsupported_type'
  | 'failed'
  | 'unavailable';

/** An error of the domain: its kind, a user-facing message and optional details. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The HTTP status and machine code of each kind (the edge's mapping; `http.ts`). */
export const HTTP_OF_KIND: Readonly<Record<DomainErrorKind, { status: number; code: ErrorCode }>> = {
  invalid: { status: 400, code: 'validation_error' },
  not_signed_in: { status: 401, code: 'unauthorized' },
  forbidden: { status: 403, code: 'forbidden' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  unprocessable: { status: 422, code: 'unprocessable' },
  limit_reached: { status: 429, code: 'rate_limited' },
  too_large: { status: 413, code: 'payload_too_large' },
  unsupported_type: { status: 415, code: 'unsupported_media_type' },
  failed: { status: 500, code: 'internal_error' },
  unavailable: { status: 503, code: 'unavailable' },
};

/** An error about the HTTP protocol itself, with its status and code (the kit's edge only). */
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

/** `invalid`: the input breaks a rule; `details` is usually `[{path, message}]`. */
export function invalid(message: string = copy.errors.validation, details?: unknown): DomainError {
  return new DomainError('invalid', message, details);
}
/** `not_signed_in`. */
export function notSignedIn(message: string = copy.auth.signInRequired): DomainError {
  return new DomainError('not_signed_in', message);
}
/** `forbidden`. */
export function forbidden(message: string): DomainError {
  return new DomainError('forbidden', message);
}
/** `not_found`; `details` when the caller may show more (a closed form's own message). */
export function notFound(message: string = copy.errors.notFound, details?: unknown): DomainError {
  return new DomainError('not_found', message, details);
}
/** `conflict`. */
export function conflict(message: string, details?: unknown): DomainError {
  return new DomainError('conflict', message, details);
}
/** `unprocessable`. */
export function unprocessable(message: string, details?: unknown): DomainError {
  return new DomainError('unprocessable', message, details);
}
/** `limit_reached`. */
export function limitReached(message: string = copy.auth.tooManyAttempts): DomainError {
  return new DomainError('limit_reached', message);
}
/** `too_large` (413): the content (an uploaded file) is larger than allowed; `details` may name the limit. */
export function tooLarge(message: string, details?: unknown): DomainError {
  return new DomainError('too_large', message, details);
}
/** `unsupported_type` (415): the content (an uploaded file) is of a type that is not taken. */
export function unsupportedType(message: string, details?: unknown): DomainError {
  return new DomainError('unsupported_type', message, details);
}
/** `failed`: an unexpected failure whose message (spec 001 §8 texts) the user may read. */
export function failed(message: string): DomainError {
  return new DomainError('failed', message);
}
/** `unavailable`. */
export function unavailable(message: string = copy.errors.unavailable): DomainError {
  return new DomainError('unavailable', message);
}

/** Builds an error body. */
export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
