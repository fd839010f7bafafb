/**
 * Rate limits shared by every replica of a service (ARCHITECTURE §2, "cache, rate limits": in-process
 * embedded, Redis on one node and in Kubernetes), built on rate-limiter-flexible: fixed windows counted by
 * key, atomically (one Lua script per hit on Redis).
 *
 * Every service has one {@link RateLimiter}, `ctx.rateLimits` of its kit context (`service.ts`: opened at the
 * first declared limit, closed with the service); it declares its limits once (in its dependencies), and a route
 * enforces one in one line:
 *
 * ```ts
 * const perAddress = ctx.rateLimits.limit({ name: 'public-submissions', points: 60, durationMs: 60_000 });
 * // in a handler:
 * await perAddress.enforce(reply, request.ip);
 * ```
 *
 * A refused hit answers 429 `rate_limited` in the one error format (`rule.message`, else
 * `copy.errors.rateLimited`) with `Retry-After` = seconds until the window ends (RFC 9110 §10.2.3).
 *
 * **Which store** ({@link rateLimitStoreOf}): `RATE_LIMIT_STORE` when set; otherwise `redis` when
 * `EVENT_BUS=redis` (the deployment has a Redis, at `REDIS_URL`), else `memory`. `REDIS_URL` has a default, so
 * it cannot tell whether a Redis exists: a Kafka deployment that has one says `RATE_LIMIT_STORE=redis`.
 * `memory` counts in this process only: right for embedded mode (one process); with N replicas a limit is
 * up to N times looser.
 *
 * **When Redis is down** the limits are neither dropped nor turned into refusals: each replica counts in its
 * own memory until Redis answers again (degraded: up to N times looser), logs a warning when the outage
 * starts and a line when it ends, and counts every failed Redis call in
 * `formloom_rate_limit_store_errors_total{limit}`. Failing closed would turn a Redis outage into an outage of
 * sign-in and of public submissions for every user, for protection against attacks that are rare, and Redis
 * is only reachable from inside the deployment, so an attacker cannot easily cause the outage; failing fully
 * open would leave password guessing unthrottled for as long as it lasts. Commands do not queue while Redis
 * is disconnected and time out after {@link RATE_LIMIT_REDIS_TIMEOUT_MS}, so an outage adds at most that much
 * to a request.
 *
 * Keys are hashed (SHA-256) before they are stored: the store never holds the email addresses or client
 * addresses a limit is keyed by. Stored keys are `<keyPrefix><rule name>:<hash>` (default prefix
 * `formloom:rl:`).
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import * as copy from '@formloom/contracts/copy';
import type { KitConfig } from './config';
import { limitReached } from './errors';
import { Counter, type Registry } from './metrics';

/** Where counters live: Redis (every replica) or this process's memory. */
export type RateLimitStore = 'redis' | 'memory';

/** The default prefix of every stored key. */
export const RATE_LIMIT_KEY_PREFIX = 'formloom:rl:';
/** How long a Redis call of a limit may take before the limit counts in memory instead (ms). */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;
/** The longest window (ms): the memory store expires keys with a timer, and timers stop at 2^31 − 1 ms (24.8 days). */
export const RATE_LIMIT_MAX_DURATION_MS = 2 ** 31 - 1;

/** One limit: at most `points` hits per key in each fixed window of `durationMs`. */
export interface RateLimitRule {
  /** Names the counters in the store and the `limit` label of the metrics: lowercase letters, digits, `-`. */
  name: string;
  /** Hits allowed per key and window (a positive integer). */
  points: number;
  /** The window (ms; whole seconds, 1 s .. {@link RATE_LIMIT_MAX_DURATION_MS}); it starts at a key's first hit. */
  durationMs: number;
  /** The 429's message (default `copy.errors.rateLimited`). */
  message?: string;
}

/** What one hit decided. */
export interface RateLimitDecision {
  /** False once the key has used up its points in this window. */
  allowed: boolean;
  /** Points left in the window after this hit. */
  remaining: number;
  /** Seconds until the window ends (at least 1): the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
}

/** The minimal reply {@link RateLimit.enforce} needs (a Fastify reply). */
export interface ReplyHeaders {
  header(name: string, value: string): unknown;
}

/** One declared limit. */
export interface RateLimit {
  readonly rule: RateLimitRule;
  /** Counts one hit for `key` and says whether it is allowed. Never throws for a store outage (see module doc). */
  hit(key: string): Promise<RateLimitDecision>;
  /**
   * Counts one hit for `key`.
   * @throws DomainError `limit_reached` (429 `rate_limited`) (`rule.message`) after setting `Retry-After` (seconds) on `reply`, when
   *   the key has used up its points.
   */
  enforce(reply: ReplyHeaders, key: string): Promise<void>;
  /** Points `key` has used in its current window (0 when none), without counting a hit. */
  peek(key: string): Promise<number>;
  /** Forgets `key`'s hits (its window starts again). */
  reset(key: string): Promise<void>;
}

/** A store of limits. */
export interface RateLimiter {
  readonly store: RateLimitStore;
  /** Declares a limit. @throws Error when the rule is malformed (name, points, duration). */
  limit(rule: RateLimitRule): RateLimit;
  /** Closes the Redis connection (if any). */
  close(): Promise<void>;
}

/** Where the limiter reports store outages (the service's pino logger). */
export interface RateLimitLogger {
  warn(context: object, message: string): void;
  info(context: object, message: string): void;
}

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  store: RateLimitStore;
  /** Redis URL (required with `store: 'redis'`). */
  redisUrl?: string;
  /** Prefix of every stored key (default {@link RATE_LIMIT_KEY_PREFIX}; tests use a unique one). */
  keyPrefix?: string;
  log: RateLimitLogger;
  /** The service's metrics registry: `formloom_rate_limited_total` and `formloom_rate_limit_store_errors_total` go there. */
  registry?: Registry;
  /** Redis command timeout (ms; default {@link RATE_LIMIT_REDIS_TIMEOUT_MS}). */
  redisTimeoutMs?: number;
}

/**
 * The store a service's configuration asks for: `RATE_LIMIT_STORE` when set, else `redis` with
 * `EVENT_BUS=redis`, else `memory` (see the module doc).
 */
export function rateLimitStoreOf(config: Pick<KitConfig, 'RATE_LIMIT_STORE' | 'EVENT_BUS'>): RateLimitStore {
  return config.RATE_LIMIT_STORE ?? (config.EVENT_BUS === 'redis' ? 'redis' : 'memory');
}

/** The metrics of the limits of one registry. */
interface RateLimitMetrics {
  limited: Counter<'limit'>;
  storeErrors: Counter<'limit'>;
}

const metricsByRegistry = new WeakMap<Registry, RateLimitMetrics>();

/** The rate-limit counters of `registry`, registered once per registry. */
function metricsOf(registry: Registry | undefined): RateLimitMetrics | undefined {
  if (!registry) return undefined;
  let metrics = metricsByRegistry.get(registry);
  if (!metrics) {
    metrics = {
      limited: new Counter({
        name: 'formloom_rate_limited_total',
        help: 'Requests refused with 429 by a rate limit, by limit.',
        labelNames: ['limit'],
        registers: [registry],
      }),
      storeErrors: new Counter({
        name: 'formloom_rate_limit_store_errors_total',
        help: 'Rate-limit calls Redis did not answer (counted in process memory instead), by limit.',
        labelNames: ['limit'],
        registers: [registry],
      }),
    };
    metricsByRegistry.set(registry, metrics);
  }
  return metrics;
}

/** The stored form of a key: SHA-256, base64url, 32 characters (192 bits). */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** @throws Error naming what is wrong with `rule`. */
function checkRule(rule: RateLimitRule): void {
  if (!/^[a-z0-9-]{1,64}$/.test(rule.name)) throw new Error(`rate limit name "${rule.name}": lowercase letters, digits and "-" only`);
  if (!Number.isInteger(rule.points) || rule.points < 1) throw new Error(`rate limit ${rule.name}: points must be a positive integer`);
  if (!Number.isInteger(rule.durationMs) || rule.durationMs % 1000 !== 0 || rule.durationMs < 1000 || rule.durationMs > RATE_LIMIT_MAX_DURATION_MS) {
    throw new Error(`rate limit ${rule.name}: durationMs must be whole seconds between 1 s and ${RATE_LIMIT_MAX_DURATION_MS} ms`);
  }
}

/** Seconds until `res`'s window ends, at least 1. */
function retryAfterOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/**
 * Creates a limiter on `options.store`. With Redis, connects at once (without waiting); until the connection
 * is ready, hits are counted in memory (see the module doc).
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const keyPrefix = options.keyPrefix ?? RATE_LIMIT_KEY_PREFIX;
  const metrics = metricsOf(options.registry);
  const log = options.log;
  const timeoutMs = options.redisTimeoutMs ?? RATE_LIMIT_REDIS_TIMEOUT_MS;
  let redis: Redis | undefined;
  /** Resolves at the first connection (or after `timeoutMs`): the first hits after start wait for it. */
  let connected: Promise<void> = Promise.resolve();
  if (options.store === 'redis') {
    if (!options.redisUrl) throw new Error('createRateLimiter: redisUrl is required with the redis store');
    const connection = new Redis(options.redisUrl, {
      // Fail fast while disconnected or slow: the hit is counted in memory instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: timeoutMs,
      // A socket that never opened is destroyed this soon at close (ioredis waits 2 s by default).
      disconnectTimeout: timeoutMs,
      connectionName: 'formloom-rate-limit',
    });
    // Reconnection is ioredis's; outages are reported per call below. Without a listener ioredis prints them.
    connection.on('error', () => undefined);
    connected = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      connection.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    }).then(() => {
      connected = Promise.resolve();
    });
    redis = connection;
  }

  let degraded = false;
  const storeFailed = (rule: RateLimitRule, error: unknown): void => {
    metrics?.storeErrors.inc({ limit: rule.name });
    if (degraded) return;
    degraded = true;
    log.warn({ err: error, limit: rule.name }, 'rate limits: Redis does not answer; counting in this process until it does');
  };
  const storeAnswered = (): void => {
    if (!degraded) return;
    degraded = false;
    log.info({}, 'rate limits: Redis answers again; counting in Redis');
  };

  return {
    store: options.store,
    limit(rule) {
      checkRule(rule);
      const settings = { keyPrefix: `${keyPrefix}${rule.name}`, points: rule.points, duration: rule.durationMs / 1000 };
      const memory = new RateLimiterMemory(settings);
      const shared = redis
        ? new RateLimiterRedis({ ...settings, storeClient: redis, rejectIfRedisNotReady: true })
        : undefined;

      /** Runs `operation` on Redis, or on memory when there is no Redis or it fails (a refusal is not a failure). */
      async function run<T>(operation: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
        if (!shared) return operation(memory);
        await connected;
        try {
          const result = await operation(shared);
          storeAnswered();
          return result;
        } catch (error) {
          if (error instanceof RateLimiterRes) {
            storeAnswered();
            throw error;
          }
          storeFailed(rule, error);
          return operation(memory);
        }
      }

      const limit: RateLimit = {
        rule,
        async hit(key) {
          try {
            const res = await run((limiter) => limiter.consume(hashKey(key)));
            return { allowed: true, remaining: res.remainingPoints, retryAfterSeconds: retryAfterOf(res) };
          } catch (error) {
            if (error instanceof RateLimiterRes) return { allowed: false, remaining: 0, retryAfterSeconds: retryAfterOf(error) };
            throw error;
          }
        },
        async enforce(reply, key) {
          const decision = await limit.hit(key);
          if (decision.allowed) return;
          metrics?.limited.inc({ limit: rule.name });
          reply.header('retry-after', String(decision.retryAfterSeconds));
          throw limitReached(rule.message ?? copy.errors.rateLimited);
        },
        async peek(key) {
          const res = await run((limiter) => limiter.get(hashKey(key)));
          return res?.consumedPoints ?? 0;
        },
        async reset(key) {
          await run((limiter) => limiter.delete(hashKey(key)));
        },
      };
      return limit;
    },
    async close() {
      if (!redis) return;
      const connection = redis;
      redis = undefined;
      if (connection.status === 'ready') {
        await Promise.race([connection.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      }
      connection.disconnect();
    },
  };
}
