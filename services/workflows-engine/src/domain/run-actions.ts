/**
 * What a user does to runs (docs/architecture.md "workflows-engine" → "Runs"; the endpoints of
 * `@formloom/contracts/api/workflows-engine/runs`): retry a failed run from its failed step, start a test run of a
 * workflow's draft, delete a workflow's test runs. Plain functions over the database; access is the routes' job, and
 * so is kicking the run worker after a run was queued.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import * as copy from '@formloom/contracts/copy';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { conflict } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { workflowRuns, workflowRunSteps } from '../db/schema';

/** What {@link retryRun} did: `retried` (the run was queued again) or not (an earlier call already did). */
export type RetryOutcome = 'retried' | 'already_retried';

/**
 * Retries run `runId` of workflow `workflowId` from where it failed, in ONE transaction that locks the run row:
 * - a `failed` run (whose `retries` is `expectedRetries` when given) is queued again — `queued`, claims counted from
 *   0, `retries + 1`, its error, end and start cleared (its `startedAt` becomes the retry's) — and its steps that did
 *   not finish (`failed`, or `running` in a run given up after RUN_MAX_ATTEMPTS) are reset to `queued` with their
 *   error cleared. The worker claims it like any queued run and walks it from the trigger: the steps that succeeded
 *   are skipped (following the node each went on to) and not run again; the reset step runs again under the new
 *   claim's lease, its `attempts` counting on. The run keeps its template (the one it started with).
 * - a run already retried — `retries` above `expectedRetries`, or, without it, a retried run not finished yet —
 *   is left alone: `already_retried` (two clicks make one retry).
 * Resolves `undefined` when `runId` is not a run of the workflow.
 * @throws 409 `copy.workflowRuns.onlyFailedCanRetry` for any other run (one that did not fail).
 */
export async function retryRun(db: Db, workflowId: string, runId: string, expectedRetries?: number): Promise<RetryOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select({ status: workflowRuns.status, retries: workflowRuns.retries })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.workflowId, workflowId)))
      .for('update');
    if (!run) return undefined;
    const current = expectedRetries === undefined || run.retries === expectedRetries;
    if (run.status === 'failed' && current) {
      await tx
        .update(workflowRuns)
        .set({
          status: 'queued',
          attempts: 0,
          retries: sql`${workflowRuns.retries} + 1`,
          error: null,
          startedAt: null,
          finishedAt: null,
          leaseToken: null,
          leaseExpiresAt: null,
        })
        .where(eq(workflowRuns.id, runId));
      await tx
        .update(workflowRunSteps)
        .set({ status: 'queued', error: null, finishedAt: null })
        .where(and(eq(workflowRunSteps.runId, runId), sql`${workflowRunSteps.status} IN ('failed', 'running')`));
      return 'retried';
    }
    const alreadyRetried =
      expectedRetries === undefined ? run.retries > 0 && run.status !== 'failed' && run.status !== 'succeeded' : run.retries > expectedRetries;
    if (alreadyRetried) return 'already_retried';
    throw conflict(copy.workflowRuns.onlyFailedCanRetry);
  });
}

/** Input of {@link queueTestRun}. */
export interface TestRunInput {
  workflowId: string;
  organizationId: number;
  /** The workflow's draft, checked executable by the caller. */
  template: WorkflowTemplate;
  /** The submission's `form.submitted` data (flows' `submissionEvent`). */
  data: FormSubmittedData;
  /** The W3C `traceparent` the run's execution continues (the request's). */
  traceparent?: string;
}

/**
 * Queues a test run (`mode = 'edit'`) of `template` on the submission `data`: a `queued` run row with its own
 * trigger event id (no event started it). The caller kicks the run worker. Resolves the run id.
 */
export async function queueTestRun(db: DbOrTx, input: TestRunInput): Promise<string> {
  const id = uuidv7();
  await db.insert(workflowRuns).values({
    id,
    workflowId: input.workflowId,
    organizationId: input.organizationId,
    triggerEventId: uuidv7(),
    submissionId: input.data.submissionId,
    template: input.template,
    triggerData: input.data,
    status: 'queued',
    mode: 'edit',
    traceparent: input.traceparent ?? null,
  });
  return id;
}

/**
 * Deletes every test run (`mode = 'edit'`) of workflow `workflowId` with its steps (spec 001 §7 `DELETE
 * …/workflowRuns/…?mode=edit`); live runs stay. A test run a worker is executing at that moment stops at its next
 * write (its lease is gone); the mail log keeps what the runs sent. Resolves how many runs were deleted.
 */
export async function deleteTestRuns(db: DbOrTx, workflowId: string): Promise<number> {
  const deleted = await db
    .delete(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), eq(workflowRuns.mode, 'edit')))
    .returning({ id: workflowRuns.id });
  return deleted.length;
}
