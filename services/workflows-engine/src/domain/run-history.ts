/**
 * Reading runs as users see them (docs/architecture.md "workflows-engine" → "Runs"; the endpoints of
 * `@formloom/contracts/api/workflows-engine/runs`): a workflow's runs page by page, one run in full, and the run
 * counts of a form's workflows. Plain functions over the database; access is the routes' job.
 *
 * Costs (`npm run bench:runs`, docs/benchmarks.md §11): a page is one keyset scan of `workflow_runs_list` (or
 * `workflow_runs_by_status` with a status filter) plus one read of its runs' steps, as fast on page 100 as on page
 * 1; its `total` and the workflows' stats are index-only counts over the listed workflows' runs (never the other
 * workflows'), one grouped statement for all the workflows of a form.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  ListRunsQuery,
  RunMode,
  RunTrigger,
  WorkflowRun,
  WorkflowRunDetail,
  WorkflowRunStep,
  WorkflowRunsResponse,
} from '@formloom/contracts/api/workflows-engine/runs';
import { emptyRunStats, type WorkflowRunStats } from '@formloom/contracts/api/workflows-engine/run-stats';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { interpolate, isLogicRef, readPath, type LogicContext } from '@formloom/contracts/logic';
import { MAX_WORKFLOW_ACTIONS, RUN_TRIGGER_SUMMARY_ANSWERS } from '@formloom/contracts/limits';
import { rowsOf, type DbOrTx } from '@formloom/kit/db';
import { invalid } from '@formloom/kit/errors';
import { workflowRunSteps, type RunRowStatus, type WorkflowRunStepRow } from '../db/schema';
import { stepIdempotencyKey } from '../nodes/executor';
import { submissionContext } from './email';

/** A listed run as the page query returns it (node-postgres and PGlite: timestamps may be strings). */
interface ListedRunRow {
  id: string;
  workflow_id: string;
  mode: RunMode;
  status: RunRowStatus;
  trigger_event_id: string;
  submission_id: string | null;
  trigger_type: string | null;
  submission_time: string | null;
  summary: Array<{ name: string | null; value: string | null }> | null;
  created_at: Date | string;
  cursor_time: string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  duration_ms: number | string | null;
  error: string | null;
  retries: number;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toInt(value: number | string | null): number | null {
  return value === null ? null : Math.max(0, Math.round(Number(value)));
}

/** Milliseconds from `from` to `to` (null unless both are set). */
function between(from: Date | null, to: Date | null): number | null {
  return from && to ? Math.max(0, to.getTime() - from.getTime()) : null;
}

/** The columns of a listed run: its row, its trigger's type and time, and the summary of its answers. */
const LISTED_RUN_COLUMNS = sql`
  r.id, r.workflow_id, r.mode, r.status, r.trigger_event_id, r.submission_id,
  r.template -> 'trigger' ->> 'type' AS trigger_type,
  r.trigger_data ->> 'submissionTime' AS submission_time,
  (SELECT jsonb_agg(jsonb_build_object('name', a.q ->> 'name', 'value', a.text))
     FROM (SELECT q, coalesce(q ->> 'displayValue', q ->> 'value') AS text
             FROM jsonb_array_elements(coalesce(r.trigger_data -> 'questions', '[]'::jsonb)) AS q
            WHERE coalesce(q ->> 'displayValue', q ->> 'value', '') <> ''
            LIMIT ${RUN_TRIGGER_SUMMARY_ANSWERS}::int) AS a) AS summary,
  r.created_at, r.created_at::text AS cursor_time, r.started_at, r.finished_at,
  extract(epoch FROM (r.finished_at - r.started_at)) * 1000 AS duration_ms,
  r.error, r.retries`;

function toTrigger(row: Pick<ListedRunRow, 'trigger_type' | 'submission_id' | 'submission_time' | 'summary'>): RunTrigger {
  return {
    type: row.trigger_type ?? 'formSubmission',
    submissionId: row.submission_id,
    submissionTime: row.submission_time,
    summary: (row.summary ?? []).map((entry) => ({ name: entry.name ?? '', value: entry.value ?? '' })),
  };
}

function toStep(step: WorkflowRunStepRow): WorkflowRunStep {
  return {
    nodeId: step.nodeId,
    type: step.type,
    status: step.status,
    attempts: step.attempts,
    output: step.output ?? null,
    error: step.error,
    startedAt: iso(step.startedAt),
    finishedAt: iso(step.finishedAt),
    durationMs: step.status === 'queued' ? null : between(step.startedAt, step.finishedAt),
  };
}

function toListedRun(row: ListedRunRow, steps: readonly WorkflowRunStepRow[]): WorkflowRun {
  return {
    id: row.id,
    workflowId: row.workflow_id,
    mode: row.mode,
    status: row.status,
    trigger: toTrigger(row),
    triggerEventId: row.trigger_event_id,
    createdAt: iso(row.created_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: toInt(row.duration_ms),
    error: row.error,
    retries: Number(row.retries),
    steps: steps.map(toStep),
  };
}

/** Where a page continues: after the run created at `time` (PostgreSQL's text of the `timestamptz`, exact) with `id`. */
interface RunCursor {
  time: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque cursor of {@link RunCursor}: base64url of `<time>|<id>`. */
function encodeCursor(cursor: RunCursor): string {
  return Buffer.from(`${cursor.time}|${cursor.id}`, 'utf8').toString('base64url');
}

/** @throws 400 `copy.workflowRuns.badCursor` when `text` is not a cursor {@link encodeCursor} made. */
function decodeCursor(text: string): RunCursor {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const bar = decoded.lastIndexOf('|');
  const time = decoded.slice(0, bar);
  const id = decoded.slice(bar + 1);
  if (bar < 0 || !CURSOR_TIME.test(time) || !UUID.test(id)) {
    throw invalid(copy.workflowRuns.badCursor, [{ path: 'cursor', message: copy.workflowRuns.badCursor }]);
  }
  return { time, id };
}

/** `status IN (…)` of the filter, or nothing. */
function statusCondition(statuses: readonly RunRowStatus[] | undefined): SQL {
  if (!statuses || statuses.length === 0) return sql``;
  return sql` AND r.status IN (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}

/**
 * One page of workflow `workflowId`'s runs of `query.mode`, in `query.status` when given: newest first (creation
 * time, then id), after `query.cursor`, at most `query.limit`, each with its trigger (type, submission and the first
 * RUN_TRIGGER_SUMMARY_ANSWERS answered questions) and its steps in execution order. `nextCursor` continues after the
 * page (null after the last); `total` counts the runs the filters keep.
 * @throws 400 `copy.workflowRuns.badCursor` for a cursor that does not decode.
 */
export async function listRuns(db: DbOrTx, workflowId: string, query: ListRunsQuery): Promise<WorkflowRunsResponse> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const filter = sql`r.workflow_id = ${workflowId}::uuid AND r.mode = ${query.mode}${statusCondition(query.status)}`;
  const keyset = after ? sql` AND (r.created_at, r.id) < (${after.time}::timestamptz, ${after.id}::uuid)` : sql``;
  const [page, counted] = await Promise.all([
    db.execute(sql`
      SELECT ${LISTED_RUN_COLUMNS}
        FROM workflow_runs r
       WHERE ${filter}${keyset}
       ORDER BY r.created_at DESC, r.id DESC
       LIMIT ${query.limit + 1}::int`),
    db.execute(sql`SELECT count(*)::int AS total FROM workflow_runs r WHERE ${filter}`),
  ]);
  const rows = rowsOf<ListedRunRow>(page);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const steps =
    shown.length === 0
      ? []
      : await db
          .select()
          .from(workflowRunSteps)
          .where(inArray(workflowRunSteps.runId, shown.map((run) => run.id)))
          .orderBy(asc(workflowRunSteps.seq));
  const last = shown.at(-1);
  return {
    runs: shown.map((run) => toListedRun(run, steps.filter((step) => step.runId === run.id))),
    nextCursor: more && last ? encodeCursor({ time: last.cursor_time, id: last.id }) : null,
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

/** The listed shape of one run of workflow `workflowId` (its steps included), or `undefined`. */
export async function findListedRun(db: DbOrTx, workflowId: string, runId: string): Promise<WorkflowRun | undefined> {
  const [row] = rowsOf<ListedRunRow>(
    await db.execute(sql`SELECT ${LISTED_RUN_COLUMNS} FROM workflow_runs r WHERE r.id = ${runId}::uuid AND r.workflow_id = ${workflowId}::uuid`),
  );
  if (!row) return undefined;
  const steps = await db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, runId)).orderBy(asc(workflowRunSteps.seq));
  return toListedRun(row, steps);
}

/**
 * `template` with its logic values resolved against `context` (a display aid for a step's input): a `{var: path}`
 * reference becomes the value at that path, a text with `{{path}}` the text with each replaced (`interpolate`);
 * everything else as it is. Nested at most 32 levels deep (deeper: left as it is).
 */
export function resolveTemplate(template: unknown, context: LogicContext, depth = 0): unknown {
  if (depth > 32) return template;
  if (typeof template === 'string') return template.includes('{{') ? interpolate(template, context) : template;
  if (Array.isArray(template)) return template.map((item) => resolveTemplate(item, context, depth + 1));
  if (isLogicRef(template)) return readPath(context, template.var) ?? null;
  if (typeof template === 'object' && template !== null) {
    const resolved: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) resolved[key] = resolveTemplate(value, context, depth + 1);
    return resolved;
  }
  return template;
}

/**
 * The nodes a run did not reach: from where it stopped — after its last step when that step went on (its
 * `nextNodeId`), or after the node of a step that did not finish — following each node's `nextNodeId`, leaving out
 * nodes that ran; at most MAX_WORKFLOW_ACTIONS. None for a run that succeeded.
 */
function notReachedOf(template: WorkflowTemplate, status: RunRowStatus, steps: readonly WorkflowRunStepRow[]): WorkflowRunDetail['notReached'] {
  if (status === 'succeeded') return [];
  const last = steps.at(-1);
  const ran = new Set(steps.map((step) => step.nodeId));
  const nodeOf = (id: string) => (Object.prototype.hasOwnProperty.call(template.nodes, id) ? template.nodes[id] : undefined);
  let next: string | null = !last
    ? template.trigger.nextNodeId
    : last.status === 'succeeded' || last.status === 'waiting'
      ? last.nextNodeId
      : (nodeOf(last.nodeId)?.nextNodeId ?? null);
  const notReached: WorkflowRunDetail['notReached'] = [];
  const seen = new Set<string>();
  while (next !== null && !seen.has(next) && notReached.length < MAX_WORKFLOW_ACTIONS) {
    seen.add(next);
    const node = nodeOf(next);
    if (!node) break;
    if (!ran.has(next)) notReached.push({ nodeId: next, type: node.type });
    next = node.nextNodeId;
  }
  return notReached;
}

/**
 * Run `runId` of workflow `workflowId` in full, or `undefined` when it is not one of its runs: the listed run, the
 * trigger event's data, each step with its position, next node, idempotency key (`<runId>:<nodeId>`) and input —
 * the node's template as the run's template has it and the same resolved against the run's data as the step read it
 * (the submission and the outputs of the steps before it) — and the nodes it did not reach.
 */
export async function getRunDetail(db: DbOrTx, workflowId: string, runId: string): Promise<WorkflowRunDetail | undefined> {
  const [row] = rowsOf<ListedRunRow & { template: WorkflowTemplate; trigger_data: Parameters<typeof submissionContext>[0] }>(
    await db.execute(sql`
      SELECT ${LISTED_RUN_COLUMNS}, r.template, r.trigger_data
        FROM workflow_runs r
       WHERE r.id = ${runId}::uuid AND r.workflow_id = ${workflowId}::uuid`),
  );
  if (!row) return undefined;
  const steps = await db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, runId)).orderBy(asc(workflowRunSteps.seq));
  const listed = toListedRun(row, steps);
  const base = submissionContext(row.trigger_data);
  const outputs: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const detailed = steps.map((step, index) => {
    const template = Object.prototype.hasOwnProperty.call(row.template.nodes, step.nodeId)
      ? (row.template.nodes[step.nodeId]?.template ?? null)
      : null;
    const resolved = resolveTemplate(template, { ...base, nodes: { ...outputs } });
    if (step.status === 'succeeded' || step.status === 'waiting') outputs[step.nodeId] = step.output ?? null;
    return {
      ...(listed.steps[index] as WorkflowRunStep),
      seq: step.seq,
      nextNodeId: step.nextNodeId,
      idempotencyKey: stepIdempotencyKey(runId, step.nodeId),
      input: { template, resolved },
    };
  });
  return {
    ...listed,
    trigger: { ...listed.trigger, data: row.trigger_data },
    steps: detailed,
    notReached: notReachedOf(row.template, row.status, steps),
  };
}

/**
 * The live runs' counts and newest live run of each of `workflowIds` (test runs never count), by workflow id; a
 * workflow that never ran gets empty stats. TWO statements whatever the number of workflows: one grouped,
 * index-only count by (workflow, status) on `workflow_runs_by_status`, and one newest run per workflow (a `LATERAL`
 * read of `workflow_runs_list`, one index probe each).
 */
export async function runStats(db: DbOrTx, workflowIds: readonly string[]): Promise<Map<string, WorkflowRunStats>> {
  const stats = new Map<string, WorkflowRunStats>(workflowIds.map((id) => [id, emptyRunStats()]));
  if (workflowIds.length === 0) return stats;
  const ids = sql`ARRAY[${sql.join(
    workflowIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const [counted, latest] = await Promise.all([
    db.execute(sql`
      SELECT workflow_id, status, count(*)::int AS runs
        FROM workflow_runs
       WHERE workflow_id = ANY(${ids}) AND mode = 'live'
       GROUP BY workflow_id, status`),
    db.execute(sql`
      SELECT w.id AS workflow_id, l.id, l.status, l.created_at, l.finished_at
        FROM unnest(${ids}) AS w(id)
        JOIN LATERAL (
          SELECT r.id, r.status, r.created_at, r.finished_at
            FROM workflow_runs r
           WHERE r.workflow_id = w.id AND r.mode = 'live'
           ORDER BY r.created_at DESC, r.id DESC
           LIMIT 1) AS l ON true`),
  ]);
  for (const row of rowsOf<{ workflow_id: string; status: RunRowStatus; runs: number }>(counted)) {
    const entry = stats.get(row.workflow_id);
    if (!entry) continue;
    const runs = Number(row.runs);
    entry.total += runs;
    if (row.status === 'succeeded') entry.succeeded += runs;
    else if (row.status === 'failed') entry.failed += runs;
    else entry.inProgress += runs;
  }
  for (const row of rowsOf<{ workflow_id: string; id: string; status: RunRowStatus; created_at: Date | string; finished_at: Date | string | null }>(latest)) {
    const entry = stats.get(row.workflow_id);
    if (entry) entry.lastRun = { id: row.id, status: row.status, createdAt: iso(row.created_at) ?? '', finishedAt: iso(row.finished_at) };
  }
  return stats;
}
