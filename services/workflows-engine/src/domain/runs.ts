/**
 * Workflow runs: queuing runs for a trigger event, and the runs list and deletion of spec 001 §7.
 *
 * A run is queued in the consumer's transaction (with the inbox row), so an event is turned into runs exactly
 * once; `UNIQUE (workflow_id, trigger_event_id)` and a unique `(workflow_id, submission_id)` guard the same
 * again at the table. The run keeps a copy of the published template and of the event's data, so the worker
 * needs nothing else and later edits do not change a queued run.
 */
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { PageQuery, WorkflowRun, WorkflowRunsResponse } from '@formloom/contracts/http/workflows';
import { rowsOf, type DbOrTx, type Tx } from '@formloom/kit/db';
import { workflowRuns, workflowRunSteps, type WorkflowRunRow, type WorkflowRunStepRow } from '../db/schema';

/** One `form.submitted` event to queue runs for, with the trace context its runs continue. */
export interface SubmissionTrigger {
  event: EventEnvelope;
  data: FormSubmittedData;
  /** Stored on each run: its execution continues this trace (default: the event's `traceparent`). */
  traceparent?: string;
}

/**
 * Queues one run per workflow that listens to each submission: active, published, whose published trigger
 * is `formSubmission` on `data.flowPublicIdentifier`, in the event's organization. A (workflow, event) or
 * (workflow, submission) pair that already has a run is skipped. Returns the ids of the runs queued.
 *
 * One statement for all the triggers (`INSERT … SELECT … FROM jsonb_to_recordset(…) JOIN workflows`, the hot
 * path of every submission, group-committed by the kit's consumer): the listening workflows are chosen and
 * their runs inserted in the same round trip. Run ids are UUIDv7 made in SQL ({@link SQL_UUIDV7}) since the
 * number of listening workflows is not known beforehand.
 */
export async function queueSubmissionRuns(tx: Tx, triggers: readonly SubmissionTrigger[]): Promise<string[]> {
  if (triggers.length === 0) return [];
  const rows = triggers.map(({ event, data, traceparent }) => ({
    event_id: event.id,
    organization_id: event.tenant.organizationId,
    flow: data.flowPublicIdentifier,
    submission_id: data.submissionId,
    data,
    traceparent: traceparent ?? event.traceparent ?? null,
  }));
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, submission_id, template,
                                 trigger_data, status, traceparent)
      SELECT ${SQL_UUIDV7}, w.id, w.organization_id, e.event_id, e.submission_id, w.published_template, e.data,
             'queued', e.traceparent
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS e(event_id uuid, organization_id int, flow text, submission_id text, data jsonb, traceparent text)
        JOIN workflows w
          ON w.flow_public_identifier = e.flow
         AND w.organization_id = e.organization_id
       WHERE w.is_active
         AND w.published_template IS NOT NULL
         AND w.published_template -> 'trigger' ->> 'type' = 'formSubmission'
         AND w.published_template -> 'trigger' -> 'template' ->> 'flowPublicIdentifier' = e.flow
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return inserted.map((row) => row.id);
}

/**
 * A UUIDv7 (RFC 9562) made by the database: a random (v4) UUID whose first 48 bits are replaced by the Unix
 * time in milliseconds and whose version bits are set to 7. PostgreSQL 15 and PGlite have no `uuidv7()`.
 */
const SQL_UUIDV7 = sql`encode(
  set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
  52, 1), 53, 1), 'hex')::uuid`;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function toRun(run: WorkflowRunRow, steps: readonly WorkflowRunStepRow[]): WorkflowRun {
  return {
    id: run.id,
    status: run.status,
    triggerEventId: run.triggerEventId,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    error: run.error,
    steps: steps.map((step) => ({
      nodeId: step.nodeId,
      type: step.type,
      status: step.status,
      output: step.output ?? null,
      error: step.error,
      startedAt: iso(step.startedAt),
      finishedAt: iso(step.finishedAt),
    })),
  };
}

/** One page of a workflow's runs, newest first, each with its steps in execution order; `total` counts all. */
export async function listRuns(db: DbOrTx, workflowId: string, page: PageQuery): Promise<WorkflowRunsResponse> {
  const [counted] = await db.select({ total: count() }).from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
  const runs = await db
    .select()
    .from(workflowRuns)
    .where(eq(workflowRuns.workflowId, workflowId))
    .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  const steps =
    runs.length === 0
      ? []
      : await db
          .select()
          .from(workflowRunSteps)
          .where(inArray(workflowRunSteps.runId, runs.map((run) => run.id)))
          .orderBy(asc(workflowRunSteps.seq));
  return {
    runs: runs.map((run) => toRun(run, steps.filter((step) => step.runId === run.id))),
    total: counted?.total ?? 0,
  };
}

/**
 * Deletes every run (and step) of a workflow (spec 001 §7 `DELETE …/workflowRuns/…`). A run a worker is
 * executing at that moment stops at its next write (its lease is gone); the mail log is kept.
 */
export async function deleteRuns(db: DbOrTx, workflowId: string): Promise<void> {
  await db.delete(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
}
