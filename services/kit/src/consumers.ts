/**
 * Event consumers and the inbox (ARCHITECTURE §1 "Transactional outbox, idempotent inbox"): a consumer's effect
 * and its `inbox (consumer, event_id)` row commit in one transaction, so a redelivered event finds its row and
 * does nothing — delivery is at-least-once, effects are exactly-once per event id. The events a bus delivers
 * concurrently are group-committed (see `group-commit.ts`).
 *
 * A consumer is typed by the event it handles ({@link defineConsumer}, with an `EventDefinition` of
 * `contracts/src/events/`): the kit parses every delivered envelope with it (type, version, `data` schema) before
 * the consumer sees it. An envelope that does not parse would never succeed on redelivery: it is logged, counted
 * (`outcome="invalid"`) and acknowledged with its inbox row, never handed to the consumer.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { parseEvent, type EventDefinition } from '@formloom/contracts/events/define';
import { context as contextApi, trace } from '@opentelemetry/api';
import type { Tx } from './db';
import { rowsOf } from './db';
import { GroupCommit } from './group-commit';
import { isDatabaseUnavailable } from './http';
import type { ServiceMetrics } from './metrics';
import { inboxInsert, type Emit } from './outbox';
import type { OnCommit, Transact } from './service';
import { contextFromTraceparent, failSpan, formatTraceparent, SpanKind, type Telemetry } from './telemetry';

/** An event consumer of one event type: exactly-once effects per event id, via the inbox, in one transaction. */
export interface Consumer<TData = unknown> {
  /** The event handled: its type, version and data schema (the kit parses each delivery with it). */
  event: EventDefinition<TData>;
  /**
   * Applies the event (its `data` parsed) inside `tx`. `emit` writes follow-up events to the outbox in the same
   * transaction; `onCommit` runs a callback once it has committed. Throwing rolls back and the bus delivers the
   * event again later.
   */
  handle(event: EventEnvelope<TData>, tx: Tx, emit: Emit, onCommit: OnCommit): Promise<void>;
  /**
   * Optional, set-based: applies several new events at once inside `tx` (one statement for all, say) instead
   * of `handle` for each. Each comes with the `traceparent` of its own CONSUMER span, for what continues its
   * trace (a queued job). Throwing rolls back the batch; the kit then applies its events one by one with
   * `handle`, so only a failing event is redelivered.
   */
  handleBatch?(events: readonly ConsumedEvent<TData>[], tx: Tx, emit: Emit, onCommit: OnCommit): Promise<void>;
}

/** An event given to {@link Consumer.handleBatch}: parsed, with its consumer span's trace context. */
export interface ConsumedEvent<TData = unknown> {
  event: EventEnvelope<TData>;
  /** The W3C traceparent of the event's CONSUMER span (`process <type>`). */
  traceparent: string | undefined;
}

/**
 * Defines a consumer (the one way every consumer is written): `TData` is inferred from `consumer.event`, so
 * `handle` receives the parsed data type.
 */
export function defineConsumer<TData>(consumer: Consumer<TData>): Consumer<TData> {
  return consumer;
}

/** What {@link consumerHandler} reports to. */
export interface Consumption {
  telemetry: Telemetry;
  /** Where skipped events are logged. */
  log: { warn(context: object, message?: string): void };
  metrics: ServiceMetrics;
  /** `messaging.system` of the spans. */
  busKind: string;
}

/** What became of one delivered event. */
type ConsumeOutcome = 'processed' | 'duplicate' | 'invalid';

/**
 * The bus handler of `consumer`: applies each event once per consumer group. The events the bus delivers
 * concurrently (events of different keys; one key's events come one at a time) are group-committed (see
 * `group-commit.ts`): one transaction writes their inbox rows with one multi-row insert and applies the new
 * ones in delivery order, so a batch of 16 events costs one commit instead of 16. A duplicate delivery finds
 * its inbox row and does nothing. When a batch fails, each event is applied again alone, so only the failing
 * event is redelivered by the bus. Each applied event runs in a CONSUMER span `process <type>` whose parent
 * is the envelope's `traceparent` (the producer's span, across the bus); each outcome is counted in
 * `formloom_consumer_events_total` (processed, duplicate, or failed when it throws).
 */
export function consumerHandler<TData>(
  group: string,
  consumer: Consumer<TData>,
  transact: Transact,
  observe: Consumption,
): (event: EventEnvelope) => Promise<void> {
  const batches = new GroupCommit<EventEnvelope, ConsumeOutcome>({
    name: `consumer ${group}`,
    // Database down: every event would fail alone too; the bus redelivers them all later.
    isolate: (error) => !isDatabaseUnavailable(error),
    write: (batch) => consumeBatch(group, consumer, batch.map((entry) => entry.item), transact, observe),
  });
  return async (event) => {
    let outcome: ConsumeOutcome | 'failed' = 'failed';
    try {
      outcome = await batches.submit(event);
    } finally {
      observe.metrics.consumerEvents.inc({ group, type: event.type, outcome });
    }
  };
}

/**
 * Applies `events` in one transaction: their inbox rows in one insert (a row already there means the event
 * was applied before: `duplicate`), then the new ones — with `consumer.handleBatch` when it has one and there
 * are several, else `consumer.handle` for each in order — each in its CONSUMER span. Resolves with one outcome
 * per event once committed; throws (rolling everything back) when a handler or the database fails.
 */
async function consumeBatch<TData>(
  group: string,
  consumer: Consumer<TData>,
  events: readonly EventEnvelope[],
  transact: Transact,
  observe: Consumption,
): Promise<ConsumeOutcome[]> {
  return transact(async (tx, emit, onCommit) => {
    const inserted = rowsOf<{ eventId: string }>(await tx.execute(inboxInsert(group, events)));
    // The same event twice in one batch (a redelivery racing the first delivery) is applied once. PostgreSQL
    // returns uuids in lower case.
    const fresh = new Set(inserted.map((row) => row.eventId));
    const applied: EventEnvelope<TData>[] = [];
    const outcomes = events.map((event): ConsumeOutcome => {
      if (!fresh.delete(event.id.toLowerCase())) return 'duplicate';
      const parsed = parseEvent(consumer.event, event);
      if (!parsed.ok) {
        observe.log.warn(
          { eventId: event.id, type: event.type, version: event.version, reason: parsed.reason, issues: parsed.issues },
          `${group}: an event it cannot handle was skipped`,
        );
        return 'invalid';
      }
      applied.push(parsed.event);
      return 'processed';
    });
    const spans = applied.map((event) =>
      observe.telemetry.tracer.startSpan(
        `process ${event.type}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': observe.busKind,
            'messaging.operation.type': 'process',
            'messaging.destination.name': event.type,
            'messaging.consumer.group.name': group,
            'messaging.message.id': event.id,
            'messaging.batch.message_count': events.length,
          },
        },
        contextFromTraceparent(event.traceparent),
      ),
    );
    try {
      if (consumer.handleBatch && applied.length > 1) {
        const batch = applied.map((event, index) => ({ event, traceparent: formatTraceparent(spans[index]?.spanContext()) }));
        await consumer.handleBatch(batch, tx, emit, onCommit);
      } else {
        for (const [index, event] of applied.entries()) {
          const span = spans[index];
          const inEventSpan = span ? trace.setSpan(contextFromTraceparent(event.traceparent), span) : contextApi.active();
          await contextApi.with(inEventSpan, () => consumer.handle(event, tx, emit, onCommit));
        }
      }
      for (const span of spans) if (span.isRecording()) span.setAttribute('formloom.consumer.outcome', 'processed');
    } catch (error) {
      for (const span of spans) failSpan(span, error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
    return outcomes;
  });
}
