/**
 * Configuration every service reads from its environment (documented in the README's configuration table).
 * Each service may add its own variables with a zod object passed to `createService`.
 */
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/**
 * Whose `X-Forwarded-For/-Proto/-Host` a process believes (docs/architecture.md §5, README "Configuration"):
 * `false` — no one (the process is the edge: `request.ip` is the socket's peer); a number `n` — the `n` proxies
 * nearest to the process, whatever their address (`request.ip` is the `n`-th address from the right of
 * `X-Forwarded-For`, so a client's own entries further left are ignored); a list — the proxies at these
 * addresses or CIDRs (`10.0.0.0/8`, `::1`, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | readonly string[];

/** The most proxy hops `TRUST_PROXY` may name. */
export const TRUST_PROXY_MAX_HOPS = 10;

/**
 * Parses a `TRUST_PROXY` value (Fastify's and proxy-addr's semantics, see {@link TrustProxy}): `false` or `0` →
 * false; `true` → 1 (it used to mean "trust everyone", which let any client choose its own address; one hop is
 * the one proxy in front — an ingress before the gateway, the gateway before a service); `1`…`10` → that many
 * hops; anything else → a comma-separated list of addresses/CIDRs, each checked by proxy-addr.
 * @throws Error naming the bad entry.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > TRUST_PROXY_MAX_HOPS) throw new Error(`at most ${TRUST_PROXY_MAX_HOPS} hops`);
    return hops;
  }
  const list = value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
  if (list.length === 0) throw new Error('false, a number of hops, or a comma-separated list of addresses/CIDRs');
  // proxy-addr throws `invalid IP address: …` / `invalid range on address: …` for a bad entry.
  proxyAddr.compile(list);
  return list;
}

/** A `TRUST_PROXY` variable parsed by {@link parseTrustProxy}; invalid values fail with its message. */
export const TrustProxyVariable = z.string().transform((value, ctx): TrustProxy => {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `must be false, a number of hops or addresses/CIDRs (${(error as Error).message})` });
    return z.NEVER;
  }
});

/** The variables every service understands. */
export const KitConfig = z.object({
  /**
   * Set by Kubernetes in every pod (the API server's address): tells a service it runs in a cluster, where a
   * pod's files die with it (workspaces-auth then refuses to generate its key encryption secret on disk).
   */
  KUBERNETES_SERVICE_HOST: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Port to listen on; 0 picks a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where embedded PGlite databases live: `$DATA_DIR/<service>`. */
  DATA_DIR: z.string().default('.data'),
  /**
   * The service's database. `postgres://…` uses PostgreSQL (created if missing); `memory://` an in-memory
   * PGlite (tests); unset, a PGlite directory under DATA_DIR.
   */
  DATABASE_URL: z.string().optional(),
  /** Event bus adapter: `in-process` (embedded), `redis` (Redis Streams, one node) or `kafka` (Kubernetes). */
  EVENT_BUS: z.enum(['in-process', 'redis', 'kafka']).default('in-process'),
  /** Redis for the Redis Streams bus (and for rate limits with `RATE_LIMIT_STORE=redis`). */
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /**
   * Where rate-limit counters live (`rate-limit.ts`): `redis` (at `REDIS_URL`, shared by every replica) or
   * `memory` (this process only). Unset: `redis` when `EVENT_BUS=redis`, else `memory`.
   */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).optional(),
  /** Prefix of every rate-limit key in Redis (two installations sharing one Redis need different ones). */
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).max(200).default('formloom:rl:'),
  /**
   * Kafka bootstrap brokers for `EVENT_BUS=kafka` (required then): a comma-separated `host:port` list,
   * e.g. `kafka-0.kafka:9092,kafka-1.kafka:9092`; parsed to a string array.
   */
  KAFKA_BROKERS: z
    .string()
    .transform(parseBrokerList)
    .pipe(z.array(z.string().regex(/^[^\s,]+:\d{1,5}$/, 'each broker must be host:port')).min(1))
    .optional(),
  /** The Kafka client id the brokers see; default the service name. */
  KAFKA_CLIENT_ID: z.string().optional(),
  /** Prefix of every Kafka topic (`<prefix><event type>`) and consumer group (`<prefix><service>`). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{0,200}$/, 'only letters, digits, ".", "_" and "-" (Kafka topic characters)')
    .default('formloom.'),
  /**
   * Connect to the Kafka brokers over TLS (an `SSL` or `SASL_SSL` listener, as managed Kafka offerings
   * require). `KAFKA_SSL_CA_FILE` turns it on too. Default false: PLAINTEXT (the bundled in-cluster Kafka).
   */
  KAFKA_SSL: bool.default(false),
  /**
   * Path of a PEM file with the CA certificate(s) that signed the brokers' certificates (a private CA). Setting
   * it turns TLS on; the file is read once, when the bus is built (service start), and its CAs replace Node's
   * default trust store for the Kafka connections. Unset: the public CAs Node trusts (enough for brokers with
   * publicly signed certificates).
   */
  KAFKA_SSL_CA_FILE: z.string().min(1).optional(),
  /**
   * Verify the brokers' certificates (chain and host name) over TLS. `false` accepts any certificate, so
   * anyone on the path can read the traffic, password included: a test cluster only. Default true; `false`
   * without TLS is refused (it would do nothing).
   */
  KAFKA_SSL_REJECT_UNAUTHORIZED: bool.default(true),
  /**
   * SASL authentication to the brokers: `plain`, `scram-sha-256` or `scram-sha-512` (any case). Needs
   * `KAFKA_SASL_USERNAME` and `KAFKA_SASL_PASSWORD`. `plain` sends the password as is: use it over TLS only.
   * Unset: no SASL.
   */
  KAFKA_SASL_MECHANISM: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['plain', 'scram-sha-256', 'scram-sha-512']))
    .optional(),
  /** The SASL user; only with `KAFKA_SASL_MECHANISM`. */
  KAFKA_SASL_USERNAME: z.string().min(1).optional(),
  /**
   * The SASL user's password; only with `KAFKA_SASL_MECHANISM`. A secret: give it from a Kubernetes Secret
   * (the Helm chart does), never a ConfigMap; it is redacted from log lines (`REDACT_PATHS` in `logger.ts`)
   * and never part of an error message.
   */
  KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
  /**
   * This process's consumer name in its consumer groups (Redis Streams). Give each replica a stable, unique
   * name (`<host>-<service>`, the pod name) so a restarted process takes back at once the events it had read
   * but not acknowledged; unset, `<hostname>-<pid>-<random>` (another consumer takes them over after 30 s).
   */
  EVENT_BUS_CONSUMER_NAME: z.string().min(1).optional(),
  /** Where to fetch the JWKS that verifies user JWTs (workspaces-auth's `/.well-known/jwks.json`). */
  AUTH_JWKS_URL: z.string().url().optional(),
  /** Shared secret on `/internal/…` calls between services. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /** Outbox relay polling interval (ms) when nothing kicks it. */
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Maximum rows the outbox relay publishes per batch. */
  OUTBOX_BATCH_SIZE: z.coerce.number().int().positive().max(10_000).default(200),
  /**
   * How long the outbox relay waits after a commit before publishing (ms; 0 = at once): events committed
   * meanwhile go in the same pass (docs/benchmarks.md). Adds at most this much to an event's latency.
   */
  OUTBOX_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(5),
  /**
   * PostgreSQL connections per service process. Default 4: the hot paths write through group commits (at most
   * 2 batches in flight each), so a service rarely needs more at once; fewer connections make bigger batches
   * and keep background work from crowding requests off the CPU (at 1,000 submissions/s on one node, submit
   * p99 73–113 ms with 10, 33–37 ms with 4; docs/benchmarks.md). Raise it for replicas that serve many slow
   * reads.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(4),
  /**
   * Whose `X-Forwarded-*` headers to believe ({@link parseTrustProxy}). Default `1`: the one hop in front of a
   * service is the gateway, which sends exactly the client address it determined (docs/architecture.md §6).
   */
  TRUST_PROXY: TrustProxyVariable.default(1),
  /**
   * OTLP/HTTP collector for traces, e.g. `http://otel-collector:4318` (spans go to `<it>/v1/traces`). Unset:
   * spans are not exported (trace ids still propagate). See `telemetry.ts`.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' `service.name` (default the service's name). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /** Serve Prometheus metrics at `GET /metrics` (default true). See `metrics.ts`. */
  METRICS_ENABLED: bool.default(true),
});
/** Parsed kit configuration. */
export type KitConfig = z.infer<typeof KitConfig>;

/** A configuration error: the message lists every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses `env` with the kit schema merged with a service's own schema.
 * @throws ConfigError naming each invalid variable, `KAFKA_BROKERS` when `EVENT_BUS=kafka` comes without it,
 *   and each inconsistency of the Kafka TLS/SASL variables (see {@link kafkaSecurityProblems}).
 */
export function parseConfig<TExtra extends z.ZodRawShape>(
  env: Record<string, string | undefined>,
  extra?: z.ZodObject<TExtra>,
): KitConfig & z.infer<z.ZodObject<TExtra>> {
  const schema = extra ? KitConfig.extend(extra.shape) : KitConfig;
  const config = parseEnv(schema, env) as KitConfig & z.infer<z.ZodObject<TExtra>>;
  const problems = kafkaSecurityProblems(config);
  if (config.EVENT_BUS === 'kafka' && !config.KAFKA_BROKERS) problems.unshift(KAFKA_BROKERS_REQUIRED);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return config;
}

/**
 * Parses `env` with `schema`; empty strings count as unset.
 * @throws ConfigError listing each invalid variable as `NAME: message`.
 */
export function parseEnv<TSchema extends z.ZodType>(schema: TSchema, env: Record<string, string | undefined>): z.infer<TSchema> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The message when `EVENT_BUS=kafka` comes without brokers. */
export const KAFKA_BROKERS_REQUIRED =
  'KAFKA_BROKERS: required when EVENT_BUS=kafka (a comma-separated host:port list, e.g. kafka-0.kafka:9092,kafka-1.kafka:9092)';

/** Splits a comma-separated broker list (`KAFKA_BROKERS`), trimming blanks and dropping empty items. */
export function parseBrokerList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** The Kafka TLS and SASL variables of the kit configuration (what {@link kafkaSecurityProblems} checks). */
export type KafkaSecurityConfig = Pick<
  KitConfig,
  | 'KAFKA_SSL'
  | 'KAFKA_SSL_CA_FILE'
  | 'KAFKA_SSL_REJECT_UNAUTHORIZED'
  | 'KAFKA_SASL_MECHANISM'
  | 'KAFKA_SASL_USERNAME'
  | 'KAFKA_SASL_PASSWORD'
>;

/**
 * The inconsistencies of the Kafka TLS/SASL variables, one `VARIABLE: message` line each (empty when there
 * are none): a SASL mechanism without its username or password, a username or password without a
 * mechanism, and `KAFKA_SSL_REJECT_UNAUTHORIZED=false` without TLS. Checked whatever `EVENT_BUS` is; never
 * quotes the password. `parseConfig` throws them; `kafkaSecurityFromConfig` (bus/from-config.ts) checks a
 * configuration built by hand again.
 */
export function kafkaSecurityProblems(config: KafkaSecurityConfig): string[] {
  const problems: string[] = [];
  const mechanism = config.KAFKA_SASL_MECHANISM;
  if (mechanism) {
    if (!config.KAFKA_SASL_USERNAME) problems.push(`KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set (${mechanism})`);
    if (!config.KAFKA_SASL_PASSWORD) problems.push(`KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM is set (${mechanism})`);
  } else if (config.KAFKA_SASL_USERNAME || config.KAFKA_SASL_PASSWORD) {
    const given = config.KAFKA_SASL_USERNAME
      ? config.KAFKA_SASL_PASSWORD
        ? 'KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are'
        : 'KAFKA_SASL_USERNAME is'
      : 'KAFKA_SASL_PASSWORD is';
    problems.push(`KAFKA_SASL_MECHANISM: required when ${given} set (plain, scram-sha-256 or scram-sha-512)`);
  }
  if (!kafkaTlsEnabled(config) && !config.KAFKA_SSL_REJECT_UNAUTHORIZED) {
    problems.push('KAFKA_SSL_REJECT_UNAUTHORIZED: false has no effect without TLS (set KAFKA_SSL=true or KAFKA_SSL_CA_FILE)');
  }
  return problems;
}

/** True when the Kafka connections use TLS: `KAFKA_SSL=true` or a `KAFKA_SSL_CA_FILE`. */
export function kafkaTlsEnabled(config: Pick<KitConfig, 'KAFKA_SSL' | 'KAFKA_SSL_CA_FILE'>): boolean {
  return config.KAFKA_SSL || Boolean(config.KAFKA_SSL_CA_FILE);
}
