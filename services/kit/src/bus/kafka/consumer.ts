/**
 * One member of one Kafka consumer group (docs/architecture.md §4 "Bus"; delivery rules in the module
 * comment of `../kafka.ts`): a kafkajs consumer (`autoCommit` off, `eachBatchAutoResolve` off) that joins
 * the group, hands fetched messages to its {@link KafkaDispatcher} (resolving their offsets for fetching
 * only), commits what the dispatcher says, restarts after a crash, and leaves the group on stop.
 */
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { retryDelayMs } from '../keyed-lanes';
import { Sleeper } from '../support';
import type { EventHandler } from '../types';
import { subscriptionAwareRoundRobin } from './assignment';
import type { KafkaSettings } from './config';
import type { DeadLetterRequest } from './dead-letter';
import { KafkaDispatcher } from './dispatcher';

/** What a subscription needs from its bus. */
export interface BusHandle {
  readonly kafka: Kafka;
  readonly settings: KafkaSettings;
  /** The event type of a topic of this bus (undefined for foreign topics). */
  typeOfTopic(topic: string): string | undefined;
  /** Writes a dead letter of `group`; resolves once acknowledged. */
  writeDeadLetter(group: string, deadLetter: DeadLetterRequest): Promise<void>;
}

/** What a subscription consumes. */
export interface SubscriptionTarget {
  /** The group as the service names it (log field, dead-letter header). */
  readonly group: string;
  /** The Kafka group id. */
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly handler: EventHandler;
}

/** One member of one consumer group: a kafkajs consumer feeding a {@link KafkaDispatcher}. */
export class KafkaSubscription {
  private readonly consumer: Consumer;
  private readonly dispatcher: KafkaDispatcher;
  private readonly log: Record<string, string>;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private starting: Promise<void> = Promise.resolve();
  private restartTimer: NodeJS.Timeout | undefined;
  /** Waits between start attempts and on stop; cut short on stop. */
  private readonly pauses = new Sleeper();
  /** Settles the first outcome of `start`: joined, or could not connect to Kafka. */
  private settleStart: ((outcome: 'joined' | 'failed') => void) | undefined;

  /**
   * Prepares the kafkajs consumer (connects nothing yet; see {@link start}).
   * @param bus what the subscription uses of its bus
   * @param target the group, its topics and the handler
   */
  constructor(
    private readonly bus: BusHandle,
    private readonly target: SubscriptionTarget,
  ) {
    const { settings } = bus;
    this.log = { group: target.group, groupId: target.groupId };
    this.consumer = bus.kafka.consumer({
      groupId: target.groupId,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      maxWaitTimeInMs: settings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      partitionAssigners: [subscriptionAwareRoundRobin],
      retry: { ...settings.retry, restartOnFailure: async () => !this.stopping },
    });
    this.dispatcher = new KafkaDispatcher({
      concurrency: settings.concurrency,
      maxAttempts: settings.maxAttempts,
      retryInitialMs: settings.retryInitialMs,
      retryMaxMs: settings.retryMaxMs,
      handler: target.handler,
      typeOfTopic: (topic) => bus.typeOfTopic(topic),
      deadLetter: (deadLetter) => bus.writeDeadLetter(target.group, deadLetter),
      commit: (offsets) => this.consumer.commitOffsets(offsets),
      logger: settings.logger,
      context: this.log,
    });
    this.consumer.on(this.consumer.events.GROUP_JOIN, (event) => {
      this.dispatcher.assign(event.payload.memberId, event.payload.memberAssignment);
      this.settleStart?.('joined');
    });
    this.consumer.on(this.consumer.events.CRASH, (event) => {
      if (event.payload.restart || this.stopping) return;
      // kafkajs gave up on a non-retriable error and disconnected: start over after a while.
      settings.logger.error({ ...this.log, err: event.payload.error }, 'Kafka consumer crashed; restarting it in 5 s');
      clearTimeout(this.restartTimer);
      this.restartTimer = setTimeout(() => {
        this.starting = this.startUntilRunning();
      }, 5_000);
    });
  }

  /**
   * Starts the consumer in the background; resolves once it joined its group, failed a first time to
   * connect to Kafka, or after `joinTimeoutMs` (then it keeps trying in the background).
   */
  async start(): Promise<void> {
    const outcome = new Promise<'joined' | 'failed' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), this.bus.settings.joinTimeoutMs);
      this.settleStart = (value) => {
        clearTimeout(timer);
        this.settleStart = undefined;
        resolve(value);
      };
    });
    this.starting = this.startUntilRunning();
    const result = await outcome;
    if (this.stopping) return;
    if (result === 'failed') {
      this.bus.settings.logger.warn({ ...this.log }, 'could not start the Kafka consumer yet; will keep trying');
    } else if (result === 'timeout') {
      this.bus.settings.logger.warn(
        { ...this.log, joinTimeoutMs: this.bus.settings.joinTimeoutMs },
        'Kafka consumer has not joined its group yet; continuing in the background',
      );
    }
  }

  /**
   * Stops taking messages. Graceful: waits for running handlers and commits their offsets before leaving
   * the group. Forced: leaves at once, committing nothing more.
   */
  stop(force: boolean): Promise<void> {
    if (this.stopped && !force) return this.stopped;
    this.stopping = true;
    this.settleStart?.('failed');
    clearTimeout(this.restartTimer);
    this.pauses.wake();
    const drained = this.dispatcher.stop(force);
    const stopped = (async () => {
      if (!force) await drained;
      await this.consumer.disconnect().catch((error: unknown) => {
        this.bus.settings.logger.warn({ ...this.log, err: error }, 'Kafka consumer disconnect failed');
      });
      // A start attempt still connecting sees `stopping` and disconnects by itself; wait for it briefly.
      await Promise.race([this.starting, this.pauses.sleep(this.bus.settings.maxWaitTimeMs)]);
    })();
    if (!force) this.stopped = stopped;
    return stopped;
  }

  /**
   * Connects, subscribes and runs the consumer; retries with backoff until it runs or we stop. Failing to
   * connect settles `start` (Kafka is unreachable: no point waiting for a join); other failures (a topic
   * not visible yet, say) are retried while `start` waits for the join.
   */
  private async startUntilRunning(): Promise<void> {
    for (let failures = 0; !this.stopping; ) {
      try {
        try {
          await this.consumer.connect();
        } catch (error) {
          this.settleStart?.('failed');
          throw error;
        }
        if (this.stopping) break;
        await this.consumer.subscribe({ topics: [...this.target.topics], fromBeginning: this.bus.settings.fromBeginning });
        if (this.stopping) break;
        // Resolves once the first join (or its failure, which kafkajs then retries by itself) is over.
        await this.consumer.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          partitionsConsumedConcurrently: 1,
          eachBatch: (payload) => this.eachBatch(payload),
        });
        return;
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        if (failures === 1 || failures % 10 === 0) {
          this.bus.settings.logger.warn({ ...this.log, err: error, failures }, 'could not start the Kafka consumer; retrying');
        }
        await this.consumer.disconnect().catch(() => undefined);
        await this.pauses.sleep(retryDelayMs(failures, 500, 30_000));
      }
    }
    await this.consumer.disconnect().catch(() => undefined);
  }

  /**
   * Hands the messages of a fetched batch to the dispatcher, resolving each one's offset for fetching
   * (not committing it). Waits (heartbeating) while the dispatcher is full; returns early when stopping,
   * or when kafkajs stops or rebalances: the messages not resolved are fetched again.
   */
  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const halted = (): boolean => this.stopping || !payload.isRunning() || payload.isStale();
    for (const message of batch.messages) {
      while (this.dispatcher.full) {
        if (halted()) return;
        await this.dispatcher.waitForSlot(this.bus.settings.heartbeatIntervalMs);
        if (halted()) return;
        // Throws when the group is rebalancing: kafkajs then rejoins and fetches the rest again.
        await payload.heartbeat();
      }
      if (halted()) return;
      const taken = this.dispatcher.take({
        topic: batch.topic,
        partition: batch.partition,
        offset: message.offset,
        key: message.key,
        value: message.value,
        headers: message.headers,
      });
      if (taken === 'stopped') return;
      payload.resolveOffset(message.offset);
    }
  }
}
