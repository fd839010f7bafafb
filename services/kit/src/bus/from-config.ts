/**
 * Builds the event bus the configuration asks for (`EVENT_BUS`), the same way for services
 * (`createService`) and scripts (a replay tool, a topic set-up job). ARCHITECTURE §2 ("adapters chosen by
 * configuration"), issue 3 §2.
 */
import { ConfigError, KAFKA_BROKERS_REQUIRED, type KitConfig } from '../config';
import { InProcessBus, type BusLogger } from './in-process';
import { KafkaBus } from './kafka';
import { RedisStreamsBus } from './redis-streams';
import type { EventBus } from './types';

/** The part of the kit configuration that picks and configures the bus. */
export type BusConfig = Pick<
  KitConfig,
  'EVENT_BUS' | 'REDIS_URL' | 'EVENT_BUS_CONSUMER_NAME' | 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_TOPIC_PREFIX'
>;

/** Options of {@link createBusFromConfig}. */
export interface BusFromConfigOptions {
  /** Kafka client id when `KAFKA_CLIENT_ID` is not set (services pass their name). Default `formloom`. */
  clientId?: string;
  /** Called once per event a durable bus moves to its dead letters, with its type (`formloom_bus_dead_letters_total{type}`). */
  onDeadLetter?(type: string): void;
}

/**
 * A new bus for `config.EVENT_BUS`: `in-process` → {@link InProcessBus}, `redis` → {@link RedisStreamsBus}
 * on `REDIS_URL` as consumer `EVENT_BUS_CONSUMER_NAME`, `kafka` → {@link KafkaBus} on `KAFKA_BROKERS` with
 * `KAFKA_CLIENT_ID` (else `options.clientId`) and `KAFKA_TOPIC_PREFIX`. The caller owns it (close it). Nothing is awaited: Redis connects in the
 * background, Kafka on first use.
 * @param config parsed kit configuration (see `parseConfig`)
 * @param logger where the bus logs (the service's pino logger)
 * @param options see {@link BusFromConfigOptions}
 * @throws ConfigError when `EVENT_BUS=kafka` and `KAFKA_BROKERS` is missing or empty
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
