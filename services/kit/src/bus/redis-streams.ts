/**
 * The Redis Streams event bus: the one-node adapter of the event bus port (ARCHITECTURE §1-2, "event bus:
 * Redis Streams (ioredis, consumer groups)").
 *
 * Layout in Redis:
 * - one stream per event type, `<streamPrefix><type>` (e.g. `formloom:events:form.submitted`); each entry
 *   has a single field `e` holding the envelope as JSON; streams are trimmed approximately to `maxLen`;
 * - one consumer group per subscribing group on each stream it reads, created at id `0` with MKSTREAM, so
 *   events published before the group's first subscription are delivered too;
 * - `<streamPrefix>dead`: malformed entries (not JSON, or not an `EventEnvelope`) with the reason, fields
 *   `stream`, `id`, `group`, `reason`, `entry`.
 *
 * Delivery (per subscription, i.e. per consumer of the group):
 * - a read loop on a dedicated blocking connection (XREADGROUP … BLOCK) holds at most `concurrency`
 *   entries at once; an entry is acknowledged (XACK) only after its handler resolved;
 * - entries sharing a `key` are handled one at a time in stream order by a consumer (different keys run
 *   concurrently). Order across consumers of a group, across event types, or after a take-over is not
 *   guaranteed. Entries waiting behind their key count against `concurrency`, so a key whose handler
 *   keeps failing can fill a consumer's slots and stall it until the failure is fixed (as a stuck Kafka
 *   partition would);
 * - a handler that throws leaves its entry pending; the consumer retries it itself after an exponential
 *   backoff (`retryInitialMs` doubling up to `retryMaxMs`), holding up later entries of the same key;
 * - a periodic task (every `claimIntervalMs`) renews the entries the consumer holds (XCLAIM … JUSTID, so
 *   a slow handler or a long backoff is not taken over by another consumer) and takes over, with
 *   XAUTOCLAIM, entries idle for `claimIdleMs` or more: those of consumers that died (or lost Redis);
 * - a consumer first reads back its own pending entries (XREADGROUP from id 0): with a stable
 *   `consumerName`, a process restarted after a crash resumes what it had read but not acknowledged at
 *   once instead of after `claimIdleMs`;
 * - at-least-once: a crash between a handler's commit and its XACK, or a take-over, delivers an event
 *   again; consumers make effects exactly-once with their inbox (ARCHITECTURE §1).
 *
 * Redis outages: publishing fails fast (after `maxRetriesPerRequest` = 2 reconnect attempts) instead of
 * queueing forever, so the outbox relay keeps its rows and retries; read loops and the claim task catch
 * errors, wait and retry, recreate missing consumer groups (NOGROUP, e.g. after Redis lost its data), and
 * resume by themselves once Redis is back. `isReady()` reports the outage to `/readyz`.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { ConsumerLag, EventBus, EventHandler, SubscribeOptions, Subscription } from './types';
import { positiveOption, retryDelayMs, settlesWithin, silentBusLogger } from './in-process';
import type { BusLogger } from './in-process';

/** Options of {@link RedisStreamsBus}. Durations are in ms. */
export interface RedisStreamsBusOptions {
  /** Redis URL, e.g. `redis://127.0.0.1:6379` (`rediss://` for TLS). */
  url: string;
  /** Prefix of every key the bus uses; streams are `<prefix><event type>`. Default `formloom:events:`. */
  streamPrefix?: string;
  /**
   * This process's consumer name within its groups; give a stable name (e.g. the pod name) to resume
   * its own pending entries after a restart. A second subscription to the same group on the same bus
   * instance gets `<consumerName>-2`, and so on. Default `<hostname>-<pid>-<random hex>`.
   */
  consumerName?: string;
  /** How long one XREADGROUP blocks waiting for new entries. Default 5 000. */
  blockMs?: number;
  /** Idle time after which a pending entry is taken over by another consumer (XAUTOCLAIM). Default 30 000. */
  claimIdleMs?: number;
  /** Period of the renew-and-claim task; keep it well below `claimIdleMs`. Default `claimIdleMs / 3`. */
  claimIntervalMs?: number;
  /** Most entries fetched by one XREADGROUP or XAUTOCLAIM. Default 64. */
  batchSize?: number;
  /**
   * Most entries a subscription holds at once (running, waiting for their key, or backing off). Default 64:
   * the events a consumer holds together are applied in one transaction (the kit's group commit), so more
   * held means bigger transactions under load.
   */
  concurrency?: number;
  /** Approximate MAXLEN of each stream (XADD MAXLEN ~). Default 1 000 000. */
  maxLen?: number;
  /** Delay before the first retry of an entry whose handler failed. Default 100. */
  retryInitialMs?: number;
  /** Upper bound of the retry delay (it doubles per failure). Default 30 000. */
  retryMaxMs?: number;
  /** How long `isReady()` waits for PONG. Default 1 000. */
  readyTimeoutMs?: number;
  /** Where failures, take-overs and outages are logged. Default: nowhere. */
  logger?: BusLogger;
  /**
   * Called once per entry moved to the dead-letter stream, with the event type its stream carries (drives
   * `formloom_bus_dead_letters_total{type}`).
   */
  onDeadLetter?(type: string): void;
}

/** The settings shared by the bus and its subscriptions, defaults applied. */
interface Settings {
  readonly url: string;
  readonly streamPrefix: string;
  readonly consumerName: string;
  readonly blockMs: number;
  readonly claimIdleMs: number;
  readonly claimIntervalMs: number;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly maxLen: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  readonly readyTimeoutMs: number;
  readonly logger: BusLogger;
  readonly onDeadLetter: ((type: string) => void) | undefined;
}

/** A stream entry as Redis returns it; `fields` is null when the entry was deleted (trimmed). */
interface RawEntry {
  readonly id: string;
  readonly fields: readonly string[] | null;
}

/** An entry a subscription holds: queued behind its key, running, or waiting to be retried. */
interface HeldEntry {
  readonly ref: string;
  readonly stream: string;
  readonly id: string;
  readonly event: EventEnvelope;
  state: 'queued' | 'running' | 'waiting';
  failures: number;
  timer?: NodeJS.Timeout;
}

const DEFAULT_PREFIX = 'formloom:events:';
/** How long a non-blocking command may wait for its reply, in ms. */
const COMMAND_TIMEOUT_MS = 10_000;
/** Redis retries reconnecting forever, at most every 2 s. */
const retryStrategy = (attempt: number): number => Math.min(100 * attempt, 2_000);

/**
 * The Redis Streams {@link EventBus} (kind `redis`). See the module comment for the layout in Redis and
 * the delivery semantics. Source: ARCHITECTURE §1-2.
 *
 * @example
 * const bus = new RedisStreamsBus({ url: config.redisUrl, consumerName: process.env.POD_NAME, logger });
 */
export class RedisStreamsBus implements EventBus {
  /** The adapter name: `redis`. */
  readonly kind = 'redis';
  /** Redis holds published events in streams; see {@link EventBus.durable}. */
  readonly durable = true;

  private readonly settings: Settings;
  /** Publishing, acks, claims, group creation; never blocks. */
  private readonly commands: Redis;
  private readonly subscriptions = new Set<StreamSubscription>();
  private readonly consumersPerGroup = new Map<string, number>();
  /** The streams each group subscribed to through this instance (for {@link lag}). */
  private readonly groupStreams = new Map<string, Set<string>>();
  private closed = false;

  /**
   * Connects (in the background; commands issued before the connection is up wait for it briefly).
   * @param options see {@link RedisStreamsBusOptions}
   * @throws RangeError when a numeric option is not positive (counts must be integers)
   */
  constructor(options: RedisStreamsBusOptions) {
    const claimIdleMs = positiveOption('claimIdleMs', options.claimIdleMs, 30_000);
    this.settings = {
      url: options.url,
      streamPrefix: options.streamPrefix ?? DEFAULT_PREFIX,
      consumerName:
        options.consumerName ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
      blockMs: positiveOption('blockMs', options.blockMs, 5_000, true),
      claimIdleMs,
      claimIntervalMs: positiveOption(
        'claimIntervalMs',
        options.claimIntervalMs,
        Math.max(10, Math.floor(claimIdleMs / 3)),
      ),
      batchSize: positiveOption('batchSize', options.batchSize, 64, true),
      concurrency: positiveOption('concurrency', options.concurrency, 64, true),
      maxLen: positiveOption('maxLen', options.maxLen, 1_000_000, true),
      retryInitialMs: positiveOption('retryInitialMs', options.retryInitialMs, 100),
      retryMaxMs: positiveOption('retryMaxMs', options.retryMaxMs, 30_000),
      readyTimeoutMs: positiveOption('readyTimeoutMs', options.readyTimeoutMs, 1_000),
      logger: options.logger ?? silentBusLogger,
      onDeadLetter: options.onDeadLetter,
    };
    this.commands = connect(this.settings, 'commands', {
      // Fail a command after two reconnect attempts instead of queueing it for the whole outage.
      maxRetriesPerRequest: 2,
      // A command unanswered for 10 s fails; the caller then replaces the (probably half-open) socket.
      commandTimeout: COMMAND_TIMEOUT_MS,
      // Commands issued in the same tick (the XACKs of a group-committed batch) go in one write.
      enableAutoPipelining: true,
    });
  }

  /** The stream of event `type`: `<streamPrefix><type>`. */
  streamOf(type: string): string {
    return `${this.settings.streamPrefix}${type}`;
  }

  /** The dead-letter stream: `<streamPrefix>dead`. */
  get deadLetterStream(): string {
    return `${this.settings.streamPrefix}dead`;
  }

  /**
   * XADDs each event (field `e` = its JSON) to its type's stream, in order, in one pipelined round trip;
   * resolves when Redis acknowledged every entry.
   * @throws Error when the bus is closed, or Redis rejects or cannot be reached (some events of the batch
   *   may have been added: the relay publishes the batch again, consumers' inboxes drop the duplicates)
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('RedisStreamsBus is closed');
    if (events.length === 0) return;
    const pipeline = this.commands.pipeline();
    for (const event of events) {
      pipeline.call(
        'XADD',
        this.streamOf(event.type),
        'MAXLEN',
        '~',
        this.settings.maxLen,
        '*',
        'e',
        JSON.stringify(event),
      );
    }
    try {
      const results = await pipeline.exec();
      if (!results) throw new Error('Redis did not run the publish pipeline');
      for (const [error] of results) if (error) throw error;
    } catch (error) {
      resetIfTimedOut(this.commands, error);
      throw error;
    }
  }

  /**
   * Creates the consumer group `group` on each type's stream (at id 0, MKSTREAM; an existing group is
   * kept) and starts a consumer on a dedicated blocking connection. When Redis is unreachable, logs and
   * starts anyway: the read loop creates the groups once Redis answers.
   * @throws Error when the bus is closed or `types` is empty
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('RedisStreamsBus is closed');
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    const count = (this.consumersPerGroup.get(options.group) ?? 0) + 1;
    this.consumersPerGroup.set(options.group, count);
    const streams = this.groupStreams.get(options.group) ?? new Set<string>();
    for (const type of options.types) streams.add(this.streamOf(type));
    this.groupStreams.set(options.group, streams);
    const consumer = count === 1 ? this.settings.consumerName : `${this.settings.consumerName}-${count}`;
    const subscription = new StreamSubscription(this.settings, this.commands, {
      group: options.group,
      consumer,
      streams: [...new Set(options.types)].map((type) => this.streamOf(type)),
      deadLetterStream: this.deadLetterStream,
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

  /**
   * Per group subscribed through this instance and per event type: entries not yet acknowledged by the
   * group = the group's `lag` (entries not yet delivered, XINFO GROUPS, Redis 7) + its `pending` (delivered,
   * not acknowledged). When Redis cannot tell the lag (nil after an XDEL inside the range), it is computed
   * as the stream's `entries-added` minus the group's `entries-read`; a group where neither is known (Redis
   * < 7) is left out. A stream or group that does not exist yet is left out. See {@link EventBus.lag}.
   * @throws Error when Redis cannot be reached
   */
  async lag(): Promise<ConsumerLag[]> {
    const wanted = [...this.groupStreams].flatMap(([group, streams]) => [...streams].map((stream) => ({ group, stream })));
    const streams = [...new Set(wanted.map((row) => row.stream))];
    if (streams.length === 0) return [];
    const pipeline = this.commands.pipeline();
    for (const stream of streams) {
      pipeline.call('XINFO', 'GROUPS', stream);
      pipeline.call('XINFO', 'STREAM', stream);
    }
    const results = (await pipeline.exec()) ?? [];
    const info = new Map<string, { groups: Map<string, Record<string, unknown>>; entriesAdded: unknown }>();
    streams.forEach((stream, index) => {
      const [groupsError, groupsReply] = results[index * 2] ?? [];
      const [streamError, streamReply] = results[index * 2 + 1] ?? [];
      if (groupsError || !Array.isArray(groupsReply)) return;
      const groups = new Map<string, Record<string, unknown>>();
      for (const item of groupsReply as unknown[]) {
        const fields = pairs(item);
        if (typeof fields.name === 'string') groups.set(fields.name, fields);
      }
      info.set(stream, { groups, entriesAdded: streamError ? undefined : pairs(streamReply)['entries-added'] });
    });
    const rows: ConsumerLag[] = [];
    for (const { group, stream } of wanted) {
      const entry = info.get(stream);
      const fields = entry?.groups.get(group);
      if (!entry || !fields) continue;
      const pending = Number(fields.pending ?? 0);
      let undelivered = fields.lag === null || fields.lag === undefined ? undefined : Number(fields.lag);
      if (undelivered === undefined && typeof entry.entriesAdded === 'number' && typeof fields['entries-read'] === 'number') {
        undelivered = Math.max(0, entry.entriesAdded - fields['entries-read']);
      }
      if (undelivered === undefined || !Number.isFinite(undelivered)) continue;
      rows.push({ group, type: stream.slice(this.settings.streamPrefix.length), lag: undelivered + pending });
    }
    return rows;
  }

  /** True when Redis answers PING within `readyTimeoutMs`; false while disconnected or after `close()`. */
  async isReady(): Promise<boolean> {
    if (this.closed || this.commands.status !== 'ready') return false;
    const pong = this.commands.ping();
    pong.catch((error: unknown) => resetIfTimedOut(this.commands, error));
    return settlesWithin(pong, this.settings.readyTimeoutMs);
  }

  /**
   * Stops every subscription (read loops end at once; entries not yet started stay pending for another
   * consumer), waits for the handlers already running and their XACKs, then closes the connections.
   * Idempotent.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop(false)));
    this.subscriptions.clear();
    await quit(this.commands);
  }

  /**
   * Drops every connection at once, as a crash would: does not wait for running handlers and never
   * acknowledges them; their entries stay pending and are taken over by another consumer after
   * `claimIdleMs`. For shutdown deadlines and crash tests. Idempotent.
   */
  async destroy(): Promise<void> {
    this.closed = true;
    const stops = [...this.subscriptions].map((subscription) => subscription.stop(true));
    this.subscriptions.clear();
    this.commands.disconnect();
    await Promise.all(stops);
  }
}

/** What a subscription consumes. */
interface StreamSubscriptionTarget {
  readonly group: string;
  readonly consumer: string;
  readonly streams: readonly string[];
  readonly deadLetterStream: string;
  readonly handler: EventHandler;
}

/** One consumer of one group: a read loop, a renew-and-claim task and the entries it holds. */
class StreamSubscription {
  private readonly blocking: Redis;
  private readonly held = new Map<string, HeldEntry>();
  /** Per key, the held entries oldest first; only the head may run. */
  private readonly lanes = new Map<string, HeldEntry[]>();
  /** Handler runs (with their XACK) and dead-letter writes, awaited by a graceful stop. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly claimCursors = new Map<string, string>();
  /**
   * Streams whose pending entries of this consumer (an earlier run under the same name) are still to be
   * read back, with the id to read after; emptied once each read comes back empty.
   */
  private readonly history = new Map<string, string>();
  private readonly log: Record<string, string>;
  private stopping = false;
  private aborted = false;
  private stopped: Promise<void> | undefined;
  private loop: Promise<void> = Promise.resolve();
  private tick: Promise<void> = Promise.resolve();
  private claimTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private claimFailures = 0;

  constructor(
    private readonly settings: Settings,
    private readonly commands: Redis,
    private readonly target: StreamSubscriptionTarget,
  ) {
    this.log = { group: target.group, consumer: target.consumer };
    for (const stream of target.streams) this.history.set(stream, '0-0');
    this.blocking = connect(settings, `consumer ${target.consumer}`, {
      // Errors surface at once so the loop can wait and retry; nothing is queued or resent by ioredis.
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    this.blocking.on('ready', () => this.wake?.());
  }

  /** Creates the groups (best effort) and starts the read loop and the renew-and-claim task. */
  async start(): Promise<void> {
    try {
      await this.ensureGroups();
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
    if (force) this.aborted = true;
    if (this.stopped && !force) return this.stopped;
    this.stopping = true;
    clearTimeout(this.claimTimer);
    this.wake?.();
    this.blocking.disconnect();
    const stopped = (async () => {
      await this.loop;
      if (!force) await this.tick;
      for (const entry of [...this.held.values()]) {
        if (entry.state !== 'running') this.release(entry);
      }
      if (force) return;
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      await this.forgetConsumerIfIdle();
    })();
    this.stopped = stopped;
    return stopped;
  }

  /** XGROUP CREATE <stream> <group> 0 MKSTREAM on every stream; an existing group is fine. */
  private async ensureGroups(): Promise<void> {
    const pipeline = this.commands.pipeline();
    for (const stream of this.target.streams) {
      pipeline.call('XGROUP', 'CREATE', stream, this.target.group, '0', 'MKSTREAM');
    }
    const results = (await pipeline.exec()) ?? [];
    for (const [error] of results) {
      if (error && !error.message.includes('BUSYGROUP')) throw error;
    }
  }

  /** Reads new entries until stopped; survives Redis outages. */
  private async readLoop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const free = this.settings.concurrency - this.held.size;
      if (free <= 0) {
        await this.pause(this.settings.blockMs);
        continue;
      }
      let watchdog: NodeJS.Timeout | undefined;
      try {
        // XREADGROUP answers within blockMs; silence well beyond that means a dead (half-open) socket.
        watchdog = setTimeout(() => this.blocking.disconnect(true), this.settings.blockMs + COMMAND_TIMEOUT_MS);
        const count = Math.min(this.settings.batchSize, free);
        // Own pending entries first (history reads never block), then new entries.
        const [recovering, after] = this.history.entries().next().value ?? [];
        const reply = recovering
          ? await this.blocking.call(
              'XREADGROUP', 'GROUP', this.target.group, this.target.consumer, 'COUNT', count,
              'STREAMS', recovering, after ?? '0-0',
            )
          : await this.blocking.call(
              'XREADGROUP', 'GROUP', this.target.group, this.target.consumer, 'COUNT', count,
              'BLOCK', this.settings.blockMs,
              'STREAMS', ...this.target.streams, ...this.target.streams.map(() => '>'),
            );
        if (failures > 0) this.settings.logger.info({ ...this.log, failures }, 'event bus read loop resumed');
        failures = 0;
        const read = parseStreamsReply(reply);
        if (recovering) {
          const last = read.find((item) => item.stream === recovering)?.entries.at(-1);
          if (last) {
            this.history.set(recovering, last.id);
            this.settings.logger.info(
              { ...this.log, stream: recovering, upTo: last.id },
              'resuming entries this consumer had read but not acknowledged',
            );
          } else {
            this.history.delete(recovering);
          }
        }
        for (const { stream, entries } of read) {
          for (const entry of entries) this.accept(stream, entry);
        }
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        if (isNoGroup(error)) {
          try {
            await this.ensureGroups();
            this.settings.logger.warn({ ...this.log }, 'consumer group was missing; recreated it at id 0');
            if (failures <= 2) continue;
          } catch {
            // Redis is not answering; wait below.
          }
        }
        if (failures === 1 || failures % 30 === 0) {
          this.settings.logger.warn({ ...this.log, err: error, failures }, 'event bus read failed; retrying');
        }
        await this.pause(retryDelayMs(failures, 100, 2_000));
      } finally {
        clearTimeout(watchdog);
      }
    }
  }

  /** Waits `ms`, or less when woken (a slot freed, the connection came back, or stop). */
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

  /** Takes an entry read or claimed from `stream` into the subscription. */
  private accept(stream: string, raw: RawEntry): void {
    if (this.stopping) return;
    const ref = `${stream}\n${raw.id}`;
    if (this.held.has(ref)) return;
    if (raw.fields === null) {
      // Trimmed away while pending: nothing to deliver, just clear it.
      this.track(this.ack(stream, raw.id));
      return;
    }
    const parsed = parseEntry(raw.fields);
    if (!parsed.ok) {
      this.track(this.deadLetter(stream, raw.id, parsed.reason, parsed.raw));
      return;
    }
    const entry: HeldEntry = { ref, stream, id: raw.id, event: parsed.event, state: 'queued', failures: 0 };
    this.held.set(ref, entry);
    const lane = this.lanes.get(entry.event.key);
    if (lane) {
      lane.push(entry);
    } else {
      this.lanes.set(entry.event.key, [entry]);
      this.runHead(entry.event.key);
    }
  }

  /** Runs the head of `key`'s lane when it is queued. */
  private runHead(key: string): void {
    const entry = this.lanes.get(key)?.[0];
    if (!entry || entry.state !== 'queued' || this.stopping) return;
    entry.state = 'running';
    this.track(this.run(entry));
  }

  /** Runs the handler of `entry`, then acknowledges it or schedules its retry. */
  private async run(entry: HeldEntry): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      await this.target.handler(entry.event);
    } catch (error) {
      failure = { error };
    }
    if (this.aborted) return;
    if (!failure) {
      try {
        await this.commands.xack(entry.stream, this.target.group, entry.id);
      } catch (error) {
        resetIfTimedOut(this.commands, error);
        this.settings.logger.warn(
          { ...this.log, err: error, eventId: entry.event.id, entryId: entry.id },
          'XACK failed; the event will be delivered again after claimIdleMs',
        );
      }
      this.release(entry);
      return;
    }
    entry.failures += 1;
    if (this.stopping) {
      this.release(entry);
      return;
    }
    const delayMs = retryDelayMs(entry.failures, this.settings.retryInitialMs, this.settings.retryMaxMs);
    this.settings.logger.warn(
      {
        ...this.log,
        err: failure.error,
        stream: entry.stream,
        entryId: entry.id,
        eventId: entry.event.id,
        eventType: entry.event.type,
        key: entry.event.key,
        failures: entry.failures,
        retryInMs: delayMs,
      },
      'event handler failed; will redeliver',
    );
    entry.state = 'waiting';
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (this.held.get(entry.ref) !== entry) return;
      entry.state = 'queued';
      this.runHead(entry.event.key);
    }, delayMs);
  }

  /** Forgets a held entry (done, dropped or left pending) and starts the next entry of its key. */
  private release(entry: HeldEntry): void {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (this.held.get(entry.ref) === entry) this.held.delete(entry.ref);
    const key = entry.event.key;
    const lane = this.lanes.get(key);
    if (lane) {
      const index = lane.indexOf(entry);
      if (index >= 0) lane.splice(index, 1);
      if (lane.length === 0) this.lanes.delete(key);
      else if (index === 0) this.runHead(key);
    }
    this.wake?.();
  }

  /** Keeps a promise in `inFlight` until it settles. */
  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  /** XACK, logging failures. */
  private async ack(stream: string, id: string): Promise<void> {
    try {
      await this.commands.xack(stream, this.target.group, id);
    } catch (error) {
      this.settings.logger.warn({ ...this.log, err: error, stream, entryId: id }, 'XACK failed');
    }
  }

  /** Copies a malformed entry to the dead-letter stream with `reason`, then acknowledges it. */
  private async deadLetter(stream: string, id: string, reason: string, raw: string): Promise<void> {
    this.settings.logger.error(
      { ...this.log, stream, entryId: id, reason, deadLetterStream: this.target.deadLetterStream },
      'malformed event entry; moved to the dead-letter stream',
    );
    const pipeline = this.commands.pipeline();
    pipeline.call(
      'XADD',
      this.target.deadLetterStream,
      'MAXLEN',
      '~',
      this.settings.maxLen,
      '*',
      'stream',
      stream,
      'id',
      id,
      'group',
      this.target.group,
      'reason',
      reason,
      'entry',
      raw,
    );
    pipeline.xack(stream, this.target.group, id);
    try {
      const results = (await pipeline.exec()) ?? [];
      for (const [error] of results) if (error) throw error;
      this.settings.onDeadLetter?.(stream.slice(this.settings.streamPrefix.length));
    } catch (error) {
      this.settings.logger.warn(
        { ...this.log, err: error, stream, entryId: id },
        'could not dead-letter a malformed entry; it will be claimed again',
      );
    }
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
   * Resets the idle time of every held entry (XCLAIM <min-idle 0> … JUSTID) so no other consumer takes
   * it over. An entry Redis no longer lists as pending was handled elsewhere (or trimmed): it is dropped
   * unless its handler is running.
   */
  private async renew(): Promise<void> {
    const byStream = new Map<string, HeldEntry[]>();
    for (const entry of this.held.values()) {
      const list = byStream.get(entry.stream);
      if (list) list.push(entry);
      else byStream.set(entry.stream, [entry]);
    }
    if (byStream.size === 0) return;
    const streams = [...byStream.keys()];
    const pipeline = this.commands.pipeline();
    for (const stream of streams) {
      const ids = (byStream.get(stream) ?? []).map((entry) => entry.id);
      pipeline.call('XCLAIM', stream, this.target.group, this.target.consumer, 0, ...ids, 'JUSTID');
    }
    const results = (await pipeline.exec()) ?? [];
    let firstError: Error | undefined;
    results.forEach(([error, reply], index) => {
      const stream = streams[index];
      if (stream === undefined) return;
      if (error) {
        firstError ??= error;
        return;
      }
      const owned = new Set(Array.isArray(reply) ? reply.map(String) : []);
      for (const entry of byStream.get(stream) ?? []) {
        if (owned.has(entry.id) || entry.state === 'running' || this.held.get(entry.ref) !== entry) continue;
        this.settings.logger.info(
          { ...this.log, stream, entryId: entry.id, eventId: entry.event.id },
          'entry no longer pending (handled by another consumer); dropped',
        );
        this.release(entry);
      }
    });
    if (firstError) throw firstError;
  }

  /** Takes over entries idle for `claimIdleMs` or more (XAUTOCLAIM), as far as free slots allow. */
  private async claim(): Promise<void> {
    for (const stream of this.target.streams) {
      const free = this.settings.concurrency - this.held.size;
      if (free <= 0 || this.stopping) return;
      const cursor = this.claimCursors.get(stream) ?? '0-0';
      const reply = await this.commands.call(
        'XAUTOCLAIM',
        stream,
        this.target.group,
        this.target.consumer,
        this.settings.claimIdleMs,
        cursor,
        'COUNT',
        Math.min(this.settings.batchSize, free),
      );
      const { next, entries } = parseAutoClaimReply(reply);
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

  /** Deletes this consumer from its groups when it has no pending entry (best effort). */
  private async forgetConsumerIfIdle(): Promise<void> {
    if (this.aborted) return;
    for (const stream of this.target.streams) {
      try {
        const pending = await this.commands.call(
          'XPENDING',
          stream,
          this.target.group,
          '-',
          '+',
          1,
          this.target.consumer,
        );
        if (Array.isArray(pending) && pending.length === 0) {
          await this.commands.call('XGROUP', 'DELCONSUMER', stream, this.target.group, this.target.consumer);
        }
      } catch {
        // Best effort: a leftover consumer name with no pending entries is harmless.
      }
    }
  }
}

/** Opens an ioredis connection with the bus's reconnect policy; logs outages once and recoveries. */
function connect(settings: Settings, role: string, options: RedisOptions): Redis {
  const connection = new Redis(settings.url, {
    retryStrategy,
    connectionName: `formloom-bus:${settings.consumerName}`.replace(/[^\w:.-]/g, '_'),
    ...options,
  });
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    settings.logger.warn({ err: error, role }, 'Redis connection lost; reconnecting');
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    settings.logger.info({ role }, 'Redis connection restored');
  });
  return connection;
}

/** Resolves once `connection` is ready, or after `ms` ms, whichever comes first. */
function whenReady(connection: Redis, ms: number): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      connection.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    connection.once('ready', done);
  });
}

/** QUIT (waiting at most 1 s), then drops the socket. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') await settlesWithin(connection.quit(), 1_000);
  connection.disconnect();
}

/**
 * Replaces the socket of `connection` (reconnects) when `error` is ioredis's "Command timed out": an
 * unanswered command most likely means a half-open TCP connection that would otherwise hang forever.
 */
function resetIfTimedOut(connection: Redis, error: unknown): void {
  if (error instanceof Error && error.message === 'Command timed out' && connection.status === 'ready') {
    connection.disconnect(true);
  }
}

/** True when `error` is Redis's NOGROUP (the stream or the consumer group does not exist). */
function isNoGroup(error: unknown): boolean {
  return error instanceof Error && error.message.includes('NOGROUP');
}

/** Parses an entry `[id, [field, value, …] | null]`; undefined when it has another shape. */
function parseRawEntry(value: unknown): RawEntry | undefined {
  if (!Array.isArray(value)) return undefined;
  const [id, fields] = value as unknown[];
  if (typeof id !== 'string') return undefined;
  if (fields === null || fields === undefined) return { id, fields: null };
  if (!Array.isArray(fields)) return undefined;
  return { id, fields: fields.map(String) };
}

/** Parses an XREADGROUP reply: `[[stream, [entry, …]], …]` or null (nothing new). */
function parseStreamsReply(value: unknown): Array<{ stream: string; entries: RawEntry[] }> {
  if (!Array.isArray(value)) return [];
  const result: Array<{ stream: string; entries: RawEntry[] }> = [];
  for (const item of value as unknown[]) {
    if (!Array.isArray(item)) continue;
    const [stream, entries] = item as unknown[];
    if (typeof stream !== 'string' || !Array.isArray(entries)) continue;
    const parsed: RawEntry[] = [];
    for (const entry of entries as unknown[]) {
      const raw = parseRawEntry(entry);
      if (raw) parsed.push(raw);
    }
    result.push({ stream, entries: parsed });
  }
  return result;
}

/**
 * Parses an XAUTOCLAIM reply: `[next cursor, [entry, …], deleted ids]` (Redis 7; Redis 6.2 has no third
 * element and returns deleted entries with null fields).
 */
function parseAutoClaimReply(value: unknown): { next: string; entries: RawEntry[] } {
  if (!Array.isArray(value)) return { next: '0-0', entries: [] };
  const [next, entries] = value as unknown[];
  const parsed: RawEntry[] = [];
  if (Array.isArray(entries)) {
    for (const entry of entries as unknown[]) {
      const raw = parseRawEntry(entry);
      if (raw) parsed.push(raw);
    }
  }
  return { next: typeof next === 'string' ? next : '0-0', entries: parsed };
}

/** Reads the envelope out of an entry's fields, or says why it cannot. */
function parseEntry(
  fields: readonly string[],
): { ok: true; event: EventEnvelope } | { ok: false; reason: string; raw: string } {
  let json: string | undefined;
  for (let index = 0; index + 1 < fields.length; index += 2) {
    if (fields[index] === 'e') json = fields[index + 1];
  }
  if (json === undefined) return { ok: false, reason: 'no field "e"', raw: JSON.stringify(fields) };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${(error as Error).message}`, raw: json };
  }
  const parsed = EventEnvelope.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, reason: `invalid envelope: ${issues.join('; ')}`, raw: json };
  }
  return { ok: true, event: { ...parsed.data, data: parsed.data.data } };
}

/** A flat RESP reply `[key, value, key, value, …]` as an object (`{}` for anything else). */
function pairs(value: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!Array.isArray(value)) return result;
  for (let index = 0; index + 1 < value.length; index += 2) {
    const key: unknown = value[index];
    if (typeof key === 'string') result[key] = value[index + 1];
  }
  return result;
}
