/**
 * pino options shared by every service and the gateway: JSON logs with the service name, request ids, and
 * secrets redacted (authorization and cookie headers, set-cookie, passwords, tokens).
 */
import type { LoggerOptions } from 'pino';

/** Paths pino removes from every log line. */
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
];

/** pino options for `service` at `level`. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
