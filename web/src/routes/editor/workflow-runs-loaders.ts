/**
 * The loaders of a workflow's runs pages inside the editor: the form's workflows (the workflow's name) with the
 * first page of runs of the mode in the URL, or the run in full — so each page renders at once when opened by URL.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preload } from '../../app/loaders';
import { RUNS_MODE_PARAM } from '../../config/paths';
import { workflowRunQueryOptions } from '../../features/workflows/api/get-run';
import { workflowRunsQueryOptions } from '../../features/workflows/api/get-runs';
import { workflowsQueryOptions } from '../../features/workflows/api/get-workflows';

/** `…/workflows-edit/:workflowId/runs[?mode=edit]`: the workflows of the form and the newest runs. */
export function workflowRunsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    const mode = new URL(request.url).searchParams.get(RUNS_MODE_PARAM) === 'edit' ? 'edit' : 'live';
    await preload(queryClient, request, [
      queryClient.ensureQueryData(workflowsQueryOptions(params.flowPublicIdentifier ?? '')),
      queryClient.ensureInfiniteQueryData(workflowRunsQueryOptions(params.workflowId ?? '', { mode })),
    ]);
    return null;
  };
}

/** `…/workflows-edit/:workflowId/runs/:runId`: the run in full. */
export function workflowRunLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(workflowRunQueryOptions(params.workflowId ?? '', params.runId ?? ''))]);
    return null;
  };
}
