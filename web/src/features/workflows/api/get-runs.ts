/**
 * `listWorkflowRuns` (GET /admin/workflows/{id}/runs?limit=&offset=) → {runs: [{id, status, startedAt, finishedAt,
 * steps: [{nodeId, type, status, output, error}]}], total}. Polled every few seconds while shown.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listWorkflowRuns, type WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import { RUNS_PAGE_DEFAULT } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';

export type { WorkflowRun, WorkflowRunStep } from '@formloom/contracts/api/workflows-engine/runs';

/** One page of a workflow's runs. */
export type WorkflowRunsPage = WorkflowRunsResponse;

/** How often the runs list refreshes while visible (ms). */
export const RUNS_REFRESH_MS = 3000;

/** Fetches one page of runs. @throws ApiError 404 'Workflow not found'. */
export function getWorkflowRuns(id: string, query: { limit: number; offset: number }, signal?: AbortSignal): Promise<WorkflowRunsPage> {
  return callEndpoint(listWorkflowRuns, { params: { id }, query, signal });
}

/** The query of one page of runs, refreshed every {@link RUNS_REFRESH_MS} ms. */
export function workflowRunsQueryOptions(id: string, query = { limit: RUNS_PAGE_DEFAULT, offset: 0 }) {
  return queryOptions({
    queryKey: workflowKeys.runs(id, query),
    queryFn: ({ signal }) => getWorkflowRuns(id, query, signal),
    refetchInterval: RUNS_REFRESH_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of a workflow's runs (idle without a workflow). */
export function useWorkflowRuns(id: string | undefined, query?: { limit: number; offset: number }) {
  return useQuery({ ...workflowRunsQueryOptions(id ?? '', query), enabled: Boolean(id) });
}
