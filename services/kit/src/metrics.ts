/**
 * Prometheus metrics (ARCHITECTURE §4 "Observability", docs/architecture.md §7), served as text at `GET /metrics` by every
 * service and by the gateway. The names are the ones agreed with the runbooks (docs/runbooks/) (runbooks, alerts and dashboards use
 * them); every series carries the label `service`:
 *
 * | metric | type | labels | what |
 * | --- | --- | --- | --- |
 * | `formloom_http_requests_total` | counter | method, route, status_code | requests answered (RED: rate, errors) |
 * | `formloom_http_request_duration_seconds` | histogram | method, route, status_code | time to answer (RED: duration) |
 * | `formloom_outbox_backlog_events` | gauge | | outbox rows not yet published (read at scrape) |
 * | `formloom_outbox_oldest_event_age_seconds` | gauge | | age of the oldest unpublished row (0 when none) |
 * | `formloom_outbox_published_total` | counter | | events the relay published (committed batches) |
 * | `formloom_consumer_events_total` | counter | group, type, outcome | events handled: processed, duplicate (inbox hit), failed (will be redelivered) |
 * | `formloom_consumer_lag_events` | gauge | group, type | events the service's group has not acknowledged (read at scrape from the bus) |
 * | `formloom_bus_dead_letters_total` | counter | type | events the bus moved to its dead letters |
 * | `formloom_process_*`, `formloom_nodejs_*` | prom-client defaults | | the process (CPU, memory, event loop lag, GC) |
 *
 * The workflows-engine adds `formloom_workflow_runs_total{outcome}` and
 * `formloom_workflow_run_duration_seconds{outcome}` to its registry (`services/workflows-engine/src/metrics.ts`).
 *
 * Decisions:
 * - A {@link Registry} per service, never prom-client's global one: in embedded mode several services share
 *   one process, each with its own `/metrics`. The process metrics are collected ONCE per process (one event
 *   loop monitor, one GC observer) in a shared registry and merged into each service's exposition under its
 *   own `service` label.
 * - `route` is the route PATTERN (`request.routeOptions.url`, e.g. `/admin/flows/:publicIdentifier`), never
 *   the raw URL, so ids do not multiply series; requests that match no route are `route="unmatched"`.
 *   `/metrics` itself is neither counted nor logged below warn, and has no span.
 * - Gauges that need I/O (outbox backlog, consumer lag) are read when Prometheus scrapes, not on a timer. A
 *   read that fails or takes longer than {@link SCRAPE_READ_TIMEOUT_MS} (database or broker down) keeps the
 *   last values, and the scrape still answers at once with everything else: metrics matter most during an
 *   outage.
 * - `METRICS_ENABLED=false` removes the route and the per-request hook (no cost at all).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Re-exported so services add metrics of their own without depending on prom-client themselves.
export { Counter, Gauge, Histogram, Registry };
import type { FastifyServerOptions } from 'fastify';
import type { ConsumerLag } from './bus/types';
import { createHttpApp, type ZodFastify } from './http';

/** Where metrics are served. */
export const METRICS_PATH = '/metrics';
/** The `route` label of requests that matched no route (404s, probes of random paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** How long a scrape waits for the outbox backlog or the consumer lag, in ms. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;

/** `read()`'s value, or undefined when it fails or takes longer than {@link SCRAPE_READ_TIMEOUT_MS}. */
async function boundedRead<T>(read: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SCRAPE_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([read().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Seconds; from 1 ms (in-memory reads) to 10 s. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Label names of the RED metrics. */
type HttpLabel = 'method' | 'route' | 'status_code';

/** The metrics every HTTP app has (services and gateway). */
export interface HttpMetrics {
  /** The app's own registry (default label `service`); add service-specific metrics to it. */
  readonly registry: Registry;
  /** `formloom_http_requests_total{method,route,status_code}`. */
  readonly httpRequests: Counter<HttpLabel>;
  /** `formloom_http_request_duration_seconds{method,route,status_code}` (seconds). */
  readonly httpRequestDuration: Histogram<HttpLabel>;
  /** The exposition text (the registry plus the process metrics, all labelled `service`). */
  render(): Promise<string>;
  /** The exposition's content type (`text/plain; version=0.0.4; charset=utf-8`). */
  readonly contentType: string;
}

let processRegistry: Registry | undefined;

/** The process-wide registry of prom-client's default metrics (prefix `formloom_`), created on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'formloom_' });
  }
  return processRegistry;
}

/**
 * Creates the registry of `service` (every series labelled `service="<service>"`) with the RED metrics.
 * @param options.processMetrics include the process metrics in the exposition (default true)
 */
export function createHttpMetrics(service: string, options: { processMetrics?: boolean } = {}): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const includeProcess = options.processMetrics ?? true;
  const httpRequests = new Counter<HttpLabel>({
    name: 'formloom_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const httpRequestDuration = new Histogram<HttpLabel>({
    name: 'formloom_http_request_duration_seconds',
    help: 'Time to answer HTTP requests in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpRequestDuration,
    contentType: registry.contentType,
    async render() {
      if (!includeProcess) return registry.metrics();
      const merged = Registry.merge([registry, processMetrics()]);
      merged.setDefaultLabels({ service });
      return merged.metrics();
    },
  };
}

/** Unpublished outbox rows, as `OutboxRelay.backlog()` reports them. */
export interface OutboxBacklog {
  count: number;
  /** Age of the oldest unpublished row in ms (0 when none). */
  oldestAgeMs: number;
}

/** Options of {@link createServiceMetrics}. */
export interface ServiceMetricsOptions {
  /** The `service` label. */
  service: string;
  /** The service's consumer group (its name): lag rows of other groups on a shared bus are left out. */
  group: string;
  /** Reads the outbox backlog (on each scrape). */
  backlog(): Promise<OutboxBacklog>;
  /** Reads the consumer lag from the bus (on each scrape); absent when the adapter cannot. */
  lag?(): Promise<readonly ConsumerLag[]>;
  /** Include the process metrics (default true). */
  processMetrics?: boolean;
}

/** A service's metrics: the RED metrics plus outbox, consumer and bus metrics. */
export interface ServiceMetrics extends HttpMetrics {
  /** `formloom_outbox_published_total`. */
  readonly outboxPublished: Counter;
  /** `formloom_consumer_events_total{group,type,outcome}`; outcome = processed | duplicate | failed. */
  readonly consumerEvents: Counter<'group' | 'type' | 'outcome'>;
  /** `formloom_bus_dead_letters_total{type}`. */
  readonly busDeadLetters: Counter<'type'>;
}

/** Creates a service's metrics (see the module doc); the gauges read `backlog` and `lag` when scraped. */
export function createServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const http = createHttpMetrics(options.service, { processMetrics: options.processMetrics });
  const { registry } = http;

  // Both outbox gauges come from one query per scrape (the registry collects them concurrently).
  let sample: Promise<OutboxBacklog | undefined> | undefined;
  const sampleBacklog = (): Promise<OutboxBacklog | undefined> =>
    (sample ??= boundedRead(() => options.backlog()).finally(() => {
      sample = undefined;
    }));
  new Gauge({
    name: 'formloom_outbox_backlog_events',
    help: 'Outbox rows not yet published to the bus.',
    registers: [registry],
    async collect() {
      const backlog = await sampleBacklog();
      if (backlog) this.set(backlog.count);
    },
  });
  new Gauge({
    name: 'formloom_outbox_oldest_event_age_seconds',
    help: 'Age in seconds of the oldest outbox row not yet published (0 when none).',
    registers: [registry],
    async collect() {
      const backlog = await sampleBacklog();
      if (backlog) this.set(backlog.oldestAgeMs / 1000);
    },
  });
  new Gauge<'group' | 'type'>({
    name: 'formloom_consumer_lag_events',
    help: "Events not yet acknowledged by the service's consumer group, by event type.",
    labelNames: ['group', 'type'],
    registers: [registry],
    async collect() {
      const { lag } = options;
      if (!lag) return;
      const rows = await boundedRead(() => lag());
      if (!rows) return;
      this.reset();
      for (const row of rows) {
        if (row.group === options.group) this.set({ group: row.group, type: row.type }, row.lag);
      }
    },
  });
  return {
    ...http,
    outboxPublished: new Counter({
      name: 'formloom_outbox_published_total',
      help: 'Events the outbox relay published to the bus.',
      registers: [registry],
    }),
    consumerEvents: new Counter({
      name: 'formloom_consumer_events_total',
      help: 'Events handled by consumers, by group, type and outcome (processed, duplicate, invalid: skipped as unparsable, failed).',
      labelNames: ['group', 'type', 'outcome'],
      registers: [registry],
    }),
    busDeadLetters: new Counter({
      name: 'formloom_bus_dead_letters_total',
      help: 'Events the bus moved to its dead letters, by type.',
      labelNames: ['type'],
      registers: [registry],
    }),
  };
}

/**
 * Installs the RED hook (every response except `/metrics`, labelled with the route pattern) and
 * `GET /metrics` on `app`; does nothing when `enabled` is false. Call it on the root instance, before the
 * routes (the hook then covers every route, including 404s). Services serve `/metrics` on their own port,
 * which the gateway never routes; the gateway counts with {@link countRequests} and serves its metrics on a
 * separate port with {@link createMetricsApp}.
 */
export function registerMetrics(app: ZodFastify, metrics: HttpMetrics, options: { enabled: boolean }): void {
  if (!options.enabled) return;
  countRequests(app, metrics);
  serveMetrics(app, metrics);
}

/** Installs only the RED hook of {@link registerMetrics} on `app` (its requests are counted in `metrics`). */
export function countRequests(app: ZodFastify, metrics: HttpMetrics): void {
  const { httpRequests, httpRequestDuration } = metrics;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH) {
      const labels = { method: request.method, route, status_code: reply.statusCode };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });
}

/** Installs only `GET /metrics` (the exposition of `metrics`) on `app`. */
export function serveMetrics(app: ZodFastify, metrics: HttpMetrics): void {
  app.get(METRICS_PATH, { logLevel: 'warn', config: { otel: false } }, async (_request, reply) => {
    const text = await metrics.render();
    return reply.type(metrics.contentType).send(text);
  });
}

/**
 * A separate HTTP app that serves only `GET /metrics` (the exposition of `metrics`) and the error format's 404
 * for anything else: for a process whose main port is public (the gateway), so that its metrics are on a port
 * that no Ingress routes (`METRICS_PORT`). Not listening: call `listen` (and `close`).
 * @param options.name the log's `service` field (e.g. `gateway-metrics`); `options.logger` as `createHttpApp`'s.
 */
export async function createMetricsApp(
  metrics: HttpMetrics,
  options: { name: string; logLevel: string; logger?: FastifyServerOptions['logger'] },
): Promise<ZodFastify> {
  const app = createHttpApp({ name: options.name, logLevel: options.logLevel, trustProxy: false, logger: options.logger });
  serveMetrics(app, metrics);
  await app.ready();
  return app;
}
