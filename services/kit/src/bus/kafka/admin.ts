/**
 * The Kafka bus's admin client (docs/architecture.md §4 "Bus": "topics created at start"; §7 consumer lag):
 * creating missing topics (never relying on the broker's automatic creation), the readiness probe behind
 * `/readyz`, and the consumer lag read on each `/metrics` scrape.
 */
import type { Admin, Kafka } from 'kafkajs';
import { settlesWithin, sharedAttempt } from '../support';
import type { ConsumerLag } from '../types';
import type { KafkaSettings } from './config';
import { kafkaGroupIdOf, kafkaTypeOfTopic } from './messages';

/** How long {@link KafkaAdmin.lag} may take (it runs on each `/metrics` scrape), in ms. */
const LAG_TIMEOUT_MS = 5_000;

/** The admin side of one `KafkaBus`: connects on first use, once (again after a failed attempt). */
export class KafkaAdmin {
  private readonly admin: Admin;
  /** Connects the admin client once (again after a failed attempt). */
  private readonly connect: () => Promise<Admin>;
  private probe: Promise<void> | undefined;
  /** Topics known to exist (created or found by this bus). */
  private readonly knownTopics = new Set<string>();

  /** @param kafka the bus's kafkajs client @param settings the bus's settings */
  constructor(
    kafka: Kafka,
    private readonly settings: KafkaSettings,
  ) {
    this.admin = kafka.admin();
    this.connect = sharedAttempt(async () => {
      await this.admin.connect();
      return this.admin;
    });
  }

  /**
   * Creates the missing ones of `topics` (`numPartitions`, `replicationFactor`; TOPIC_ALREADY_EXISTS is
   * fine) and remembers them, so a topic is created at most once per bus.
   * @throws Error when the cluster cannot be reached or refuses (e.g. not authorized)
   */
  async ensureTopicNames(topics: readonly string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin = await this.connect();
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.settings.numPartitions,
          replicationFactor: this.settings.replicationFactor,
        })),
      });
    } catch (error) {
      if (!onlyTopicAlreadyExists(error)) throw error;
    }
    for (const topic of missing) this.knownTopics.add(topic);
  }

  /** True when the cluster answers a metadata request (DescribeCluster) within `readyTimeoutMs`. Never throws. */
  async reachable(): Promise<boolean> {
    this.probe ??= (async () => {
      const admin = await this.connect();
      await admin.describeCluster();
    })().finally(() => {
      this.probe = undefined;
    });
    return settlesWithin(this.probe, this.settings.readyTimeoutMs);
  }

  /**
   * Per group and each of its topics: the messages the group has not committed yet (undelivered + in
   * flight) = the sum over the topic's partitions of the log-end offset minus the group's committed offset
   * (the log-start offset, or the end with `fromBeginning` off, where the group has committed nothing yet).
   * Topics that do not exist yet are left out.
   * @param groupTopics per group (as the service names it), the topics it subscribed to
   * @throws Error when Kafka cannot be reached, or does not answer within 5 s
   */
  async lag(groupTopics: ReadonlyMap<string, ReadonlySet<string>>): Promise<ConsumerLag[]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.readLag(groupTopics),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('reading the Kafka consumer lag timed out')), LAG_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Disconnects the admin client; a failure is logged, not thrown. */
  async disconnect(): Promise<void> {
    await this.admin.disconnect().catch((error: unknown) => this.settings.logger.warn({ err: error }, 'admin disconnect failed'));
  }

  /** See {@link lag}. */
  private async readLag(groupTopics: ReadonlyMap<string, ReadonlySet<string>>): Promise<ConsumerLag[]> {
    const admin = await this.connect();
    const topics = [...new Set([...groupTopics.values()].flatMap((set) => [...set]))];
    const ends = new Map<string, Array<{ partition: number; high: bigint; low: bigint }>>();
    await Promise.all(
      topics.map(async (topic) => {
        try {
          const offsets = await admin.fetchTopicOffsets(topic);
          ends.set(
            topic,
            offsets.map((entry) => ({ partition: entry.partition, high: BigInt(entry.high), low: BigInt(entry.low) })),
          );
        } catch {
          // The topic does not exist (yet): no row for it.
        }
      }),
    );
    const { topicPrefix, fromBeginning } = this.settings;
    const rows: ConsumerLag[] = [];
    for (const [group, subscribed] of groupTopics) {
      const present = [...subscribed].filter((topic) => ends.has(topic));
      if (present.length === 0) continue;
      const committed = await admin.fetchOffsets({ groupId: kafkaGroupIdOf(topicPrefix, group), topics: present });
      for (const { topic, partitions } of committed) {
        let lag = 0n;
        for (const { partition, high, low } of ends.get(topic) ?? []) {
          const offset = BigInt(partitions.find((entry) => entry.partition === partition)?.offset ?? '-1');
          const position = offset >= 0n ? (offset > low ? offset : low) : fromBeginning ? low : high;
          if (high > position) lag += high - position;
        }
        rows.push({ group, type: kafkaTypeOfTopic(topicPrefix, topic) ?? topic, lag: Number(lag) });
      }
    }
    return rows;
  }
}

/** True when `error` only says that topics exist already (kafkajs reports those per topic). */
function onlyTopicAlreadyExists(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, errors, cause } = error as { type?: unknown; errors?: unknown; cause?: unknown };
  if (type === 'TOPIC_ALREADY_EXISTS') return true;
  if (Array.isArray(errors) && errors.length > 0) return errors.every((item) => onlyTopicAlreadyExists(item));
  return cause !== undefined && cause !== error && onlyTopicAlreadyExists(cause);
}
