/**
 * Builds the event bus the configuration asks for (`EVENT_BUS`), the same way for services
 * (`createService`) and scripts (a replay tool, a topic set-up job). ARCHITECTURE §2 ("adapters chosen by
 * configuration"), docs/architecture.md §4 "Bus".
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import {
  ConfigError,
  KAFKA_BROKERS_REQUIRED,
  kafkaSecurityProblems,
  kafkaTlsEnabled,
  type KafkaSecurityConfig,
  type KitConfig,
} from '../config';
import { InProcessBus, type BusLogger } from './in-process';
import { KafkaBus } from './kafka';
import { RedisStreamsBus } from './redis-streams';
import type { EventBus } from './types';

/** The part of the kit configuration that picks and configures the bus. */
export type BusConfig = Pick<
  KitConfig,
  'EVENT_BUS' | 'REDIS_URL' | 'EVENT_BUS_CONSUMER_NAME' | 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_TOPIC_PREFIX'
> &
  KafkaSecurityConfig;

/** Options of {@link createBusFromConfig}. */
export interface BusFromConfigOptions {
  /** Kafka client id when `KAFKA_CLIENT_ID` is not set (services pass their name). Default `formloom`. */
  clientId?: string;
  /** Called once per event a durable bus moves to its dead letters, with its type (`formloom_bus_dead_letters_total{type}`). */
  onDeadLetter?(type: string): void;
}

/** The `ssl` and `sasl` options of a {@link KafkaBus}, as {@link kafkaSecurityFromConfig} builds them. */
export interface KafkaSecurityOptions {
  /**
   * Node TLS options of the broker connections (kafkajs `ssl`): `rejectUnauthorized` from
   * `KAFKA_SSL_REJECT_UNAUTHORIZED`, and `ca` (the PEM text of `KAFKA_SSL_CA_FILE`) when that is set.
   * Absent: PLAINTEXT.
   */
  ssl?: ConnectionOptions;
  /** SASL authentication (kafkajs `sasl`) from `KAFKA_SASL_MECHANISM`/`_USERNAME`/`_PASSWORD`. Absent: none. */
  sasl?: {
    mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512';
    username: string;
    password: string;
  };
}

/**
 * The TLS and SASL options of the Kafka bus from the configuration. A pure function but for reading the CA
 * file (once, with `readFile`), so it can be tested without a broker.
 * - TLS is on with `KAFKA_SSL=true` or a `KAFKA_SSL_CA_FILE`: `ssl` is `{ rejectUnauthorized }` plus
 *   `ca` (the file's text) when a CA file is given; otherwise `ssl` is absent.
 * - SASL is on with `KAFKA_SASL_MECHANISM`: `sasl` is `{ mechanism, username, password }`.
 * @param config the kit configuration's Kafka TLS/SASL variables (see `parseConfig`)
 * @param readFile reads the CA file as UTF-8 text; default `fs.readFileSync`
 * @throws ConfigError when the variables are inconsistent (see `kafkaSecurityProblems`), or when the CA file
 *   cannot be read or holds no PEM certificate (the message names the path, never the password)
 */
export function kafkaSecurityFromConfig(
  config: KafkaSecurityConfig,
  readFile: (path: string, encoding: 'utf8') => string = readFileSync,
): KafkaSecurityOptions {
  const problems = kafkaSecurityProblems(config);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const security: KafkaSecurityOptions = {};
  if (kafkaTlsEnabled(config)) {
    security.ssl = { rejectUnauthorized: config.KAFKA_SSL_REJECT_UNAUTHORIZED };
    if (config.KAFKA_SSL_CA_FILE) security.ssl.ca = readCaFile(config.KAFKA_SSL_CA_FILE, readFile);
  }
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = config;
  if (mechanism && username && password) security.sasl = { mechanism, username, password };
  return security;
}

/** The PEM text of the CA file at `path`; throws a ConfigError naming `KAFKA_SSL_CA_FILE` and the path. */
function readCaFile(path: string, readFile: (path: string, encoding: 'utf8') => string): string {
  let pem: string;
  try {
    pem = readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Invalid configuration:\nKAFKA_SSL_CA_FILE: cannot read ${path} (${reason})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new ConfigError(
      `Invalid configuration:\nKAFKA_SSL_CA_FILE: ${path} holds no PEM certificate (expected "-----BEGIN CERTIFICATE-----")`,
    );
  }
  return pem;
}

/**
 * A new bus for `config.EVENT_BUS`: `in-process` → {@link InProcessBus}, `redis` → {@link RedisStreamsBus}
 * on `REDIS_URL` as consumer `EVENT_BUS_CONSUMER_NAME`, `kafka` → {@link KafkaBus} on `KAFKA_BROKERS` with
 * `KAFKA_CLIENT_ID` (else `options.clientId`), `KAFKA_TOPIC_PREFIX` and the TLS/SASL options of
 * {@link kafkaSecurityFromConfig} (the CA file is read here). The caller owns it (close it). Nothing is
 * awaited: Redis connects in the background, Kafka on first use.
 * @param config parsed kit configuration (see `parseConfig`)
 * @param logger where the bus logs (the service's pino logger)
 * @param options see {@link BusFromConfigOptions}
 * @throws ConfigError when `EVENT_BUS=kafka` and `KAFKA_BROKERS` is missing or empty, or its TLS/SASL
 *   variables are inconsistent or the CA file is unreadable (see {@link kafkaSecurityFromConfig})
 */
export function createBusFromConfig(config: BusConfig, logger: BusLogger, options: BusFromConfigOptions = {}): EventBus {
  switch (config.EVENT_BUS) {
    case 'redis':
      return new RedisStreamsBus({
        url: config.REDIS_URL,
        consumerName: config.EVENT_BUS_CONSUMER_NAME,
        logger,
        onDeadLetter: options.onDeadLetter,
      });
    case 'kafka': {
      const brokers = config.KAFKA_BROKERS ?? [];
      if (brokers.length === 0) throw new ConfigError(`Invalid configuration:\n${KAFKA_BROKERS_REQUIRED}`);
      return new KafkaBus({
        brokers,
        clientId: config.KAFKA_CLIENT_ID ?? options.clientId,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        ...kafkaSecurityFromConfig(config),
        logger,
        onDeadLetter: options.onDeadLetter,
      });
    }
    case 'in-process':
      return new InProcessBus({ logger });
    default: {
      const unknown: never = config.EVENT_BUS;
      throw new ConfigError(`Invalid configuration:\nEVENT_BUS: unknown bus "${String(unknown)}"`);
    }
  }
}
