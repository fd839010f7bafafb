/**
 * A typed client of another service's `internal` endpoints (docs/architecture.md §4 "Endpoint catalogue"): the
 * URL comes from the catalogue endpoint (`pathOf`), the shared `x-internal-token` and the current trace context
 * travel as headers, the body is JSON, the answer is parsed with the endpoint's success schema.
 *
 * Outcomes: the parsed success body; `{ status, error }` for an answer in the error format with a 4xx status
 * (the caller decides what a 404 means to it); a `unavailable` {@link DomainError} (503) for everything that says
 * the callee cannot answer now — not configured, unreachable, too slow, a 5xx, or a body that does not parse.
 */
import type { BodyInputOf, Endpoint, ParamsInputOf, QueryInputOf, ResponseOf } from '@formloom/contracts/api/endpoint';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { ErrorBody } from '@formloom/contracts/errors';
import { unavailable } from './errors';
import { injectTraceHeaders } from './telemetry';

/** Options of {@link createInternalClient}. */
export interface InternalClientOptions {
  /** The callee's base URL (`<CALLEE>_URL`, e.g. `FLOWS_URL`); undefined → every call answers 503. */
  baseUrl: string | undefined;
  /** The shared internal token (`INTERNAL_TOKEN`). */
  token: string | undefined;
  /** Abort a call after this many ms. */
  timeoutMs: number;
  /** Where failures are logged. */
  log: { warn(context: object, message?: string): void };
}

/** What a call takes: the endpoint's path parameters, query and body (as a caller gives them). */
export interface InternalCallInput<E extends Endpoint> {
  params?: ParamsInputOf<E>;
  query?: QueryInputOf<E>;
  body?: BodyInputOf<E>;
}

/** A refusal in the error format: its status (4xx) and body. */
export interface InternalRefusal {
  status: number;
  error: ErrorBody['error'];
}

/** The outcome of a call: `{ ok: true, data }` or `{ ok: false, refusal }`. */
export type InternalResult<E extends Endpoint> = { ok: true; data: ResponseOf<E> } | { ok: false; refusal: InternalRefusal };

/** A client of one service's internal endpoints. */
export interface InternalClient {
  /**
   * Calls `endpoint` (an `internal` endpoint of the catalogue).
   * @throws DomainError `unavailable` (503) when the callee cannot answer now (see the module doc).
   */
  call<E extends Endpoint>(endpoint: E, input?: InternalCallInput<E>): Promise<InternalResult<E>>;
}

/** Builds an {@link InternalClient} over global fetch. */
export function createInternalClient(options: InternalClientOptions): InternalClient {
  return {
    async call(endpoint, input = {}) {
      if (!options.baseUrl || !options.token) {
        options.log.warn({ endpoint: endpoint.id }, 'the callee URL or INTERNAL_TOKEN is not set');
        throw unavailable();
      }
      const url = new URL(pathOf(endpoint, (input.params ?? {}) as Record<string, string | number>), options.baseUrl);
      for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: options.token, accept: 'application/json' };
      if (input.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(url, {
          method: endpoint.method,
          headers: injectTraceHeaders(headers),
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        options.log.warn({ err: error, endpoint: endpoint.id }, 'internal call failed');
        throw unavailable();
      }
      const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
      if (response.status >= 400 && response.status < 500) {
        const refusal = ErrorBody.safeParse(json);
        if (refusal.success) return { ok: false, refusal: { status: response.status, error: refusal.data.error } };
      }
      const schema = endpoint.responses[endpoint.successStatus]?.schema;
      const parsed = response.status === endpoint.successStatus && schema ? schema.safeParse(json) : undefined;
      if (!parsed?.success) {
        options.log.warn({ status: response.status, endpoint: endpoint.id }, 'internal call answered unexpectedly');
        throw unavailable();
      }
      return { ok: true, data: parsed.data as ResponseOf<typeof endpoint> };
    },
  };
}
