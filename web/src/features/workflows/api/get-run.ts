/**
 * `getWorkflowRun` (GET /admin/workflows/{id}/runs/{runId}) → {run}: one run in full — its trigger data and every
 * step with its input, output, error, attempts, times and idempotency key. Refreshed every RUNS_REFRESH_MS while the
 * run has not finished.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWorkflowRun as getWorkflowRunEndpoint, type WorkflowRunDetail } from '@formloom/contracts/api/workflows-engine/runs';
import { RUNS_REFRESH_MS } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';

export type { WorkflowRunDetail, WorkflowRunStepDetail } from '@formloom/contracts/api/workflows-engine/runs';

/** Whether a run is over (it changes no more unless a user retries it). */
export function isFinished(status: WorkflowRunDetail['status']): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Fetches one run in full. @throws ApiError 404 'Workflow not found' or 'Run not found'. */
export async function getWorkflowRun(id: string, runId: string, signal?: AbortSignal): Promise<WorkflowRunDetail> {
  const body = await callEndpoint(getWorkflowRunEndpoint, { params: { id, runId }, signal });
  return body.run;
}

/** The query of one run, refreshed every RUNS_REFRESH_MS ms until it has finished. */
export function workflowRunQueryOptions(id: string, runId: string) {
  return queryOptions({
    queryKey: workflowKeys.run(id, runId),
    queryFn: ({ signal }) => getWorkflowRun(id, runId, signal),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : RUNS_REFRESH_MS),
    staleTime: 0,
  });
}

/** One run in full. */
export function useWorkflowRun(id: string, runId: string) {
  return useQuery(workflowRunQueryOptions(id, runId));
}
