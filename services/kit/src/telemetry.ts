/**
 * Tracing (ARCHITECTURE §4 "Observability", docs/architecture.md §7): OpenTelemetry spans from the gateway to a service,
 * into the outbox, across the bus and into the consumer, with the W3C `traceparent` carried in HTTP headers
 * and in the event envelope.
 *
 * Decisions:
 * - **One tracer provider per service** (and one for the gateway), each with its own resource
 *   `service.name` (`OTEL_SERVICE_NAME`, default the service's name). In embedded mode several services share
 *   one process; a provider each keeps their spans apart exactly as in one-node mode or Kubernetes (a tracing
 *   backend groups spans by the resource's `service.name`, never by a span attribute). No provider is
 *   registered globally: the kit hands each service's tracer to what needs it (`ctx.telemetry.tracer`).
 * - What IS process-wide, and registered once by {@link createTelemetry}: the AsyncLocalStorage context
 *   manager (the active span follows `await`s) and the W3C trace-context propagator (used by `@fastify/otel`
 *   to read an incoming `traceparent`). A context manager or propagator registered earlier (an operator's
 *   preloaded OpenTelemetry SDK) is kept.
 * - **Export** by OTLP/HTTP (JSON, BatchSpanProcessor) only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; tests
 *   inject their own span processors (`SimpleSpanProcessor(new InMemorySpanExporter())`). With neither, the
 *   provider has no processor and samples `ParentBased(AlwaysOff)`: root spans are non-recording (ids only, no
 *   attributes kept), yet trace ids still flow through headers, envelopes and logs, and a trace that arrives
 *   sampled from upstream stays sampled downstream.
 *   With an exporter the sampler comes from `OTEL_TRACES_SAMPLER` (default `parentbased_always_on`).
 *   The AsyncLocalStorage context manager stays on either way (without it trace ids would not cross a
 *   service that does not export, and logs would lose them); on Node 20 it costs a little on every async
 *   step, within noise on a request that writes to the database (measured while building this).
 * - HTTP server spans come from `@fastify/otel` (see {@link registerTracing}), registered before any route,
 *   with lifecycle-hook spans off (one request span and one handler span per request) — when something records
 *   them. When nothing does, handlers run in a non-recording span context of the incoming trace
 *   ({@link requestContext}): the plugin's per-request work cost more than the ids it carried.
 * - Spans that continue a trace from a carrier (a consumer from its envelope, a run from its row) always
 *   start from {@link contextFromTraceparent} (the root context plus the remote parent), never from the
 *   active context: background loops are kicked from inside requests and would otherwise inherit them.
 */
import {
  context as contextApi,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  isSpanContextValid,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { parseTraceParent, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  RandomIdGenerator,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Span as SdkSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { ZodFastify } from './http';

export { SpanKind };
export type { Attributes, Context, Link, Span, SpanProcessor, Tracer };

/** Options of {@link createTelemetry}. */
export interface TelemetryOptions {
  /** The resource's `service.name` (`OTEL_SERVICE_NAME`, default the service's name). */
  serviceName: string;
  /**
   * `OTEL_EXPORTER_OTLP_ENDPOINT`, e.g. `http://otel-collector:4318`: spans are POSTed (OTLP/HTTP, JSON) to
   * `<endpoint>/v1/traces` (an endpoint already ending in `/v1/traces` is used as is). Unset: no exporter.
   */
  otlpEndpoint?: string;
  /**
   * Span processors to add (tests: `new SimpleSpanProcessor(new InMemorySpanExporter())`). They stay the
   * caller's: {@link Telemetry.shutdown} flushes them but never shuts them down, so one processor can be
   * shared by every service of an embedded product.
   */
  spanProcessors?: readonly SpanProcessor[];
}

/** One service's tracing. */
export interface Telemetry {
  /** The resource's `service.name`. */
  readonly serviceName: string;
  /** True when spans go somewhere (an OTLP endpoint or an injected processor); false: near-zero cost. */
  readonly recording: boolean;
  /** The service's tracer (scope `@formloom/kit`). */
  readonly tracer: Tracer;
  /** The service's provider (for `@fastify/otel`; a service seldom needs it). */
  readonly provider: BasicTracerProvider;
  /** Exports what is buffered, then stops the exporter (injected processors are only flushed). Idempotent. */
  shutdown(): Promise<void>;
}

let globalsRegistered = false;

const ids = new RandomIdGenerator();

/**
 * The context a request is handled in when nothing records (see {@link registerTracing}): a non-recording
 * span of the request's own (new span id) in the trace of the incoming W3C `traceparent`/`tracestate`
 * (its flags kept), or in a new trace, not sampled, when the request carries none or a malformed one.
 * What `@fastify/otel` gives a request under `ParentBased(AlwaysOff)`, without its per-request work.
 */
export function requestContext(headers: IncomingHttpHeaders): Context {
  const parent = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, headers));
  const spanContext: SpanContext =
    parent && isSpanContextValid(parent)
      ? { traceId: parent.traceId, spanId: ids.generateSpanId(), traceFlags: parent.traceFlags, traceState: parent.traceState }
      : { traceId: ids.generateTraceId(), spanId: ids.generateSpanId(), traceFlags: TraceFlags.NONE };
  return trace.setSpan(ROOT_CONTEXT, trace.wrapSpanContext(spanContext));
}

/**
 * Propagation only, for a service that exports nothing: each route handler (except `config: { otel: false }`)
 * runs in {@link requestContext}, so trace ids still reach logs, upstream calls and events. At 1,000
 * requests/s `@fastify/otel` cost the gateway ~0.06 ms of CPU per request even though none of its spans were
 * recorded (docs/benchmarks.md §6b).
 */
function registerPropagation(app: ZodFastify): void {
  app.addHook('onRoute', (route) => {
    if ((route.config as { otel?: boolean } | undefined)?.otel === false) return;
    const handler = route.handler as (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = function handleInRequestContext(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      return contextApi.with(requestContext(request.headers), handler, this, request, reply);
    } as typeof route.handler;
  });
}

/**
 * Registers, once per process, the AsyncLocalStorage context manager and the W3C trace-context propagator
 * as the OpenTelemetry API's globals (kept when someone registered theirs first).
 */
function registerGlobals(): void {
  if (globalsRegistered) return;
  globalsRegistered = true;
  const manager = new AsyncLocalStorageContextManager();
  if (contextApi.setGlobalContextManager(manager)) manager.enable();
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** A processor owned by someone else: shutting the provider down only flushes it. */
class BorrowedSpanProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor) {}

  onStart(span: SdkSpan, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }

  onEnding(span: SdkSpan): void {
    this.inner.onEnding?.(span);
  }

  onEnd(span: ReadableSpan): void {
    this.inner.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.inner.forceFlush();
  }
}

/** `<endpoint>/v1/traces` (the OTLP/HTTP traces path), unless the endpoint already names it. */
export function otlpTracesUrl(endpoint: string): string {
  const trimmed = endpoint.replace(/\/+$/, '');
  return trimmed.endsWith('/v1/traces') ? trimmed : `${trimmed}/v1/traces`;
}

/**
 * Creates a service's tracing (see the module doc): a provider with the resource `service.name`, an OTLP
 * exporter when `otlpEndpoint` is set, the injected processors. Nothing is exported until a span ends.
 */
export function createTelemetry(options: TelemetryOptions): Telemetry {
  registerGlobals();
  const processors: SpanProcessor[] = (options.spanProcessors ?? []).map((p) => new BorrowedSpanProcessor(p));
  if (options.otlpEndpoint) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: otlpTracesUrl(options.otlpEndpoint) })));
  }
  const recording = processors.length > 0;
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName, 'service.namespace': 'formloom' }),
    ),
    spanProcessors: processors,
    ...(recording ? {} : { sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) }),
  });
  let stopped: Promise<void> | undefined;
  return {
    serviceName: options.serviceName,
    recording,
    tracer: provider.getTracer('@formloom/kit'),
    provider,
    shutdown: () => (stopped ??= provider.shutdown().catch(() => undefined)),
  };
}

/**
 * When `telemetry` records (an exporter or injected processors): registers `@fastify/otel` on `app` bound to
 * `telemetry`'s provider: a SERVER span per request (named
 * `<METHOD> <route pattern>`, parent read from the incoming `traceparent`) and a child span `handler <route
 * pattern>` around the route handler (it also carries the active context into handlers that run after the
 * body was read, so spans they start are children of the request); no lifecycle-hook spans. Must be awaited before any route is added. A route opts out with
 * `config: { otel: false }` (health probes and `/metrics` do).
 *
 * Why `@fastify/otel` works with a provider per app: it takes its tracer from the instrumentation object
 * (`setTracerProvider`), one per app, and only uses the process-wide context manager and propagator.
 * When nothing records: propagation only ({@link requestContext}), the same trace ids at a fraction of the
 * cost.
 */
export async function registerTracing(app: ZodFastify, telemetry: Telemetry): Promise<void> {
  if (!telemetry.recording) {
    registerPropagation(app);
    return;
  }
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span, request) => {
      if (span.isRecording()) span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
    },
    // The handler span would be named after the handler function (often an anonymous plugin's source).
    lifecycleHook: (span, info) => {
      if (span.isRecording()) span.updateName(`${info.hookName} ${info.request.routeOptions.url ?? 'unmatched'}`);
    },
  });
  instrumentation.setTracerProvider(telemetry.provider);
  await app.register(instrumentation.plugin());
}

/** The W3C `traceparent` of `spanContext` (`00-<trace id>-<span id>-<flags>`), or undefined when invalid. */
export function formatTraceparent(spanContext: SpanContext | undefined): string | undefined {
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00';
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/** The current context (carries the active span), to hand to a callback that runs elsewhere. */
export function activeContext(): Context {
  return contextApi.active();
}

/** The `traceparent` of the span active in `ctx` (default: the current context), or undefined. */
export function currentTraceparent(ctx: Context = contextApi.active()): string | undefined {
  return formatTraceparent(trace.getSpan(ctx)?.spanContext());
}

/** The remote span context a `traceparent` names, or undefined when it is missing or malformed. */
export function spanContextFromTraceparent(traceparent: string | null | undefined): SpanContext | undefined {
  if (!traceparent) return undefined;
  const parsed = parseTraceParent(traceparent);
  return parsed && isSpanContextValid(parsed) ? { ...parsed, isRemote: true } : undefined;
}

/**
 * The root context with `traceparent`'s span as remote parent: start a span in it to continue that trace.
 * A missing or malformed `traceparent` gives the root context (the span starts a new trace).
 */
export function contextFromTraceparent(traceparent: string | null | undefined): Context {
  const parent = spanContextFromTraceparent(traceparent);
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/**
 * Writes the trace headers (`traceparent`, and `tracestate` when there is one) of the span active in `ctx`
 * (default: the current context) into `headers`, replacing any there; returns `headers`. For outgoing
 * internal HTTP calls.
 */
export function injectTraceHeaders<T extends Record<string, unknown>>(headers: T, ctx: Context = contextApi.active()): T {
  const record = headers as Record<string, unknown>;
  delete record.traceparent;
  delete record.tracestate;
  const spanContext = trace.getSpan(ctx)?.spanContext();
  const traceparent = formatTraceparent(spanContext);
  if (traceparent) {
    record.traceparent = traceparent;
    const state = spanContext?.traceState?.serialize();
    if (state) record.tracestate = state;
  }
  return headers;
}

/**
 * Runs `fn` in a new active span (`parent` context, default the current one); the span ends when `fn`
 * settles, with status ERROR and the exception recorded when it throws (the error is rethrown).
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; links?: Link[]; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(name, { kind: options.kind, attributes: options.attributes, links: options.links }, options.parent);
  const ctx = trace.setSpan(options.parent ?? contextApi.active(), span);
  try {
    return await contextApi.with(ctx, () => fn(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks `span` failed: status ERROR with the error's message, and the exception recorded. */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  const message = error instanceof Error ? error.message : String(error);
  span.recordException(error instanceof Error ? error : message);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
