/**
 * The Kafka event bus: the Kubernetes adapter of the event bus port (ARCHITECTURE §1-2, "event bus: Kafka
 * (kafkajs)"; docs/architecture.md §4 "Bus").
 *
 * Layout in Kafka:
 * - one topic per event type, `<topicPrefix><type>` (e.g. `formloom.form.submitted`), created at start
 *   (by `subscribe` and the first `publish` of a type) with `numPartitions` partitions when
 *   `createTopics` is on; automatic topic creation by the broker is never relied upon;
 * - each event is one message: key = the envelope's `key` (so the events of one flow or workflow share a
 *   partition), value = the envelope as JSON, header `traceparent` when the envelope has one;
 * - one consumer group per consuming service, `<topicPrefix><group>` (e.g. `formloom.workflows-engine`;
 *   prefixed so two installations can share a cluster); each `subscribe` is one member of the group.
 *   Partitions are spread by {@link subscriptionAwareRoundRobin}, which (unlike kafkajs's round robin)
 *   only hands a member partitions of the topics it subscribed to, so the replicas of one service may
 *   subscribe to different types (two consumers in one service, or a rolling upgrade);
 * - `<topicPrefix>dead-letter`: events that failed `maxAttempts` times and malformed messages, with the
 *   original key, value and headers plus the headers of {@link DEAD_LETTER_HEADERS} (original topic,
 *   partition, offset, consumer group, reason, attempts). Replaying a dead letter means producing its
 *   value again to its original topic with its key: every group gets it again and the groups that had
 *   handled it already drop it in their inbox.
 *
 * Delivery (per subscription, i.e. per member of a group):
 * - a group's first subscription to a topic starts at the earliest retained message (`fromBeginning`),
 *   so events published before a service first subscribed are delivered too (as with Redis Streams);
 *   afterwards the group resumes from its committed offsets;
 * - messages fetched are held (at most `concurrency` at once per subscription); messages sharing a
 *   key are handled one at a time in partition order, different keys run concurrently even within one
 *   partition, so a slow event only holds up its own key. Order across partitions, topics (event types)
 *   or members, and across a rebalance (a partition moving to another member while its handler still
 *   runs here), is not guaranteed. Messages waiting behind their key count against `concurrency`, so a
 *   key whose handler keeps failing can fill a subscription's slots until it is dead-lettered;
 * - offsets are committed only after the handler resolved (the kit's consumer has then committed its
 *   transaction) or the message was dead-lettered: per partition, the committed offset is the first
 *   message not yet finished, so a crash redelivers every unfinished message and nothing after it is
 *   skipped (kafkajs `autoCommit` is off; offsets are resolved for fetching, committed by this adapter);
 * - a handler that throws is retried in process after an exponential backoff (`retryInitialMs`, doubling
 *   up to `retryMaxMs`), holding up later events of its key; after `maxAttempts` attempts the event goes
 *   to the dead-letter topic and its offset is committed. A message that is not an event envelope (or
 *   sits on the wrong topic) goes to the dead-letter topic at once. Failures caused by an outage of the
 *   handler's own dependencies (its database) count too: with the defaults an outage longer than about
 *   30 s dead-letters the events that arrive during it (replay them, or raise `maxAttempts`);
 * - at-least-once: a crash or a rebalance between a handler's commit and the offset commit delivers an
 *   event again; consumers make effects exactly-once with their inbox (ARCHITECTURE §1).
 *
 * Publishing uses one idempotent producer (acks = all, one request in flight, Java-compatible murmur2
 * partitioner); `publish` resolves once every message is acknowledged by the in-sync replicas, and fails
 * after a bounded number of retries instead of waiting for the whole outage, so the outbox relay keeps
 * its rows and tries again. `isReady()` asks the cluster for its metadata with a short timeout; `lag()`
 * reads, per group and type, the log-end offsets minus the group's committed offsets.
 *
 * This file is the entry point (`@formloom/kit/bus/kafka`); the adapter lives in `kafka/`: `config.ts`
 * (options, defaults, the kafkajs client), `bus.ts` (the bus over the parts below), `producer.ts` (events
 * and dead letters out), `admin.ts` (topics, readiness, lag), `consumer.ts` (one group member on
 * kafkajs), `dispatcher.ts` (per-key delivery with `../keyed-lanes.ts`, dead letters, offset commits),
 * `partition-progress.ts` (the commit watermark), `assignment.ts` (partition assignment),
 * `dead-letter.ts` (policy and message), `messages.ts` (names and the envelope ↔ message mapping).
 */
export { KafkaBus } from './kafka/bus';
export { DEFAULT_TOPIC_PREFIX } from './kafka/config';
export type { KafkaBusOptions } from './kafka/config';
export {
  kafkaDeadLetterTopicOf,
  kafkaGroupIdOf,
  kafkaTopicOf,
  parseKafkaMessage,
  toKafkaMessage,
} from './kafka/messages';
export type { ConsumedMessage, ParsedKafkaMessage } from './kafka/messages';
export { DEAD_LETTER_HEADERS, deadLetterMessage, failureDecision } from './kafka/dead-letter';
export type { DeadLetterInfo, FailureDecision } from './kafka/dead-letter';
export { assignRoundRobin, subscriptionAwareRoundRobin } from './kafka/assignment';
export { PartitionProgress } from './kafka/partition-progress';
export { KafkaDispatcher } from './kafka/dispatcher';
export type { DispatcherSettings } from './kafka/dispatcher';
