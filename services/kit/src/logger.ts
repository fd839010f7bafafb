/**
 * pino options shared by every service and the gateway: JSON logs with the service name, request ids, the
 * active trace (`trace_id`, `span_id`, so a log line leads to its trace and the lines of one request can be
 * followed across services), and secrets redacted (authorization and cookie headers, set-cookie, passwords,
 * tokens).
 */
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import type { LoggerOptions } from 'pino';

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
 * (`sasl.password` through `*.password`, and one level further down).
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
];

/** pino options for `service` at `level`. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: traceFields,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
