/**
 * The options of the Kafka bus, their defaults and checks, and the kafkajs client made from them (TLS,
 * SASL, kafkajs's log routed to the bus logger). Source: docs/architecture.md §4 "Bus"; the README's
 * configuration table (`KAFKA_*` variables, turned into these options by `../from-config.ts`).
 */
import type { ConnectionOptions } from 'node:tls';
import { Kafka, logLevel } from 'kafkajs';
import type { RetryOptions, SASLOptions, logCreator } from 'kafkajs';
import { positiveOption, silentBusLogger } from '../support';
import type { BusLogger } from '../support';
import type { DeadLetterInfo } from './dead-letter';

/** Options of `KafkaBus`. Durations are in ms. */
export interface KafkaBusOptions {
  /** Bootstrap brokers, `host:port` each (e.g. `['kafka-0.kafka:9092']`). At least one. */
  brokers: readonly string[];
  /** The client id the brokers see (logs, quotas). Default `formloom`. */
  clientId?: string;
  /**
   * Prefix of every topic and consumer group: topics are `<prefix><event type>`, groups
   * `<prefix><group>`, the dead-letter topic `<prefix>dead-letter`. Only `[A-Za-z0-9._-]`. Default
   * `formloom.`.
   */
  topicPrefix?: string;
  /** Create missing topics at start (admin CreateTopics; existing ones are kept as they are). Default true. */
  createTopics?: boolean;
  /** Partitions of the topics this bus creates: the most members of a group that can share a type. Default 6. */
  numPartitions?: number;
  /** Replicas of the topics this bus creates; -1 = the broker's `default.replication.factor` (Kafka ≥ 2.4). Default -1. */
  replicationFactor?: number;
  /** Attempts of a failing handler (the first one included) before its event is dead-lettered. Default 5. */
  maxAttempts?: number;
  /**
   * Delay before the first retry of an event whose handler failed. Default 2 000 (with `maxAttempts` 5:
   * retries after 2, 4, 8 and 16 s, so an event is dead-lettered about 30 s after its first failure).
   */
  retryInitialMs?: number;
  /** Upper bound of the retry delay (it doubles per failure). Default 30 000. */
  retryMaxMs?: number;
  /** Most messages a subscription holds at once (running, waiting for their key, or backing off). Default 16. */
  concurrency?: number;
  /** Where a group starts on a topic it has no committed offset for: earliest (true) or latest. Default true. */
  fromBeginning?: boolean;
  /** The group member's session timeout: a member silent this long is considered dead. Default 30 000. */
  sessionTimeoutMs?: number;
  /** Heartbeat interval of the group members; below `sessionTimeoutMs` (a third is usual). Default 3 000. */
  heartbeatIntervalMs?: number;
  /** How long a fetch waits for new messages; also bounds how long a rebalance or a close waits for it. Default 1 000. */
  maxWaitTimeMs?: number;
  /** How long `subscribe` waits for the member to join its group before resolving anyway. Default 30 000. */
  joinTimeoutMs?: number;
  /** How long `isReady()` waits for the cluster's metadata. Default 2 000. */
  readyTimeoutMs?: number;
  /** kafkajs's retry policy for connections and requests (default kafkajs's: 5 retries from 300 ms). */
  retry?: RetryOptions;
  /**
   * TLS to the brokers: `true`, or Node TLS options (`ca`, `rejectUnauthorized` …), passed to kafkajs's client
   * as `ssl`. Default off (PLAINTEXT). From the configuration: `kafkaSecurityFromConfig` (from-config.ts).
   */
  ssl?: boolean | ConnectionOptions;
  /**
   * SASL authentication, passed to kafkajs's client as `sasl`: `{ mechanism, username, password }` with
   * `plain`, `scram-sha-256` or `scram-sha-512` (or kafkajs's `aws` / `oauthbearer` shapes). Default none. The
   * adapter keeps it only inside the kafkajs client and never logs it (kafkajs logs whether SASL is on, not
   * the credentials).
   */
  sasl?: SASLOptions;
  /** Where failures, dead letters and outages are logged (kafkajs's own warnings and errors too, as warnings). Default: nowhere. */
  logger?: BusLogger;
  /**
   * Called once per message written to the dead-letter topic, with its event type (drives
   * `formloom_bus_dead_letters_total{type}`, as `RedisStreamsBusOptions.onDeadLetter`) and the details.
   */
  onDeadLetter?(type: string, deadLetter: DeadLetterInfo): void;
}

/** The settings of a `KafkaBus`: {@link KafkaBusOptions} with defaults applied (durations in ms). */
export interface KafkaSettings {
  readonly topicPrefix: string;
  readonly createTopics: boolean;
  readonly numPartitions: number;
  readonly replicationFactor: number;
  readonly maxAttempts: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  readonly concurrency: number;
  readonly fromBeginning: boolean;
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly maxWaitTimeMs: number;
  readonly joinTimeoutMs: number;
  readonly readyTimeoutMs: number;
  readonly retry: RetryOptions | undefined;
  readonly logger: BusLogger;
  readonly onDeadLetter: ((type: string, deadLetter: DeadLetterInfo) => void) | undefined;
}

/** The default prefix of topics and groups. */
export const DEFAULT_TOPIC_PREFIX = 'formloom.';
/** Characters Kafka allows in topic names. */
const TOPIC_CHARS = /^[A-Za-z0-9._-]*$/;
/** Kafka's longest topic name. */
const MAX_TOPIC_LENGTH = 249;
/** The kafkajs warning the producer's bounded publish retries cause (see `producer.ts`); expected, hence not logged. */
const LIMITED_RETRIES_WARNING = 'Limiting retries for the idempotent producer may invalidate EoS guarantees';

/**
 * {@link KafkaBusOptions} with their defaults applied.
 * @throws RangeError when `brokers` is empty, `topicPrefix` has characters Kafka refuses, a numeric option
 *   is out of range, or `heartbeatIntervalMs` is not below `sessionTimeoutMs`
 */
export function resolveKafkaSettings(options: KafkaBusOptions): KafkaSettings {
  if (options.brokers.length === 0) throw new RangeError('KafkaBus needs at least one broker');
  const topicPrefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  if (!TOPIC_CHARS.test(topicPrefix) || topicPrefix.length > MAX_TOPIC_LENGTH - 20) {
    throw new RangeError(`topicPrefix may only hold [A-Za-z0-9._-] (and be short), got "${topicPrefix}"`);
  }
  const replicationFactor = options.replicationFactor ?? -1;
  if (replicationFactor !== -1 && !(Number.isInteger(replicationFactor) && replicationFactor > 0)) {
    throw new RangeError(`replicationFactor must be -1 or a positive integer, got ${String(replicationFactor)}`);
  }
  const sessionTimeoutMs = positiveOption('sessionTimeoutMs', options.sessionTimeoutMs, 30_000, true);
  const heartbeatIntervalMs = positiveOption('heartbeatIntervalMs', options.heartbeatIntervalMs, 3_000, true);
  if (heartbeatIntervalMs >= sessionTimeoutMs) {
    throw new RangeError(`heartbeatIntervalMs (${heartbeatIntervalMs}) must be below sessionTimeoutMs (${sessionTimeoutMs})`);
  }
  return {
    topicPrefix,
    createTopics: options.createTopics ?? true,
    numPartitions: positiveOption('numPartitions', options.numPartitions, 6, true),
    replicationFactor,
    maxAttempts: positiveOption('maxAttempts', options.maxAttempts, 5, true),
    retryInitialMs: positiveOption('retryInitialMs', options.retryInitialMs, 2_000),
    retryMaxMs: positiveOption('retryMaxMs', options.retryMaxMs, 30_000),
    concurrency: positiveOption('concurrency', options.concurrency, 16, true),
    fromBeginning: options.fromBeginning ?? true,
    sessionTimeoutMs,
    heartbeatIntervalMs,
    maxWaitTimeMs: positiveOption('maxWaitTimeMs', options.maxWaitTimeMs, 1_000, true),
    joinTimeoutMs: positiveOption('joinTimeoutMs', options.joinTimeoutMs, 30_000),
    readyTimeoutMs: positiveOption('readyTimeoutMs', options.readyTimeoutMs, 2_000),
    retry: options.retry,
    logger: options.logger ?? silentBusLogger,
    onDeadLetter: options.onDeadLetter,
  };
}

/**
 * The kafkajs client of a bus: `brokers`, `clientId` (default `formloom`), `ssl`, `sasl` and `retry` from
 * `options`; kafkajs's warnings and errors go to `logger` (see {@link kafkaLogCreator}). Connects nothing.
 */
export function createKafkaClient(options: KafkaBusOptions, logger: BusLogger): Kafka {
  return new Kafka({
    brokers: [...options.brokers],
    clientId: options.clientId ?? 'formloom',
    ssl: options.ssl,
    sasl: options.sasl,
    retry: options.retry,
    logLevel: logLevel.WARN,
    logCreator: kafkaLogCreator(logger),
  });
}

/** Routes kafkajs's log lines (warnings and errors) to `logger` as warnings, tagged `kafkajs`. */
function kafkaLogCreator(logger: BusLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...extra } = log;
      if (message === LIMITED_RETRIES_WARNING) return;
      const context = { kafkajs: namespace, ...extra };
      if (level === logLevel.ERROR || level === logLevel.WARN) logger.warn(context, `kafkajs: ${String(message)}`);
      else logger.info(context, `kafkajs: ${String(message)}`);
    };
}
