/**
 * The one error format every service and the gateway answer with (ARCHITECTURE §4):
 * `{ "error": { "code": "<machine_code>", "message": "<copy>", "details"?: … } }`.
 */
import { z } from 'zod';

/** Machine codes used in error bodies. */
export const ErrorCode = z.enum([
  'validation_error',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'unavailable',
]);
/** A machine-readable error code. */
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Validation details: one entry per offending field (`path` as dotted keys, e.g. `answers.w2`). */
export const FieldError = z.object({ path: z.string(), message: z.string() });
/** One field's validation error. */
export type FieldError = z.infer<typeof FieldError>;

/** The error response body. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });
/** The error response body; see {@link ErrorBody}. */
export type ErrorBody = z.infer<typeof ErrorBody>;
