/**
 * Workflow runs (owned by workflows-engine): one page of a workflow's runs with their steps, and the deletion of
 * every run of a workflow (spec 001 §7).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { RUNS_PAGE_DEFAULT, RUNS_PAGE_MAX } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { SuccessResponse, WorkflowIdParams } from './workflows';

const workflowId = z.uuid();

/**
 * `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` (spec 001 §7). `flowId` is the form's
 * public identifier (or its numeric id); it must be the workflow's form. `mode` is accepted as the spec sends
 * it (`edit`); the engine keeps no separate test runs, so every run of the workflow is deleted.
 */
export const DeleteWorkflowRunsParams = z.object({ flowId: z.string().min(1).max(64), workflowId });
/** The query of the runs deletion. */
export const DeleteWorkflowRunsQuery = z.object({ mode: z.enum(['edit', 'live']).optional() });

/** `?limit=&offset=` of the runs list: limit 1..RUNS_PAGE_MAX (default RUNS_PAGE_DEFAULT). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
/** A page request. */
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * Run states: `queued` → `running` → `succeeded` | `failed`; a run whose node asked to go on later (a delay) is
 * `waiting` until its due time, then `running` again (ARCHITECTURE §1 "Durable time").
 */
export const RunStatus = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed']);
/** A run state. */
export type RunStatus = z.infer<typeof RunStatus>;

/**
 * Step states: `running` (started, or interrupted by a crash) → `succeeded` | `failed`; a node that waits is
 * `waiting` until its run is due.
 */
export const StepStatus = z.enum(['running', 'waiting', 'succeeded', 'failed']);
/** A step state. */
export type StepStatus = z.infer<typeof StepStatus>;

/** One executed node of a run. `output` is node-specific; the email node's is `{to, subject, messageId}`. */
export const WorkflowRunStep = z.object({
  nodeId: z.string(),
  type: z.string(),
  status: StepStatus,
  output: z.unknown(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
/** A run step. */
export type WorkflowRunStep = z.infer<typeof WorkflowRunStep>;

/** One run of a workflow (times ISO 8601, `null` until reached). */
export const WorkflowRun = z.object({
  id: z.string(),
  status: RunStatus,
  triggerEventId: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  steps: z.array(WorkflowRunStep),
});
/** A run. */
export type WorkflowRun = z.infer<typeof WorkflowRun>;

/** `{runs, total}`: one page of runs, newest first; `total` counts every run of the workflow. */
export const WorkflowRunsResponse = z.object({ runs: z.array(WorkflowRun), total: z.number().int() });
/** `{runs, total}`. */
export type WorkflowRunsResponse = z.infer<typeof WorkflowRunsResponse>;


const workflowNotFound = errorResponse(`'${copy.workflows.workflowNotFound}'.`);

/** `GET /admin/workflows/:id/runs?limit=&offset=`: newest first, each with its steps. */
export const listWorkflowRuns = defineEndpoint({
  id: 'workflows.runs',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/workflows/:id/runs',
  access: 'session',
  summary: "List a workflow's runs",
  tags: ['workflows'],
  params: WorkflowIdParams,
  query: PageQuery,
  responses: { 200: okResponse(WorkflowRunsResponse), 404: workflowNotFound },
});

/** `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` (spec 001 §7). */
export const deleteWorkflowRuns = defineEndpoint({
  id: 'workflows.deleteRuns',
  service: 'workflows-engine',
  method: 'DELETE',
  path: '/v1/admin/flow/:flowId/workflowRuns/:workflowId',
  access: 'session',
  summary: "Delete a workflow's runs",
  description: '`flowId` (public identifier or numeric id) must be the workflow\'s form.',
  tags: ['workflows'],
  params: DeleteWorkflowRunsParams,
  query: DeleteWorkflowRunsQuery,
  responses: {
    200: okResponse(SuccessResponse),
    403: errorResponse(`${copy.auth.writeAccessRequired}.`),
    404: workflowNotFound,
  },
});
