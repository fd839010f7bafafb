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
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { ConsumerLag, EventBus, EventHandler, SubscribeOptions, Subscription } from './types';

/**
 * A pino-compatible logger (`{ info, warn, error }`, each taking a context object and a message). The bus
 * adapters log through it; pass the service's pino logger. Source: ARCHITECTURE §4 "Observability".
 */
export interface BusLogger {
  /** Logs a normal operational fact. */
  info(context: object, message?: string): void;
  /** Logs something that will be retried or recovered from. */
  warn(context: object, message?: string): void;
  /** Logs something that needs an operator. */
  error(context: object, message?: string): void;
}

/** A logger that drops everything; the default of the bus adapters. */
export const silentBusLogger: BusLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The delay in ms before the `attempt`-th redelivery (1-based) of an event whose handler failed:
 * `initialMs * 2^(attempt - 1)`, capped at `maxMs`. Source: ARCHITECTURE §1 (at-least-once delivery).
 */
export function retryDelayMs(attempt: number, initialMs: number, maxMs: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 40));
  return Math.min(maxMs, initialMs * 2 ** exponent);
}

/**
 * True when `promise` resolves within `ms` milliseconds; false when it rejects or takes longer (it is left to
 * settle on its own). For readiness probes of the bus adapters.
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks that an option is a positive finite number (an integer when `integer`).
 * @throws RangeError naming the option when it is not.
 */
export function positiveOption(name: string, value: number | undefined, fallback: number, integer = false): number {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result <= 0 || (integer && !Number.isInteger(result))) {
    throw new RangeError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
  return result;
}

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

/** One queued event of a group, with the number of failed attempts so far. */
interface Delivery {
  readonly event: EventEnvelope;
  failures: number;
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

/** A consumer group: its members and its per-key queues. */
interface Group {
  readonly name: string;
  readonly types: Set<string>;
  members: Member[];
  roundRobin: number;
  /** Per key, the events not yet handled, oldest first. A key is present only while it has events. */
  readonly lanes: Map<string, Delivery[]>;
  /** Keys whose head event may start now, in the order they became ready. */
  readonly ready: string[];
  /** Keys whose head event has no open member subscribed to its type; re-examined on `subscribe`. */
  readonly parked: Set<string>;
  running: number;
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
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private running = 0;
  private idleWaiters: Array<() => void> = [];

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
   * (before any handler runs).
   * @throws Error when the bus is closed
   */
  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('InProcessBus is closed');
    const touched = new Set<Group>();
    for (const event of events) {
      for (const group of this.groups.values()) {
        if (!group.types.has(event.type)) continue;
        const lane = group.lanes.get(event.key);
        if (lane) {
          lane.push({ event, failures: 0 });
        } else {
          group.lanes.set(event.key, [{ event, failures: 0 }]);
          group.ready.push(event.key);
        }
        touched.add(group);
      }
    }
    // Handlers start on a later tick: `publish` only queues.
    if (touched.size > 0) setImmediate(() => touched.forEach((group) => this.pump(group)));
  }

  /**
   * Adds a subscription to `group` (creating the group on first use) for events of `types`.
   * @throws Error when the bus is closed or `types` is empty
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('InProcessBus is closed');
    if (options.types.length === 0) throw new Error('subscribe needs at least one event type');
    let group = this.groups.get(options.group);
    if (!group) {
      group = {
        name: options.group,
        types: new Set(),
        members: [],
        roundRobin: 0,
        lanes: new Map(),
        ready: [],
        parked: new Set(),
        running: 0,
      };
      this.groups.set(options.group, group);
    }
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
    for (const key of group.parked) group.ready.push(key);
    group.parked.clear();
    const owner = group;
    setImmediate(() => this.pump(owner));
    return {
      close: async () => {
        if (member.open) {
          member.open = false;
          owner.members = owner.members.filter((m) => m !== member);
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
   * (waiting, running, or waiting for a retry); 0 for a type with nothing queued. See {@link EventBus.lag}.
   */
  async lag(): Promise<ConsumerLag[]> {
    const rows: ConsumerLag[] = [];
    for (const group of this.groups.values()) {
      const counts = new Map<string, number>();
      for (const type of group.types) counts.set(type, 0);
      for (const lane of group.lanes.values()) {
        for (const { event } of lane) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
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
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const group of this.groups.values()) {
      for (const member of group.members) member.open = false;
      group.members = [];
      group.lanes.clear();
      group.ready.length = 0;
      group.parked.clear();
    }
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts as many ready keys of `group` as its concurrency allows. */
  private pump(group: Group): void {
    while (!this.closed && group.running < this.concurrency && group.ready.length > 0) {
      const key = group.ready.shift();
      if (key === undefined) break;
      const delivery = group.lanes.get(key)?.[0];
      if (!delivery) continue;
      const member = this.pickMember(group, delivery.event.type);
      if (!member) {
        group.parked.add(key);
        continue;
      }
      this.run(group, key, delivery, member);
    }
  }

  /** The next open member (round robin) subscribed to `type`, if any. */
  private pickMember(group: Group, type: string): Member | undefined {
    const eligible = group.members.filter((member) => member.types.has(type));
    if (eligible.length === 0) return undefined;
    const member = eligible[group.roundRobin % eligible.length];
    group.roundRobin = (group.roundRobin + 1) % 1_000_000_007;
    return member;
  }

  /** Runs one delivery's handler, then acknowledges it (next event of the key) or schedules a retry. */
  private run(group: Group, key: string, delivery: Delivery, member: Member): void {
    group.running += 1;
    member.running += 1;
    this.running += 1;
    Promise.resolve()
      .then(() => member.handler(delivery.event))
      .then(
        () => this.settled(group, key, delivery, true),
        (error: unknown) => {
          this.settled(group, key, delivery, false, error);
        },
      )
      .finally(() => {
        group.running -= 1;
        member.running -= 1;
        this.running -= 1;
        if (member.running === 0) member.idleWaiters.splice(0).forEach((resolve) => resolve());
        if (this.running === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
        this.pump(group);
      });
  }

  /** Moves a key on after its head delivery settled. */
  private settled(group: Group, key: string, delivery: Delivery, ok: boolean, error?: unknown): void {
    if (this.closed) return;
    const lane = group.lanes.get(key);
    if (!lane || lane[0] !== delivery) return;
    if (ok) {
      lane.shift();
      if (lane.length === 0) group.lanes.delete(key);
      else group.ready.push(key);
      return;
    }
    delivery.failures += 1;
    const delayMs = retryDelayMs(delivery.failures, this.retryInitialMs, this.retryMaxMs);
    this.logger.warn(
      {
        err: error,
        group: group.name,
        eventId: delivery.event.id,
        eventType: delivery.event.type,
        key,
        failures: delivery.failures,
        retryInMs: delayMs,
      },
      'event handler failed; will redeliver',
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      group.ready.push(key);
      this.pump(group);
    }, delayMs);
    this.timers.add(timer);
  }
}
