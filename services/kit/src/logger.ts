/**
 * pino options shared by every service and the gateway: JSON logs with the service name, request ids, the
 * active trace (`trace_id`, `span_id`, so a log line leads to its trace and the lines of one request can be
 * followed across services), and secrets redacted (authorization and cookie headers, set-cookie, passwords,
 * tokens). Errors are serialized by {@link serializeError}, which never writes SQL parameters nor PostgreSQL's
 * `detail` (both echo the values of a failed statement: emails, password hashes, answers).
 *
 * When stdout is a terminal (a developer's `npm start`), `http.ts` writes through {@link prettyDestination}
 * instead: one coloured line per request (method, path, status, ms, request id, by {@link RequestLineLog});
 * otherwise (containers, pipes, CI) the JSON lines are unchanged.
 */
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import PinoPretty from 'pino-pretty';

/**
 * The `trace_id` and `span_id` of the span active where the line is logged (nothing outside a span). Always a
 * new object: pino merges the line's own fields INTO the mixin's object (`Object.assign(mixin, fields)`), so a
 * shared frozen object would make every `log.warn({ err }, …)` outside a span throw (and crash the process
 * when it happens in an event handler, e.g. on a Redis or PostgreSQL outage).
 */
function traceFields(): Record<string, string> {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * Paths pino removes from every log line. The Kafka SASL password is covered under its variable name (a
 * configuration object logged as is, or one level down as `{ config }`) and as the kafkajs `sasl` option
 * (`sasl.password` through `*.password`, and one level further down); a webhook's signing secret as `secret`
 * (its only clear form, the create answer, is never logged), its stored form and its delivery's signature header.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'KAFKA_SASL_PASSWORD',
  '*.KAFKA_SASL_PASSWORD',
  '*.sasl.password',
  // Outgoing webhooks (workflows-engine): the key of the signing secrets, a stored (encrypted) secret, and the
  // signature header of a delivery, should a configuration, a row or a request's headers be logged.
  'WEBHOOK_SECRET_ENCRYPTION_KEY',
  '*.WEBHOOK_SECRET_ENCRYPTION_KEY',
  'secretEncrypted',
  '*.secretEncrypted',
  'secret_encrypted',
  '*.secret_encrypted',
  'headers["formloom-signature"]',
  '*.headers["formloom-signature"]',
  // The AI provider's key (workflows-engine, `AI_API_KEY`), should a configuration be logged.
  'AI_API_KEY',
  '*.AI_API_KEY',
  // Connected accounts (integrations): the vault's keys, the OAuth apps, and credentials in any form.
  'CREDENTIALS_ENCRYPTION_KEYS',
  '*.CREDENTIALS_ENCRYPTION_KEYS',
  'OAUTH_CLIENTS',
  '*.OAUTH_CLIENTS',
  'apiKey',
  '*.apiKey',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'credentials',
  '*.credentials',
  'wrappedKey',
  '*.wrappedKey',
];

/**
 * Query parameters whose values are secrets when a URL is logged: an OAuth callback's `code` and `state` (RFC 6749
 * §4.1.2), and tokens some links carry.
 */
export const SECRET_QUERY_PARAMS: readonly string[] = ['code', 'state', 'token', 'access_token', 'refresh_token', 'api_key'];

/** `url` (a request's path and query) with the values of {@link SECRET_QUERY_PARAMS} replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponent(pair.split('=')[0] ?? '');
      return SECRET_QUERY_PARAMS.includes(name) ? `${pair.split('=')[0]}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The request as Fastify logs it (its default serializer's fields), the URL's secret query values redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino options for `service` at `level` (JSON lines; errors through {@link serializeError}). */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest as (value: unknown) => unknown },
    mixin: traceFields,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}

/**
 * Error properties never logged: SQL parameters (drizzle's `DrizzleQueryError.params`; `parameters` as other
 * drivers name them) and PostgreSQL's `detail`, which echoes values (`Key (email)=(ada@example.com) already
 * exists.`, `Failing row contains (…)`).
 */
export const SECRET_ERROR_PROPERTIES: readonly string[] = ['params', 'parameters', 'detail'];

/** Where drizzle's message lists the parameters: `Failed query: <sql>\nparams: <values>`. */
const PARAMS_LINE = '\nparams:';

/** pino's test of an error: an object with a string `message`. */
function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** `message` without drizzle's parameter line (from its first `\nparams:` to the end). */
function withoutParams(message: string): string {
  const at = message.indexOf(PARAMS_LINE);
  return at === -1 ? message : message.slice(0, at);
}

/**
 * A copy of `error` (and of its `cause` chain and `errors`) without {@link SECRET_ERROR_PROPERTIES}, whose message
 * and stack no longer list drizzle's parameters. The copy keeps the prototype, so the serialized `type` is the
 * original class name.
 */
function scrubbed(error: Error, seen: Map<Error, Error>): Error {
  const known = seen.get(error);
  if (known) return known;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  seen.set(error, copy);
  const source = error as Error & Record<string, unknown>;
  for (const key of Object.keys(error)) {
    if (SECRET_ERROR_PROPERTIES.includes(key)) continue;
    const value = source[key];
    setOwn(copy, key, isErrorLike(value) ? scrubbed(value, seen) : value, true);
  }
  const message = withoutParams(error.message);
  setOwn(copy, 'message', message, false);
  if (typeof error.stack === 'string') {
    // V8 writes `<name>: <message at construction>` and then the frames: keep only the frames.
    const frames = error.stack.search(/\n\s+at /);
    setOwn(copy, 'stack', `${String(error.name)}: ${message}${frames === -1 ? '' : error.stack.slice(frames)}`, false);
  }
  if (!Object.keys(error).includes('cause') && error.cause !== undefined) {
    setOwn(copy, 'cause', isErrorLike(error.cause) ? scrubbed(error.cause, seen) : error.cause, false);
  }
  const { errors } = error as { errors?: unknown };
  if (Array.isArray(errors)) {
    setOwn(copy, 'errors', errors.map((item: unknown) => (isErrorLike(item) ? scrubbed(item, seen) : item)), false);
  }
  return copy;
}

/**
 * Gives `target` an own data property: unlike an assignment, it never runs (or trips over) an accessor of the
 * prototype — `DOMException`'s `message`, `name` and `code` are getters without setters.
 */
function setOwn(target: object, key: string, value: unknown, enumerable: boolean): void {
  Object.defineProperty(target, key, { value, enumerable, writable: true, configurable: true });
}

/**
 * pino's `errWithCause` serializer (type, message, stack and own properties, and the same for its `cause` under
 * `cause` — so a failed query's PostgreSQL `code`, `constraint` and `table` are kept) applied to a scrubbed copy
 * of the error: no SQL parameters, no PostgreSQL `detail`, at any depth of the `cause` chain or of an
 * AggregateError's `errors`. The error itself is not changed. Anything that is not an error is returned as it is.
 * Never throws (a log line must not fail the code that writes it): an error it cannot copy is logged as its type
 * and scrubbed message only.
 */
export function serializeError(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  try {
    return stdSerializers.errWithCause(scrubbed(error, new Map()));
  } catch {
    return { type: String((error as { name?: unknown }).name ?? 'Error'), message: withoutParams(error.message) };
  }
}

/** Fields the pretty lines leave out (they are in every JSON line). */
const PRETTY_IGNORED = 'pid,hostname,service,reqId,req,res,responseTime,trace_id,span_id';

/**
 * A pino destination that writes coloured, human-readable lines to stdout (pino-pretty, synchronously: the
 * lines of the services of one process never interleave): `12:00:01.042 INFO: flows POST /admin/flows 201 8.1 ms
 * (1f0c…)`. Other lines keep their fields on the same line; errors show their stack.
 * @param options.destination where to write (default stdout; tests pass a stream).
 */
export function prettyDestination(options: { destination?: NodeJS.WritableStream; colorize?: boolean } = {}): DestinationStream {
  return PinoPretty({
    destination: options.destination ?? 1,
    sync: true,
    colorize: options.colorize ?? true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: PRETTY_IGNORED,
    messageFormat: '{service} {msg}{if reqId} ({reqId}){end}',
    singleLine: true,
  });
}

/**
 * Fastify's request log as ONE line per request, written when the response is sent: `<method> <path> <status>
 * <ms> ms`, with the request id (the request's child logger carries it). No "incoming request" nor "route not
 * found" lines. Routes whose `logLevel` is above info (health, metrics) stay silent. Used with
 * {@link prettyDestination}; the JSON logs keep Fastify's own request lines.
 */
export class RequestLineLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
