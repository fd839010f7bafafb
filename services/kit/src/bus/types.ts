/**
 * The event bus port (ARCHITECTURE §1-2). Three adapters implement it: in-process (embedded default),
 * Redis Streams (one node) and Kafka (Kubernetes). Services never call `publish` inside a
 * request: the outbox relay does (see `outbox.ts`).
 *
 * Delivery is at-least-once per consumer group: every group receives every event of the types it
 * subscribed to; within a group, each event goes to one consumer. An event is acknowledged only after the
 * handler's promise resolves (the handler commits its transaction before resolving); a handler that throws
 * gets the event again later (with backoff). Effects are made exactly-once by the consumer's inbox.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';

/** Handles one event; resolves once its effect is committed. Throwing means "deliver again later". */
export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** A subscription request. */
export interface SubscribeOptions {
  /** The consumer group, usually the consuming service's name. */
  group: string;
  /** The event types to receive, e.g. `['form.submitted']`. */
  types: readonly string[];
  /** Called for each event. */
  handler: EventHandler;
}

/** A running subscription. */
export interface Subscription {
  /** Stops receiving; in-flight handlers finish first. */
  close(): Promise<void>;
}

/** One row of {@link EventBus.lag}: events of `type` that consumer group `group` has not acknowledged yet. */
export interface ConsumerLag {
  group: string;
  type: string;
  /** Events not yet acknowledged (undelivered + in flight). */
  lag: number;
}

/** The bus. */
export interface EventBus {
  /** The adapter name, for logs and `/readyz`: `in-process`, `redis` or `kafka`. */
  readonly kind: string;
  /**
   * False when published events live only in memory (the in-process bus): a crash would lose events the
   * relay already marked published, so the relay replays recent events when it starts and consumers'
   * inboxes absorb the duplicates.
   */
  readonly durable: boolean;
  /** Publishes events in order; resolves once the broker holds them durably (in-process: once queued). */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  /** Starts delivering events of `types` to `handler` within `group`. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** True while the broker is reachable (drives `/readyz`). */
  isReady(): Promise<boolean>;
  /**
   * Per consumer group of this bus instance's subscriptions and per event type: how many events the group
   * has not acknowledged yet (not yet delivered plus delivered and still being handled). Drives the
   * `formloom_consumer_lag_events{group,type}` gauge, read on each `/metrics` scrape. Optional: an adapter
   * without it reports no lag.
   */
  lag?(): Promise<ConsumerLag[]>;
  /** Stops every subscription and releases connections. */
  close(): Promise<void>;
}
