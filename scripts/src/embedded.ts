/**
 * The whole product in one process (ARCHITECTURE §2 "embedded default"): every service of the manifest
 * (`contracts/src/services.ts`), each with its own PGlite database under `dataDir/<service>`, one shared in-process
 * event bus, and the gateway in front of them serving the API and the built web app. `npm start` runs it
 * (`start.ts`); the whole-product tests start it on a temporary directory.
 *
 * Each service is built from its package's `app` module (`<package>/app`, e.g. `@formloom/flows/app`: its
 * `buildApp`), loaded through the manifest's package name — nothing here names a service.
 *
 * Start order (`startOrder` of the manifest): each service is built and opens its HTTP port on 127.0.0.1 (a free
 * port) after every service it calls — workspaces-auth first (the others verify its JWTs through its JWKS URL) —
 * with the URLs of its callees in its environment (`serviceCalleeEnv`: `<CALLEE>_URL`, `AUTH_JWKS_URL`). Only
 * then are their background parts started, in REVERSE order: every consumer has subscribed to the bus before
 * any producer's outbox relay publishes, so events left in an outbox by the previous run (the in-process bus
 * does not replay events published before a consumer group exists) are not lost after a restart. The gateway
 * starts last, on the requested port, with every service's URL.
 *
 * The services get the environment `env` (default `process.env`) minus what embedded mode decides itself
 * (database, bus, ports, URLs, the internal token — see {@link EMBEDDED_OWNED_ENV}), so service settings
 * and secrets such as `MAIL_FROM`, `SMTP_URL` or `OUTBOX_POLL_MS` pass through. The internal service token is
 * random per start.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  SERVICE_MANIFEST,
  SERVICES,
  serviceCalleeEnv,
  serviceUrlVariable,
  startOrder,
  type ServiceManifestEntry,
  type ServiceName,
} from '@formloom/contracts/services';
import { buildGateway } from '@formloom/gateway/app';
import { InProcessBus, silentBusLogger, type BusLogger } from '@formloom/kit/bus/in-process';
import type { TrustProxy } from '@formloom/kit/config';
import type { ZodFastify } from '@formloom/kit/http';
import type { Consumer, FormloomService, ServiceOptions } from '@formloom/kit/service';
import type { SpanProcessor } from '@formloom/kit/telemetry';

/**
 * Variables embedded mode sets itself; they are removed from `env` before it is given to the services
 * (a shared `DATABASE_URL` would put every service's tables in one database; ports and URLs are chosen here).
 */
export const EMBEDDED_OWNED_ENV: readonly string[] = [
  'DATABASE_URL',
  'EVENT_BUS',
  'REDIS_URL',
  'HOST',
  'PORT',
  'DATA_DIR',
  'LOG_LEVEL',
  'AUTH_JWKS_URL',
  'INTERNAL_TOKEN',
  ...SERVICES.map(serviceUrlVariable),
  'WEB_DIST',
  'TRUST_PROXY',
  // One process, several services: each names its own traces (service.name = the service's name).
  'OTEL_SERVICE_NAME',
];

/**
 * What a service's `app` module (`<package>/app`, `src/app.ts`) exports: `buildApp` (the service built, not
 * started: database migrated, routes registered) and its `definition` (the kit's `ServiceDefinition`; its name
 * is the manifest's, its `consumers(deps)` handle exactly the manifest's `consumes`).
 */
export interface ServiceAppModule {
  buildApp(options?: ServiceOptions): Promise<FormloomService<unknown, unknown>>;
  definition: {
    name: string;
    config?: { shape: Record<string, unknown> };
    consumers?(deps: unknown): readonly Consumer[];
  };
}

/**
 * Loads the `app` module of a manifest entry through its package name (`<package>/app`).
 * @throws Error naming the module when it cannot be loaded or does not export `buildApp` and `definition`.
 */
export async function loadServiceApp(entry: Pick<ServiceManifestEntry, 'name' | 'package'>): Promise<ServiceAppModule> {
  const specifier = `${entry.package}/app`;
  const module = (await import(specifier)) as Partial<ServiceAppModule>;
  if (typeof module.buildApp !== 'function' || typeof module.definition !== 'object') {
    throw new Error(`${specifier} (service ${entry.name}) must export buildApp and definition`);
  }
  return module as ServiceAppModule;
}

/** Options of {@link startEmbedded}. */
export interface EmbeddedOptions {
  /** Where the databases live (`<dataDir>/<service>`); created if missing. Reuse it to keep the data. */
  dataDir: string;
  /** The gateway's port; 0 picks a free one. */
  port: number;
  /** The gateway's interface (default `127.0.0.1`; `localhost` listens on IPv4 and IPv6 loopback). */
  host?: string;
  /** The built web app directory (`web/dist`); without it the gateway serves the API only. */
  webDist?: string;
  /** pino level of every part (default `info`). */
  logLevel?: string;
  /**
   * The product's public origin, for links in mail (workspaces-auth's `PUBLIC_URL`; default `env.PUBLIC_URL`,
   * else `http://localhost:<port>`).
   */
  publicUrl?: string;
  /**
   * The reverse proxies in front of the gateway whose `X-Forwarded-For` it believes (default `false`: the
   * gateway is the edge, a client cannot choose its address). The services always believe the gateway.
   */
  trustProxy?: TrustProxy;
  /** The environment handed to the services (default `process.env`), minus {@link EMBEDDED_OWNED_ENV}. */
  env?: Record<string, string | undefined>;
  /**
   * Span processors that receive the spans of every service and of the gateway (tests:
   * `SimpleSpanProcessor(new InMemorySpanExporter())`); kept by the caller. Each part still has its own
   * tracer provider and `service.name`; `OTEL_EXPORTER_OTLP_ENDPOINT` in `env` exports them too.
   */
  spanProcessors?: readonly SpanProcessor[];
}

/** A running service of the embedded product. */
export interface EmbeddedService {
  /** Its base URL on 127.0.0.1 (internal; clients use the gateway). */
  url: string;
  /** The service itself (its Fastify app, context, database). */
  service: FormloomService<unknown>;
}

/** The running product. */
export interface EmbeddedProduct {
  /** The gateway's base URL, e.g. `http://127.0.0.1:8080` (the one URL clients use). */
  url: string;
  /** The gateway's port (useful with `port: 0`). */
  port: number;
  /** Each service with its internal URL. */
  services: Record<ServiceName, EmbeddedService>;
  /** The gateway app. */
  gateway: ZodFastify;
  /** The shared event bus. */
  bus: InProcessBus;
  /**
   * Stops everything: the gateway first (no new requests), then the services in reverse start order, then
   * the bus. Safe to call more than once.
   */
  close(): Promise<void>;
}

/**
 * Starts the whole product in this process. See the module doc for the order.
 * @throws when a service cannot start (invalid configuration, a data directory in use, the port taken);
 *   whatever had started is stopped again before the error is thrown.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedProduct> {
  const dataDir = path.resolve(options.dataDir);
  const logLevel = options.logLevel ?? 'info';
  const internalToken = randomBytes(32).toString('base64url');
  const inherited = inheritedEnv(options.env ?? process.env);
  const spanProcessors = options.spanProcessors;
  const common: Record<string, string | undefined> = {
    ...inherited,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: logLevel,
    INTERNAL_TOKEN: internalToken,
    PUBLIC_URL: options.publicUrl ?? inherited.PUBLIC_URL ?? `http://localhost:${options.port || 8080}`,
  };

  let busLog: BusLogger = silentBusLogger;
  const bus = new InProcessBus({
    logger: {
      info: (context, message) => busLog.info(context, message),
      warn: (context, message) => busLog.warn(context, message),
      error: (context, message) => busLog.error(context, message),
    },
  });
  const started: { name: ServiceName; service: FormloomService<unknown> }[] = [];
  let gateway: ZodFastify | undefined;

  const stop = async (): Promise<void> => {
    const errors: unknown[] = [];
    if (gateway) await gateway.close().catch((error: unknown) => errors.push(error));
    for (const { service } of started.splice(0).reverse()) {
      await service.close().catch((error: unknown) => errors.push(error));
    }
    await bus.close().catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw new AggregateError(errors, 'Formloom did not stop cleanly');
  };

  try {
    const urls = new Map<string, string>();
    const urlOf = (callee: string): string => {
      const url = urls.get(callee);
      if (!url) throw new Error(`embedded: ${callee} is not listening yet`);
      return url;
    };
    for (const entry of startOrder(SERVICE_MANIFEST)) {
      const { buildApp } = await loadServiceApp(entry);
      const env = { ...common, ...serviceCalleeEnv(entry, urlOf) };
      const service = await buildApp({ env, bus, spanProcessors });
      started.push({ name: entry.name, service });
      // The bus logs through the first service's logger (one process, one log stream).
      if (started.length === 1) busLog = service.app.log.child({ component: 'bus' });
      urls.set(entry.name, await listenInternally(service));
    }

    // Consumers subscribe before any producer's relay publishes (see the module doc).
    for (const { service } of [...started].reverse()) await service.start();

    gateway = await buildGateway({
      services: Object.fromEntries(SERVICES.map((name) => [name, urlOf(name)])) as Record<ServiceName, string>,
      internalToken,
      webDist: options.webDist,
      logLevel,
      trustProxy: options.trustProxy ?? false,
      telemetry: { otlpEndpoint: inherited.OTEL_EXPORTER_OTLP_ENDPOINT || undefined, spanProcessors },
      // Organizations' subdomains are one label below its host (`acme.localhost:8080` on a developer's machine).
      publicUrl: common.PUBLIC_URL,
    });
    const host = options.host ?? '127.0.0.1';
    await gateway.listen({ host, port: options.port });
    const port = (gateway.server.address() as AddressInfo).port;

    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost(host)}:${port}`,
      port,
      services: Object.fromEntries(
        started.map(({ name, service }) => [name, { url: urlOf(name), service }]),
      ) as Record<ServiceName, EmbeddedService>,
      gateway,
      bus,
      close: () => (closing ??= stop()),
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** `env` without the variables embedded mode sets itself. */
function inheritedEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const owned = new Set<string>(EMBEDDED_OWNED_ENV);
  return Object.fromEntries(Object.entries(env).filter(([key]) => !owned.has(key)));
}

/** Opens a service's HTTP port (HOST/PORT of its env: 127.0.0.1, a free port) without starting its workers. */
async function listenInternally(service: FormloomService<unknown>): Promise<string> {
  await service.app.listen({ host: service.ctx.config.HOST, port: service.ctx.config.PORT });
  const { port } = service.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The host part of a URL to reach an interface: wildcard addresses become the loopback address. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
