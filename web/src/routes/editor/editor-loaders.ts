/**
 * The editor's route loaders: the flow with its draft for the editor shell (every tab needs it), and what the
 * Results and Workflows tabs show first (the newest page of submissions or the summary, the form's workflows), so
 * each tab renders at once when opened by URL.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { SUBMISSIONS_PAGE_DEFAULT } from '@formloom/contracts/limits';
import { preload } from '../../app/loaders';
import { flowQueryOptions } from '../../features/editor/api/get-flow';
import { submissionsCountQueryOptions } from '../../features/results/api/count-submissions';
import { submissionsQueryOptions } from '../../features/results/api/get-submissions';
import { submissionsSummaryQueryOptions } from '../../features/results/api/get-summary';
import { resultsViewOf } from '../../features/results/model/filters';
import { workflowsQueryOptions } from '../../features/workflows/api/get-workflows';

/** `/editor/:flowPublicIdentifier`: the flow and its draft ('Form not found' stays for the shell to show). */
export function editorLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(flowQueryOptions(params.flowPublicIdentifier ?? ''))]);
    return null;
  };
}

/**
 * `/editor/:flowPublicIdentifier/results`: what the view in the URL shows first — the first page of submissions,
 * newest first, with their count, or with `?view=summary` the summary of the finished submissions.
 */
export function resultsTabLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    const id = params.flowPublicIdentifier ?? '';
    const page = { limit: SUBMISSIONS_PAGE_DEFAULT, sort: 'desc' as const };
    const view = resultsViewOf(new URL(request.url).searchParams);
    await preload(queryClient, request, [
      view === 'summary'
        ? queryClient.ensureQueryData(submissionsSummaryQueryOptions(id, {}))
        : queryClient.ensureQueryData(submissionsQueryOptions(id, page)),
      queryClient.ensureQueryData(submissionsCountQueryOptions(id, {})),
    ]);
    return null;
  };
}

/** `/editor/:flowPublicIdentifier/workflows`: the form's workflows. */
export function workflowsTabLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(workflowsQueryOptions(params.flowPublicIdentifier ?? ''))]);
    return null;
  };
}
