/**
 * One consumer of one Redis consumer group (docs/architecture.md §4 "Bus"; delivery rules in the module
 * comment of `../redis-streams.ts`): a read loop on a dedicated blocking connection, the entries it holds
 * scheduled per key by {@link KeyedLanes} (XACK once a handler resolved, retries with backoff), and a
 * periodic renew-and-claim task.
 */
import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { KeyedLanes, retryDelayMs } from '../keyed-lanes';
import type { LaneEntry } from '../keyed-lanes';
import { Sleeper } from '../support';
import { claimIdle, renewOwnership } from './claims';
import { COMMAND_TIMEOUT_MS, connect, isNoGroup, resetIfTimedOut, whenReady } from './connection';
import { ensureGroups, forgetConsumerIfIdle, readGroup } from './consumer-group';
import { deadLetter } from './dead-letter';
import { parseEntry, parseStreamsReply } from './replies';
import type { RawEntry } from './replies';
import type { RedisStreamsSettings, SubscriptionTarget } from './settings';

/** An entry a subscription holds: queued behind its key, running, or waiting to be retried. */
interface HeldEntry {
  /** `<stream>\n<id>`: unique among the entries of the subscription. */
  readonly ref: string;
  readonly stream: string;
  readonly id: string;
  readonly event: EventEnvelope;
}

/** One consumer of one group: a read loop, a renew-and-claim task and the entries it holds. */
export class StreamSubscription {
  private readonly blocking: Redis;
  /** The entries held, scheduled per key: only the head of a key's lane runs. */
  private readonly lanes: KeyedLanes<HeldEntry>;
  /** The lane entry of each held entry, by `ref`. */
  private readonly held = new Map<string, LaneEntry<HeldEntry>>();
  /** XACKs of trimmed entries and dead-letter writes, awaited by a graceful stop. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly claimCursors = new Map<string, string>();
  /**
   * Streams whose pending entries of this consumer (an earlier run under the same name) are still to be
   * read back, with the id to read after; emptied once each read comes back empty.
   */
  private readonly history = new Map<string, string>();
  private readonly log: Record<string, string>;
  /** The read loop's pause: cut short when a slot frees, the connection comes back, or on stop. */
  private readonly idle = new Sleeper();
  private stopping = false;
  private aborted = false;
  private stopped: Promise<void> | undefined;
  private loop: Promise<void> = Promise.resolve();
  private tick: Promise<void> = Promise.resolve();
  private claimTimer: NodeJS.Timeout | undefined;
  private claimFailures = 0;

  /**
   * @param settings the bus's settings
   * @param commands the bus's non-blocking connection (acks, claims, dead letters)
   * @param target what this consumer consumes
   */
  constructor(
    private readonly settings: RedisStreamsSettings,
    private readonly commands: Redis,
    private readonly target: SubscriptionTarget,
  ) {
    this.log = { group: target.group, consumer: target.consumer };
    for (const stream of target.streams) this.history.set(stream, '0-0');
    this.blocking = connect(settings, `consumer ${target.consumer}`, {
      // Errors surface at once so the loop can wait and retry; nothing is queued or resent by ioredis.
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    this.blocking.on('ready', () => this.idle.wake());
    this.lanes = new KeyedLanes<HeldEntry>({
      retryInitialMs: settings.retryInitialMs,
      retryMaxMs: settings.retryMaxMs,
      handle: (entry) => target.handler(entry.event),
      onSuccess: ({ item }) => this.acknowledge(item),
      onRetry: ({ item, failures }, error, delayMs) =>
        settings.logger.warn(
          {
            ...this.log,
            err: error,
            stream: item.stream,
            entryId: item.id,
            eventId: item.event.id,
            eventType: item.event.type,
            key: item.event.key,
            failures,
            retryInMs: delayMs,
          },
          'event handler failed; will redeliver',
        ),
      onRelease: (entries) => {
        for (const entry of entries) {
          if (this.held.get(entry.item.ref) === entry) this.held.delete(entry.item.ref);
        }
        this.idle.wake();
      },
    });
  }

  /** Creates the groups (best effort) and starts the read loop and the renew-and-claim task. Never throws. */
  async start(): Promise<void> {
    try {
      await ensureGroups(this.commands, this.target);
      // Redis answers: let the blocking connection come up so the consumer is reading when we resolve.
      await whenReady(this.blocking, 1_000);
    } catch (error) {
      this.settings.logger.warn(
        { ...this.log, err: error },
        'could not create the consumer group yet; will retry when Redis answers',
      );
    }
    this.loop = this.readLoop();
    this.scheduleClaim();
  }

  /**
   * Stops reading and claiming; drops entries not yet started (they stay pending in Redis). Graceful:
   * waits for running handlers and their XACKs, then deletes this consumer from the groups if it has no
   * pending entry left. Forced: returns without waiting and never acknowledges.
   */
  stop(force: boolean): Promise<void> {
    if (force) {
      this.aborted = true;
      this.lanes.abort();
    }
    if (this.stopped && !force) return this.stopped;
    this.stopping = true;
    this.lanes.stop();
    clearTimeout(this.claimTimer);
    this.idle.wake();
    this.blocking.disconnect();
    const stopped = (async () => {
      await this.loop;
      if (!force) await this.tick;
      this.lanes.drop();
      if (force) return;
      while (this.inFlight.size > 0 || this.lanes.running > 0) {
        await Promise.all([...this.inFlight, this.lanes.drain()]);
      }
      if (!this.aborted) await forgetConsumerIfIdle(this.commands, this.target);
    })();
    this.stopped = stopped;
    return stopped;
  }

  /** Reads new entries until stopped; survives Redis outages. */
  private async readLoop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const free = this.settings.concurrency - this.lanes.size;
      if (free <= 0) {
        await this.idle.sleep(this.settings.blockMs);
        continue;
      }
      let watchdog: NodeJS.Timeout | undefined;
      try {
        // XREADGROUP answers within blockMs; silence well beyond that means a dead (half-open) socket.
        watchdog = setTimeout(() => this.blocking.disconnect(true), this.settings.blockMs + COMMAND_TIMEOUT_MS);
        const count = Math.min(this.settings.batchSize, free);
        // Own pending entries first (history reads never block), then new entries.
        const [recovering, after] = this.history.entries().next().value ?? [];
        const reply = await readGroup(
          this.blocking,
          this.target,
          count,
          this.settings.blockMs,
          recovering ? { stream: recovering, after: after ?? '0-0' } : undefined,
        );
        if (failures > 0) this.settings.logger.info({ ...this.log, failures }, 'event bus read loop resumed');
        failures = 0;
        const read = parseStreamsReply(reply);
        if (recovering) this.recovered(recovering, read.find((item) => item.stream === recovering)?.entries.at(-1));
        for (const { stream, entries } of read) {
          for (const entry of entries) this.accept(stream, entry);
        }
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        if (isNoGroup(error)) {
          try {
            await ensureGroups(this.commands, this.target);
            this.settings.logger.warn({ ...this.log }, 'consumer group was missing; recreated it at id 0');
            if (failures <= 2) continue;
          } catch {
            // Redis is not answering; wait below.
          }
        }
        if (failures === 1 || failures % 30 === 0) {
          this.settings.logger.warn({ ...this.log, err: error, failures }, 'event bus read failed; retrying');
        }
        await this.idle.sleep(retryDelayMs(failures, 100, 2_000));
      } finally {
        clearTimeout(watchdog);
      }
    }
  }

  /** Moves the history read of `stream` past `last`, or ends it when the read came back empty. */
  private recovered(stream: string, last: RawEntry | undefined): void {
    if (!last) {
      this.history.delete(stream);
      return;
    }
    this.history.set(stream, last.id);
    this.settings.logger.info(
      { ...this.log, stream, upTo: last.id },
      'resuming entries this consumer had read but not acknowledged',
    );
  }

  /** Takes an entry read or claimed from `stream` into the subscription. */
  private accept(stream: string, raw: RawEntry): void {
    if (this.stopping) return;
    const ref = `${stream}\n${raw.id}`;
    if (this.held.has(ref)) return;
    if (raw.fields === null) {
      // Trimmed away while pending: nothing to deliver, just clear it.
      this.track(this.ackTrimmed(stream, raw.id));
      return;
    }
    const parsed = parseEntry(raw.fields);
    if (!parsed.ok) {
      this.track(deadLetter(this.commands, this.settings, this.target, { stream, id: raw.id, reason: parsed.reason, raw: parsed.raw }));
      return;
    }
    const item: HeldEntry = { ref, stream, id: raw.id, event: parsed.event };
    this.held.set(ref, this.lanes.add(parsed.event.key, item));
  }

  /** XACK of a handled entry; a failure is logged (the entry is delivered again after `claimIdleMs`). */
  private async acknowledge(entry: HeldEntry): Promise<void> {
    try {
      await this.commands.xack(entry.stream, this.target.group, entry.id);
    } catch (error) {
      resetIfTimedOut(this.commands, error);
      this.settings.logger.warn(
        { ...this.log, err: error, eventId: entry.event.id, entryId: entry.id },
        'XACK failed; the event will be delivered again after claimIdleMs',
      );
    }
  }

  /** XACK of an entry trimmed away while pending, logging failures. */
  private async ackTrimmed(stream: string, id: string): Promise<void> {
    try {
      await this.commands.xack(stream, this.target.group, id);
    } catch (error) {
      this.settings.logger.warn({ ...this.log, err: error, stream, entryId: id }, 'XACK failed');
    }
  }

  /** Keeps a promise in `inFlight` until it settles. */
  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** Runs the renew-and-claim task every `claimIntervalMs` until stopped. */
  private scheduleClaim(): void {
    if (this.stopping) return;
    this.claimTimer = setTimeout(() => {
      this.tick = this.renewAndClaim().finally(() => this.scheduleClaim());
    }, this.settings.claimIntervalMs);
  }

  /** One round of the renew-and-claim task; never throws. */
  private async renewAndClaim(): Promise<void> {
    try {
      await this.renew();
      await this.claim();
      if (this.claimFailures > 0) this.settings.logger.info({ ...this.log }, 'event bus claim task resumed');
      this.claimFailures = 0;
    } catch (error) {
      resetIfTimedOut(this.commands, error);
      if (this.stopping) return;
      this.claimFailures += 1;
      if (this.claimFailures === 1 || this.claimFailures % 30 === 0) {
        this.settings.logger.warn(
          { ...this.log, err: error, failures: this.claimFailures },
          'event bus claim task failed; retrying',
        );
      }
    }
  }

  /**
   * Keeps the held entries owned (see `renewOwnership`). An entry Redis no longer lists as pending was
   * handled elsewhere (or trimmed): it is dropped unless its handler is running.
   * @throws Error when a stream's XCLAIM failed (after dropping what the others told)
   */
  private async renew(): Promise<void> {
    const entries = [...this.lanes.entries()];
    const { lost, error } = await renewOwnership(
      this.commands,
      this.target,
      entries.map((entry) => ({ stream: entry.item.stream, id: entry.item.id, entry })),
    );
    for (const { entry } of lost) {
      if (entry.state === 'running' || this.held.get(entry.item.ref) !== entry) continue;
      this.settings.logger.info(
        { ...this.log, stream: entry.item.stream, entryId: entry.item.id, eventId: entry.item.event.id },
        'entry no longer pending (handled by another consumer); dropped',
      );
      this.lanes.release(entry);
    }
    if (error) throw error;
  }

  /** Takes over entries idle for `claimIdleMs` or more (XAUTOCLAIM), as far as free slots allow. */
  private async claim(): Promise<void> {
    for (const stream of this.target.streams) {
      const free = this.settings.concurrency - this.lanes.size;
      if (free <= 0 || this.stopping) return;
      const { next, entries } = await claimIdle(this.commands, this.target, stream, {
        cursor: this.claimCursors.get(stream) ?? '0-0',
        claimIdleMs: this.settings.claimIdleMs,
        count: Math.min(this.settings.batchSize, free),
      });
      this.claimCursors.set(stream, next);
      if (entries.length > 0) {
        this.settings.logger.info(
          { ...this.log, stream, count: entries.length },
          'took over pending entries idle for claimIdleMs',
        );
      }
      for (const entry of entries) this.accept(stream, entry);
    }
  }
}
