/**
 * Runs of the time-based and event triggers (spec 001 §3: formAbandoned, beforeEventStarts, eventCanceled,
 * eventRescheduled; docs/architecture.md "Time-based triggers"). Each is queued by the consumer of the event that
 * tells it (in the consumer's transaction, with the inbox row: exactly once per event):
 *
 * - **formAbandoned** (`form.progressed`): per listening workflow and respondent, ONE run row, `waiting` with no
 *   steps, due `sendAfterTime` after the respondent's last save. Every later save moves its due time (and takes its
 *   answers and the workflow's current published template) while it has not started; once it started, nothing
 *   changes it — it fires once. `form.submitted` of the same submission deletes the waiting run, and a run that
 *   comes due anyway (the events of two types are not ordered against each other on Kafka) asks flows first and
 *   is dropped when the form was finished (the worker's `beforeFirstStep`, `triggers/form-abandoned.ts`). The
 *   `(workflow_id, submission_id)` unique index is what makes it one run per respondent.
 * - **beforeEventStarts** (`event.booked`, `event.rescheduled`, `event.canceled`): per listening workflow and
 *   booking, a `waiting` run due `beforeTime` before the event starts — at once when the event is booked later than
 *   that, none when it has already started. A reschedule replaces a run that has not started by one at the new
 *   time; a cancellation deletes it. Runs that already fired stay in the history.
 * - **eventCanceled / eventRescheduled**: one run per event, queued at once.
 *
 * A waiting run with no steps is claimed like any due run (`runs.ts` `claimRuns`, `workflow_runs_due` index): the
 * wait costs a row, not memory. Statements are set-based: one per batch of events. Pure SQL over the caller's
 * transaction; @throws on database errors (nothing is written then).
 */
import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormProgressedData } from '@formloom/contracts/events/form-progressed';
import type { SchedulingEventData } from '@formloom/contracts/events/scheduling';
import type { TriggerType } from '@formloom/contracts/entities/workflow';
import { rowsOf, type Tx } from '@formloom/kit/db';
import { SQL_UUIDV7 } from './runs';

/** One delivered event with its data and the trace its runs continue. */
export interface TriggerEvent<TData> {
  event: EventEnvelope;
  data: TData;
  traceparent?: string;
}

/**
 * `interval` of the wait in a published trigger template's `amountKey` and `units` (seconds per unit: minutes 60,
 * hours 3,600, days 86,400 — `@formloom/contracts/workflows/time-units`).
 */
function waitInterval(amountKey: 'sendAfterTime' | 'beforeTime') {
  const template = sql`w.published_template -> 'trigger' -> 'template'`;
  return sql`make_interval(secs => (${template} ->> ${amountKey})::float8 *
    CASE ${template} ->> 'units' WHEN 'minutes' THEN 60 WHEN 'hours' THEN 3600 ELSE 86400 END)`;
}

/** The listening workflows of trigger `type` on the event's form (active, published, same organization). */
function listening(type: TriggerType) {
  return sql`JOIN workflows w
          ON w.flow_public_identifier = e.flow
         AND w.organization_id = e.organization_id
       WHERE w.is_active
         AND w.published_template IS NOT NULL
         AND w.published_template -> 'trigger' ->> 'type' = ${type}
         AND w.published_template -> 'trigger' -> 'template' ->> 'flowPublicIdentifier' = e.flow`;
}

/** The rows of a batch of events for `jsonb_to_recordset`. */
function eventRows<TData extends { flowPublicIdentifier: string }>(events: readonly TriggerEvent<TData>[], extra: (data: TData) => Record<string, unknown>) {
  return JSON.stringify(
    events.map(({ event, data, traceparent }) => ({
      event_id: event.id,
      organization_id: event.tenant.organizationId,
      flow: data.flowPublicIdentifier,
      data,
      traceparent: traceparent ?? event.traceparent ?? null,
      ...extra(data),
    })),
  );
}

/**
 * Arms (or re-arms) the formAbandoned runs of each saved progress (see the module doc). Resolves how many runs were
 * inserted or moved.
 */
export async function armAbandonedRuns(tx: Tx, events: readonly TriggerEvent<FormProgressedData>[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = eventRows(events, (data) => ({ submission_id: data.submissionId, last_updated_at: data.lastUpdatedAt }));
  const armed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, submission_id, template,
                                 trigger_data, traceparent, status, attempts, due_at)
      SELECT ${SQL_UUIDV7}, w.id, w.organization_id, e.event_id, e.submission_id, w.published_template, e.data,
             e.traceparent, 'waiting', 0, e.last_updated_at + ${waitInterval('sendAfterTime')}
        FROM jsonb_to_recordset(${rows}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, submission_id text, last_updated_at timestamptz,
                    data jsonb, traceparent text)
      ${listening('formAbandoned')}
      ON CONFLICT (workflow_id, submission_id) WHERE submission_id IS NOT NULL AND mode = 'live'
      DO UPDATE SET due_at = EXCLUDED.due_at, trigger_data = EXCLUDED.trigger_data, template = EXCLUDED.template,
                    traceparent = EXCLUDED.traceparent
       WHERE workflow_runs.status = 'waiting'
         AND workflow_runs.started_at IS NULL
         AND workflow_runs.due_at < EXCLUDED.due_at
      RETURNING id`),
  );
  return armed.length;
}

/** A finished submission: its form, organization and id. */
export interface FinishedSubmission {
  organizationId: number;
  flowPublicIdentifier: string;
  submissionId: string;
}

/**
 * Deletes the formAbandoned runs of finished submissions that have not started: the respondents finished the form.
 * One statement per batch; it runs on every submission, so it looks per submission and workflow of the form (a form
 * without workflows costs an index probe of `workflows`) at the one live run the unique `(workflow_id,
 * submission_id)` index allows (`workflow_runs_submission`, partial: hence `mode = 'live'`) — every workflow, since a
 * run keeps the template it was armed with even if the workflow's trigger changed since. The lookup is a `LATERAL … LIMIT 1` so that PostgreSQL probes the index per row:
 * as a join it read every entry of the index (a hash join on an estimate of 100 rows from the JSON).
 * Resolves how many runs were deleted.
 */
export async function disarmAbandonedRuns(tx: Tx, finished: readonly FinishedSubmission[]): Promise<number> {
  if (finished.length === 0) return 0;
  const rows = JSON.stringify(
    finished.map((item) => ({ organization_id: item.organizationId, flow: item.flowPublicIdentifier, submission_id: item.submissionId })),
  );
  const deleted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      DELETE FROM workflow_runs r
       WHERE r.id IN (
         SELECT run.id
           FROM jsonb_to_recordset(${rows}::jsonb) AS e(organization_id int, flow text, submission_id text)
           JOIN workflows w ON w.flow_public_identifier = e.flow AND w.organization_id = e.organization_id
           CROSS JOIN LATERAL (
             SELECT x.id FROM workflow_runs x
              WHERE x.workflow_id = w.id AND x.submission_id = e.submission_id AND x.mode = 'live'
                AND x.status = 'waiting' AND x.started_at IS NULL
                AND x.template -> 'trigger' ->> 'type' = 'formAbandoned'
              LIMIT 1) run)
      RETURNING r.id`),
  );
  return deleted.length;
}

/**
 * Queues the beforeEventStarts runs of booked (or moved) events: per listening workflow whose chosen scheduling
 * page is the event's, a `waiting` run due `beforeTime` before the event starts, or at once when that moment has
 * passed; none for an event that has already started. Resolves how many runs were queued.
 */
export async function armBeforeEventRuns(tx: Tx, events: readonly TriggerEvent<SchedulingEventData>[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = eventRows(events, (data) => ({ step_id: data.stepId, start_time: data.event.startTime }));
  const armed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, template, trigger_data,
                                 traceparent, status, attempts, due_at)
      SELECT ${SQL_UUIDV7}, w.id, w.organization_id, e.event_id, w.published_template, e.data, e.traceparent,
             'waiting', 0, GREATEST(now(), e.start_time - ${waitInterval('beforeTime')})
        FROM jsonb_to_recordset(${rows}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, step_id text, start_time timestamptz, data jsonb,
                    traceparent text)
      ${listening('beforeEventStarts')}
         AND w.published_template -> 'trigger' -> 'template' ->> 'stepId' = e.step_id
         AND e.start_time > now()
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return armed.length;
}

/**
 * Deletes the beforeEventStarts runs of the events' bookings that have not started (a canceled or moved event).
 * Resolves how many were deleted.
 */
export async function disarmBeforeEventRuns(tx: Tx, events: readonly TriggerEvent<SchedulingEventData>[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = eventRows(events, (data) => ({ booking_id: data.event.bookingId }));
  const deleted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      DELETE FROM workflow_runs r
       USING jsonb_to_recordset(${rows}::jsonb) AS e(organization_id int, flow text, booking_id text),
             workflows w
       WHERE w.flow_public_identifier = e.flow
         AND w.organization_id = e.organization_id
         AND r.workflow_id = w.id
         AND r.mode = 'live'
         AND r.status = 'waiting'
         AND r.started_at IS NULL
         AND r.template -> 'trigger' ->> 'type' = 'beforeEventStarts'
         AND r.trigger_data -> 'event' ->> 'bookingId' = e.booking_id
      RETURNING r.id`),
  );
  return deleted.length;
}

/**
 * Queues one run per listening workflow of `type` (eventCanceled or eventRescheduled) whose chosen scheduling page
 * is the event's, for each event, to run at once (`queued`). Resolves the queued runs' ids.
 */
export async function queueEventRuns(tx: Tx, type: 'eventCanceled' | 'eventRescheduled', events: readonly TriggerEvent<SchedulingEventData>[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = eventRows(events, (data) => ({ step_id: data.stepId }));
  const queued = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, template, trigger_data,
                                 traceparent, status, attempts)
      SELECT ${SQL_UUIDV7}, w.id, w.organization_id, e.event_id, w.published_template, e.data, e.traceparent,
             'queued', 0
        FROM jsonb_to_recordset(${rows}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, step_id text, data jsonb, traceparent text)
      ${listening(type)}
         AND w.published_template -> 'trigger' -> 'template' ->> 'stepId' = e.step_id
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return queued.map((row) => row.id);
}
