/**
 * The `KafkaBus` class: the bus port over its parts (docs/architecture.md §4 "Bus"): {@link KafkaPublisher}
 * for events and dead letters, {@link KafkaAdmin} for topics, readiness and lag, one {@link
 * KafkaSubscription} per `subscribe`. Layout in Kafka and delivery rules: the module comment of `../kafka.ts`.
 */
import type { Kafka } from 'kafkajs';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { subscriptionOf } from '../support';
import type { ConsumerLag, EventBus, SubscribeOptions, Subscription } from '../types';
import { KafkaAdmin } from './admin';
import { createKafkaClient, resolveKafkaSettings } from './config';
import type { KafkaBusOptions, KafkaSettings } from './config';
import { KafkaSubscription } from './consumer';
import type { BusHandle } from './consumer';
import { kafkaDeadLetterTopicOf, kafkaGroupIdOf, kafkaTopicOf, kafkaTypeOfTopic } from './messages';
import { KafkaPublisher } from './producer';

/**
 * The Kafka {@link EventBus} (kind `kafka`). See the module comment of `../kafka.ts` for the layout in
 * Kafka and the delivery semantics. Nothing connects until first used. Source: ARCHITECTURE §1-2,
 * docs/architecture.md §4 "Bus".
 *
 * @example
 * const bus = new KafkaBus({ brokers: ['kafka:9092'], clientId: 'workflows-engine', logger });
 */
export class KafkaBus implements EventBus {
  /** The adapter name: `kafka`. */
  readonly kind = 'kafka';
  /** Kafka holds published events durably; see {@link EventBus.durable}. */
  readonly durable = true;

  private readonly settings: KafkaSettings;
  private readonly kafka: Kafka;
  private readonly admin: KafkaAdmin;
  private readonly publisher: KafkaPublisher;
  private readonly subscriptions = new Set<KafkaSubscription>();
  /** The topics each group subscribed to through this instance (for {@link lag}). */
  private readonly groupTopics = new Map<string, Set<string>>();
  private closed = false;

  /**
   * Prepares the clients; connects lazily (first publish, subscribe or readiness check).
   * @param options see {@link KafkaBusOptions}
   * @throws RangeError when `brokers` is empty, `topicPrefix` has characters Kafka refuses, a numeric option
   *   is out of range, or `heartbeatIntervalMs` is not below `sessionTimeoutMs`
   */
  constructor(options: KafkaBusOptions) {
    this.settings = resolveKafkaSettings(options);
    this.kafka = createKafkaClient(options, this.settings.logger);
    this.admin = new KafkaAdmin(this.kafka, this.settings);
    this.publisher = new KafkaPublisher(this.kafka, this.settings, options.retry, this.admin);
  }

  /** The topic of event `type`: `<topicPrefix><type>`. */
  topicOf(type: string): string {
    return kafkaTopicOf(this.settings.topicPrefix, type);
  }

  /** The dead-letter topic: `<topicPrefix>dead-letter`. */
  get deadLetterTopic(): string {
    return kafkaDeadLetterTopicOf(this.settings.topicPrefix);
  }

  /** The Kafka consumer group id of `group`: `<topicPrefix><group>`. */
  groupIdOf(group: string): string {
    return kafkaGroupIdOf(this.settings.topicPrefix, group);
  }

  /**
   * Creates the topics of `types` and the dead-letter topic where missing (`numPartitions`,
   * `replicationFactor`); existing topics are left as they are. Called by `subscribe` and `publish` when
   * `createTopics` is on; scripts may call it to prepare a cluster.
   * @throws Error when the cluster cannot be reached or refuses (e.g. not authorized)
   */
  async ensureTopics(types: readonly string[]): Promise<void> {
    await this.admin.ensureTopicNames([...types.map((type) => this.topicOf(type)), this.deadLetterTopic]);
  }

  /**
   * Produces each event (see `toKafkaMessage`) to its type's topic, in order, in one batch; resolves
   * when the in-sync replicas acknowledged every message (acks = all).
   * @throws Error when the bus is closed, or Kafka refuses or cannot be reached after a few retries (some
   *   events of the batch may have been written: the relay publishes the batch again, consumers' inboxes
   *   drop the duplicates)
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('KafkaBus is closed');
    if (events.length === 0) return;
    await this.publisher.publish(events);
  }

  /**
   * Creates the topics of `types` (when `createTopics`), then starts a member of the group
   * `<topicPrefix><group>` on them; resolves once it joined the group, or after `joinTimeoutMs`, or at its
   * first failure to reach Kafka (it keeps trying in the background, logging).
   * @throws Error when the bus is closed or `types` is empty
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('KafkaBus is closed');
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    const topics = [...new Set(options.types)].map((type) => this.topicOf(type));
    if (this.settings.createTopics) {
      try {
        await this.admin.ensureTopicNames([...topics, this.deadLetterTopic]);
      } catch (error) {
        this.settings.logger.warn(
          { err: error, group: options.group, topics },
          'could not create the topics yet; the consumer will retry until they exist',
        );
      }
    }
    const groupTopics = this.groupTopics.get(options.group) ?? new Set<string>();
    for (const topic of topics) groupTopics.add(topic);
    this.groupTopics.set(options.group, groupTopics);
    const subscription = new KafkaSubscription(this.handle(), {
      group: options.group,
      groupId: this.groupIdOf(options.group),
      topics,
      handler: options.handler,
    });
    this.subscriptions.add(subscription);
    await subscription.start();
    return subscriptionOf(subscription, this.subscriptions);
  }

  /** True when the cluster answers a metadata request within `readyTimeoutMs`; false after `close()`. */
  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    return (await this.admin.reachable()) && !this.closed;
  }

  /**
   * Stops every subscription (messages not yet started stay uncommitted for the next owner), waits for
   * the handlers already running, commits their offsets, leaves the groups, then disconnects. Idempotent.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop(false)));
    this.subscriptions.clear();
    await this.disconnectClients();
  }

  /**
   * Stops at once, as a crash would: running handlers are neither awaited nor committed; the members
   * leave their groups so another member takes their partitions over (from the last committed offsets)
   * without waiting for the session timeout. For shutdown deadlines and crash tests. Idempotent.
   */
  async destroy(): Promise<void> {
    this.closed = true;
    const stops = [...this.subscriptions].map((subscription) => subscription.stop(true));
    this.subscriptions.clear();
    await Promise.all(stops);
    await this.disconnectClients();
  }

  /**
   * Per group subscribed through this instance and per event type: the messages the group has not
   * committed yet (see `KafkaAdmin.lag`); nothing after `close()`. See {@link EventBus.lag}.
   * @throws Error when Kafka cannot be reached, or does not answer within 5 s
   */
  async lag(): Promise<ConsumerLag[]> {
    if (this.closed || this.groupTopics.size === 0) return [];
    return this.admin.lag(this.groupTopics);
  }

  /** What subscriptions use of the bus. */
  private handle(): BusHandle {
    return {
      kafka: this.kafka,
      settings: this.settings,
      typeOfTopic: (topic) => kafkaTypeOfTopic(this.settings.topicPrefix, topic),
      writeDeadLetter: (group, deadLetter) => this.publisher.writeDeadLetter(group, deadLetter),
    };
  }

  /** Disconnects the producer and the admin client (errors are logged, not thrown). */
  private async disconnectClients(): Promise<void> {
    await Promise.all([this.publisher.disconnect(), this.admin.disconnect()]);
  }
}
