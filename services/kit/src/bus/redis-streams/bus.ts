/**
 * The `RedisStreamsBus` class: publishing (XADD), subscribing (one {@link StreamSubscription} per
 * `subscribe`), readiness, lag, close and destroy. Layout in Redis and delivery rules: the module comment
 * of `../redis-streams.ts`; docs/architecture.md §4 "Bus".
 */
import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { ConsumerLag, EventBus, SubscribeOptions, Subscription } from '../types';
import { settlesWithin, subscriptionOf } from '../support';
import { COMMAND_TIMEOUT_MS, connect, quit, resetIfTimedOut } from './connection';
import { readConsumerLag } from './lag';
import { resolveSettings } from './settings';
import type { RedisStreamsBusOptions, RedisStreamsSettings } from './settings';
import { StreamSubscription } from './subscription';

/**
 * The Redis Streams {@link EventBus} (kind `redis`). See the module comment of `../redis-streams.ts` for
 * the layout in Redis and the delivery semantics. Source: ARCHITECTURE §1-2.
 *
 * @example
 * const bus = new RedisStreamsBus({ url: config.redisUrl, consumerName: process.env.POD_NAME, logger });
 */
export class RedisStreamsBus implements EventBus {
  /** The adapter name: `redis`. */
  readonly kind = 'redis';
  /** Redis holds published events in streams; see {@link EventBus.durable}. */
  readonly durable = true;

  private readonly settings: RedisStreamsSettings;
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
    this.settings = resolveSettings(options);
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
    return subscriptionOf(subscription, this.subscriptions);
  }

  /**
   * Per group subscribed through this instance and per event type: entries not yet acknowledged by the
   * group (see `readConsumerLag`). See {@link EventBus.lag}.
   * @throws Error when Redis cannot be reached
   */
  async lag(): Promise<ConsumerLag[]> {
    return readConsumerLag(this.commands, this.groupStreams, this.settings.streamPrefix);
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
