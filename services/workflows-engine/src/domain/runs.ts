/**
 * Workflow runs: queuing runs for a trigger event, and the runs list and deletion of spec 001 §7.
 *
 * A run is queued in the consumer's transaction (with the inbox row), so an event is turned into runs exactly
 * once; `UNIQUE (workflow_id, trigger_event_id)` and a unique `(workflow_id, submission_id)` guard the same
 * again at the table. The run keeps a copy of the published template and of the event's data, so the worker
 * needs nothing else and later edits do not change a queued run.
 */
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { PageQuery, WorkflowRun, WorkflowRunsResponse } from '@formloom/contracts/http/workflows';
import type { DbOrTx, Tx } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { workflowRuns, workflowRunSteps, workflows, type WorkflowRunRow, type WorkflowRunStepRow } from '../db/schema';

/**
 * Queues one run per workflow that listens to this submission: active, published, whose published trigger
 * is `formSubmission` on `data.flowPublicIdentifier`, in the event's organization. A (workflow, event) or
 * (workflow, submission) pair that already has a run is skipped. Returns the ids of the runs queued.
 * `traceparent` (default: the event's) is stored on each run: its execution continues that trace.
 */
export async function queueSubmissionRuns(
  tx: Tx,
  event: EventEnvelope,
  data: FormSubmittedData,
  traceparent: string | undefined = event.traceparent,
): Promise<string[]> {
  const candidates = await tx
    .select({ id: workflows.id, template: workflows.publishedTemplate })
    .from(workflows)
    .where(
      and(
        eq(workflows.flowPublicIdentifier, data.flowPublicIdentifier),
        eq(workflows.organizationId, event.tenant.organizationId),
        eq(workflows.isActive, true),
        isNotNull(workflows.publishedTemplate),
      ),
    );
  const listening = candidates.flatMap(({ id, template }) =>
    template &&
    template.trigger.type === 'formSubmission' &&
    template.trigger.template.flowPublicIdentifier === data.flowPublicIdentifier
      ? [{ id, template }]
      : [],
  );
  if (listening.length === 0) return [];
  const inserted = await tx
    .insert(workflowRuns)
    .values(
      listening.map(({ id, template }) => ({
        id: uuidv7(),
        workflowId: id,
        organizationId: event.tenant.organizationId,
        triggerEventId: event.id,
        submissionId: data.submissionId,
        template,
        triggerData: data,
        status: 'queued' as const,
        traceparent: traceparent ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: workflowRuns.id });
  return inserted.map((row) => row.id);
}

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
