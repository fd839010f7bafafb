/**
 * Workflow runs (owned by workflows-engine), as a user of n8n or Zapier expects to see them
 * (docs/architecture.md "workflows-engine" → "Runs"):
 * - the runs of a workflow, newest first, paged by cursor, filtered by state and by mode — live runs (what
 *   submissions started) or test runs (`mode = 'edit'`: the draft run on demand);
 * - one run in full: its trigger data and every step in order with its input, output, error, attempts, timing and
 *   idempotency key;
 * - retrying a failed run from its failed step; starting a test run; deleting a workflow's test runs (spec 001 §7).
 * Access is decided by the workspace of the workflow's form: a member who may only view reads runs and gets 403 on
 * the rest; a workflow (or run) the caller cannot see answers 404.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { RUNS_PAGE_DEFAULT, RUNS_PAGE_MAX } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { RunStatus } from './run-stats';
import { SuccessResponse, WorkflowIdParams } from './workflows';

export { RunStatus } from './run-stats';

const workflowId = z.uuid();
const runId = z.uuid();

/**
 * A run's mode: `live` (started by its trigger, with the published template) or `edit` (a test run: the draft
 * template run on demand from the editor; spec 001 §7's `mode=edit`). Test runs never count as live runs.
 */
export const RunMode = z.enum(['live', 'edit']);
/** A run's mode. */
export type RunMode = z.infer<typeof RunMode>;

/**
 * `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` (spec 001 §7) path parameters. `flowId` is the
 * form's public identifier — the name every other call gives a form (`flowPublicIdentifier`) — or its numeric id;
 * it must be the workflow's form.
 */
export const DeleteWorkflowRunsParams = z.object({ flowId: z.string().min(1).max(64), workflowId });
/**
 * The query of the runs deletion: `mode=edit` deletes the workflow's test runs. Any other mode (or none) is refused
 * (400): live runs are the record of what the workflow did, and are deleted only with the workflow.
 */
export const DeleteWorkflowRunsQuery = z.object({ mode: z.enum(['edit', 'live']).optional() });

/** `?limit=&offset=` of an offset-paged list (the mail log): limit 1..RUNS_PAGE_MAX (default RUNS_PAGE_DEFAULT). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
/** A page request. */
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * `?status=` of the runs list: one state or several, comma-separated (`queued,running,waiting` for "in
 * progress"); absent: every state.
 */
const StatusFilter = z
  .string()
  .max(100)
  .transform((text, context) => {
    const values = [...new Set(text.split(',').map((part) => part.trim()).filter((part) => part !== ''))];
    const parsed = z.array(RunStatus).safeParse(values);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: `Expected states among ${RunStatus.options.join(', ')}` });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * `?limit=&cursor=&status=&mode=` of the runs list: at most `limit` runs (1..RUNS_PAGE_MAX, default
 * RUNS_PAGE_DEFAULT) after `cursor` (the previous page's `nextCursor`; absent: the newest), of the given states, of
 * `mode` (default `live`).
 */
export const ListRunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
  status: StatusFilter.optional(),
  mode: RunMode.default('live'),
});
/** A runs page request, parsed. */
export type ListRunsQuery = z.infer<typeof ListRunsQuery>;
/** A runs page request as a caller gives it. */
export type ListRunsQueryInput = z.input<typeof ListRunsQuery>;

/**
 * Step states: `running` (started, or interrupted by a crash) → `succeeded` | `failed`; a node that waits is
 * `waiting` until its run is due; `queued`: a failed step reset by a retry, run again when its run is claimed.
 */
export const StepStatus = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed']);
/** A step state. */
export type StepStatus = z.infer<typeof StepStatus>;

/**
 * What started a run: the trigger's type, the submission (`submissionId`, `submissionTime`; null for a trigger
 * without one) and `summary`, the first RUN_TRIGGER_SUMMARY_ANSWERS answered questions as `{name, value}` (the
 * answer's text as the Results table shows it).
 */
export const RunTrigger = z.object({
  type: z.string(),
  submissionId: z.string().nullable(),
  submissionTime: z.string().nullable(),
  summary: z.array(z.object({ name: z.string(), value: z.string() })),
});
/** What started a run. */
export type RunTrigger = z.infer<typeof RunTrigger>;

/**
 * One executed node of a run, as the list shows it: its node id and type, state, claims of it (`attempts`: 1, more
 * after a crash or a retry), `output` (node-specific; the email node's is `{to, subject, messageId}`), `error`, its
 * times (ISO 8601) and `durationMs` (null until it finished).
 */
export const WorkflowRunStep = z.object({
  nodeId: z.string(),
  type: z.string(),
  status: StepStatus,
  attempts: z.number().int(),
  output: z.unknown(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
/** A run step. */
export type WorkflowRunStep = z.infer<typeof WorkflowRunStep>;

/**
 * One run of a workflow: its mode, state, trigger, times (ISO 8601, `null` until reached; `startedAt` is when its
 * last execution started — a retry starts it again), `durationMs` (from `startedAt` to `finishedAt`; null until it
 * ended), the run's `error`, how many times a user `retries` it, and its steps in execution order.
 */
export const WorkflowRun = z.object({
  id: z.string(),
  workflowId: z.string(),
  mode: RunMode,
  status: RunStatus,
  trigger: RunTrigger,
  triggerEventId: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  retries: z.number().int(),
  steps: z.array(WorkflowRunStep),
});
/** A run. */
export type WorkflowRun = z.infer<typeof WorkflowRun>;

/**
 * `{runs, nextCursor, total}`: one page of runs, newest first; `nextCursor` continues after it (null after the
 * last page); `total` counts the runs the filters keep (mode and states).
 */
export const WorkflowRunsResponse = z.object({
  runs: z.array(WorkflowRun),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
/** One page of runs. */
export type WorkflowRunsResponse = z.infer<typeof WorkflowRunsResponse>;

/**
 * A step in full:
 * - `seq` (1-based position in the run) and `nextNodeId` (the node the run went on to after it; null when it ended);
 * - `idempotencyKey`: `<runId>:<nodeId>`, the same for every attempt of the step (a crash, a retry): a receiver
 *   that has seen it may skip the repeat (the webhook node sends it as `Idempotency-Key`);
 * - `input`: what the node was given — `template`, the node's template as the run's template has it (the published
 *   one for a live run, the draft for a test run), and `resolved`, the same with its logic values resolved against
 *   the run's data (`{var: path}` replaced by the value, `{{path}}` in texts by its text: a display aid; the node's
 *   executor decides what it reads).
 */
export const WorkflowRunStepDetail = WorkflowRunStep.extend({
  seq: z.number().int(),
  nextNodeId: z.string().nullable(),
  idempotencyKey: z.string(),
  input: z.object({ template: z.unknown(), resolved: z.unknown() }),
});
/** A step in full. */
export type WorkflowRunStepDetail = z.infer<typeof WorkflowRunStepDetail>;

/**
 * A run in full: the run, its trigger with the trigger event's `data` (`form.submitted` data: answers, questions…),
 * every step in full, and `notReached` — the nodes after where the run stopped, following `nextNodeId`, that did not
 * run (a failed run's rest; empty once it succeeded).
 */
export const WorkflowRunDetail = WorkflowRun.extend({
  trigger: RunTrigger.extend({ data: z.unknown() }),
  steps: z.array(WorkflowRunStepDetail),
  notReached: z.array(z.object({ nodeId: z.string(), type: z.string() })),
});
/** A run in full. */
export type WorkflowRunDetail = z.infer<typeof WorkflowRunDetail>;

/** `{run}`: one run in full. */
export const WorkflowRunDetailResponse = z.object({ run: WorkflowRunDetail });
/** `{run}`. */
export type WorkflowRunDetailResponse = z.infer<typeof WorkflowRunDetailResponse>;

/** `:id/runs/:runId` path parameters. */
export const WorkflowRunParams = z.object({ id: workflowId, runId });

/**
 * `POST …/runs/:runId/retry` body: `retries`, the run's `retries` as the caller saw it (optional). With it, two
 * clicks on one view make one retry even when the first retry already failed again.
 */
export const RetryRunBody = z.object({ retries: z.number().int().min(0).optional() });
/** The retry body. */
export type RetryRunBody = z.infer<typeof RetryRunBody>;

/** `{run, retried}`: the run after the call; `retried` is false when an earlier identical call already retried it. */
export const RetryRunResponse = z.object({ run: WorkflowRun, retried: z.boolean() });
/** `{run, retried}`. */
export type RetryRunResponse = z.infer<typeof RetryRunResponse>;

/** `POST …/testRuns` body: the submission to test with (absent: the form's latest). */
export const StartTestRunBody = z.object({ submissionId: z.string().min(1).max(64).optional() });
/** The test run body. */
export type StartTestRunBody = z.infer<typeof StartTestRunBody>;

/** `{run}`: the test run just queued. */
export const TestRunResponse = z.object({ run: WorkflowRun });
/** `{run}`. */
export type TestRunResponse = z.infer<typeof TestRunResponse>;

const workflowNotFound = errorResponse(`'${copy.workflows.workflowNotFound}': no such workflow, or not the caller's.`);
const forbidden = errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`);

/** `GET /admin/workflows/:id/runs?limit=&cursor=&status=&mode=`: newest first, each with its steps. */
export const listWorkflowRuns = defineEndpoint({
  id: 'workflows.runs',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/workflows/:id/runs',
  access: 'session',
  summary: "List a workflow's runs",
  description:
    'Newest first, paged by cursor (`nextCursor`). `mode=live` (default): runs its trigger started; `mode=edit`: test runs. ' +
    '`status` keeps runs in the given states (comma-separated). Each run has its trigger (type, submission and a summary ' +
    'of its answers), times, duration and steps; a run in full is `GET …/runs/:runId`.',
  tags: ['workflows'],
  params: WorkflowIdParams,
  query: ListRunsQuery,
  responses: {
    200: okResponse(WorkflowRunsResponse),
    400: errorResponse(`A bad query, or '${copy.workflowRuns.badCursor}'.`),
    404: workflowNotFound,
  },
});

/** `GET /admin/workflows/:id/runs/:runId`: one run in full. */
export const getWorkflowRun = defineEndpoint({
  id: 'workflows.run',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/workflows/:id/runs/:runId',
  access: 'session',
  summary: 'Get a workflow run',
  description:
    'The run with its trigger data and every step in order: node id and type, state, attempts, input (the node template ' +
    'and its logic values resolved), output, error, times and the idempotency key `<runId>:<nodeId>`.',
  tags: ['workflows'],
  params: WorkflowRunParams,
  responses: {
    200: okResponse(WorkflowRunDetailResponse),
    404: errorResponse(`'${copy.workflows.workflowNotFound}' or '${copy.workflowRuns.runNotFound}'.`),
  },
});

/** `POST /admin/workflows/:id/runs/:runId/retry`: retries a failed run from its failed step. */
export const retryWorkflowRun = defineEndpoint({
  id: 'workflows.retryRun',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/:id/runs/:runId/retry',
  access: 'session',
  summary: 'Retry a failed run',
  description:
    'Resets the failed step and queues the run again: the worker resumes at that step; steps that succeeded are not ' +
    'run again. The run keeps its template (the one it started with). Idempotent: a run already retried answers ' +
    '`retried: false` (with `retries`, the count the caller saw, even after the retry failed again).',
  tags: ['workflows'],
  params: WorkflowRunParams,
  body: RetryRunBody,
  responses: {
    200: okResponse(RetryRunResponse),
    403: forbidden,
    404: errorResponse(`'${copy.workflows.workflowNotFound}' or '${copy.workflowRuns.runNotFound}'.`),
    409: errorResponse(`'${copy.workflowRuns.onlyFailedCanRetry}'.`),
  },
});

/** `POST /admin/workflows/:id/testRuns`: runs the workflow's draft against a submission, as a test run. */
export const startTestRun = defineEndpoint({
  id: 'workflows.testRun',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/:id/testRuns',
  access: 'session',
  summary: 'Test a workflow',
  description:
    'Queues a test run (`mode: edit`) of the saved draft against `submissionId` (default: the form\'s latest ' +
    'submission). The draft must pass the publish checks. Its steps really run (emails are sent); the run shows under ' +
    'the test runs and never counts as a live run.',
  tags: ['workflows'],
  params: WorkflowIdParams,
  body: StartTestRunBody,
  responses: {
    201: okResponse(TestRunResponse),
    400: errorResponse('The draft does not pass the publish checks: `details` lists each problem.'),
    403: forbidden,
    404: errorResponse(`'${copy.workflows.workflowNotFound}' or '${copy.flows.submissionNotFound}'.`),
    422: errorResponse(`'${copy.workflowRuns.noSubmissionsYet}', or a trigger that cannot be tested yet.`),
  },
});

/** `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` (spec 001 §7): deletes the test runs. */
export const deleteWorkflowRuns = defineEndpoint({
  id: 'workflows.deleteRuns',
  service: 'workflows-engine',
  method: 'DELETE',
  path: '/v1/admin/flow/:flowId/workflowRuns/:workflowId',
  access: 'session',
  summary: "Delete a workflow's test runs",
  description:
    "`mode=edit` deletes the workflow's test runs; live runs are kept (without `mode=edit`: 400). `flowId` (the form's " +
    "public identifier, or its numeric id) must be the workflow's form. The mail log keeps what the runs sent.",
  tags: ['workflows'],
  params: DeleteWorkflowRunsParams,
  query: DeleteWorkflowRunsQuery,
  responses: {
    200: okResponse(SuccessResponse),
    400: errorResponse(`'${copy.workflowRuns.onlyTestRunsDeleted}'.`),
    403: errorResponse(`${copy.auth.writeAccessRequired}.`),
    404: workflowNotFound,
    500: errorResponse(`'${copy.workflows.deleteRunsFailed}'.`),
  },
});
