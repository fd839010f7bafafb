/**
 * The API gateway (ARCHITECTURE §1, §3, §4): the one public entry of Formloom.
 *
 * - Every row of the contracts route table (`ROUTES`) is proxied to its service, path unchanged, longer prefixes
 *   first: `@fastify/http-proxy` registers each prefix's routes and computes the upstream path
 *   (`prefix` = `rewritePrefix`); `proxy.ts` sends the request over a keep-alive pool per service and passes
 *   the answer back (small bodies in one write, large ones streamed; hop-by-hop headers dropped).
 * - Auth: the `formloom_session` cookie is swapped for a short-lived JWT from workspaces-auth (see
 *   {@link SessionTokens}) and passed upstream as `Authorization: Bearer <jwt>`. Clients can never set
 *   `Authorization` or `x-internal-token` themselves: both are dropped from every incoming request (the
 *   public REST API's API keys are a later issue). The cookie itself only goes to workspaces-auth. A session
 *   workspaces-auth refuses makes the request anonymous (the service answers 401 where it must).
 * - Request bodies are limited to `BODY_LIMIT_BYTES` here too (413 `payload_too_large`); an upstream that
 *   cannot be reached gives 503 `unavailable` (504 when it does not answer in time), in the error format. The
 *   catalogue's uploads (`multipart/form-data`, `isUploadRequest`) are the exception: streamed upstream as they
 *   arrive, up to {@link UPLOAD_BODY_LIMIT_BYTES}; their service holds each file to its own limit.
 * - Request ids: `x-request-id` is taken from the client or assigned, passed upstream and echoed back.
 *   `X-Forwarded-For/-Proto/-Host` sent upstream are exactly the client address, scheme and host the gateway
 *   determined (`request.ip`, `.protocol`, `.host`), believing the client's own `X-Forwarded-*` only as far as
 *   `trustProxy` says (a number of proxies in front, or their addresses): a client cannot choose its address.
 * - The kit's edge (`@formloom/kit/http`): security headers, timeouts, JSON-only bodies (415), unsafe paths
 *   (backslashes, dot segments, `%00`: 400). Here too: state-changing requests from another origin are refused
 *   (403, `origin-check.ts`).
 * - `/internal/…` is never proxied (404). `/healthz` answers while the process runs; `/readyz` answers 200
 *   when every upstream's `/healthz` does. `/metrics` is not served on this port (see `metrics`).
 * - The API reference: the merged OpenAPI document at `/api/openapi.json` and Swagger UI at `/api/docs`
 *   (`openapi.ts`), both generated from the endpoint catalogue.
 * - The built web app (`webDist`) is served as static files, with `index.html` for client routes (GET
 *   requests that accept HTML outside the API prefixes: `/home`, `/editor/x/edit` …) and the public form's
 *   page for `/t/abc`, with the live form embedded (`public-form-page.ts`). API paths never fall back to a
 *   page: they get the JSON 404.
 */
import fastifyCookie from '@fastify/cookie';
import { Transform, type Readable } from 'node:stream';
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { HOST_ORGANIZATION_HEADER, INTERNAL_TOKEN_HEADER, SESSION_COOKIE } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import { isUploadRequest, ROUTES, type RouteRow } from '@formloom/contracts/api/route-table';
import { BODY_LIMIT_BYTES, FILE_UPLOAD_MAX_MB_CAP, UPLOAD_BYTES_PER_MB } from '@formloom/contracts/limits';
import { SERVICES, type ServiceName } from '@formloom/contracts/services';
import { errorBody, notFound } from '@formloom/kit/errors';
import type { TrustProxy } from '@formloom/kit/config';
import { createHttpApp, type ZodFastify } from '@formloom/kit/http';
import { countRequests, type HttpMetrics } from '@formloom/kit/metrics';
import {
  activeContext,
  createTelemetry,
  injectTraceHeaders,
  registerTracing,
  type Context,
  type SpanProcessor,
} from '@formloom/kit/telemetry';
import { API_REFERENCE_ROOT, registerApiReference } from './openapi';
import { OrganizationHosts } from './organization-hosts';
import { registerOriginCheck } from './origin-check';
import { UpstreamError, UpstreamPools, type UpstreamPoolOptions } from './proxy';
import { liveFormFromFlows } from './public-form-page';
import { SessionTokens } from './sessions';
import { exchangeApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { firstSegment, registerWebApp } from './web';

/** Options of {@link buildGateway}. */
export interface GatewayOptions {
  /** Base URL of each service, e.g. `{ 'workspaces-auth': 'http://127.0.0.1:4001', … }`. */
  services: Record<ServiceName, string>;
  /** The shared service token (sent only to workspaces-auth's session exchange). */
  internalToken: string;
  /** Directory of the built web app (`web/dist`); without it `/` explains how to build it. */
  webDist?: string;
  /**
   * Base URL of the static web app when the gateway does not serve it (Kubernetes: the web component's Service,
   * `WEB_URL`): the public form's page shell is fetched from it (`public-form-page.ts`).
   */
  webUrl?: string;
  /** pino level (default `info`). */
  logLevel?: string;
  /** `false` silences logs (tests); otherwise pino with the kit's redaction. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Whose `X-Forwarded-*` to believe (the kit's `TrustProxy`; default `false`: the gateway is the edge, as in
   * embedded mode): the number of proxies in front (`1` behind one ingress or load balancer; `true` means 1),
   * or their addresses/CIDRs. The client address determined so is the only `X-Forwarded-For` sent upstream.
   */
  trustProxy?: TrustProxy | boolean;
  /**
   * Origins besides the gateway's own that browsers may send state-changing requests from (ALLOWED_ORIGINS;
   * see `origin-check.ts`). Default none.
   */
  allowedOrigins?: readonly string[];
  /** The route table (default the contracts' `ROUTES`; tests pass their own). */
  routes?: readonly RouteRow[];
  /**
   * Tracing (see `@formloom/kit/telemetry`): `otlpEndpoint` = OTEL_EXPORTER_OTLP_ENDPOINT (unset: no export),
   * `serviceName` = OTEL_SERVICE_NAME (default `gateway`), `spanProcessors` for tests (kept by the caller).
   */
  telemetry?: { otlpEndpoint?: string; serviceName?: string; spanProcessors?: readonly SpanProcessor[] };
  /**
   * The registry the gateway counts its requests in (RED metrics, `service="gateway"`); serve it with the kit's
   * `createMetricsApp` on a port that is not routed publicly (`main.ts`: METRICS_PORT). Absent: not counted.
   * The gateway's public port never serves `/metrics`.
   */
  metrics?: HttpMetrics;
  /** How long to wait for an upstream (`proxy.ts`; default 60 s each). */
  upstreamTimeouts?: UpstreamPoolOptions;
  /**
   * The product's public origin (`PUBLIC_URL`): a host one label below its host is an organization's, serving only
   * its public forms (`organization-hosts.ts`). Absent: every host is the product's own.
   */
  publicUrl?: string;
}

/** The media type of upload bodies. */
const MULTIPART = 'multipart/form-data';

/**
 * The most bytes of an upload's body the gateway passes on: the largest upload a service may take
 * (`FILE_UPLOAD_MAX_MB_CAP`) and the usual body limit for the multipart framing. Services hold each file to its
 * own, lower limit.
 */
export const UPLOAD_BODY_LIMIT_BYTES = FILE_UPLOAD_MAX_MB_CAP * UPLOAD_BYTES_PER_MB + BODY_LIMIT_BYTES;

/**
 * An upload's body on its way upstream: passes the bytes, and fails (setting `exceeded`) past `limit` bytes,
 * when it also stops reading the client's request (`source`).
 */
class LimitedBody extends Transform {
  exceeded = false;
  private bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly source: Readable,
  ) {
    super();
    source.on('error', (error) => this.destroy(error));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      this.exceeded = true;
      this.source.unpipe(this);
      callback(new Error('the upload is larger than the gateway passes on'));
      return;
    }
    callback(null, chunk);
  }
}

/** How long `/readyz` waits for each upstream's `/healthz` (ms). */
export const READINESS_TIMEOUT_MS = 2_000;

/** Methods that never change state: a request with another method to workspaces-auth refreshes the claims. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The public REST API's paths (`Authorization: Bearer <API key>` is read there). */
export const PUBLIC_API_PREFIX = '/v1/api/';

/** The credential of an `Authorization: Bearer <credential>` header (RFC 6750 §2.1); `undefined` for anything else. */
function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Request headers never copied upstream: those a client may never set (the gateway or a service sets
 * them), forwarding headers (the gateway sends its own `X-Forwarded-For/-Proto/-Host` only), the trace
 * context (the gateway's span replaces the client's), the request id (the gateway's), and what describes
 * the client's connection or body framing (the upstream request has its own; RFC 9110 §7.6.1).
 */
const NOT_FORWARDED = new Set([
  'authorization',
  INTERNAL_TOKEN_HEADER,
  HOST_ORGANIZATION_HEADER,
  'proxy-authorization',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'traceparent',
  'tracestate',
  'x-request-id',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'content-length',
]);

/**
 * Builds the gateway (not listening; call `listen`). Resolves once every plugin is loaded.
 * @throws when an option is invalid (an unknown service URL, a route table conflict).
 */
export async function buildGateway(options: GatewayOptions): Promise<ZodFastify> {
  for (const service of SERVICES) {
    const url = options.services[service];
    if (!url || !/^https?:\/\//.test(url)) throw new Error(`gateway: no valid base URL for service ${service}`);
  }
  const trustProxy = options.trustProxy ?? false;
  const allowedOrigins = options.allowedOrigins ?? [];
  const routes = options.routes ?? ROUTES;
  // First path segments that belong to the API (never the web app): those of the route table, and `internal`.
  const apiRoots = new Set(['internal', API_REFERENCE_ROOT, ...routes.map((row) => firstSegment(row.prefix))]);
  const app = createHttpApp({
    name: 'gateway',
    logLevel: options.logLevel ?? 'info',
    trustProxy,
    logger: options.logger,
    // The catalogue's uploads take `multipart/form-data` (its services check which routes; the gateway's are prefixes).
    acceptsMultipart: (request) => isUploadRequest(request.method, request.url),
  });
  const sessions = new SessionTokens({
    authUrl: options.services['workspaces-auth'],
    internalToken: options.internalToken,
  });
  // The public REST API's keys are swapped for access tokens the same way, cached the same 10 s (docs/architecture.md §5).
  const apiKeys = new SessionTokens({
    authUrl: options.services['workspaces-auth'],
    internalToken: options.internalToken,
    exchange: { endpoint: exchangeApiKey, body: (apiKey) => ({ apiKey }) },
  });

  // Tracing first (a span per request, parent from the client's `traceparent`), then the RED metrics.
  const telemetry = createTelemetry({
    serviceName: options.telemetry?.serviceName ?? 'gateway',
    otlpEndpoint: options.telemetry?.otlpEndpoint,
    spanProcessors: options.telemetry?.spanProcessors,
  });
  app.addHook('onClose', async () => telemetry.shutdown());
  await registerTracing(app, telemetry);
  if (options.metrics) countRequests(app, options.metrics);
  registerOriginCheck(app, { allowedOrigins });
  if (options.publicUrl) {
    const hosts = new OrganizationHosts({ publicUrl: options.publicUrl, authUrl: options.services['workspaces-auth'], internalToken: options.internalToken });
    app.addHook('onRequest', (request, reply) => hosts.onRequest(request, reply));
  }

  await app.register(fastifyCookie);

  app.get('/healthz', { logLevel: 'warn', config: { otel: false } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', config: { otel: false } }, async (_request, reply) => {
    const results = await Promise.all(
      SERVICES.map(async (service) => [service, await isHealthy(options.services[service])] as const),
    );
    const checks = Object.fromEntries(results) as Record<ServiceName, boolean>;
    const ready = results.every(([, ok]) => ok);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });

  // Internal routes between services are never reachable from outside.
  const hidden = async () => {
    throw notFound();
  };
  app.all('/internal', hidden);
  app.all('/internal/*', hidden);

  // @fastify/http-proxy registers each prefix's routes and computes the upstream path; our transport
  // (`proxy.ts`) sends the request (docs/benchmarks.md §6b: @fastify/reply-from cost more than the upstream).
  const pools = new UpstreamPools(options.upstreamTimeouts);
  app.addHook('onClose', async () => pools.close());
  await app.register(async (proxies) => {
    // Bodies are read (up to the app's bodyLimit, 413 beyond) and sent upstream byte for byte.
    proxies.removeAllContentTypeParsers();
    proxies.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // An upload's body (only upload routes get here with one: the kit's edge refuses it elsewhere) is streamed to
    // the service as it arrives, never held whole, and cut off past the largest upload there can be.
    proxies.addContentTypeParser(MULTIPART, (_request, payload, done) => done(null, payload.pipe(new LimitedBody(UPLOAD_BODY_LIMIT_BYTES, payload))));
    for (const row of proxyRows(routes)) {
      const origin = options.services[row.service];
      await proxies.register(fastifyHttpProxy, {
        upstream: origin,
        prefix: row.prefix,
        rewritePrefix: row.prefix,
        proxyPayloads: false,
        disableRequestLogging: true,
        handler: (request, reply, dest) => forward({ request, reply, dest, origin, row, sessions, apiKeys, pools }),
      });
    }
  });

  await registerApiReference(app);
  const liveFormSource = { flowsOrigin: options.services.flows, pools };
  await registerWebApp(app, {
    webDist: options.webDist,
    webUrl: options.webUrl,
    apiRoots,
    liveForm: (request, publicIdentifier) => liveFormFromFlows(liveFormSource, request, publicIdentifier),
  });
  await app.ready();
  return app;
}

/** The route table without anything under `/internal`, longest prefix first. */
function proxyRows(routes: readonly RouteRow[]): RouteRow[] {
  return routes.filter((row) => firstSegment(row.prefix) !== 'internal').sort(
    (a, b) => b.prefix.length - a.prefix.length,
  );
}

/**
 * Proxies one request: exchanges the session cookie, rewrites the headers, sends the buffered body to
 * `origin` + `dest`, passes the answer back, and maps an upstream that cannot be reached to 503 (504 when it
 * did not answer in time) in the error format.
 */
async function forward(input: {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The path upstream, without the query (the prefix is kept: `rewritePrefix` = `prefix`). */
  dest: string;
  origin: string;
  row: RouteRow;
  sessions: SessionTokens;
  /** The API key exchange of the public REST API (`/v1/api/…`). */
  apiKeys: SessionTokens;
  pools: UpstreamPools;
}): Promise<FastifyReply> {
  const { request, reply, dest, origin, row, sessions, apiKeys, pools } = input;
  // The public REST API takes an API key (`Authorization: Bearer fl_…`), or the signed-in browser's session; a
  // request with neither, or with a key workspaces-auth refuses, is answered 401 here.
  const publicApi = dest.startsWith(PUBLIC_API_PREFIX);
  const apiKey = publicApi ? bearerOf(request.headers.authorization) : undefined;
  if (publicApi && !apiKey && !request.cookies[SESSION_COOKIE]) return reply.code(401).send(errorBody('unauthorized', copy.auth.apiKeyRefused));
  const keyToken = apiKey ? await apiKeys.accessTokenFor(apiKey, request.id) : undefined;
  if (keyToken === null) return reply.code(401).send(errorBody('unauthorized', copy.auth.apiKeyRefused));
  // An organization's host serves anonymous public calls only (`organization-hosts.ts`): no session is read there.
  const sessionToken = apiKey || request.hostOrganizationId !== undefined ? undefined : request.cookies[SESSION_COOKIE] || undefined;
  // A change made through workspaces-auth (workspaces, members, logout …) must show in the next request's
  // claims: forget the cached token before and after it.
  const refreshAfter = row.service === 'workspaces-auth' && !SAFE_METHODS.has(request.method) ? sessionToken : undefined;
  if (refreshAfter) sessions.invalidate(refreshAfter);
  const accessToken = keyToken ?? (sessionToken ? await sessions.accessTokenFor(sessionToken, request.id) : null);
  const body = request.body;
  const headers = upstreamHeaders(request, {
    accessToken,
    keepCookie: row.service === 'workspaces-auth',
    // The request's span (active here): the upstream's server span becomes its child.
    traceContext: activeContext(),
  });
  // The query goes upstream exactly as the client sent it.
  const queryAt = request.url.indexOf('?');
  try {
    const response = await pools.send(origin, {
      method: request.method,
      path: queryAt === -1 ? dest : dest + request.url.slice(queryAt),
      headers,
      body: (Buffer.isBuffer(body) || body instanceof LimitedBody) && request.method !== 'GET' && request.method !== 'HEAD' ? body : undefined,
    });
    return reply.code(response.statusCode).headers(response.headers).send(response.body);
  } catch (error) {
    if (body instanceof LimitedBody && body.exceeded) return reply.code(413).send(errorBody('payload_too_large', copy.errors.payloadTooLarge));
    const timedOut = error instanceof UpstreamError && error.timedOut;
    request.log.warn({ err: error, service: row.service }, 'upstream unavailable');
    return reply.code(timedOut ? 504 : 503).send(errorBody('unavailable', copy.errors.unavailable));
  } finally {
    if (refreshAfter) sessions.invalidate(refreshAfter);
  }
}

/**
 * The headers sent upstream: the client's, except {@link NOT_FORWARDED}; the cookie only to workspaces-auth;
 * our bearer token; the request id; the trace context of the gateway's span (`traceparent`, `tracestate`;
 * the client's are replaced); and `X-Forwarded-*` set to what the gateway determined: `X-Forwarded-For` is
 * exactly `request.ip` (one address; the services trust one hop, the gateway, and so see it as
 * `request.ip`), `-Proto`/`-Host` are `request.protocol`/`request.host`. Fastify believes the client's
 * `X-Forwarded-*` only as far as `trustProxy` says. Built as one new object (no `delete`: it is the hot path).
 */
export function upstreamHeaders(
  request: FastifyRequest,
  settings: { accessToken: string | null; keepCookie: boolean; traceContext: Context },
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const incoming = request.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    if (name === 'cookie' && !settings.keepCookie) continue;
    out[name] = value;
  }
  if (settings.accessToken) out.authorization = `Bearer ${settings.accessToken}`;
  out['x-request-id'] = request.id;
  injectTraceHeaders(out, settings.traceContext);
  out['x-forwarded-for'] = request.ip;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  if (request.hostOrganizationId !== undefined) out[HOST_ORGANIZATION_HEADER] = String(request.hostOrganizationId);
  return out;
}

/** True when `baseUrl`'s `/healthz` answers 2xx within {@link READINESS_TIMEOUT_MS}. */
async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
