/**
 * GET /admin/workflows/{id}/runs?limit=&offset= → {runs: [{id, status, startedAt, finishedAt, steps: [{nodeId,
 * type, status, output, error}]}], total}. Polled every few seconds while shown.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RUNS_PAGE_DEFAULT } from '@formloom/contracts/limits';
import type { WorkflowRunsResponse } from '@formloom/contracts/http/workflows';
import { api } from '../../../lib/api-client';

export type { WorkflowRun, WorkflowRunStep } from '@formloom/contracts/http/workflows';
export type WorkflowRunsPage = WorkflowRunsResponse;

/** How often the runs list refreshes while visible (ms). */
export const RUNS_REFRESH_MS = 3000;

export function getWorkflowRuns(id: string, query: { limit: number; offset: number }, signal?: AbortSignal): Promise<WorkflowRunsPage> {
  return api.get<WorkflowRunsPage>(`/admin/workflows/${encodeURIComponent(id)}/runs`, query, signal);
}

export function workflowRunsQueryOptions(id: string, query = { limit: RUNS_PAGE_DEFAULT, offset: 0 }) {
  return queryOptions({
    queryKey: ['workflows', 'runs', id, query.limit, query.offset] as const,
    queryFn: ({ signal }) => getWorkflowRuns(id, query, signal),
    refetchInterval: RUNS_REFRESH_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWorkflowRuns(id: string | undefined, query?: { limit: number; offset: number }) {
  return useQuery({ ...workflowRunsQueryOptions(id ?? '', query), enabled: Boolean(id) });
}
