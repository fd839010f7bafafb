/**
 * Security headers of every response of every service and the gateway, chosen with `helmet` and set by the HTTP
 * skeleton (`http.ts`), after OWASP's REST Security and HTTP Headers cheat sheets:
 *
 * | header | value | why |
 * | --- | --- | --- |
 * | `Content-Security-Policy` | {@link API_CSP}: `default-src 'none'; frame-ancestors 'none'; …` | a JSON answer never runs or loads anything, nor is it framed |
 * | `X-Frame-Options` | `DENY` | the same for browsers without `frame-ancestors` |
 * | `X-Content-Type-Options` | `nosniff` | a JSON answer is never sniffed as HTML or script |
 * | `Referrer-Policy` | `no-referrer` | API URLs (ids) never leak |
 * | `Permissions-Policy` | {@link PERMISSIONS_POLICY} | powerful browser features are off |
 * | `Strict-Transport-Security` | `max-age=HSTS_MAX_AGE_SECONDS` | only on requests that arrived over TLS (`request.protocol`: the socket, or `X-Forwarded-Proto` from a trusted proxy); sent over plain HTTP it would be ignored (RFC 6797 §7.2), and sent by a development server on `localhost` it would pin the name to HTTPS |
 * | `Cross-Origin-Opener-Policy`, `Cross-Origin-Resource-Policy` | `same-origin` | helmet's defaults |
 *
 * HSTS has no `includeSubDomains`: the operator's other subdomains are not ours to pin. The gateway replaces the
 * CSP (and drops `X-Frame-Options` where framing is a feature) on the web app's HTML pages (`gateway/src/web.ts`).
 *
 * The headers do not depend on the request (HSTS aside), so helmet computes them once, at start, and each
 * response gets the same object: `@fastify/helmet` built a new helmet middleware for every request, which cost
 * ~3 % of a service's CPU under load (docs/benchmarks.md §5).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { HSTS_MAX_AGE_SECONDS } from '@formloom/contracts/limits';
import type { FastifyInstance } from 'fastify';

/**
 * The CSP of API responses (JSON, text): nothing may load, run, submit or frame (OWASP REST Security). Written
 * as helmet serializes {@link API_CSP_DIRECTIVES} (no space after `;`).
 */
export const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

/**
 * `Permissions-Policy` of every response: the powerful features no Formloom page uses, denied to the page and to
 * anything it frames (W3C Permissions Policy; feature names as Chromium knows them).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The `Strict-Transport-Security` value sent on requests that arrived over TLS. */
export const HSTS_HEADER = `max-age=${HSTS_MAX_AGE_SECONDS}`;

/** helmet's directives of {@link API_CSP}. */
const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/** helmet's options for every response. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
  // Set per request below: only over TLS.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with `options` (lower-case names), computed by running its middleware once against a
 * response that records them: valid while no directive is a function of the request (none of ours is).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Every response's security headers but HSTS (see the module doc). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...helmetHeaders(HELMET_OPTIONS),
  'permissions-policy': PERMISSIONS_POLICY,
});

/**
 * Registers the security headers on `app` (a global hook: every route and the 404 handler). Call it before the
 * routes are registered.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
    done();
  });
}
