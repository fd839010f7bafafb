/**
 * The gateway's reverse proxy (docs/architecture.md §6): one undici `Pool` per upstream service and one
 * request per proxied call, written on undici's `dispatch` handler interface.
 *
 * `@fastify/http-proxy` still registers the routes and computes the upstream path (`app.ts`); this module
 * replaces only its transport, `@fastify/reply-from`, which cost the gateway three to four times what the
 * upstream spent on the same request at 1,000 requests/s (docs/benchmarks.md §6b) — a Readable per response
 * piped into the reply, and per-request option merging. It keeps only what the gateway needs:
 *
 * - the method, path and query go upstream unchanged; the request body (already read and size-limited by the
 *   gateway) is sent as one buffer — an upload's body as the stream it arrives as;
 * - the upstream's status and headers come back without hop-by-hop headers (RFC 9110 §7.6.1); the body is
 *   collected and sent in one write when it is small (every JSON answer), and streamed otherwise (exports,
 *   files: more than {@link BUFFERED_RESPONSE_MAX_BYTES}, or no `Content-Length`) at the client's pace; when
 *   the client goes away the upstream request is aborted, so the service stops writing (an export stops
 *   reading) at once — a paused request is never timed out by undici, and would hold its upstream connection
 *   (and the gateway's shutdown) for good;
 * - an upstream that cannot be reached (refused, reset before an answer) gives {@link UpstreamError} with
 *   `timedOut: false`; one that sends no headers within {@link UPSTREAM_HEADERS_TIMEOUT_MS}, `timedOut: true`.
 *   The caller maps them to 503 / 504 in the error format.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

/**
 * How long the gateway waits for an upstream's response headers (ms). Above the services' own whole-request
 * timeout (`HTTP_REQUEST_TIMEOUT_MS` of contracts' limits), so a service answers its own 408 first.
 */
export const UPSTREAM_HEADERS_TIMEOUT_MS = 60_000;

/** Longest pause between two chunks of an upstream's body (ms) before the answer is cut off. */
export const UPSTREAM_BODY_TIMEOUT_MS = 60_000;

/** Bodies with a `Content-Length` up to this many bytes are collected and sent in one write. */
export const BUFFERED_RESPONSE_MAX_BYTES = 256 * 1024;

/** Keep-alive connections per upstream at most. */
const CONNECTIONS_PER_UPSTREAM = 128;

/** Response headers that describe one hop, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** An upstream did not answer: unreachable or reset (`timedOut` false), or no headers in time (true). */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly timedOut: boolean,
    options: { cause: unknown },
  ) {
    super(timedOut ? 'the upstream did not answer in time' : 'the upstream could not be reached', options);
  }
}

/** One upstream answer: status, headers (hop-by-hop removed) and the body, whole or as a stream. */
export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** The whole body (small answers) or a stream of it. */
  body: Buffer | NodeJS.ReadableStream;
}

/** One request to send upstream. */
export interface UpstreamRequest {
  method: string;
  /** Path and query, as the client sent them (`/public/flows/abc/submit?x=1`). */
  path: string;
  headers: IncomingHttpHeaders;
  /**
   * The body to send (absent for GET/HEAD and bodiless requests): the whole body, or a stream (an upload's
   * multipart body, sent chunked as it arrives).
   */
  body?: Buffer | Readable;
}

/** Options of {@link UpstreamPools} (tests shorten the timeouts). */
export interface UpstreamPoolOptions {
  /** Default {@link UPSTREAM_HEADERS_TIMEOUT_MS}. */
  headersTimeoutMs?: number;
  /** Default {@link UPSTREAM_BODY_TIMEOUT_MS}. */
  bodyTimeoutMs?: number;
}

/** The gateway's connection pools, one per upstream origin. */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();
  private readonly headersTimeout: number;
  private readonly bodyTimeout: number;

  constructor(options: UpstreamPoolOptions = {}) {
    this.headersTimeout = options.headersTimeoutMs ?? UPSTREAM_HEADERS_TIMEOUT_MS;
    this.bodyTimeout = options.bodyTimeoutMs ?? UPSTREAM_BODY_TIMEOUT_MS;
  }

  /**
   * Sends `request` to `origin` (`http://host:port`) and resolves with its answer once the headers arrived
   * (small bodies: once the whole body arrived).
   * @throws UpstreamError when the upstream cannot be reached or does not answer in time.
   */
  send(origin: string, request: UpstreamRequest): Promise<UpstreamResponse> {
    const pool = this.pool(origin);
    return new Promise((resolve, reject) => {
      pool.dispatch(
        {
          origin,
          method: request.method as Dispatcher.HttpMethod,
          path: request.path,
          headers: request.headers as Record<string, string | string[]>,
          body: request.body,
          headersTimeout: this.headersTimeout,
          bodyTimeout: this.bodyTimeout,
        },
        new ResponseCollector(resolve, reject),
      );
    });
  }

  /** Closes every pool (waits for requests in flight). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: CONNECTIONS_PER_UPSTREAM, pipelining: 1 });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}

/**
 * undici's dispatch handler for one response (the `onRequestStart`/`onResponseStart` interface of undici 7):
 * collects a small body, or streams a large one through a PassThrough it resolves with at once.
 */
class ResponseCollector implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: Record<string, string | string[]> = {};
  private chunks: Buffer[] | null = null;
  private stream: PassThrough | null = null;
  private settled = false;
  /** The upstream's body ended (or failed): nothing left to abort. */
  private ended = false;

  constructor(
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Present so that undici takes this for a handler of its current interface (nothing to do here). */
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // 1xx informational answers (103 Early Hints) are not passed on; the final answer follows.
    if (statusCode < 200) return;
    this.statusCode = statusCode;
    const kept: Record<string, string | string[]> = {};
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
    }
    this.headers = kept;
    const length = Number(headers['content-length']);
    if (Number.isFinite(length) && length <= BUFFERED_RESPONSE_MAX_BYTES) {
      this.chunks = [];
      return;
    }
    // Large or of unknown length: stream it (with its Content-Length when known; chunked otherwise).
    const stream = new PassThrough();
    stream.on('drain', () => controller.resume());
    // Closed before the upstream's end: the client went away (the reply destroys the stream). Abort upstream.
    stream.on('close', () => {
      if (!this.ended) controller.abort(new Error('the client went away'));
    });
    this.stream = stream;
    this.settle(() => this.resolve({ statusCode, headers: kept, body: stream }));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) {
      this.chunks.push(chunk);
    } else if (this.stream && !this.stream.write(chunk)) {
      controller.pause();
    }
  }

  onResponseEnd(): void {
    this.ended = true;
    if (this.stream) {
      this.stream.end();
      return;
    }
    const chunks = this.chunks ?? [];
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.settle(() => this.resolve({ statusCode: this.statusCode, headers: this.headers, body }));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.ended = true;
    if (this.stream) {
      // Headers already went to the client: cut the answer off.
      this.stream.destroy(error);
      return;
    }
    const code = (error as { code?: string }).code;
    this.settle(() => this.reject(new UpstreamError(code === 'UND_ERR_HEADERS_TIMEOUT', { cause: error })));
  }

  private settle(action: () => void): void {
    if (this.settled) return;
    this.settled = true;
    action();
  }
}
