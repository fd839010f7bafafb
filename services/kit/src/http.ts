/**
 * The HTTP skeleton shared by services and the gateway (after fastify/demo): the zod type provider, request
 * ids taken from `x-request-id` (and echoed back), and the one error format for every error — validation
 * (400), malformed JSON (400), oversized bodies (413), non-JSON bodies (415), unknown routes (404), typed
 * {@link HttpError}s, requests that arrive too slowly (408), and 500s whose message never leaks internals.
 *
 * It is also the edge every request crosses, in this order (docs/architecture.md §4 "HTTP"):
 * 1. Node's HTTP server: headers within `HTTP_HEADERS_TIMEOUT_MS` and the whole request within
 *    `HTTP_REQUEST_TIMEOUT_MS` (else 408 `request_timeout` in the error format, and the connection is closed); a
 *    socket silent for `HTTP_IDLE_TIMEOUT_MS` is closed;
 * 2. security headers on every response (`security-headers.ts`, @fastify/helmet);
 * 3. the request target: no `%00`, no backslash, no dot segment (400, `request-safety.ts`);
 * 4. the body's media type: JSON or nothing (415 `unsupported_media_type`); `multipart/form-data` or nothing on an
 *    upload endpoint (`acceptsMultipart`: a route registered for an endpoint with `upload`);
 * 5. the JSON body: parsed by Fastify's own parser (prototype poisoning refused), then no U+0000, no unpaired
 *    surrogate, nesting at most `JSON_MAX_DEPTH` (400 `validation_error`).
 *
 * `trustProxy` ({@link TrustProxy}) says whose `X-Forwarded-*` headers count for `request.ip`, `request.protocol`
 * and `request.host`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyRequest,
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
import {
  BODY_LIMIT_BYTES,
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_IDLE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  HTTP_TIMEOUT_CHECK_INTERVAL_MS,
} from '@formloom/contracts/limits';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import type { TrustProxy } from './config';
import { DomainError, errorBody, HTTP_OF_KIND, HttpError } from './errors';
import { loggerOptions, prettyDestination, RequestLineLog } from './logger';
import { bodyMediaTypeProblem, checkJsonValue, findUnsafeUrl, JSON_MEDIA_TYPE, MULTIPART_MEDIA_TYPE } from './request-safety';
import { registerSecurityHeaders } from './security-headers';

/** A Fastify instance typed with the zod type provider. */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The HTTP server's timeouts, in ms (defaults: the `HTTP_*_TIMEOUT_MS` limits of contracts). */
export interface HttpTimeouts {
  /** Request line and headers must arrive within this (Node's `headersTimeout`). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (Node's `requestTimeout`). */
  requestMs: number;
  /** A socket silent this long, in or out, is closed (Fastify's `connectionTimeout`). */
  idleMs: number;
  /** How often expired requests are looked for (Node's `connectionsCheckingInterval`). */
  checkIntervalMs: number;
}

/** The timeouts every service and the gateway use. */
export const DEFAULT_HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  headersMs: HTTP_HEADERS_TIMEOUT_MS,
  requestMs: HTTP_REQUEST_TIMEOUT_MS,
  idleMs: HTTP_IDLE_TIMEOUT_MS,
  checkIntervalMs: HTTP_TIMEOUT_CHECK_INTERVAL_MS,
};

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  name: string;
  logLevel: string;
  /**
   * Whose `X-Forwarded-*` to believe (see {@link TrustProxy}); `true` is taken as one hop (it no longer means
   * "everyone": a client would choose its own address).
   */
  trustProxy: TrustProxy | true;
  bodyLimit?: number;
  /** Replace pino output (tests pass `false` to silence). */
  logger?: FastifyServerOptions['logger'];
  /** Override timeouts (tests); default {@link DEFAULT_HTTP_TIMEOUTS}. */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Whether `request` goes to an upload endpoint, whose body is `multipart/form-data` (and only that). Default: its
   * route was registered for an endpoint with `upload` (`routes.ts` sets `config.multipart`); the gateway, whose
   * routes are prefixes, matches the catalogue's upload paths instead.
   */
  acceptsMultipart?: (request: FastifyRequest) => boolean;
  /**
   * One pretty line per request instead of JSON (see `logger.ts`), to stdout or to `destination` (tests).
   * Default: when stdout is a terminal and no `logger` is given.
   */
  prettyLogs?: boolean | { destination: NodeJS.WritableStream };
}

/**
 * Fastify's `trustProxy` for a {@link TrustProxy} setting: `false` trusts no one; `n` trusts the n proxies nearest
 * to this process (proxy-addr's hop semantics: `request.ip` is the n-th address from the right of
 * `X-Forwarded-For`; Fastify 5 itself no longer honours a bare number); a list trusts those addresses/CIDRs.
 */
export function fastifyTrustProxy(setting: TrustProxy | true): FastifyServerOptions['trustProxy'] {
  if (setting === true) return fastifyTrustProxy(1);
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return [...setting];
}

/**
 * Creates a Fastify app with the zod compilers, request ids, the error format, security headers, timeouts and
 * the request checks of the module doc installed. Every service (`createService`) and the gateway build theirs
 * with it.
 */
export function createHttpApp(options: HttpAppOptions): ZodFastify {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  const acceptsMultipart = options.acceptsMultipart ?? ((request: FastifyRequest) => request.routeOptions.config?.multipart === true);
  const prettyLogs = options.prettyLogs ?? process.stdout.isTTY === true;
  const pretty = options.logger === undefined && prettyLogs !== false;
  const logger = options.logger ?? (pretty
    ? {
        ...loggerOptions(options.name, options.logLevel),
        stream: prettyDestination(typeof prettyLogs === 'object' ? { destination: prettyLogs.destination, colorize: false } : {}),
      }
    : loggerOptions(options.name, options.logLevel));
  const app = Fastify({
    logger,
    ...(pretty ? { logController: new RequestLineLog() } : {}),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const expected = acceptsMultipart(request) ? MULTIPART_MEDIA_TYPE : JSON_MEDIA_TYPE;
    const problem = findUnsafeUrl(request.url) ?? bodyMediaTypeProblem(request.headers, expected);
    if (problem) throw problem;
  });
  installJsonParser(app);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send(errorBody('not_found', copy.errors.notFound));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // The pretty request line already shows the status.
    else if (!pretty) request.log.info({ code: body.error.code, status }, 'request refused');
    void reply.code(status).send(body);
  });
  return app as unknown as ZodFastify;
}

/**
 * Replaces Fastify's JSON parser by the same parser (prototype poisoning refused, as Fastify's default) followed
 * by {@link checkJsonValue}, and drops the `text/plain` parser: JSON is the only body type.
 */
function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      try {
        checkJsonValue(value);
      } catch (problem) {
        return done(problem as HttpError, undefined);
      }
      done(null, value);
    });
  });
}

/** Status, code and message of the answer to an HTTP-level client error (before Fastify has a request). */
function clientErrorAnswer(error: { code?: string }): { status: number; code: 'request_timeout' | 'payload_too_large' | 'validation_error'; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: copy.errors.requestTimeout };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'payload_too_large', message: copy.errors.headersTooLarge };
  return { status: 400, code: 'validation_error', message: copy.errors.badRequest };
}

/**
 * Fastify's `clientErrorHandler`: a request that timed out (408), whose headers are too large (431) or that is
 * not HTTP (400) gets the error format, when nothing of a response was written yet, and the connection is
 * closed (as Node's own handler does).
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable && socket.bytesWritten === 0) {
    const { status, code, message } = clientErrorAnswer(error);
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Maps any thrown error to a status and the one error body. Exported for the gateway and tests.
 */
export function toErrorResponse(error: unknown): { status: number; body: ReturnType<typeof errorBody> } {
  if (error instanceof DomainError) {
    const { status, code } = HTTP_OF_KIND[error.kind];
    return { status, body: errorBody(code, error.message, error.details) };
  }
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
      return { status: 415, body: errorBody('unsupported_media_type', copy.errors.unsupportedMediaType) };
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
