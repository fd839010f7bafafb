/**
 * The delivery engine of one Kafka subscription, independent of kafkajs (docs/architecture.md §4 "Bus";
 * delivery rules in the module comment of `../kafka.ts`): fetched messages are scheduled per key by
 * {@link KeyedLanes} (one at a time per key, retries with backoff, then the dead-letter topic), and per
 * partition the offset below which every message is finished is committed ({@link PartitionProgress}).
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { describeError } from '../envelope';
import { KeyedLanes, retryDelayMs } from '../keyed-lanes';
import type { LaneEntry } from '../keyed-lanes';
import { Sleeper } from '../support';
import type { BusLogger } from '../support';
import type { EventHandler } from '../types';
import type { DeadLetterRequest } from './dead-letter';
import { parseKafkaMessage } from './messages';
import type { ConsumedMessage } from './messages';
import { PartitionProgress } from './partition-progress';

/** Settings of a {@link KafkaDispatcher}. */
export interface DispatcherSettings {
  /** Most messages held at once. */
  concurrency: number;
  /** Attempts before dead-lettering, and the retry backoff in ms (see `failureDecision`). */
  maxAttempts: number;
  retryInitialMs: number;
  retryMaxMs: number;
  /** The subscriber's handler. */
  handler: EventHandler;
  /** The event type a topic carries (undefined: unknown, any type accepted). */
  typeOfTopic: (topic: string) => string | undefined;
  /** Writes a dead letter; resolves once the broker acknowledged it, throws to be retried. */
  deadLetter: (deadLetter: DeadLetterRequest) => Promise<void>;
  /** Commits offsets (each the next offset to read); throws to be retried. */
  commit: (offsets: Array<{ topic: string; partition: number; offset: string }>) => Promise<void>;
  /** Where failures are logged, with `context` added to every line. */
  logger: BusLogger;
  context: Record<string, string>;
}

/** A message the dispatcher holds in a key's lane: waiting behind its key, running, or waiting for a retry. */
interface Held {
  readonly message: ConsumedMessage;
  readonly progress: PartitionProgress;
  readonly event: EventEnvelope;
}

/** A malformed message on its way to the dead-letter topic (held, but in no key's lane). */
interface Malformed {
  readonly message: ConsumedMessage;
  readonly progress: PartitionProgress;
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
  private readonly lanes: KeyedLanes<Held>;
  private readonly malformed = new Set<Malformed>();
  private readonly partitions = new Map<string, PartitionProgress>();
  /** Dead-letter writes of malformed messages, awaited by a graceful stop. */
  private readonly inFlight = new Set<Promise<void>>();
  /** `eachBatch` waiting for a free slot; woken when a message leaves. */
  private readonly slots = new Sleeper();
  /** Dead-letter and commit backoffs; cut short on stop. */
  private readonly backoff = new Sleeper();
  private memberId: string | undefined;
  private stopping = false;
  private aborted = false;
  private stopped: Promise<void> | undefined;
  private committing: Promise<void> | undefined;
  private commitAgain = false;
  private commitFailures = 0;

  /** @param settings see {@link DispatcherSettings} */
  constructor(private readonly settings: DispatcherSettings) {
    this.lanes = new KeyedLanes<Held>({
      maxAttempts: settings.maxAttempts,
      retryInitialMs: settings.retryInitialMs,
      retryMaxMs: settings.retryMaxMs,
      handle: (held) => settings.handler(held.event),
      onSuccess: ({ item }) => this.finished(item),
      onRetry: (entry, error, delayMs) =>
        settings.logger.warn({ ...this.failureContext(entry, error), retryInMs: delayMs }, 'event handler failed; will retry'),
      onGiveUp: (entry, error) => this.giveUp(entry, error),
      onRelease: () => this.slots.wake(),
    });
  }

  /** True while `concurrency` messages are held: take no more until a slot frees. */
  get full(): boolean {
    return this.size >= this.settings.concurrency;
  }

  /** Number of messages held. */
  get size(): number {
    return this.lanes.size + this.malformed.size;
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
      const entry: Malformed = { message, progress };
      this.malformed.add(entry);
      this.settings.logger.error(
        { ...this.settings.context, topic: message.topic, partition: message.partition, offset: message.offset, reason: parsed.reason },
        'malformed message; moving it to the dead-letter topic',
      );
      this.track(this.deadLetterMalformed(entry, parsed.reason));
      return 'taken';
    }
    this.lanes.add(parsed.event.key, { message, progress, event: parsed.event });
    return 'taken';
  }

  /** Resolves when a slot frees, on stop, or after `ms` (whichever comes first). */
  waitForSlot(ms: number): Promise<void> {
    if (!this.full || this.stopping) return Promise.resolve();
    return this.slots.sleep(ms);
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
    this.lanes.drop((entry) => forgotten.has(entry.item.progress));
  }

  /**
   * Stops taking messages and drops those not running (they stay uncommitted, so they are delivered
   * again). Graceful: waits for running handlers and dead-letter writes, then commits what finished.
   * Forced (a crash): returns at once and never commits again.
   */
  stop(force: boolean): Promise<void> {
    if (force) {
      this.aborted = true;
      this.lanes.abort();
    }
    this.stopping = true;
    this.lanes.stop();
    this.slots.wake();
    this.backoff.wake();
    this.lanes.drop();
    if (force) return Promise.resolve();
    this.stopped ??= (async () => {
      while (this.inFlight.size > 0 || this.lanes.running > 0) await Promise.all([...this.inFlight, this.lanes.drain()]);
      this.requestCommit();
      while (this.committing) await this.committing;
    })();
    return this.stopped;
  }

  /** The log context of a failed attempt of `entry`. */
  private failureContext(entry: LaneEntry<Held>, error: unknown): Record<string, unknown> {
    const { message, event } = entry.item;
    return {
      ...this.settings.context,
      err: error,
      topic: message.topic,
      partition: message.partition,
      offset: message.offset,
      eventId: event.id,
      eventType: event.type,
      key: event.key,
      failures: entry.failures,
    };
  }

  /** After `maxAttempts` failures: writes the event to the dead-letter topic, then marks it finished. */
  private async giveUp(entry: LaneEntry<Held>, error: unknown): Promise<void> {
    this.settings.logger.error(
      { ...this.failureContext(entry, error), maxAttempts: this.settings.maxAttempts },
      'event handler failed maxAttempts times; moving the event to the dead-letter topic',
    );
    const { message, event } = entry.item;
    const reason = `handler failed ${entry.failures} times: ${describeError(error)}`;
    if (await this.writeDeadLetter({ message, reason, attempts: entry.failures, event })) this.finished(entry.item);
  }

  /** Writes a malformed message to the dead-letter topic, marks it finished, and frees its slot. */
  private async deadLetterMalformed(entry: Malformed, reason: string): Promise<void> {
    const written = await this.writeDeadLetter({ message: entry.message, reason, attempts: 0, event: undefined });
    if (this.aborted) return;
    if (written) this.finished(entry);
    this.malformed.delete(entry);
    this.slots.wake();
  }

  /**
   * Writes a dead letter, retrying with backoff until it is written (true, unless aborted meanwhile) or
   * the dispatcher stops (false: the message stays uncommitted and is delivered again).
   */
  private async writeDeadLetter(deadLetter: DeadLetterRequest): Promise<boolean> {
    for (let failures = 1; ; failures += 1) {
      try {
        await this.settings.deadLetter(deadLetter);
        return !this.aborted;
      } catch (error) {
        if (this.aborted || this.stopping) return false;
        const delayMs = retryDelayMs(failures, this.settings.retryInitialMs, this.settings.retryMaxMs);
        this.settings.logger.warn(
          { ...this.settings.context, err: error, topic: deadLetter.message.topic, offset: deadLetter.message.offset, retryInMs: delayMs },
          'could not write to the dead-letter topic; will retry',
        );
        await this.sleep(delayMs);
        if (this.aborted || this.stopping) return false;
      }
    }
  }

  /** Marks a message finished in its partition (if that partition is still ours) and commits. */
  private finished(entry: { readonly message: ConsumedMessage; readonly progress: PartitionProgress }): void {
    const current = this.partitions.get(partitionKey(entry.message.topic, entry.message.partition));
    if (current !== entry.progress) return;
    entry.progress.finish(entry.message.offset);
    this.requestCommit();
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
    return this.backoff.sleep(ms);
  }
}
