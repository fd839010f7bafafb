/**
 * The options of the Redis Streams bus, their defaults and checks, and what one subscription consumes
 * (docs/architecture.md §4 "Bus"; the README's configuration table for `REDIS_URL` and
 * `EVENT_BUS_CONSUMER_NAME`). Durations are in ms.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventHandler } from '../types';
import { positiveOption, silentBusLogger } from '../support';
import type { BusLogger } from '../support';

/** Options of `RedisStreamsBus`. Durations are in ms. */
export interface RedisStreamsBusOptions {
  /** Redis URL, e.g. `redis://127.0.0.1:6379` (`rediss://` for TLS). */
  url: string;
  /** Prefix of every key the bus uses; streams are `<prefix><event type>`. Default `formloom:events:`. */
  streamPrefix?: string;
  /**
   * This process's consumer name within its groups; give a stable name (e.g. the pod name) to resume
   * its own pending entries after a restart. A second subscription to the same group on the same bus
   * instance gets `<consumerName>-2`, and so on. Default `<hostname>-<pid>-<random hex>`.
   */
  consumerName?: string;
  /** How long one XREADGROUP blocks waiting for new entries. Default 5 000. */
  blockMs?: number;
  /** Idle time after which a pending entry is taken over by another consumer (XAUTOCLAIM). Default 30 000. */
  claimIdleMs?: number;
  /** Period of the renew-and-claim task; keep it well below `claimIdleMs`. Default `claimIdleMs / 3`. */
  claimIntervalMs?: number;
  /** Most entries fetched by one XREADGROUP or XAUTOCLAIM. Default 64. */
  batchSize?: number;
  /**
   * Most entries a subscription holds at once (running, waiting for their key, or backing off). Default 64:
   * the events a consumer holds together are applied in one transaction (the kit's group commit), so more
   * held means bigger transactions under load.
   */
  concurrency?: number;
  /** Approximate MAXLEN of each stream (XADD MAXLEN ~). Default 1 000 000. */
  maxLen?: number;
  /** Delay before the first retry of an entry whose handler failed. Default 100. */
  retryInitialMs?: number;
  /** Upper bound of the retry delay (it doubles per failure). Default 30 000. */
  retryMaxMs?: number;
  /** How long `isReady()` waits for PONG. Default 1 000. */
  readyTimeoutMs?: number;
  /** Where failures, take-overs and outages are logged. Default: nowhere. */
  logger?: BusLogger;
  /**
   * Called once per entry moved to the dead-letter stream, with the event type its stream carries (drives
   * `formloom_bus_dead_letters_total{type}`).
   */
  onDeadLetter?(type: string): void;
}

/** The settings shared by the bus and its subscriptions: {@link RedisStreamsBusOptions} with defaults applied. */
export interface RedisStreamsSettings {
  readonly url: string;
  readonly streamPrefix: string;
  readonly consumerName: string;
  readonly blockMs: number;
  readonly claimIdleMs: number;
  readonly claimIntervalMs: number;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly maxLen: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  readonly readyTimeoutMs: number;
  readonly logger: BusLogger;
  readonly onDeadLetter: ((type: string) => void) | undefined;
}

/** What one subscription (one consumer of one group) consumes. */
export interface SubscriptionTarget {
  /** The consumer group (the service's name). */
  readonly group: string;
  /** This consumer's name in the group. */
  readonly consumer: string;
  /** The streams it reads, one per event type. */
  readonly streams: readonly string[];
  /** Where malformed entries go: `<streamPrefix>dead`. */
  readonly deadLetterStream: string;
  /** The subscriber's handler. */
  readonly handler: EventHandler;
}

/** The default prefix of every key the bus uses. */
export const DEFAULT_STREAM_PREFIX = 'formloom:events:';

/**
 * {@link RedisStreamsBusOptions} with their defaults applied.
 * @throws RangeError when a numeric option is not positive (counts must be integers)
 */
export function resolveSettings(options: RedisStreamsBusOptions): RedisStreamsSettings {
  const claimIdleMs = positiveOption('claimIdleMs', options.claimIdleMs, 30_000);
  return {
    url: options.url,
    streamPrefix: options.streamPrefix ?? DEFAULT_STREAM_PREFIX,
    consumerName: options.consumerName ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    blockMs: positiveOption('blockMs', options.blockMs, 5_000, true),
    claimIdleMs,
    claimIntervalMs: positiveOption(
      'claimIntervalMs',
      options.claimIntervalMs,
      Math.max(10, Math.floor(claimIdleMs / 3)),
    ),
    batchSize: positiveOption('batchSize', options.batchSize, 64, true),
    concurrency: positiveOption('concurrency', options.concurrency, 64, true),
    maxLen: positiveOption('maxLen', options.maxLen, 1_000_000, true),
    retryInitialMs: positiveOption('retryInitialMs', options.retryInitialMs, 100),
    retryMaxMs: positiveOption('retryMaxMs', options.retryMaxMs, 30_000),
    readyTimeoutMs: positiveOption('readyTimeoutMs', options.readyTimeoutMs, 1_000),
    logger: options.logger ?? silentBusLogger,
    onDeadLetter: options.onDeadLetter,
  };
}
