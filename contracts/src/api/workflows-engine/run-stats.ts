/**
 * A workflow's run counts and last run, as the list of a form's workflows shows them (`GET /admin/workflows`, each
 * workflow's `stats`). Live runs only: test runs (`mode = 'edit'`) never count. Computed by the engine with one
 * grouped query over the listed workflows (docs/architecture.md "workflows-engine" → "Runs").
 */
import { z } from 'zod';

/** Run states (see `runs.ts` `RunStatus`, which re-exports this). */
export const RunStatus = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed']);
/** A run state. */
export type RunStatus = z.infer<typeof RunStatus>;

/** The newest live run of a workflow: its id, state and times (ISO 8601; `finishedAt` null until it ends). */
export const LastRun = z.object({
  id: z.string(),
  status: RunStatus,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
/** The newest live run. */
export type LastRun = z.infer<typeof LastRun>;

/**
 * A workflow's live runs: `total`, how many `succeeded`, `failed` and are `inProgress` (queued, running or
 * waiting), and the newest (`null` when it never ran).
 */
export const WorkflowRunStats = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  inProgress: z.number().int(),
  lastRun: LastRun.nullable(),
});
/** A workflow's live run counts and last run. */
export type WorkflowRunStats = z.infer<typeof WorkflowRunStats>;

/** The stats of a workflow that never ran. */
export function emptyRunStats(): WorkflowRunStats {
  return { total: 0, succeeded: 0, failed: 0, inProgress: 0, lastRun: null };
}
