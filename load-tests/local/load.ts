/**
 * The load generator of the local load test: HTTP requests with an undici `Pool` (keep-alive connections,
 * optional HTTP/1.1 pipelining), in one of two models:
 *
 * - **arrival rate** (`rate` set): requests start on a fixed schedule, `rate` per second, whatever the answers
 *   do (an open model, as k6's constant-arrival-rate). At most `concurrency` requests are in flight; a
 *   request due while all are busy is not sent and counted as `dropped` (k6's `dropped_iterations`): the
 *   planned rate was not reached.
 * - **max throughput** (`rate` unset): `concurrency` loops each send the next request as soon as the previous
 *   answered (a closed model): the figure is the most the system accepts with that many requests in flight.
 *
 * Latency is measured per request from the moment it is handed to the pool to the end of the response body.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { Samples } from './stats';

/** What one load phase does. */
export interface LoadOptions {
  /** Origin of the gateway, e.g. `http://127.0.0.1:8080`. */
  origin: string;
  /** Path of every request, e.g. `/public/flows/abc/submissions`. */
  path: string;
  /** The JSON body of request number `index` (0-based, unique within the phase). */
  body(index: number): string;
  /** How long to send (s). */
  durationS: number;
  /** Requests per second (arrival-rate model); unset = max throughput with `concurrency` loops. */
  rate?: number;
  /** Most requests in flight (arrival rate) or number of loops (max throughput). */
  concurrency: number;
  /** HTTP/1.1 pipelining depth per connection (1 = none). */
  pipelining: number;
  /** Connections of the pool (default: `concurrency` / `pipelining`, at least 1). */
  connections?: number;
  /** Request timeout (ms; default 30 000). */
  timeoutMs?: number;
  /** First request index (so two phases do not repeat bodies). */
  firstIndex?: number;
}

/** What a load phase measured. */
export interface LoadResult {
  /** Requests sent (answered or failed). */
  sent: number;
  /** Answers with status 201. */
  accepted: number;
  /** Answers with any other status, and transport errors. */
  failed: number;
  /** Requests due but not sent because `concurrency` were in flight (arrival-rate model only). */
  dropped: number;
  /** Number of answers per status code; transport errors under `error:<code>`. */
  statuses: Record<string, number>;
  /** Latency of each 201 answer (ms). */
  latencies: Float64Array;
  /** Wall-clock start and end of the phase (ms since the epoch), and its measured length (s). */
  startedAt: number;
  endedAt: number;
  elapsedS: number;
  /** The first few failures, for the report. */
  sampleErrors: string[];
}

/** Runs one load phase; resolves once every request sent has answered or failed. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pipelining = Math.max(1, options.pipelining);
  const connections = options.connections ?? Math.max(1, Math.ceil(options.concurrency / pipelining));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pool = new Pool(options.origin, {
    connections,
    pipelining,
    keepAliveTimeout: 60_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const latencies = new Samples();
  const statuses: Record<string, number> = {};
  const sampleErrors: string[] = [];
  let index = options.firstIndex ?? 0;
  let sent = 0;
  let accepted = 0;
  let failed = 0;
  let dropped = 0;
  let inFlight = 0;

  const one = async (): Promise<void> => {
    const body = options.body(index++);
    sent += 1;
    inFlight += 1;
    const start = performance.now();
    try {
      const response = await pool.request({
        origin: options.origin,
        method: 'POST',
        path: options.path,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      const text = response.statusCode === 201 ? (await response.body.dump(), '') : await response.body.text();
      const ms = performance.now() - start;
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode === 201) {
        accepted += 1;
        latencies.push(ms);
      } else {
        failed += 1;
        if (sampleErrors.length < 5) sampleErrors.push(`${response.statusCode}: ${text.slice(0, 300)}`);
      }
    } catch (error) {
      failed += 1;
      const code = (error as { code?: string }).code ?? 'unknown';
      statuses[`error:${code}`] = (statuses[`error:${code}`] ?? 0) + 1;
      if (sampleErrors.length < 5) sampleErrors.push(String(error));
    } finally {
      inFlight -= 1;
    }
  };

  const startedAt = Date.now();
  const t0 = performance.now();
  const endAt = t0 + options.durationS * 1000;
  const pending = new Set<Promise<void>>();
  const launch = () => {
    const promise = one();
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };

  if (options.rate !== undefined) {
    const rate = options.rate;
    let due = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const elapsed = Math.min(now, endAt) - t0;
        const target = Math.floor((elapsed / 1000) * rate);
        while (due < target) {
          due += 1;
          if (inFlight >= options.concurrency) dropped += 1;
          else launch();
        }
        if (now >= endAt) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
  } else {
    const loop = async () => {
      while (performance.now() < endAt) await one();
    };
    await Promise.all(Array.from({ length: options.concurrency }, loop));
  }
  const elapsedS = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const endedAt = Date.now();
  await pool.close();
  return {
    sent,
    accepted,
    failed,
    dropped,
    statuses,
    latencies: latencies.values(),
    startedAt,
    endedAt,
    elapsedS,
    sampleErrors,
  };
}
