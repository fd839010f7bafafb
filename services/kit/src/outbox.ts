/**
 * Transactional outbox and idempotent inbox (ARCHITECTURE §1). A service writes its state change and an
 * `outbox` row in ONE transaction; the {@link OutboxRelay} publishes committed rows to the bus and marks them
 * published. Consumers record each processed event id in `inbox` in the same transaction as their effect,
 * so a redelivered event has no second effect. Delivery is at-least-once; effects are exactly-once per event.
 */
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { and, asc, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventEnvelope, Tenant } from '@formloom/contracts/events/envelope';
import type { EventBus } from './bus/types';
import type { Db, Migration, Tx } from './db';
import { uuidv7 } from './ids';
import { PollingLoop } from './polling-loop';
import { inSpan, SpanKind, spanContextFromTraceparent, type Link, type Telemetry } from './telemetry';

/** The outbox table (owned by every service, created by {@link kitMigrations}). */
export const outbox = pgTable('outbox', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  id: uuid('id').notNull().unique(),
  type: text('type').notNull(),
  key: text('key').notNull(),
  envelope: jsonb('envelope').$type<EventEnvelope>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
});

/** The inbox table: one row per (consumer group, event id) processed. */
export const inbox = pgTable(
  'inbox',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
);

/** The kit's own migrations, applied before each service's. */
export const kitMigrations: readonly Migration[] = [
  {
    id: 'kit_0001_outbox_inbox',
    sql: `
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        key text NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0
      );
      CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;
      CREATE TABLE inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );`,
  },
];

/** What a service says when it emits an event; the kit fills in id, occurredAt and traceparent. */
export interface EventInput<TData = unknown> {
  type: string;
  version: number;
  /** Partition key: usually the flow's public identifier or the workflow id. */
  key: string;
  tenant: Tenant;
  data: TData;
}

/**
 * Emits an event inside the caller's transaction; returns its envelope. The outbox row is written before the
 * transaction commits (the events of one transaction in one insert, in the order emitted).
 */
export type Emit = <TData>(event: EventInput<TData>) => Promise<EventEnvelope<TData>>;

/** Builds an envelope (UUIDv7 id, ISO occurredAt) from an {@link EventInput}. */
export function buildEnvelope<TData>(event: EventInput<TData>, traceparent?: string): EventEnvelope<TData> {
  return {
    id: uuidv7(),
    type: event.type,
    version: event.version,
    occurredAt: new Date().toISOString(),
    key: event.key,
    tenant: event.tenant,
    data: event.data,
    ...(traceparent ? { traceparent } : {}),
  };
}

/** Writes `envelopes` as outbox rows within `tx` (they are published after `tx` commits). */
export async function enqueue(tx: Tx | Db, envelopes: readonly EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  await tx.execute(outboxInsert(envelopes));
}

/**
 * `INSERT INTO outbox …` of `envelopes` as one SQL statement (usable inside a `WITH`), rows in the given
 * order (their `seq` follows it). With no envelopes it inserts nothing.
 */
export function outboxInsert(envelopes: readonly EventEnvelope[]): SQL {
  return sql`
    INSERT INTO outbox (id, type, key, envelope)
    SELECT (e ->> 'id')::uuid, e ->> 'type', e ->> 'key', e
      FROM jsonb_array_elements(${JSON.stringify(envelopes)}::jsonb) WITH ORDINALITY AS t (e, n)
     ORDER BY n`;
}

/**
 * `INSERT INTO inbox …` of `events` for consumer group `group` as one statement that skips the events already
 * there and returns `eventId` for each row it inserted (the events not applied before).
 */
export function inboxInsert(group: string, events: readonly EventEnvelope[]): SQL {
  const rows = events.map((event) => ({ event_id: event.id, event_type: event.type }));
  return sql`
    INSERT INTO inbox (consumer, event_id, event_type)
    SELECT ${group}::text, event_id, event_type
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e (event_id uuid, event_type text)
    ON CONFLICT DO NOTHING
    RETURNING event_id AS "eventId"`;
}

/** Minimal logger the relay writes to. */
export interface RelayLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Options of {@link OutboxRelay}. */
export interface OutboxRelayOptions {
  db: Db;
  bus: EventBus;
  log: RelayLogger;
  /** Poll interval when not kicked (ms). */
  pollMs: number;
  /** Rows per publish batch. */
  batchSize: number;
  /** How long a kick waits before its pass, so that more rows join it (ms; default 0; see {@link PollingLoop}). */
  lingerMs?: number;
  /** Published rows older than this are deleted (ms; default 24 h). */
  retentionMs?: number;
  /**
   * Over a non-durable bus, events published within this window before start are published again (ms;
   * default 15 min), so a crash of the process loses nothing the inboxes have not seen.
   */
  replayOnStartMs?: number;
  /**
   * Tracing: each non-empty batch is published in a root PRODUCER span `send outbox`, linked to the context
   * each event was created in (its envelope's `traceparent`; links only when spans are recorded).
   */
  telemetry?: Pick<Telemetry, 'tracer' | 'recording'>;
  /** Called with the number of events of each batch once it is published and marked so (metrics). */
  onPublished?(count: number): void;
}

/**
 * Publishes committed outbox rows in `seq` order. Each batch is claimed and marked published by one
 * `UPDATE … WHERE seq IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING` (several replicas can relay at once), in a
 * transaction that commits only after the bus accepted the batch, so a failed publish leaves the rows
 * unpublished and a crash between publish and commit republishes (consumers dedupe by event id). While the bus is down the rows stay and the relay backs off (up to 5 s); see
 * {@link PollingLoop}.
 */
export class OutboxRelay {
  private lastCleanup = 0;
  private readonly loop: PollingLoop;

  constructor(private readonly options: OutboxRelayOptions) {
    this.loop = new PollingLoop({
      name: 'outbox relay',
      pollMs: options.pollMs,
      lingerMs: options.lingerMs,
      maxBackoffMs: 5000,
      log: options.log,
      pass: async () => {
        const published = await this.publishBatch();
        if (published > 0) this.options.onPublished?.(published);
        if (published < this.options.batchSize) await this.cleanup();
        return published === this.options.batchSize;
      },
    });
  }

  /** Starts polling; over a non-durable bus, first marks recently published rows for publishing again. */
  async start(): Promise<void> {
    if (!this.options.bus.durable) {
      const since = new Date(Date.now() - (this.options.replayOnStartMs ?? 15 * 60 * 1000));
      await this.options.db
        .update(outbox)
        .set({ publishedAt: null })
        .where(and(sql`${outbox.publishedAt} IS NOT NULL`, sql`${outbox.publishedAt} > ${since.toISOString()}`));
    }
    this.loop.start();
  }

  /** Asks for a publish pass now (called after a transaction with outbox rows commits). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling and waits for a pass in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Number of unpublished rows and the age of the oldest (ms); for `/metrics` and tests. */
  async backlog(): Promise<{ count: number; oldestAgeMs: number }> {
    const [row] = await this.options.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${outbox.createdAt})`,
      })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
    return { count: row?.count ?? 0, oldestAgeMs: oldest ? Math.max(0, Date.now() - oldest) : 0 };
  }

  /** Publishes one batch; returns how many rows it published. */
  private async publishBatch(): Promise<number> {
    const { db, bus, batchSize } = this.options;
    return db.transaction(async (tx) => {
      // A plain index scan of `outbox_unpublished`, never a bitmap scan: marking a row published leaves its entry
      // in the partial index until VACUUM, and only a plain index scan marks such entries dead as it passes them
      // (a bitmap scan visits every one again, and with its estimate stale the planner picks one: 1,800 published
      // rows made each pass read ~550 pages for nothing; docs/benchmarks.md §13).
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      // Claim and mark in one statement; the marks commit only if the bus took the batch (else rolled back).
      const candidates = tx
        .select({ seq: outbox.seq })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.seq))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimed = await tx
        .update(outbox)
        .set({ publishedAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.seq, candidates))
        .returning({ seq: outbox.seq, envelope: outbox.envelope });
      if (claimed.length === 0) return 0;
      const rows = claimed.sort((a, b) => a.seq - b.seq);
      const envelopes = rows.map((r) => r.envelope);
      const { telemetry } = this.options;
      if (telemetry) {
        await inSpan(
          telemetry.tracer,
          'send outbox',
          {
            kind: SpanKind.PRODUCER,
            parent: ROOT_CONTEXT,
            attributes: {
              'messaging.system': bus.kind,
              'messaging.operation.type': 'send',
              'messaging.batch.message_count': envelopes.length,
            },
            links: telemetry.recording ? creationLinks(envelopes) : undefined,
          },
          () => bus.publish(envelopes),
        );
      } else {
        await bus.publish(envelopes);
      }
      return rows.length;
    });
  }

  private async cleanup(): Promise<void> {
    const retentionMs = this.options.retentionMs ?? 24 * 60 * 60 * 1000;
    if (Date.now() - this.lastCleanup < 10 * 60 * 1000) return;
    this.lastCleanup = Date.now();
    const cutoff = new Date(Date.now() - retentionMs);
    await this.options.db
      .delete(outbox)
      .where(and(lt(outbox.publishedAt, cutoff), sql`${outbox.publishedAt} IS NOT NULL`));
  }
}

/** Span links to the contexts the events were created in (their envelopes' `traceparent`). */
function creationLinks(envelopes: readonly EventEnvelope[]): Link[] {
  const links: Link[] = [];
  for (const envelope of envelopes) {
    const spanContext = spanContextFromTraceparent(envelope.traceparent);
    if (spanContext) links.push({ context: spanContext, attributes: { 'messaging.message.id': envelope.id } });
  }
  return links;
}
