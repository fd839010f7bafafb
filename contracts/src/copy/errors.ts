/** Texts of the one error format (`{statusCode, error, message, details?}`) that no area owns. */
export const errors = {
  /** ours: generic texts of the one error format. */
  validation: 'The request is not valid',
  malformedJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again',
  unavailable: 'The service is temporarily unavailable',
  /** A rate limit without a text of its own (kit `rate-limit.ts`). */
  rateLimited: 'Too many requests. Please try again later',
  /** ours: the HTTP edge (`services/kit/src/http.ts`, `gateway/src/origin-check.ts`). */
  unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json)',
  /** ours: an upload endpoint's body that is not `multipart/form-data`. */
  multipartExpected: 'The request body must be a file upload (Content-Type: multipart/form-data)',
  crossOriginRefused: 'This request came from another website and was refused',
  invalidCharacter: 'The request contains a character that is not allowed (U+0000 or an unpaired surrogate)',
  nestedTooDeeply: (maxDepth: number) => `The request body is nested more than ${maxDepth} levels deep`,
  unsafePath: 'The request path is not allowed',
  requestTimeout: 'The request took too long to arrive',
  headersTooLarge: 'The request headers are too large',
  badRequest: 'The request could not be read',
} as const;
