/**
 * `createService` gives every Formloom service the same skeleton (ARCHITECTURE §2): configuration parsed by
 * zod, Fastify 5 with the zod type provider, pino, `/healthz` and `/readyz`, the one error format, JWT
 * verification, the database with migrations applied at start, the outbox relay, the bus, and idempotent
 * consumers. All adapters are chosen by configuration; the service code is the same in every mode.
 * Telemetry (docs/architecture.md §7): OpenTelemetry spans for requests (`@fastify/otel`), outbox emits, relay batches
 * and consumed events (see `telemetry.ts`), and Prometheus metrics at `GET /metrics` (see `metrics.ts`).
 *
 * A service is a {@link ServiceDefinition}: its configuration, migrations, a typed dependencies object built
 * once from the kit's {@link ServiceContext} (repositories, clients, workers: no module-level state), the route
 * modules that serve its endpoints of the catalogue (`routes.ts`), its consumers (`consumers.ts`) and its
 * workers. Each service serves the OpenAPI document of its endpoints at `GET /openapi.json`.
 */
import type { JSONWebKeySet } from 'jose';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { createBusFromConfig } from './bus/from-config';
import type { EventBus, Subscription } from './bus/types';
import { parseConfig, type KitConfig } from './config';
import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, migrate, openDatabase, resolveDatabaseLocation, type DatabaseHandle, type Db, type Migration, type Tx } from './db';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { createRateLimiter, rateLimitStoreOf, type RateLimiter } from './rate-limit';
import { createHttpApp, type ZodFastify } from './http';
import { buildEnvelope, enqueue, kitMigrations, outboxInsert, OutboxRelay, type Emit, type EventInput } from './outbox';
import { consumerHandler, type Consumer, type Consumption } from './consumers';
import { createRouter, type RouteModule } from './routes';
import { serviceOpenApi, OPENAPI_JSON_PATH } from './openapi';
import { createServiceMetrics, registerMetrics, type ServiceMetrics } from './metrics';
import type { Endpoint } from '@formloom/contracts/api/endpoint';
import {
  createTelemetry,
  failSpan,
  formatTraceparent,
  registerTracing,
  SpanKind,
  type Context,
  type SpanProcessor,
  type Telemetry,
} from './telemetry';

export type { Consumer, ConsumedEvent } from './consumers';
export { defineConsumer } from './consumers';

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

/** What the kit gives a service: its configuration, database, outbox, bus, log, token verifier, telemetry. */
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
  /**
   * The service's shared rate limits (`rate-limit.ts`): in Redis across replicas or in process memory, as
   * `RATE_LIMIT_STORE` says; the store opens when the first limit is declared and closes with the service.
   */
  rateLimits: RateLimiter;
}

/** Background work the kit starts with `start()` and stops with `close()` (a timer, a worker loop). */
export interface Worker {
  start(): void;
  stop(): Promise<void>;
}

/** The parsed configuration of a service whose own variables are `TConfig`. */
export type ConfigOf<TConfig extends z.ZodRawShape> = z.infer<z.ZodObject<TConfig>>;

/**
 * A service's definition. `TDeps` is its dependencies object: built once by `dependencies` from the kit's
 * context (default: the context itself) and handed to its route modules, consumers and workers, so every
 * piece of state (a cache, a worker, a client) belongs to one service instance.
 */
export interface ServiceDefinition<TConfig extends z.ZodRawShape = z.ZodRawShape, TDeps = ServiceContext<ConfigOf<TConfig>>> {
  /** The service name (`contracts/src/services.ts`): log field, consumer group, PGlite directory name. */
  name: string;
  /** The service's own environment variables. */
  config?: z.ZodObject<TConfig>;
  /** The service's SQL migrations, in order. */
  migrations: readonly Migration[];
  /** Builds the dependencies object (once, after migrations, before the routes). */
  dependencies?(ctx: ServiceContext<ConfigOf<TConfig>>): TDeps | Promise<TDeps>;
  /**
   * Fastify plugins and hooks every route of the service shares (cookie parsing, an authentication hook).
   * Not for routes: every route of a service serves an endpoint of the catalogue (`routes`).
   */
  plugins?(app: ZodFastify, deps: TDeps): Promise<void> | void;
  /** The route modules serving the service's endpoints of the catalogue (`routes.ts`). */
  routes: readonly RouteModule<TDeps>[];
  /** Event consumers. */
  consumers?(deps: TDeps): readonly Consumer[];
  /** Background work started by `start()` and stopped by `close()` (timers, workers). */
  workers?(deps: TDeps): readonly Worker[];
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
export interface FormloomService<TConfig = unknown, TDeps = unknown> {
  app: ZodFastify;
  ctx: ServiceContext<TConfig>;
  /** The service's dependencies object (see {@link ServiceDefinition.dependencies}). */
  deps: TDeps;
  /** The catalogue endpoints this service serves, in registration order. */
  endpoints: readonly Endpoint[];
  /**
   * Every route the service's HTTP app registered (`HEAD` twins left out): its endpoints' and the kit's own
   * (`/healthz`, `/readyz`, `/metrics`, `/openapi.json`). Tests check it against the catalogue.
   */
  routes: readonly { method: string; url: string }[];
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
export async function createService<TConfig extends z.ZodRawShape, TDeps = ServiceContext<ConfigOf<TConfig>>>(
  definition: ServiceDefinition<TConfig, TDeps>,
  options: ServiceOptions = {},
): Promise<FormloomService<ConfigOf<TConfig>, TDeps>> {
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

    const routes: { method: string; url: string }[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
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

    // Opened at the first declared limit (a service without limits opens no Redis connection).
    let limiter: RateLimiter | undefined;
    const rateLimits: RateLimiter = {
      store: rateLimitStoreOf(config),
      limit: (rule) =>
        (limiter ??= createRateLimiter({
          store: rateLimitStoreOf(config),
          redisUrl: config.REDIS_URL,
          keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
          log: app.log,
          registry: metrics.registry,
        })).limit(rule),
      close: async () => limiter?.close(),
    };
    cleanups.push(() => rateLimits.close());

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
      rateLimits,
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

    const deps = definition.dependencies ? await definition.dependencies(ctx) : (ctx as TDeps);
    const endpoints: Endpoint[] = [];
    await app.register(async (scope) => {
      await definition.plugins?.(scope as ZodFastify, deps);
      for (const module of definition.routes) {
        await scope.register(async (moduleScope) => {
          const router = createRouter(moduleScope as ZodFastify, {
            service: definition.name,
            internalToken: config.INTERNAL_TOKEN,
            onRegister: (endpoint) => endpoints.push(endpoint),
          });
          await module.register(router, deps);
        });
      }
    });
    const openApi = serviceOpenApi(definition.name, endpoints);
    app.get(OPENAPI_JSON_PATH, { logLevel: 'warn', config: { otel: false } }, async () => openApi);

    const consumers = definition.consumers?.(deps) ?? [];
    const workers = definition.workers?.(deps) ?? [];
    const subscriptions: Subscription[] = [];
    let started = false;
    const consumption: Consumption = { telemetry, metrics, busKind: bus.kind, log: app.log };

    const service: FormloomService<Extra, TDeps> = {
      app,
      ctx,
      deps,
      endpoints,
      routes,
      relay,
      database,
      async start() {
        if (started) return;
        started = true;
        for (const consumer of consumers) {
          subscriptions.push(
            await bus.subscribe({
              group: definition.name,
              types: [consumer.event.type],
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
        await rateLimits.close();
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

