/**
 * Per-key scheduling, the one piece every event bus adapter shares (in-process, Redis Streams, Kafka):
 * the ordering and retry rules of the event bus port (`types.ts`; ARCHITECTURE §1 "Delivery is
 * at-least-once"; docs/architecture.md §4 "Bus" and §8 "Every bus adapter handles the events of one `key`
 * one at a time, in order, per consumer group").
 *
 * A {@link KeyedLanes} holds items (events, stream entries, Kafka messages) in one FIFO lane per key:
 * - only the head of a lane runs, so the items of one key are handled one at a time, in the order added;
 *   the heads of different keys run concurrently, at most `concurrency` at once (unbounded by default;
 *   keys ready beyond that wait their turn, first ready first started);
 * - an item whose handling fails stays at the head of its lane (holding up its key) and runs again after
 *   an exponential backoff ({@link retryDelayMs}), until it succeeds or, with `maxAttempts`, until the
 *   `onGiveUp` hook (a dead letter) has dealt with it;
 * - an item leaves its lane once handled (after the `onSuccess` hook: acknowledge, commit), given up, or
 *   dropped by the adapter (a rebalance, a take-over, a stop); the next item of its key then starts;
 * - `stop()` starts nothing more (running items finish: a success is still acknowledged, a failure is not
 *   retried), `abort()` (a crash) also ignores how running items end, `drain()` waits for running items.
 *
 * How many items an adapter holds (fetched but not finished) is the adapter's bound: it reads {@link
 * KeyedLanes.size} before taking more. Retry timers use the global `setTimeout` (fake timers in tests).
 */

/**
 * The delay in ms before the `attempt`-th redelivery (1-based) of an event whose handler failed:
 * `initialMs * 2^(attempt - 1)`, capped at `maxMs`. Source: ARCHITECTURE §1 (at-least-once delivery).
 */
export function retryDelayMs(attempt: number, initialMs: number, maxMs: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 40));
  return Math.min(maxMs, initialMs * 2 ** exponent);
}

/** The retry policy of a {@link KeyedLanes}: backoff in ms, and attempts before giving up. */
export interface RetryPolicy {
  /** Delay in ms before the first retry; it doubles per failure. */
  retryInitialMs: number;
  /** Upper bound in ms of the retry delay. */
  retryMaxMs: number;
  /** Attempts (the first one included) before giving up; `Infinity` retries forever. */
  maxAttempts: number;
}

/** What to do after a failed attempt: retry after `delayMs` ms, or give up. */
export type RetryDecision = { action: 'retry'; delayMs: number } | { action: 'give-up' };

/**
 * The retry policy applied after the `failures`-th failed attempt (1-based): give up once `failures`
 * reached `maxAttempts`, else retry after {@link retryDelayMs}`(failures, retryInitialMs, retryMaxMs)`.
 */
export function retryDecision(failures: number, policy: RetryPolicy): RetryDecision {
  if (failures >= policy.maxAttempts) return { action: 'give-up' };
  return { action: 'retry', delayMs: retryDelayMs(failures, policy.retryInitialMs, policy.retryMaxMs) };
}

/** Where an item is: waiting behind its key (or for a slot), running, or waiting for its retry. */
export type LaneState = 'queued' | 'running' | 'waiting';

/** An item held by a {@link KeyedLanes}, as its hooks and adapters see it. */
export interface LaneEntry<T> {
  /** The key whose lane holds it. */
  readonly key: string;
  /** The adapter's item (an event, a stream entry, a Kafka message). */
  readonly item: T;
  /** Where it is; `running` from the start of its handling until its outcome has been dealt with. */
  readonly state: LaneState;
  /** Failed attempts so far. */
  readonly failures: number;
}

/** Options of a {@link KeyedLanes}: the adapter's hooks, the retry policy and the concurrency bound. */
export interface KeyedLanesOptions<T> {
  /**
   * Starts handling `item` (the head of its lane) and returns the handling: resolves = handled, rejects
   * (or throws) = failed. Returns `null` when nothing can handle it now (in-process: no open subscription
   * takes its type): its key is then parked, holding up the key, until {@link KeyedLanes.resume}.
   */
  handle(item: T, entry: LaneEntry<T>): Promise<void> | null;
  /**
   * After a successful handling, before the next item of the key starts: acknowledge it (XACK, mark the
   * offset finished). May be async (the key waits for it); must not throw.
   */
  onSuccess?(entry: LaneEntry<T>): void | Promise<void>;
  /** After a failed attempt that will be retried in `delayMs` ms (for the log). Must not throw. */
  onRetry?(entry: LaneEntry<T>, error: unknown, delayMs: number): void;
  /**
   * After the `maxAttempts`-th failed attempt: deal with the item for good (the dead letter); the item
   * leaves its lane once this resolves (unless aborted meanwhile). Must not reject.
   */
  onGiveUp?(entry: LaneEntry<T>, error: unknown): Promise<void>;
  /** After entries left their lanes (handled, given up, released or dropped): a slot is free. */
  onRelease?(entries: ReadonlyArray<LaneEntry<T>>): void;
  /** Most items running at once (positive integer). Default: unbounded. */
  concurrency?: number;
  /** Delay in ms before the first retry (it doubles per failure). */
  retryInitialMs: number;
  /** Upper bound in ms of the retry delay. */
  retryMaxMs: number;
  /** Attempts before `onGiveUp` (positive integer). Default: unbounded (retry forever). */
  maxAttempts?: number;
  /**
   * True: {@link KeyedLanes.add} and {@link KeyedLanes.resume} only queue, handlers start on a later tick
   * (`setImmediate`), so that a publisher finishes its own work first (the in-process bus). Default false:
   * a new key's item starts at once.
   */
  deferStart?: boolean;
}

/** The mutable state behind a {@link LaneEntry}. */
interface Entry<T> extends LaneEntry<T> {
  state: LaneState;
  failures: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Per-key FIFO lanes with one running item per key, retries with backoff and draining: see the module
 * comment. One instance per consumer group (in-process) or per subscription (Redis Streams, Kafka).
 *
 * @example
 * const lanes = new KeyedLanes<EventEnvelope>({ handle: (event) => handler(event), retryInitialMs: 100, retryMaxMs: 30_000 });
 * lanes.add(event.key, event);
 */
export class KeyedLanes<T> {
  private readonly lanes = new Map<string, Array<Entry<T>>>();
  private readonly held = new Set<Entry<T>>();
  /** Keys whose head may start now, in the order they became ready (may repeat; stale ones are skipped). */
  private readonly ready: string[] = [];
  /** Keys whose head nothing could handle; made ready again by {@link resume}. */
  private readonly parked = new Set<string>();
  private readonly concurrency: number;
  private readonly policy: RetryPolicy;
  private active = 0;
  private idleWaiters: Array<() => void> = [];
  private pumpScheduled = false;
  private stopping = false;
  private aborted = false;

  /**
   * @param options see {@link KeyedLanesOptions}
   * @throws RangeError when `concurrency` or `maxAttempts` is given and not a positive integer
   */
  constructor(private readonly options: KeyedLanesOptions<T>) {
    this.concurrency = countOption('concurrency', options.concurrency);
    this.policy = {
      retryInitialMs: options.retryInitialMs,
      retryMaxMs: options.retryMaxMs,
      maxAttempts: countOption('maxAttempts', options.maxAttempts),
    };
  }

  /** Number of items held (queued, running or waiting for a retry). */
  get size(): number {
    return this.held.size;
  }

  /** Number of handlings in progress (an item counts until its outcome, hooks included, is dealt with). */
  get running(): number {
    return this.active;
  }

  /** The items held, in the order they were added. */
  entries(): IterableIterator<LaneEntry<T>> {
    return this.held.values();
  }

  /** True while `entry` is held (not yet handled, given up, released or dropped). */
  holds(entry: LaneEntry<T>): boolean {
    return this.held.has(entry as Entry<T>);
  }

  /**
   * Adds `item` at the end of `key`'s lane. It starts at once when its lane was empty (on a later tick
   * with `deferStart`, or later when `concurrency` items run), else after the items before it.
   * @returns its entry (to release it, or to look at its state)
   * @throws Error after {@link stop} (adapters check first: a stopped consumer takes nothing)
   */
  add(key: string, item: T): LaneEntry<T> {
    if (this.stopping) throw new Error('KeyedLanes is stopped');
    const entry: Entry<T> = { key, item, state: 'queued', failures: 0, timer: undefined };
    this.held.add(entry);
    const lane = this.lanes.get(key);
    if (lane) {
      lane.push(entry);
      return entry;
    }
    this.lanes.set(key, [entry]);
    this.ready.push(key);
    this.startSoon();
    return entry;
  }

  /** Makes the parked keys ready again (something may handle them now, e.g. a new subscription). */
  resume(): void {
    for (const key of this.parked) this.ready.push(key);
    this.parked.clear();
    this.startSoon();
  }

  /**
   * Forgets `entry` (handled elsewhere, or left to another consumer) unless it already left; the next
   * item of its key starts. A running handling goes on, but its outcome no longer moves the lane.
   */
  release(entry: LaneEntry<T>): void {
    this.forget([entry as Entry<T>]);
  }

  /**
   * Forgets every item that is not running and matches `filter` (all of them by default): queued ones
   * and those waiting for a retry (their timers are cleared). Then starts the new heads of their keys.
   */
  drop(filter: (entry: LaneEntry<T>) => boolean = () => true): void {
    this.forget([...this.held].filter((entry) => entry.state !== 'running' && filter(entry)));
  }

  /** Starts nothing more; handlings in progress finish (a success is acknowledged, a failure dropped). */
  stop(): void {
    this.stopping = true;
  }

  /** Stops as a crash would: the outcomes of handlings in progress are ignored (not acknowledged, not released). */
  abort(): void {
    this.aborted = true;
    this.stopping = true;
  }

  /** Resolves once no handling is in progress (immediately when none is). */
  drain(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts ready heads now, or on the next tick with `deferStart`. */
  private startSoon(): void {
    if (!this.options.deferStart) {
      this.pump();
      return;
    }
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Starts as many ready heads as `concurrency` allows; parks those nothing can handle. */
  private pump(): void {
    while (!this.stopping && this.active < this.concurrency && this.ready.length > 0) {
      const key = this.ready.shift();
      if (key === undefined) break;
      const head = this.lanes.get(key)?.[0];
      if (!head || head.state !== 'queued' || this.parked.has(key)) continue;
      if (!this.start(head)) this.parked.add(key);
    }
  }

  /** Starts handling `entry`; false when nothing can handle it now. */
  private start(entry: Entry<T>): boolean {
    entry.state = 'running';
    let handling: Promise<void> | null;
    try {
      handling = this.options.handle(entry.item, entry);
    } catch (error) {
      handling = Promise.reject(error);
    }
    if (handling === null) {
      entry.state = 'queued';
      return false;
    }
    this.active += 1;
    void this.settle(entry, handling).finally(() => {
      this.active -= 1;
      if (this.active === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      this.pump();
    });
    return true;
  }

  /** Deals with the outcome of a handling: acknowledge and move on, retry later, or give up. */
  private async settle(entry: Entry<T>, handling: Promise<void>): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      await handling;
    } catch (error) {
      failure = { error };
    }
    if (this.aborted) return;
    if (!failure) {
      const acknowledged = this.options.onSuccess?.(entry);
      if (acknowledged) await acknowledged;
      this.forget([entry]);
      return;
    }
    entry.failures += 1;
    if (this.stopping) {
      this.forget([entry]);
      return;
    }
    const decision = retryDecision(entry.failures, this.policy);
    if (decision.action === 'give-up') {
      await this.options.onGiveUp?.(entry, failure.error);
      if (!this.aborted) this.forget([entry]);
      return;
    }
    this.options.onRetry?.(entry, failure.error, decision.delayMs);
    entry.state = 'waiting';
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!this.held.has(entry)) return;
      entry.state = 'queued';
      this.ready.push(entry.key);
      this.pump();
    }, decision.delayMs);
  }

  /** Removes held `entries` from their lanes, starts the new heads of their keys, then calls `onRelease`. */
  private forget(entries: ReadonlyArray<Entry<T>>): void {
    const released: Array<Entry<T>> = [];
    const moved = new Set<string>();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (!this.held.delete(entry)) continue;
      released.push(entry);
      const lane = this.lanes.get(entry.key);
      if (!lane) continue;
      const index = lane.indexOf(entry);
      if (index >= 0) lane.splice(index, 1);
      if (lane.length > 0) {
        if (index === 0) moved.add(entry.key);
        continue;
      }
      this.lanes.delete(entry.key);
      this.parked.delete(entry.key);
    }
    if (released.length === 0) return;
    for (const key of moved) this.ready.push(key);
    this.pump();
    this.options.onRelease?.(released);
  }
}

/** A positive integer option, or `Infinity` when absent. */
function countOption(name: string, value: number | undefined): number {
  if (value === undefined) return Infinity;
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
  return value;
}
