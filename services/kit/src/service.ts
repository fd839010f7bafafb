/**
 * `createService` gives every Formloom service the same skeleton (ARCHITECTURE §2): configuration parsed by
 * zod, Fastify 5 with the zod type provider, pino, `/healthz` and `/readyz`, the one error format, JWT
 * verification, the database with migrations applied at start, the outbox relay, the bus, and idempotent
 * consumers. All adapters are chosen by configuration; the service code is the same in every mode.
 * Telemetry (issue 3 §4): OpenTelemetry spans for requests (`@fastify/otel`), outbox emits, relay batches
 * and consumed events (see `telemetry.ts`), and Prometheus metrics at `GET /metrics` (see `metrics.ts`).
 */
import type { JSONWebKeySet } from 'jose';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { context as contextApi, trace } from '@opentelemetry/api';
import { createBusFromConfig } from './bus/from-config';
import type { EventBus, Subscription } from './bus/types';
import { parseConfig, type KitConfig } from './config';
import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, migrate, openDatabase, resolveDatabaseLocation, rowsOf, type DatabaseHandle, type Db, type Migration, type Tx } from './db';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { createHttpApp, isDatabaseUnavailable, type ZodFastify } from './http';
import { buildEnvelope, enqueue, inboxInsert, kitMigrations, outboxInsert, OutboxRelay, type Emit, type EventInput } from './outbox';
import { GroupCommit } from './group-commit';
import { createServiceMetrics, registerMetrics, type ServiceMetrics } from './metrics';
import {
  contextFromTraceparent,
  createTelemetry,
  failSpan,
  formatTraceparent,
  registerTracing,
  SpanKind,
  type Context,
  type SpanProcessor,
  type Telemetry,
} from './telemetry';

/** Registers a callback run once the surrounding transaction has committed (never after a rollback). */
export type OnCommit = (callback: () => void) => void;

/**
 * Runs `fn` in a transaction whose emitted events are written to the outbox and published after commit.
 * `onCommit` callbacks run after the commit (kicking a worker that should see the new rows, say).
 */
export type Transact = <T>(fn: (tx: Tx, emit: Emit, onCommit: OnCommit) => Promise<T>) => Promise<T>;

/** An event for {@link WriteWithEvents}, with the trace context it was caused in. */
export interface EventToWrite<TData = unknown> {
  event: EventInput<TData>;
  /** The context whose active span is the event's cause (default: the current one). */
  context?: Context;
}

/**
 * Runs ONE data-modifying statement (an `INSERT`/`UPDATE`/`DELETE` that ends with `RETURNING`) together with
 * the outbox rows of `events`, as one SQL statement: atomic without a transaction, in one round trip. Resolves
 * the statement's returned rows once committed; the relay is kicked. For hot write paths whose whole change
 * fits one statement (a group-committed batch of submissions); `transact` is the general form.
 * @throws the database error (nothing is written then)
 */
export type WriteWithEvents = <TRow = Record<string, unknown>>(
  statement: SQL,
  events: readonly EventToWrite[],
) => Promise<TRow[]>;

/** What a service's routes and consumers are given. */
export interface ServiceContext<TConfig> {
  name: string;
  config: KitConfig & TConfig;
  db: Db;
  transact: Transact;
  writeWithEvents: WriteWithEvents;
  bus: EventBus;
  log: ZodFastify['log'];
  /** Verifies bearer tokens (already applied to every request as `request.auth`). */
  verifyToken: TokenVerifier;
  /** The service's tracing: its tracer for spans of its own (see `telemetry.ts`). */
  telemetry: Telemetry;
  /** The service's metrics: its registry takes metrics of its own (see `metrics.ts`). */
  metrics: ServiceMetrics;
}

/** An event consumer: exactly-once effects per event id, via the inbox, in one transaction. */
export interface Consumer {
  /** Event types handled, e.g. `['form.submitted']`. */
  types: readonly string[];
  /**
   * Applies the event inside `tx`. `emit` writes follow-up events to the outbox in the same transaction;
   * `onCommit` runs a callback once it has committed. Throwing rolls back and the bus delivers the event
   * again later.
   */
  handle(event: EventEnvelope, tx: Tx, emit: Emit, onCommit: OnCommit): Promise<void>;
  /**
   * Optional, set-based: applies several new events at once inside `tx` (one statement for all, say) instead
   * of `handle` for each. Each comes with the `traceparent` of its own CONSUMER span, for what continues its
   * trace (a queued job). Throwing rolls back the batch; the kit then applies its events one by one with
   * `handle`, so only a failing event is redelivered.
   */
  handleBatch?(events: readonly ConsumedEvent[], tx: Tx, emit: Emit, onCommit: OnCommit): Promise<void>;
}

/** An event given to {@link Consumer.handleBatch}. */
export interface ConsumedEvent {
  event: EventEnvelope;
  /** The W3C traceparent of the event's CONSUMER span (`process <type>`). */
  traceparent: string | undefined;
}

/** A service's definition. */
export interface ServiceDefinition<TConfig extends z.ZodRawShape = z.ZodRawShape> {
  /** The service name: log field, consumer group, PGlite directory name. */
  name: string;
  /** The service's own environment variables. */
  config?: z.ZodObject<TConfig>;
  /** The service's SQL migrations, in order. */
  migrations: readonly Migration[];
  /** Registers routes (called once, before the app is ready). */
  routes(app: ZodFastify, ctx: ServiceContext<z.infer<z.ZodObject<TConfig>>>): Promise<void> | void;
  /** Event consumers. */
  consumers?(ctx: ServiceContext<z.infer<z.ZodObject<TConfig>>>): readonly Consumer[];
  /** Background work started by `start()` and stopped by `close()` (timers, workers). */
  workers?(ctx: ServiceContext<z.infer<z.ZodObject<TConfig>>>): readonly { start(): void; stop(): Promise<void> }[];
}

/** Options of {@link createService}. */
export interface ServiceOptions {
  /** The environment to read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** A bus to share (embedded mode: one in-process bus for every service of the process). */
  bus?: EventBus;
  /** A local JWKS instead of `AUTH_JWKS_URL` (tests; workspaces-auth itself). */
  jwks?: JSONWebKeySet;
  /** A token verifier instead of a JWKS (workspaces-auth verifies with its own keys). */
  verifyToken?: TokenVerifier;
  /** pino options or `false` (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Span processors that receive this service's spans besides the OTLP exporter (tests:
   * `SimpleSpanProcessor(new InMemorySpanExporter())`); the caller keeps them (they are flushed, never shut
   * down, by `close()`).
   */
  spanProcessors?: readonly SpanProcessor[];
}

/**
 * A built service. `start()` subscribes the consumers, then runs the relay and workers; `listen()` only opens
 * the port. When several services share an in-process bus, start consumers before producers (see
 * `scripts/src/embedded.ts`): the in-process bus does not keep events for groups that have not subscribed.
 */
export interface FormloomService<TConfig = unknown> {
  app: ZodFastify;
  ctx: ServiceContext<TConfig>;
  relay: OutboxRelay;
  database: DatabaseHandle;
  /** Starts the outbox relay, the consumers and the workers (idempotent). */
  start(): Promise<void>;
  /** Listens on HOST:PORT (background work starts with `start()`); returns the base URL. */
  listen(): Promise<string>;
  /** Stops everything and closes the database (and the bus when the service created it). */
  close(): Promise<void>;
}

const DEV_JWKS_HINT = 'AUTH_JWKS_URL is not set: every bearer token will be refused';

/**
 * Builds a service: parses config (throws ConfigError), opens the database and applies migrations, builds
 * the Fastify app with health routes, auth and the service's routes. Nothing runs in the background until
 * `start()`.
 */
export async function createService<TConfig extends z.ZodRawShape>(
  definition: ServiceDefinition<TConfig>,
  options: ServiceOptions = {},
): Promise<FormloomService<z.infer<z.ZodObject<TConfig>>>> {
  type Extra = z.infer<z.ZodObject<TConfig>>;
  const config = parseConfig(options.env ?? process.env, definition.config) as KitConfig & Extra;
  const database = await openDatabase(resolveDatabaseLocation(definition.name, config));
  try {
    await migrate(database, [...kitMigrations, ...definition.migrations]);
  } catch (error) {
    await database.close();
    throw error;
  }
  // From here on, a failure must not leave the database (or a bus this service made) open.
  const cleanups: (() => Promise<unknown>)[] = [() => database.close()];
  try {
    const app = createHttpApp({
      name: definition.name,
      logLevel: config.LOG_LEVEL,
      trustProxy: config.TRUST_PROXY,
      logger: options.logger,
    });

    const telemetry = createTelemetry({
      serviceName: config.OTEL_SERVICE_NAME ?? definition.name,
      otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
      spanProcessors: options.spanProcessors,
    });
    cleanups.push(() => telemetry.shutdown());
    // Before any route or hook: request spans cover the whole request.
    await registerTracing(app, telemetry);
    // The gauges read the relay and the bus only when scraped (both exist by then).
    const metrics = createServiceMetrics({
      service: definition.name,
      group: definition.name,
      backlog: () => relay.backlog(),
      lag: async () => (bus.lag ? bus.lag() : []),
    });
    registerMetrics(app, metrics, { enabled: config.METRICS_ENABLED });

    const ownsBus = !options.bus;
    const bus: EventBus =
      options.bus ??
      createBusFromConfig(config, app.log, {
        clientId: definition.name,
        onDeadLetter: (type) => metrics.busDeadLetters.inc({ type }),
      });
    if (ownsBus) cleanups.push(() => bus.close());
    cleanups.push(() => app.close());

    const verifyToken: TokenVerifier =
      options.verifyToken ??
      (options.jwks
        ? createTokenVerifier({ jwks: options.jwks })
        : config.AUTH_JWKS_URL
          ? createTokenVerifier({ jwksUrl: config.AUTH_JWKS_URL })
          : async () => null);
    if (!options.verifyToken && !options.jwks && !config.AUTH_JWKS_URL) app.log.warn(DEV_JWKS_HINT);

    const relay = new OutboxRelay({
      db: database.db,
      bus,
      log: app.log,
      pollMs: config.OUTBOX_POLL_MS,
      batchSize: config.OUTBOX_BATCH_SIZE,
      lingerMs: config.OUTBOX_LINGER_MS,
      telemetry,
      onPublished: (count) => metrics.outboxPublished.inc(count),
    });

    const transact: Transact = async (fn) => {
      let emitted = 0;
      const committed: (() => void)[] = [];
      const result = await database.db.transaction(async (tx) => {
        // Emitted events are written as one multi-row outbox insert when `fn` is done (one statement per
        // transaction, not per event; `seq` keeps the order they were emitted in).
        const pending: EventEnvelope[] = [];
        const emit: Emit = async <TData>(event: EventInput<TData>) => {
          // A PRODUCER span per event, child of the active span (the request, or the consumer); its context
          // travels in the envelope, so the consumer's span becomes its child across the bus.
          const span = telemetry.tracer.startSpan(`create ${event.type}`, {
            kind: SpanKind.PRODUCER,
            attributes: { 'messaging.operation.type': 'create', 'messaging.destination.name': event.type },
          });
          try {
            const envelope = buildEnvelope(event, formatTraceparent(span.spanContext()));
            if (span.isRecording()) span.setAttribute('messaging.message.id', envelope.id);
            pending.push(envelope);
            return envelope;
          } catch (error) {
            failSpan(span, error);
            throw error;
          } finally {
            span.end();
          }
        };
        const value = await fn(tx, emit, (callback) => committed.push(callback));
        await enqueue(tx, pending);
        emitted = pending.length;
        return value;
      });
      if (emitted > 0) relay.kick();
      for (const callback of committed) {
        try {
          callback();
        } catch (error) {
          app.log.error({ err: error }, 'an after-commit callback failed');
        }
      }
      return result;
    };

    const writeWithEvents: WriteWithEvents = async <TRow,>(statement: SQL, events: readonly EventToWrite[]) => {
      const envelopes = events.map(({ event, context }) => {
        // The same PRODUCER span as `emit`, child of the event's cause.
        const span = telemetry.tracer.startSpan(
          `create ${event.type}`,
          { kind: SpanKind.PRODUCER, attributes: { 'messaging.operation.type': 'create', 'messaging.destination.name': event.type } },
          context,
        );
        const envelope = buildEnvelope(event, formatTraceparent(span.spanContext()));
        if (span.isRecording()) span.setAttribute('messaging.message.id', envelope.id);
        span.end();
        return envelope;
      });
      const rows = await executePrepared<TRow>(
        database.db,
        sql`WITH written AS (${statement}), outboxed AS (${outboxInsert(envelopes)}) SELECT * FROM written`,
      );
      if (envelopes.length > 0) relay.kick();
      return rows;
    };

    const ctx: ServiceContext<Extra> = {
      name: definition.name,
      config,
      db: database.db,
      transact,
      writeWithEvents,
      bus,
      log: app.log,
      verifyToken,
      telemetry,
      metrics,
    };

    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (typeof header === 'string' && header.startsWith('Bearer ')) {
        request.auth = await verifyToken(header.slice('Bearer '.length).trim());
      }
    });

    app.get('/healthz', { logLevel: 'warn', config: { otel: false } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn', config: { otel: false } }, async (_request, reply) => {
      const checks = {
        database: await database.ping().then(() => true, () => false),
        bus: await bus.isReady().catch(() => false),
      };
      const ready = checks.database && checks.bus;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    });

    await app.register(async (scope) => {
      await definition.routes(scope as ZodFastify, ctx);
    });

    const consumers = definition.consumers?.(ctx) ?? [];
    const workers = definition.workers?.(ctx) ?? [];
    const subscriptions: Subscription[] = [];
    let started = false;
    const consumption: Consumption = { telemetry, metrics, busKind: bus.kind };

    const service: FormloomService<Extra> = {
      app,
      ctx,
      relay,
      database,
      async start() {
        if (started) return;
        started = true;
        for (const consumer of consumers) {
          subscriptions.push(
            await bus.subscribe({
              group: definition.name,
              types: consumer.types,
              handler: consumerHandler(definition.name, consumer, transact, consumption),
            }),
          );
        }
        await relay.start();
        for (const worker of workers) worker.start();
      },
      async listen() {
        return app.listen({ host: config.HOST, port: config.PORT });
      },
      async close() {
        await app.close();
        for (const worker of workers) await worker.stop();
        await relay.stop();
        for (const subscription of subscriptions.splice(0)) await subscription.close();
        if (ownsBus) await bus.close();
        await database.close();
        await telemetry.shutdown();
      },
    };
    await app.ready();
    return service;
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    throw error;
  }
}

/** What {@link consumerHandler} reports to. */
interface Consumption {
  telemetry: Telemetry;
  metrics: ServiceMetrics;
  /** `messaging.system` of the spans. */
  busKind: string;
}

/** What became of one delivered event. */
type ConsumeOutcome = 'processed' | 'duplicate';

/**
 * The bus handler of `consumer`: applies each event once per consumer group. The events the bus delivers
 * concurrently (events of different keys; one key's events come one at a time) are group-committed (see
 * `group-commit.ts`): one transaction writes their inbox rows with one multi-row insert and applies the new
 * ones in delivery order, so a batch of 16 events costs one commit instead of 16. A duplicate delivery finds
 * its inbox row and does nothing. When a batch fails, each event is applied again alone, so only the failing
 * event is redelivered by the bus. Each applied event runs in a CONSUMER span `process <type>` whose parent
 * is the envelope's `traceparent` (the producer's span, across the bus); each outcome is counted in
 * `formloom_consumer_events_total` (processed, duplicate, or failed when it throws).
 */
function consumerHandler(
  group: string,
  consumer: Consumer,
  transact: Transact,
  observe: Consumption,
): (event: EventEnvelope) => Promise<void> {
  const batches = new GroupCommit<EventEnvelope, ConsumeOutcome>({
    name: `consumer ${group}`,
    // Database down: every event would fail alone too; the bus redelivers them all later.
    isolate: (error) => !isDatabaseUnavailable(error),
    write: (batch) => consumeBatch(group, consumer, batch.map((entry) => entry.item), transact, observe),
  });
  return async (event) => {
    let outcome: ConsumeOutcome | 'failed' = 'failed';
    try {
      outcome = await batches.submit(event);
    } finally {
      observe.metrics.consumerEvents.inc({ group, type: event.type, outcome });
    }
  };
}

/**
 * Applies `events` in one transaction: their inbox rows in one insert (a row already there means the event
 * was applied before: `duplicate`), then the new ones — with `consumer.handleBatch` when it has one and there
 * are several, else `consumer.handle` for each in order — each in its CONSUMER span. Resolves with one outcome
 * per event once committed; throws (rolling everything back) when a handler or the database fails.
 */
async function consumeBatch(
  group: string,
  consumer: Consumer,
  events: readonly EventEnvelope[],
  transact: Transact,
  observe: Consumption,
): Promise<ConsumeOutcome[]> {
  return transact(async (tx, emit, onCommit) => {
    const inserted = rowsOf<{ eventId: string }>(await tx.execute(inboxInsert(group, events)));
    // The same event twice in one batch (a redelivery racing the first delivery) is applied once. PostgreSQL
    // returns uuids in lower case.
    const fresh = new Set(inserted.map((row) => row.eventId));
    const outcomes = events.map((event): ConsumeOutcome => (fresh.delete(event.id.toLowerCase()) ? 'processed' : 'duplicate'));
    const applied = events.filter((_, index) => outcomes[index] === 'processed');
    const spans = applied.map((event) =>
      observe.telemetry.tracer.startSpan(
        `process ${event.type}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': observe.busKind,
            'messaging.operation.type': 'process',
            'messaging.destination.name': event.type,
            'messaging.consumer.group.name': group,
            'messaging.message.id': event.id,
            'messaging.batch.message_count': events.length,
          },
        },
        contextFromTraceparent(event.traceparent),
      ),
    );
    try {
      if (consumer.handleBatch && applied.length > 1) {
        const batch = applied.map((event, index) => ({ event, traceparent: formatTraceparent(spans[index]?.spanContext()) }));
        await consumer.handleBatch(batch, tx, emit, onCommit);
      } else {
        for (const [index, event] of applied.entries()) {
          const span = spans[index];
          const inEventSpan = span ? trace.setSpan(contextFromTraceparent(event.traceparent), span) : contextApi.active();
          await contextApi.with(inEventSpan, () => consumer.handle(event, tx, emit, onCommit));
        }
      }
      for (const span of spans) if (span.isRecording()) span.setAttribute('formloom.consumer.outcome', 'processed');
    } catch (error) {
      for (const span of spans) failSpan(span, error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
    return outcomes;
  });
}
