/**
 * The in-process event bus: the embedded default of the event bus port (ARCHITECTURE §1-2, "event bus:
 * in-process"). One instance is shared by every service of one process.
 *
 * Semantics (the same as the Redis Streams and Kafka adapters, minus durability):
 * - A consumer group is created by its first `subscribe`. From then on it receives every event of the types
 *   its subscriptions asked for. Events published before a group's first subscription are NOT replayed (like
 *   a Redis consumer group created at `$`): in embedded mode every service subscribes before the outbox
 *   relay starts, so nothing is lost. The group outlives its subscriptions: events that arrive while it has
 *   no open subscription wait for the next one.
 * - Within a group, each event goes to one subscription ("replica"), chosen round robin among the open
 *   subscriptions that asked for its type.
 * - At-least-once: a handler that throws (or rejects) gets the event again after an exponential backoff
 *   (`retryInitialMs`, doubling, capped at `retryMaxMs`); an event is never dropped while the bus is open.
 * - Per group, events sharing a `key` are handled one at a time in publish order, whatever their type (a
 *   failing event, or one whose type no open subscription of the group takes any more, holds up the later
 *   events of its key); events of different keys run concurrently, at most `concurrency` handlers per
 *   group at once. Queues are unbounded.
 * - Nothing is durable: events still queued when `close()` is called are dropped. `close()` waits for the
 *   handlers already running.
 *
 * The per-key lanes, the concurrency bound and the retries are `keyed-lanes.ts` (one `KeyedLanes` per group,
 * starting handlers on a later tick than `publish`); this file adds groups, members and round robin.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { KeyedLanes } from './keyed-lanes';
import { positiveOption, silentBusLogger } from './support';
import type { BusLogger } from './support';
import type { ConsumerLag, EventBus, EventHandler, SubscribeOptions, Subscription } from './types';

// Re-exported from their new homes: `@formloom/kit/bus/in-process` keeps offering them.
export { retryDelayMs } from './keyed-lanes';
export { positiveOption, settlesWithin, silentBusLogger } from './support';
export type { BusLogger } from './support';

/** Options of {@link InProcessBus}; every field is optional. */
export interface InProcessBusOptions {
  /** Most handlers running at once per consumer group (events of different keys). Default 16. */
  concurrency?: number;
  /** Delay in ms before the first redelivery of an event whose handler failed. Default 100. */
  retryInitialMs?: number;
  /** Upper bound in ms of the redelivery delay (it doubles per failed attempt). Default 30 000. */
  retryMaxMs?: number;
  /** Where failures and retries are logged. Default: nowhere. */
  logger?: BusLogger;
}

/** One open subscription ("replica") of a group. */
interface Member {
  readonly types: ReadonlySet<string>;
  readonly handler: EventHandler;
  open: boolean;
  running: number;
  /** Resolvers waiting for `running` to reach 0. */
  idleWaiters: Array<() => void>;
}

/** A consumer group: its members and its per-key lanes of events not yet handled. */
interface Group {
  readonly name: string;
  readonly types: Set<string>;
  members: Member[];
  roundRobin: number;
  /** The group's events per key; a key whose head no open member takes is parked until `subscribe`. */
  readonly lanes: KeyedLanes<EventEnvelope>;
}

/**
 * The in-process {@link EventBus} (kind `in-process`), for embedded mode: one instance shared by all
 * services of one process. See the module comment for its delivery semantics. Source: ARCHITECTURE §1-2.
 *
 * @example
 * const bus = new InProcessBus({ logger });
 * await bus.subscribe({ group: 'workflows-engine', types: ['form.submitted'], handler });
 * await bus.publish([event]);
 */
export class InProcessBus implements EventBus {
  /** The adapter name: `in-process`. */
  readonly kind = 'in-process';
  /** Events live in memory only; see {@link EventBus.durable}. */
  readonly durable = false;

  private readonly concurrency: number;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly logger: BusLogger;
  private readonly groups = new Map<string, Group>();
  private closed = false;

  /**
   * @param options see {@link InProcessBusOptions}
   * @throws RangeError when a numeric option is not positive (`concurrency` must be an integer)
   */
  constructor(options: InProcessBusOptions = {}) {
    this.concurrency = positiveOption('concurrency', options.concurrency, 16, true);
    this.retryInitialMs = positiveOption('retryInitialMs', options.retryInitialMs, 100);
    this.retryMaxMs = positiveOption('retryMaxMs', options.retryMaxMs, 30_000);
    this.logger = options.logger ?? silentBusLogger;
  }

  /**
   * Queues `events`, in order, for every group subscribed to their type; resolves once they are queued
   * (before any handler runs: handlers start on a later tick).
   * @throws Error when the bus is closed
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('InProcessBus is closed');
    for (const event of events) {
      for (const group of this.groups.values()) {
        if (group.types.has(event.type)) group.lanes.add(event.key, event);
      }
    }
  }

  /**
   * Adds a subscription to `group` (creating the group on first use) for events of `types`.
   * @throws Error when the bus is closed or `types` is empty
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('InProcessBus is closed');
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    const group = this.groups.get(options.group) ?? this.createGroup(options.group);
    const member: Member = {
      types: new Set(options.types),
      handler: options.handler,
      open: true,
      running: 0,
      idleWaiters: [],
    };
    for (const type of options.types) group.types.add(type);
    group.members.push(member);
    // Keys parked for lack of a member may be deliverable now.
    group.lanes.resume();
    return {
      close: async () => {
        if (member.open) {
          member.open = false;
          group.members = group.members.filter((m) => m !== member);
        }
        if (member.running > 0) await new Promise<void>((resolve) => member.idleWaiters.push(resolve));
      },
    };
  }

  /** True until `close()` is called. */
  async isReady(): Promise<boolean> {
    return !this.closed;
  }

  /**
   * Per group and event type it subscribed to, the events queued for the group and not yet acknowledged
   * (waiting, running, or waiting for a retry); 0 for a type with nothing queued, and for every type once
   * the bus is closed. See {@link EventBus.lag}.
   */
  async lag(): Promise<ConsumerLag[]> {
    const rows: ConsumerLag[] = [];
    for (const group of this.groups.values()) {
      const counts = new Map<string, number>();
      for (const type of group.types) counts.set(type, 0);
      if (!this.closed) {
        for (const { item } of group.lanes.entries()) counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
      }
      for (const [type, lag] of counts) rows.push({ group: group.name, type, lag });
    }
    return rows;
  }

  /**
   * Stops delivering (queued events are dropped, pending redeliveries canceled), closes every
   * subscription and resolves once the handlers already running have settled. Idempotent.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const group of this.groups.values()) {
      for (const member of group.members) member.open = false;
      group.members = [];
      group.lanes.stop();
      group.lanes.drop();
    }
    await Promise.all([...this.groups.values()].map((group) => group.lanes.drain()));
  }

  /** A new, empty group named `name`, registered. */
  private createGroup(name: string): Group {
    const group: Group = {
      name,
      types: new Set(),
      members: [],
      roundRobin: 0,
      lanes: new KeyedLanes<EventEnvelope>({
        concurrency: this.concurrency,
        retryInitialMs: this.retryInitialMs,
        retryMaxMs: this.retryMaxMs,
        deferStart: true,
        handle: (event) => this.handle(group, event),
        onRetry: ({ item: event, failures }, error, delayMs) =>
          this.logger.warn(
            {
              err: error,
              group: group.name,
              eventId: event.id,
              eventType: event.type,
              key: event.key,
              failures,
              retryInMs: delayMs,
            },
            'event handler failed; will redeliver',
          ),
      }),
    };
    this.groups.set(name, group);
    return group;
  }

  /** Hands `event` to the next member (round robin) subscribed to its type; null when there is none. */
  private handle(group: Group, event: EventEnvelope): Promise<void> | null {
    const eligible = group.members.filter((candidate) => candidate.types.has(event.type));
    const member = eligible[group.roundRobin % Math.max(1, eligible.length)];
    if (!member) return null;
    group.roundRobin = (group.roundRobin + 1) % 1_000_000_007;
    member.running += 1;
    return Promise.resolve()
      .then(() => member.handler(event))
      .finally(() => {
        member.running -= 1;
        if (member.running === 0) member.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
  }
}
