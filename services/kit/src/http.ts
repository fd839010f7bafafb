/**
 * The HTTP skeleton shared by services and the gateway (after fastify/demo): the zod type provider, request
 * ids taken from `x-request-id` (and echoed back), and the one error format for every error — validation
 * (400), malformed JSON (400), oversized bodies (413), unknown routes (404), typed {@link HttpError}s, and
 * 500s whose message never leaks internals.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyServerOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '@formloom/contracts/limits';
import { copy } from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import { errorBody, HttpError } from './errors';
import { loggerOptions } from './logger';

/** A Fastify instance typed with the zod type provider. */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  name: string;
  logLevel: string;
  trustProxy: boolean;
  bodyLimit?: number;
  /** Replace pino output (tests pass `false` to silence). */
  logger?: FastifyServerOptions['logger'];
}

/** Creates a Fastify app with the zod compilers, request ids and the error format installed. */
export function createHttpApp(options: HttpAppOptions): ZodFastify {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.name, options.logLevel),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send(errorBody('not_found', copy.errors.notFound));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request refused');
    void reply.code(status).send(body);
  });
  return app as unknown as ZodFastify;
}

/**
 * Maps any thrown error to a status and the one error body. Exported for the gateway and tests.
 */
export function toErrorResponse(error: unknown): { status: number; body: ReturnType<typeof errorBody> } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.details) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const details: FieldError[] = error.validation.map((v) => ({
      path: [context, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? copy.errors.validation,
    }));
    return { status: 400, body: errorBody('validation_error', copy.errors.validation, details) };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: errorBody('unavailable', copy.errors.unavailable) };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: errorBody('internal_error', copy.errors.internal) };
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: errorBody('malformed_json', copy.errors.malformedJson) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: errorBody('payload_too_large', copy.errors.payloadTooLarge) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: errorBody('validation_error', copy.errors.validation) };
  }
  if (error instanceof SyntaxError) {
    return { status: 400, body: errorBody('malformed_json', copy.errors.malformedJson) };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'not_found'
      : status === 429 ? 'rate_limited' : 'validation_error';
    return { status, body: errorBody(code, fastifyError.message || copy.errors.validation) };
  }
  return { status: 500, body: errorBody('internal_error', copy.errors.internal) };
}

/** PostgreSQL SQLSTATEs of class 08 (connection exception) and 57P01–57P03 (shutdown, cannot connect now). */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
/** Socket errors of a database connection that went away. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * True when `error` (or an error in its `cause` chain, as drizzle wraps driver errors) says the database cannot
 * be reached right now: the request may be retried, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
