/**
 * What the HTTP skeleton (`http.ts`) refuses before any handler runs, in one place for every service and the
 * gateway (docs/architecture.md §4 "HTTP"):
 *
 * - request paths and queries holding U+0000 (`%00`): PostgreSQL cannot store NUL in `text` or `jsonb`, so such
 *   a value would fail deep inside a handler as a 500 (400 `validation_error`, {@link findUnsafeUrl});
 * - request paths with a backslash or a `.`/`..` segment (raw or percent-encoded): WHATWG URL parsing, which the
 *   gateway's proxy uses to build the upstream URL, turns `\` into `/` and removes dot segments, so
 *   `/auth/x\..\..\metrics` would reach a service's `/metrics` or `/internal/…` (400 `validation_error`);
 * - request bodies that are not JSON (415 `unsupported_media_type`, {@link bodyMediaTypeProblem}): a browser
 *   sends `text/plain`, `multipart/form-data` and `application/x-www-form-urlencoded` cross-site without a CORS
 *   preflight, so accepting them (or a bodiless POST labelled `text/plain`) would open the API to CSRF. The one
 *   exception is an upload endpoint of the catalogue (`EndpointInput.upload`), which takes `multipart/form-data`
 *   and nothing else: its `session` variant is guarded by the gateway's origin check, and the public one needs no
 *   credentials;
 * - JSON values holding U+0000 or an unpaired UTF-16 surrogate (`"\ud800"`) in any string or key, or nested
 *   deeper than `JSON_MAX_DEPTH` (400 `validation_error`, {@link checkJsonValue}): PostgreSQL refuses the first
 *   two, and deep nesting overflows the stack of the code (and of PostgreSQL) that walks it.
 *
 * Sources: RFC 9110 §8.3 (Content-Type), §15.5.16 (415); the Fetch standard's CORS-safelisted request headers;
 * WHATWG URL §4.4 (backslash and dot-segment handling); PostgreSQL docs §8.3 / §8.14 (no NUL in text or jsonb,
 * no unpaired surrogates in `\u` escapes).
 */
import { JSON_MAX_DEPTH } from '@formloom/contracts/limits';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import { HttpError } from './errors';

/** The one media type request bodies may have (parameters such as `charset=utf-8` allowed). */
export const JSON_MEDIA_TYPE = 'application/json';
/** The media type of an upload endpoint's body (with its `boundary` parameter). */
export const MULTIPART_MEDIA_TYPE = 'multipart/form-data';

/** `%00` anywhere in a request target (path or query), in either case. */
const ENCODED_NUL = /%00/i;
/** A backslash, raw or percent-encoded. */
const BACKSLASH = /\\|%5c/i;
/** A `.` or `..` path segment, with `.` raw or as `%2e`, between `/` (raw or `%2f`) or at the end. */
const DOT_SEGMENT = /(?:^|\/|%2f)(?:\.|%2e){1,2}(?=$|\/|%2f|\?|#)/i;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds U+0000 or an unpaired surrogate (neither can be stored by PostgreSQL). */
function hasUnsafeCharacter(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/**
 * Why a request target (`request.url`: path and query, as received) must be refused, or `null` when it is fine.
 * @returns a 400 `validation_error` to throw (details `[{path: 'url', message}]`), or null.
 */
export function findUnsafeUrl(url: string): HttpError | null {
  if (ENCODED_NUL.test(url)) {
    return new HttpError(400, 'validation_error', copy.errors.invalidCharacter, [{ path: 'url', message: copy.errors.invalidCharacter }]);
  }
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (BACKSLASH.test(path) || DOT_SEGMENT.test(path)) {
    return new HttpError(400, 'validation_error', copy.errors.unsafePath, [{ path: 'url', message: copy.errors.unsafePath }]);
  }
  return null;
}

/** The essence of a `Content-Type` value: its type/subtype, lower case, without parameters. */
function essenceOf(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * Whether a request's headers say it carries a body: a `Transfer-Encoding`, or a `Content-Length` other than 0
 * (RFC 9112 §6.3).
 */
export function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}

/**
 * Why a request's body must be refused for its media type, or null. A request with a `Content-Type` other than
 * `expected` (`application/json`, or `multipart/form-data` on an upload endpoint) is refused whether or not it has
 * a body (a bodiless POST labelled `text/plain` is exactly what a cross-site form or `fetch(…, {mode: 'no-cors'})`
 * sends); a request with a body but no `Content-Type` is refused too.
 * @returns a 415 `unsupported_media_type` to throw, or null.
 */
export function bodyMediaTypeProblem(
  headers: {
    'content-type'?: string;
    'content-length'?: string;
    'transfer-encoding'?: string;
  },
  expected: typeof JSON_MEDIA_TYPE | typeof MULTIPART_MEDIA_TYPE = JSON_MEDIA_TYPE,
): HttpError | null {
  const contentType = headers['content-type'];
  const acceptable = contentType === undefined ? !hasBody(headers) : essenceOf(contentType) === expected;
  if (acceptable) return null;
  const message = expected === MULTIPART_MEDIA_TYPE ? copy.errors.multipartExpected : copy.errors.unsupportedMediaType;
  return new HttpError(415, 'unsupported_media_type', message);
}

/** A dotted path for error details: `body.steps.s1.widgets.0`. */
function dotted(path: readonly (string | number)[]): string {
  return ['body', ...path].join('.');
}

/**
 * Checks a parsed JSON request body: no string or key holds U+0000 or an unpaired surrogate, and arrays and
 * objects are nested at most `JSON_MAX_DEPTH` deep (the top-level value is depth 1). Walks the value
 * iteratively (no recursion, whatever the depth).
 * @param maxDepth the nesting limit (default `JSON_MAX_DEPTH`).
 * @throws HttpError 400 `validation_error` with one `{path, message}` detail naming the first offending place
 *   (`body.answers.w1`; a key's path ends with the key itself).
 */
export function checkJsonValue(value: unknown, maxDepth: number = JSON_MAX_DEPTH): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeCharacter(current)) throw unsafeAt(path, copy.errors.invalidCharacter);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) throw unsafeAt(path, copy.errors.nestedTooDeeply(maxDepth));
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], path: [...path, index] });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      if (hasUnsafeCharacter(key)) throw unsafeAt([...path, key], copy.errors.invalidCharacter);
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

function unsafeAt(path: readonly (string | number)[], message: string): HttpError {
  const detail: FieldError = { path: dotted(path), message };
  return new HttpError(400, 'validation_error', message, [detail]);
}
