/**
 * `listWorkflowRuns` (GET /admin/workflows/{id}/runs?limit=&cursor=&status=&mode=) → {runs: [{id, mode, status,
 * trigger: {type, submissionId, summary}, createdAt, startedAt, finishedAt, durationMs, error, retries, steps}],
 * nextCursor, total}: a workflow's runs, newest first, page after page by cursor (an infinite query), refreshed every
 * RUNS_REFRESH_MS while shown.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  listWorkflowRuns,
  type RunMode,
  type RunStatus,
  type WorkflowRunsResponse,
} from '@formloom/contracts/api/workflows-engine/runs';
import { RUNS_PAGE_DEFAULT, RUNS_REFRESH_MS } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';

export type { RunMode, RunStatus, WorkflowRun, WorkflowRunStep } from '@formloom/contracts/api/workflows-engine/runs';

/** One page of a workflow's runs. */
export type WorkflowRunsPage = WorkflowRunsResponse;

/** Which runs a list shows: live or test runs, in some states (all when empty), `limit` a page. */
export interface RunsFilter {
  mode: RunMode;
  status?: readonly RunStatus[];
  limit?: number;
}

/** Fetches one page of runs after `cursor` (the newest without one). @throws ApiError 404 'Workflow not found'. */
export function getWorkflowRuns(id: string, filter: RunsFilter, cursor?: string, signal?: AbortSignal): Promise<WorkflowRunsPage> {
  const status = filter.status && filter.status.length > 0 ? filter.status.join(',') : undefined;
  return callEndpoint(listWorkflowRuns, {
    params: { id },
    query: { mode: filter.mode, limit: filter.limit ?? RUNS_PAGE_DEFAULT, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/** The infinite query of a workflow's runs under `filter`, refreshed every RUNS_REFRESH_MS ms. */
export function workflowRunsQueryOptions(id: string, filter: RunsFilter) {
  const limit = filter.limit ?? RUNS_PAGE_DEFAULT;
  return infiniteQueryOptions({
    queryKey: workflowKeys.runs(id, { mode: filter.mode, status: filter.status?.join(','), limit }),
    queryFn: ({ pageParam, signal }) => getWorkflowRuns(id, { ...filter, limit }, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: RUNS_REFRESH_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A workflow's runs under `filter`, page after page (idle without a workflow). */
export function useWorkflowRuns(id: string | undefined, filter: RunsFilter) {
  return useInfiniteQuery({ ...workflowRunsQueryOptions(id ?? '', filter), enabled: Boolean(id) });
}
