/**
 * What the Kafka bus produces (docs/architecture.md §4 "Bus"): events, through one idempotent producer
 * (acks = all, one request in flight, Java-compatible murmur2 partitioner so a key always lands on the same
 * partition), and dead letters. A publish fails after a bounded number of retries instead of waiting for
 * the whole outage, so the outbox relay keeps its rows and tries again.
 */
import { Partitioners } from 'kafkajs';
import type { Kafka, Message, Producer } from 'kafkajs';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { sharedAttempt } from '../support';
import type { KafkaAdmin } from './admin';
import type { KafkaBusOptions, KafkaSettings } from './config';
import { deadLetterMessage } from './dead-letter';
import type { DeadLetterRequest } from './dead-letter';
import { kafkaDeadLetterTopicOf, kafkaTopicOf, kafkaTypeOfTopic, toKafkaMessage } from './messages';

/** Retries of one publish (kafkajs backoff from 300 ms): fail in seconds, not after the whole outage. */
const PUBLISH_RETRIES = 5;

/** The producing side of one `KafkaBus`: connects on first use, once (again after a failed attempt). */
export class KafkaPublisher {
  private readonly producer: Producer;
  /** Connects the producer once (again after a failed attempt). */
  private readonly connect: () => Promise<Producer>;

  /**
   * @param kafka the bus's kafkajs client
   * @param settings the bus's settings
   * @param retry kafkajs's retry options of the bus (`KafkaBusOptions.retry`), bounded here to {@link PUBLISH_RETRIES}
   * @param admin creates missing topics first when `createTopics` is on
   */
  constructor(
    kafka: Kafka,
    private readonly settings: KafkaSettings,
    retry: KafkaBusOptions['retry'],
    private readonly admin: KafkaAdmin,
  ) {
    this.producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { ...retry, retries: PUBLISH_RETRIES },
    });
    this.connect = sharedAttempt(async () => {
      await this.producer.connect();
      return this.producer;
    });
  }

  /**
   * Produces each event (see `toKafkaMessage`) to its type's topic, in order, in one batch (creating
   * missing topics first when `createTopics`); resolves when the in-sync replicas acknowledged every
   * message (acks = all).
   * @throws Error when Kafka refuses or cannot be reached after a few retries
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      const topic = kafkaTopicOf(this.settings.topicPrefix, event.type);
      const messages = byTopic.get(topic);
      if (messages) messages.push(toKafkaMessage(event));
      else byTopic.set(topic, [toKafkaMessage(event)]);
    }
    if (this.settings.createTopics) await this.admin.ensureTopicNames([...byTopic.keys()]);
    const producer = await this.connect();
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  /**
   * Produces the dead letter of `group` (see `deadLetterMessage`, acks = all), then reports it to
   * `onDeadLetter` (whose failures are logged, not thrown).
   * @throws Error when Kafka refuses or cannot be reached (the dispatcher retries)
   */
  async writeDeadLetter(group: string, deadLetter: DeadLetterRequest): Promise<void> {
    const { message, reason, attempts, event } = deadLetter;
    const { topicPrefix, createTopics, onDeadLetter, logger } = this.settings;
    const deadLetterTopic = kafkaDeadLetterTopicOf(topicPrefix);
    if (createTopics) await this.admin.ensureTopicNames([deadLetterTopic]);
    const producer = await this.connect();
    await producer.send({
      topic: deadLetterTopic,
      acks: -1,
      messages: [deadLetterMessage(message, { group, reason, attempts, failedAt: new Date() })],
    });
    const type = event?.type ?? kafkaTypeOfTopic(topicPrefix, message.topic) ?? message.topic;
    try {
      onDeadLetter?.(type, {
        group,
        type,
        topic: message.topic,
        partition: message.partition,
        offset: message.offset,
        reason,
        attempts,
        eventId: event?.id,
      });
    } catch (error) {
      logger.warn({ err: error }, 'onDeadLetter callback failed');
    }
  }

  /** Disconnects the producer; a failure is logged, not thrown. */
  async disconnect(): Promise<void> {
    await this.producer.disconnect().catch((error: unknown) => this.settings.logger.warn({ err: error }, 'producer disconnect failed'));
  }
}
