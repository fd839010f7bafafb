/**
 * The Kafka event bus: the Kubernetes adapter of the event bus port (ARCHITECTURE §1-2, "event bus: Kafka
 * (kafkajs)"; issue 3 §2).
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
 */
import type { ConnectionOptions } from 'node:tls';
import { AssignerProtocol, Kafka, Partitioners, logLevel } from 'kafkajs';
import type {
  Admin,
  Consumer,
  EachBatchPayload,
  IHeaders,
  Message,
  PartitionAssigner,
  Producer,
  RetryOptions,
  SASLOptions,
  logCreator,
} from 'kafkajs';
import { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { ConsumerLag, EventBus, EventHandler, SubscribeOptions, Subscription } from './types';
import { positiveOption, retryDelayMs, settlesWithin, silentBusLogger } from './in-process';
import type { BusLogger } from './in-process';

/** Options of {@link KafkaBus}. Durations are in ms. */
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

/** A message written to the dead-letter topic, as reported to {@link KafkaBusOptions.onDeadLetter}. */
export interface DeadLetterInfo {
  /** The consumer group (the service) that gave up on it. */
  group: string;
  /** The event type: the envelope's, or the one its topic stands for when it could not be parsed. */
  type: string;
  /** Where it came from. */
  topic: string;
  partition: number;
  offset: string;
  /** Why: the last handler error, or what is malformed. */
  reason: string;
  /** Handler attempts made (0 for a malformed message). */
  attempts: number;
  /** The envelope's id, when it could be parsed. */
  eventId?: string;
}

/**
 * Header names on dead-letter messages (values are strings). The original message's headers (such as
 * `traceparent`) are kept alongside.
 */
export const DEAD_LETTER_HEADERS = {
  /** The topic the message was consumed from. */
  topic: 'dlt-original-topic',
  /** Its partition (decimal). */
  partition: 'dlt-original-partition',
  /** Its offset (decimal). */
  offset: 'dlt-original-offset',
  /** The consumer group (service name, without the prefix) that gave up. */
  group: 'dlt-group',
  /** Why it was dead-lettered. */
  reason: 'dlt-reason',
  /** Handler attempts made (0 = malformed, never handled). */
  attempts: 'dlt-attempts',
  /** When it was dead-lettered (ISO 8601). */
  failedAt: 'dlt-failed-at',
} as const;

/** The default prefix of topics and groups. */
export const DEFAULT_TOPIC_PREFIX = 'formloom.';
/** Characters Kafka allows in topic names. */
const TOPIC_CHARS = /^[A-Za-z0-9._-]*$/;
/** Kafka's longest topic name. */
const MAX_TOPIC_LENGTH = 249;
/** Longest `dlt-reason` header, in characters. */
const MAX_REASON_LENGTH = 1_000;
/** Retries of one publish (kafkajs backoff from 300 ms): fail in seconds, not after the whole outage. */
const PUBLISH_RETRIES = 5;
/** How long {@link KafkaBus.lag} may take (it runs on each `/metrics` scrape), in ms. */
const LAG_TIMEOUT_MS = 5_000;
/** The kafkajs warning our bounded publish retries cause; expected, hence not logged. */
const LIMITED_RETRIES_WARNING = 'Limiting retries for the idempotent producer may invalidate EoS guarantees';

/** The topic of event `type`: `<prefix><type>` (e.g. `formloom.form.submitted`). Issue 3 §2. */
export function kafkaTopicOf(prefix: string, type: string): string {
  return `${prefix}${type}`;
}

/** The dead-letter topic: `<prefix>dead-letter` (event types never contain `-`, so it cannot clash). */
export function kafkaDeadLetterTopicOf(prefix: string): string {
  return `${prefix}dead-letter`;
}

/** The Kafka consumer group id of `group` (a service name): `<prefix><group>`. */
export function kafkaGroupIdOf(prefix: string, group: string): string {
  return `${prefix}${group}`;
}

/**
 * The message that carries `event`: key = `event.key`, value = the envelope as JSON, header
 * `traceparent` when the envelope has one. Issue 3 §2.
 */
export function toKafkaMessage(event: EventEnvelope): { key: string; value: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (event.traceparent !== undefined) headers.traceparent = event.traceparent;
  return { key: event.key, value: JSON.stringify(event), headers };
}

/** What {@link parseKafkaMessage} makes of a message. */
export type ParsedKafkaMessage = { ok: true; event: EventEnvelope } | { ok: false; reason: string };

/**
 * Reads the envelope out of a consumed message's value (the inverse of {@link toKafkaMessage}), or says
 * why it cannot: no value, not JSON, not an `EventEnvelope`, or (when `expectedType` is given) an event
 * of another type than its topic's.
 */
export function parseKafkaMessage(
  message: { value: Buffer | string | null },
  expectedType?: string,
): ParsedKafkaMessage {
  if (message.value === null) return { ok: false, reason: 'no value (tombstone)' };
  const text = typeof message.value === 'string' ? message.value : message.value.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${describeError(error)}` };
  }
  const parsed = EventEnvelope.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, reason: `invalid envelope: ${issues.join('; ')}` };
  }
  if (expectedType !== undefined && parsed.data.type !== expectedType) {
    return { ok: false, reason: `event type "${parsed.data.type}" does not belong on the topic of "${expectedType}"` };
  }
  return { ok: true, event: { ...parsed.data, data: parsed.data.data } };
}

/** What to do after a handler failed: retry after `delayMs`, or give up and dead-letter the event. */
export type FailureDecision = { action: 'retry'; delayMs: number } | { action: 'dead-letter' };

/**
 * The dead-letter policy: after the `failures`-th failed attempt (1-based), retry after
 * `retryInitialMs * 2^(failures - 1)` ms capped at `retryMaxMs`, unless `failures` reached `maxAttempts`,
 * in which case dead-letter. Issue 3 §2 ("retries with backoff, a dead-letter topic after a bounded
 * number of failures").
 */
export function failureDecision(
  failures: number,
  policy: { maxAttempts: number; retryInitialMs: number; retryMaxMs: number },
): FailureDecision {
  if (failures >= policy.maxAttempts) return { action: 'dead-letter' };
  return { action: 'retry', delayMs: retryDelayMs(failures, policy.retryInitialMs, policy.retryMaxMs) };
}

/** A consumed message as the bus handles it. */
export interface ConsumedMessage {
  topic: string;
  partition: number;
  /** The message's offset (decimal string, as kafkajs gives it). */
  offset: string;
  key: Buffer | string | null;
  value: Buffer | string | null;
  headers?: IHeaders;
}

/**
 * The dead-letter message for `message`: the same key, value and headers, plus the
 * {@link DEAD_LETTER_HEADERS} (earlier `dlt-*` headers, from a replayed dead letter, are replaced).
 */
export function deadLetterMessage(
  message: ConsumedMessage,
  details: { group: string; reason: string; attempts: number; failedAt: Date },
): Message {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DEAD_LETTER_HEADERS.topic]: message.topic,
      [DEAD_LETTER_HEADERS.partition]: String(message.partition),
      [DEAD_LETTER_HEADERS.offset]: message.offset,
      [DEAD_LETTER_HEADERS.group]: details.group,
      [DEAD_LETTER_HEADERS.reason]: details.reason.slice(0, MAX_REASON_LENGTH),
      [DEAD_LETTER_HEADERS.attempts]: String(details.attempts),
      [DEAD_LETTER_HEADERS.failedAt]: details.failedAt.toISOString(),
    },
  };
}

/**
 * Round-robin assignment that respects subscriptions (Java's `RoundRobinAssignor`): the partitions of all
 * topics, sorted by topic then partition, are dealt in turn to the members sorted by id, skipping members
 * not subscribed to the partition's topic. Every partition of a topic someone subscribed to goes to
 * exactly one member subscribed to it; partitions of topics nobody subscribed to are left out.
 * @param members each member's id and subscribed topics
 * @param partitionsByTopic the partition ids of each topic
 * @returns per member id, its partitions per topic (every member appears, possibly with `{}`)
 */
export function assignRoundRobin(
  members: ReadonlyArray<{ memberId: string; topics: readonly string[] }>,
  partitionsByTopic: Readonly<Record<string, readonly number[]>>,
): Record<string, Record<string, number[]>> {
  const sorted = [...members].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  const result: Record<string, Record<string, number[]>> = {};
  for (const member of sorted) result[member.memberId] = {};
  let cursor = 0;
  for (const topic of Object.keys(partitionsByTopic).sort()) {
    const partitions = [...(partitionsByTopic[topic] ?? [])].sort((a, b) => a - b);
    for (const partition of partitions) {
      for (let step = 0; step < sorted.length; step += 1) {
        const index = (cursor + step) % sorted.length;
        const member = sorted[index];
        if (!member || !member.topics.includes(topic)) continue;
        const assignment = result[member.memberId] ?? {};
        (assignment[topic] ??= []).push(partition);
        result[member.memberId] = assignment;
        cursor = (index + 1) % sorted.length;
        break;
      }
    }
  }
  return result;
}

/** The name of {@link subscriptionAwareRoundRobin} in the group protocol. */
const ASSIGNER_NAME = 'FormloomRoundRobin';

/**
 * A kafkajs partition assigner running {@link assignRoundRobin} over the members' own subscriptions
 * (kafkajs's `RoundRobinAssigner` deals the leader's topics to every member, and a member then drops the
 * partitions of topics it did not subscribe to: those would never be consumed).
 */
export const subscriptionAwareRoundRobin: PartitionAssigner = ({ cluster, logger }) => ({
  name: ASSIGNER_NAME,
  version: 0,
  async assign({ members, topics }) {
    const subscriptions = members.map(({ memberId, memberMetadata }) => ({
      memberId,
      topics: AssignerProtocol.MemberMetadata.decode(memberMetadata)?.topics ?? topics,
    }));
    const allTopics = [...new Set(subscriptions.flatMap((subscription) => subscription.topics))];
    try {
      // The leader only knows the metadata of its own topics: learn the others' partitions too.
      await cluster.addMultipleTargetTopics(allTopics);
    } catch (error) {
      logger.warn('could not load the metadata of every subscribed topic; assigning the known ones', {
        error: describeError(error),
      });
    }
    const partitionsByTopic: Record<string, number[]> = {};
    for (const topic of allTopics) {
      const partitions = cluster.findTopicPartitionMetadata(topic).map((metadata) => metadata.partitionId);
      if (partitions.length > 0) partitionsByTopic[topic] = partitions;
    }
    const plan = assignRoundRobin(subscriptions, partitionsByTopic);
    return subscriptions.map(({ memberId }) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({
        version: 0,
        assignment: plan[memberId] ?? {},
        userData: Buffer.alloc(0),
      }),
    }));
  },
  protocol({ topics }) {
    return {
      name: ASSIGNER_NAME,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});

/**
 * Which offsets of one partition a subscription has taken and finished, and so which offset it may
 * commit: the first offset taken but not finished, or one past the highest taken when all are finished.
 * Offsets are compared as bigints (Kafka offsets are 64-bit).
 */
export class PartitionProgress {
  private readonly unfinished = new Set<bigint>();
  private highest: bigint | undefined;
  private committedOffset: bigint | undefined;

  /** @param topic the topic @param partition the partition id */
  constructor(
    readonly topic: string,
    readonly partition: number,
  ) {}

  /**
   * Takes `offset` (decimal) as unfinished. False when it is not beyond the highest offset taken (a
   * message fetched again after a rebalance): it is handled or held already.
   */
  take(offset: string): boolean {
    const value = BigInt(offset);
    if (this.highest !== undefined && value <= this.highest) return false;
    // The fetch started here, so the group's committed offset is at most this one: nothing to commit yet.
    this.committedOffset ??= value;
    this.highest = value;
    this.unfinished.add(value);
    return true;
  }

  /** Marks `offset` finished (handled or dead-lettered). */
  finish(offset: string): void {
    this.unfinished.delete(BigInt(offset));
  }

  /** The offset to commit now (decimal), or undefined when it would not move the committed offset forward. */
  due(): string | undefined {
    if (this.highest === undefined) return undefined;
    let next = this.highest + 1n;
    for (const offset of this.unfinished) if (offset < next) next = offset;
    return this.committedOffset === undefined || next > this.committedOffset ? next.toString() : undefined;
  }

  /** Records that `offset` (as returned by {@link due}) was committed. */
  committed(offset: string): void {
    const value = BigInt(offset);
    if (this.committedOffset === undefined || value > this.committedOffset) this.committedOffset = value;
  }
}

/** Settings of a {@link KafkaDispatcher}. */
export interface DispatcherSettings {
  /** Most messages held at once. */
  concurrency: number;
  /** Attempts before dead-lettering, and the retry backoff (see {@link failureDecision}). */
  maxAttempts: number;
  retryInitialMs: number;
  retryMaxMs: number;
  /** The subscriber's handler. */
  handler: EventHandler;
  /** The event type a topic carries (undefined: unknown, any type accepted). */
  typeOfTopic: (topic: string) => string | undefined;
  /** Writes a dead letter; resolves once the broker acknowledged it, throws to be retried. */
  deadLetter: (deadLetter: { message: ConsumedMessage; reason: string; attempts: number; event?: EventEnvelope }) => Promise<void>;
  /** Commits offsets (each the next offset to read); throws to be retried. */
  commit: (offsets: Array<{ topic: string; partition: number; offset: string }>) => Promise<void>;
  /** Where failures are logged, with `context` added to every line. */
  logger: BusLogger;
  context: Record<string, string>;
}

/** A message the dispatcher holds: waiting behind its key, running, or waiting for a retry. */
interface Held {
  readonly message: ConsumedMessage;
  readonly progress: PartitionProgress;
  /** Undefined for a malformed message (it goes to the dead-letter topic, in no key lane). */
  readonly event: EventEnvelope | undefined;
  state: 'queued' | 'running' | 'waiting';
  failures: number;
  timer?: NodeJS.Timeout;
}

/** `topic` + `partition` as one map key. */
function partitionKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

/**
 * The delivery engine of one Kafka subscription, independent of kafkajs: takes fetched messages, runs
 * the handler per key in order (different keys concurrently), retries with backoff, dead-letters, and
 * commits per partition the offset below which every message is finished. See the module comment.
 */
export class KafkaDispatcher {
  private readonly held = new Set<Held>();
  /** Per key, the held messages oldest first; only the head may run. */
  private readonly lanes = new Map<string, Held[]>();
  private readonly partitions = new Map<string, PartitionProgress>();
  /** Handler runs and dead-letter writes, awaited by a graceful stop. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly slotWaiters = new Set<() => void>();
  private readonly sleepers = new Set<() => void>();
  private memberId: string | undefined;
  private stopping = false;
  private aborted = false;
  private stopped: Promise<void> | undefined;
  private committing: Promise<void> | undefined;
  private commitAgain = false;
  private commitFailures = 0;

  /** @param settings see {@link DispatcherSettings} */
  constructor(private readonly settings: DispatcherSettings) {}

  /** True while `concurrency` messages are held: take no more until a slot frees. */
  get full(): boolean {
    return this.held.size >= this.settings.concurrency;
  }

  /** Number of messages held. */
  get size(): number {
    return this.held.size;
  }

  /**
   * Takes a fetched message: `taken` (held, or sent to the dead-letter topic when malformed), `seen`
   * (taken before: fetched again after a rebalance), or `stopped` (not taken; the caller stops fetching).
   */
  take(message: ConsumedMessage): 'taken' | 'seen' | 'stopped' {
    if (this.stopping) return 'stopped';
    const key = partitionKey(message.topic, message.partition);
    let progress = this.partitions.get(key);
    if (!progress) {
      progress = new PartitionProgress(message.topic, message.partition);
      this.partitions.set(key, progress);
    }
    if (!progress.take(message.offset)) return 'seen';
    const parsed = parseKafkaMessage(message, this.settings.typeOfTopic(message.topic));
    if (!parsed.ok) {
      const entry: Held = { message, progress, event: undefined, state: 'running', failures: 0 };
      this.held.add(entry);
      this.settings.logger.error(
        { ...this.settings.context, topic: message.topic, partition: message.partition, offset: message.offset, reason: parsed.reason },
        'malformed message; moving it to the dead-letter topic',
      );
      this.track(this.deadLetter(entry, parsed.reason));
      return 'taken';
    }
    const entry: Held = { message, progress, event: parsed.event, state: 'queued', failures: 0 };
    this.held.add(entry);
    const lane = this.lanes.get(parsed.event.key);
    if (lane) {
      lane.push(entry);
    } else {
      this.lanes.set(parsed.event.key, [entry]);
      this.runHead(parsed.event.key);
    }
    return 'taken';
  }

  /** Resolves when a slot frees, on stop, or after `ms` (whichever comes first). */
  waitForSlot(ms: number): Promise<void> {
    if (!this.full || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.slotWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.slotWaiters.add(done);
    });
  }

  /**
   * Applies a new group assignment (after a rebalance). A member that rejoined under another id may have
   * lost its partitions meanwhile, so it forgets everything; otherwise only the partitions it no longer
   * has are forgotten. Forgotten messages not running are dropped (the new owner delivers them); running
   * ones finish but commit nothing.
   * @param memberId this member's id in the new generation
   * @param assignment its partitions per topic
   */
  assign(memberId: string, assignment: Readonly<Record<string, readonly number[]>>): void {
    const kept = new Set<string>();
    for (const [topic, partitions] of Object.entries(assignment)) {
      for (const partition of partitions) kept.add(partitionKey(topic, partition));
    }
    const sameMember = memberId === this.memberId;
    this.memberId = memberId;
    const forgotten = new Set<PartitionProgress>();
    for (const [key, progress] of this.partitions) {
      if (sameMember && kept.has(key)) continue;
      this.partitions.delete(key);
      forgotten.add(progress);
    }
    if (forgotten.size === 0) return;
    this.drop([...this.held].filter((entry) => forgotten.has(entry.progress) && entry.state !== 'running'));
  }

  /**
   * Stops taking messages and drops those not running (they stay uncommitted, so they are delivered
   * again). Graceful: waits for running handlers and dead-letter writes, then commits what finished.
   * Forced (a crash): returns at once and never commits again.
   */
  stop(force: boolean): Promise<void> {
    if (force) this.aborted = true;
    this.stopping = true;
    this.wakeAll();
    this.drop([...this.held].filter((entry) => entry.state !== 'running'));
    if (force) return Promise.resolve();
    this.stopped ??= (async () => {
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      this.requestCommit();
      while (this.committing) await this.committing;
    })();
    return this.stopped;
  }

  /** Runs the head of `key`'s lane when it is queued. */
  private runHead(key: string): void {
    const entry = this.lanes.get(key)?.[0];
    if (!entry || entry.state !== 'queued' || this.stopping) return;
    entry.state = 'running';
    this.track(this.run(entry));
  }

  /** Runs the handler of `entry`, then finishes it, schedules its retry, or dead-letters it. */
  private async run(entry: Held): Promise<void> {
    const event = entry.event;
    if (!event) return;
    let failure: { error: unknown } | undefined;
    try {
      await this.settings.handler(event);
    } catch (error) {
      failure = { error };
    }
    if (this.aborted) return;
    if (!failure) {
      this.finish(entry);
      return;
    }
    entry.failures += 1;
    if (this.stopping) {
      this.release(entry);
      return;
    }
    const context = {
      ...this.settings.context,
      err: failure.error,
      topic: entry.message.topic,
      partition: entry.message.partition,
      offset: entry.message.offset,
      eventId: event.id,
      eventType: event.type,
      key: event.key,
      failures: entry.failures,
    };
    const decision = failureDecision(entry.failures, this.settings);
    if (decision.action === 'dead-letter') {
      this.settings.logger.error(
        { ...context, maxAttempts: this.settings.maxAttempts },
        'event handler failed maxAttempts times; moving the event to the dead-letter topic',
      );
      await this.deadLetter(entry, `handler failed ${entry.failures} times: ${describeError(failure.error)}`);
      return;
    }
    this.settings.logger.warn({ ...context, retryInMs: decision.delayMs }, 'event handler failed; will retry');
    entry.state = 'waiting';
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!this.held.has(entry)) return;
      entry.state = 'queued';
      this.runHead(event.key);
    }, decision.delayMs);
  }

  /** Writes `entry` to the dead-letter topic (retrying with backoff until it is written or we stop), then finishes it. */
  private async deadLetter(entry: Held, reason: string): Promise<void> {
    for (let failures = 1; ; failures += 1) {
      try {
        await this.settings.deadLetter({ message: entry.message, reason, attempts: entry.failures, event: entry.event });
        if (!this.aborted) this.finish(entry);
        return;
      } catch (error) {
        if (this.aborted) return;
        if (this.stopping) {
          this.release(entry);
          return;
        }
        const delayMs = retryDelayMs(failures, this.settings.retryInitialMs, this.settings.retryMaxMs);
        this.settings.logger.warn(
          { ...this.settings.context, err: error, topic: entry.message.topic, offset: entry.message.offset, retryInMs: delayMs },
          'could not write to the dead-letter topic; will retry',
        );
        await this.sleep(delayMs);
        if (this.aborted) return;
        if (this.stopping) {
          this.release(entry);
          return;
        }
      }
    }
  }

  /** Marks `entry` finished in its partition (if that partition is still ours), commits, and releases it. */
  private finish(entry: Held): void {
    const current = this.partitions.get(partitionKey(entry.message.topic, entry.message.partition));
    if (current === entry.progress) {
      entry.progress.finish(entry.message.offset);
      this.requestCommit();
    }
    this.release(entry);
  }

  /** Forgets `entry` and starts the next message of its key. */
  private release(entry: Held): void {
    this.drop([entry]);
  }

  /** Forgets `entries` (none of them starts), then starts the new heads of their keys. */
  private drop(entries: readonly Held[]): void {
    if (entries.length === 0) return;
    const keys = new Set<string>();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      this.held.delete(entry);
      const key = entry.event?.key;
      if (key === undefined) continue;
      const lane = this.lanes.get(key);
      if (!lane) continue;
      const index = lane.indexOf(entry);
      if (index >= 0) lane.splice(index, 1);
      if (lane.length === 0) this.lanes.delete(key);
      else keys.add(key);
    }
    for (const key of keys) this.runHead(key);
    for (const wake of [...this.slotWaiters]) wake();
  }

  /** Commits soon (one commit at a time; requests made meanwhile are folded into the next one). */
  private requestCommit(): void {
    if (this.aborted) return;
    if (this.committing) {
      this.commitAgain = true;
      return;
    }
    this.commitAgain = false;
    const commit = this.flushCommits().finally(() => {
      this.committing = undefined;
      if (this.commitAgain) this.requestCommit();
    });
    this.committing = commit;
  }

  /** Commits every partition whose committable offset moved; retries failures with backoff until stopped. */
  private async flushCommits(): Promise<void> {
    for (;;) {
      this.commitAgain = false;
      const due = [...this.partitions.values()].flatMap((progress) => {
        const offset = progress.due();
        return offset === undefined ? [] : [{ progress, offset }];
      });
      if (due.length === 0) return;
      try {
        await this.settings.commit(
          due.map(({ progress, offset }) => ({ topic: progress.topic, partition: progress.partition, offset })),
        );
        for (const { progress, offset } of due) progress.committed(offset);
        if (this.commitFailures > 0) this.settings.logger.info({ ...this.settings.context }, 'offset commits resumed');
        this.commitFailures = 0;
      } catch (error) {
        if (this.aborted) return;
        this.commitFailures += 1;
        if (this.commitFailures === 1 || this.commitFailures % 30 === 0) {
          this.settings.logger.warn(
            { ...this.settings.context, err: error, failures: this.commitFailures },
            'offset commit failed; will retry (uncommitted events are delivered again after a rebalance)',
          );
        }
        // Stopping: give up; the next owner of the partitions delivers the uncommitted events again.
        if (this.stopping) return;
        await this.sleep(retryDelayMs(this.commitFailures, 100, 5_000));
        if (this.aborted || this.stopping) return;
        continue;
      }
      if (!this.commitAgain) return;
    }
  }

  /** Keeps a promise in `inFlight` until it settles. */
  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** Waits `ms`, or less when stopping. */
  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Wakes every slot waiter and sleeper. */
  private wakeAll(): void {
    for (const wake of [...this.slotWaiters, ...this.sleepers]) wake();
  }
}

/** The settings of a {@link KafkaBus}, defaults applied. */
interface Settings {
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

/** What a subscription needs from its bus. */
interface BusHandle {
  readonly kafka: Kafka;
  readonly settings: Settings;
  /** The event type of a topic of this bus (undefined for foreign topics). */
  typeOfTopic(topic: string): string | undefined;
  /** Writes a dead letter of `group`; resolves once acknowledged. */
  writeDeadLetter(
    group: string,
    deadLetter: { message: ConsumedMessage; reason: string; attempts: number; event?: EventEnvelope },
  ): Promise<void>;
}

/**
 * The Kafka {@link EventBus} (kind `kafka`). See the module comment for the layout in Kafka and the
 * delivery semantics. Nothing connects until first used. Source: ARCHITECTURE §1-2, issue 3 §2.
 *
 * @example
 * const bus = new KafkaBus({ brokers: ['kafka:9092'], clientId: 'workflows-engine', logger });
 */
export class KafkaBus implements EventBus {
  /** The adapter name: `kafka`. */
  readonly kind = 'kafka';
  /** Kafka holds published events durably; see {@link EventBus.durable}. */
  readonly durable = true;

  private readonly settings: Settings;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly subscriptions = new Set<KafkaSubscription>();
  /** The topics each group subscribed to through this instance (for {@link lag}). */
  private readonly groupTopics = new Map<string, Set<string>>();
  /** Topics known to exist (created or found by this bus). */
  private readonly knownTopics = new Set<string>();
  private producerReady: Promise<Producer> | undefined;
  private adminReady: Promise<Admin> | undefined;
  private probe: Promise<void> | undefined;
  private closed = false;

  /**
   * Prepares the clients; connects lazily (first publish, subscribe or readiness check).
   * @param options see {@link KafkaBusOptions}
   * @throws RangeError when `brokers` is empty, `topicPrefix` has characters Kafka refuses, a numeric option
   *   is out of range, or `heartbeatIntervalMs` is not below `sessionTimeoutMs`
   */
  constructor(options: KafkaBusOptions) {
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
    const logger = options.logger ?? silentBusLogger;
    this.settings = {
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
      logger,
      onDeadLetter: options.onDeadLetter,
    };
    this.kafka = new Kafka({
      brokers: [...options.brokers],
      clientId: options.clientId ?? 'formloom',
      ssl: options.ssl,
      sasl: options.sasl,
      retry: options.retry,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(logger),
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { ...options.retry, retries: PUBLISH_RETRIES },
    });
    this.admin = this.kafka.admin();
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
    await this.ensureTopicNames([...types.map((type) => this.topicOf(type)), this.deadLetterTopic]);
  }

  /**
   * Produces each event (see {@link toKafkaMessage}) to its type's topic, in order, in one batch; resolves
   * when the in-sync replicas acknowledged every message (acks = all).
   * @throws Error when the bus is closed, or Kafka refuses or cannot be reached after a few retries (some
   *   events of the batch may have been written: the relay publishes the batch again, consumers' inboxes
   *   drop the duplicates)
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('KafkaBus is closed');
    if (events.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      const topic = this.topicOf(event.type);
      const messages = byTopic.get(topic);
      if (messages) messages.push(toKafkaMessage(event));
      else byTopic.set(topic, [toKafkaMessage(event)]);
    }
    if (this.settings.createTopics) await this.ensureTopicNames([...byTopic.keys()]);
    const producer = await this.connectProducer();
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
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
        await this.ensureTopicNames([...topics, this.deadLetterTopic]);
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
    return {
      close: async () => {
        await subscription.stop(false);
        this.subscriptions.delete(subscription);
      },
    };
  }

  /** True when the cluster answers a metadata request within `readyTimeoutMs`; false after `close()`. */
  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    this.probe ??= (async () => {
      const admin = await this.connectAdmin();
      await admin.describeCluster();
    })().finally(() => {
      this.probe = undefined;
    });
    return (await settlesWithin(this.probe, this.settings.readyTimeoutMs)) && !this.closed;
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
   * committed yet (undelivered + in flight) = the sum over the topic's partitions of the log-end offset
   * minus the group's committed offset (the log-start offset, or the end with `fromBeginning` off, where
   * the group has committed nothing yet). Topics that do not exist yet are left out. See
   * {@link EventBus.lag}.
   * @throws Error when Kafka cannot be reached, or does not answer within 5 s
   */
  async lag(): Promise<ConsumerLag[]> {
    if (this.closed || this.groupTopics.size === 0) return [];
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.readLag(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('reading the Kafka consumer lag timed out')), LAG_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The event type topic `topic` of this bus carries (undefined for a foreign topic). */
  private typeOfTopic(topic: string): string | undefined {
    return topic.startsWith(this.settings.topicPrefix) ? topic.slice(this.settings.topicPrefix.length) : undefined;
  }

  /** See {@link lag}. */
  private async readLag(): Promise<ConsumerLag[]> {
    const admin = await this.connectAdmin();
    const topics = [...new Set([...this.groupTopics.values()].flatMap((set) => [...set]))];
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
    const rows: ConsumerLag[] = [];
    for (const [group, groupTopics] of this.groupTopics) {
      const present = [...groupTopics].filter((topic) => ends.has(topic));
      if (present.length === 0) continue;
      const committed = await admin.fetchOffsets({ groupId: this.groupIdOf(group), topics: present });
      for (const { topic, partitions } of committed) {
        let lag = 0n;
        for (const { partition, high, low } of ends.get(topic) ?? []) {
          const offset = BigInt(partitions.find((entry) => entry.partition === partition)?.offset ?? '-1');
          const position = offset >= 0n ? (offset > low ? offset : low) : this.settings.fromBeginning ? low : high;
          if (high > position) lag += high - position;
        }
        rows.push({ group, type: this.typeOfTopic(topic) ?? topic, lag: Number(lag) });
      }
    }
    return rows;
  }

  /** What subscriptions use of the bus. */
  private handle(): BusHandle {
    return {
      kafka: this.kafka,
      settings: this.settings,
      typeOfTopic: (topic) => this.typeOfTopic(topic),
      writeDeadLetter: (group, deadLetter) => this.writeDeadLetter(group, deadLetter),
    };
  }

  /** Produces a dead letter (acks = all), then reports it to `onDeadLetter`. */
  private async writeDeadLetter(
    group: string,
    deadLetter: { message: ConsumedMessage; reason: string; attempts: number; event?: EventEnvelope },
  ): Promise<void> {
    const { message, reason, attempts, event } = deadLetter;
    if (this.settings.createTopics) await this.ensureTopicNames([this.deadLetterTopic]);
    const producer = await this.connectProducer();
    await producer.send({
      topic: this.deadLetterTopic,
      acks: -1,
      messages: [deadLetterMessage(message, { group, reason, attempts, failedAt: new Date() })],
    });
    const type = event?.type ?? this.typeOfTopic(message.topic) ?? message.topic;
    try {
      this.settings.onDeadLetter?.(type, {
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
      this.settings.logger.warn({ err: error }, 'onDeadLetter callback failed');
    }
  }

  /** Creates the missing ones of `topics` (TOPIC_ALREADY_EXISTS is fine) and remembers them. */
  private async ensureTopicNames(topics: readonly string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin = await this.connectAdmin();
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

  /** Connects the producer once (again after a failed attempt). */
  private connectProducer(): Promise<Producer> {
    this.producerReady ??= this.producer.connect().then(
      () => this.producer,
      (error: unknown) => {
        this.producerReady = undefined;
        throw error;
      },
    );
    return this.producerReady;
  }

  /** Connects the admin client once (again after a failed attempt). */
  private connectAdmin(): Promise<Admin> {
    this.adminReady ??= this.admin.connect().then(
      () => this.admin,
      (error: unknown) => {
        this.adminReady = undefined;
        throw error;
      },
    );
    return this.adminReady;
  }

  /** Disconnects the producer and the admin client (errors are logged, not thrown). */
  private async disconnectClients(): Promise<void> {
    await Promise.all([
      this.producer.disconnect().catch((error: unknown) => this.settings.logger.warn({ err: error }, 'producer disconnect failed')),
      this.admin.disconnect().catch((error: unknown) => this.settings.logger.warn({ err: error }, 'admin disconnect failed')),
    ]);
  }
}

/** What a subscription consumes. */
interface SubscriptionTarget {
  /** The group as the service names it (log field, dead-letter header). */
  readonly group: string;
  /** The Kafka group id. */
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly handler: EventHandler;
}

/** One member of one consumer group: a kafkajs consumer feeding a {@link KafkaDispatcher}. */
class KafkaSubscription {
  private readonly consumer: Consumer;
  private readonly dispatcher: KafkaDispatcher;
  private readonly log: Record<string, string>;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private starting: Promise<void> = Promise.resolve();
  private restartTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  /** Settles the first outcome of `start`: joined, or could not connect to Kafka. */
  private settleStart: ((outcome: 'joined' | 'failed') => void) | undefined;

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
    this.wake?.();
    const drained = this.dispatcher.stop(force);
    const stopped = (async () => {
      if (!force) await drained;
      await this.consumer.disconnect().catch((error: unknown) => {
        this.bus.settings.logger.warn({ ...this.log, err: error }, 'Kafka consumer disconnect failed');
      });
      // A start attempt still connecting sees `stopping` and disconnects by itself; wait for it briefly.
      await Promise.race([this.starting, this.pause(this.bus.settings.maxWaitTimeMs)]);
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
        await this.pause(retryDelayMs(failures, 500, 30_000));
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

  /** Waits `ms`, or less when stopping. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
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

/** True when `error` only says that topics exist already (kafkajs reports those per topic). */
function onlyTopicAlreadyExists(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, errors, cause } = error as { type?: unknown; errors?: unknown; cause?: unknown };
  if (type === 'TOPIC_ALREADY_EXISTS') return true;
  if (Array.isArray(errors) && errors.length > 0) return errors.every((item) => onlyTopicAlreadyExists(item));
  return cause !== undefined && cause !== error && onlyTopicAlreadyExists(cause);
}

/** The message of an error, or the value as text. */
function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
