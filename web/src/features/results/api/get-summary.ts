/**
 * `summarizeSubmissions` (GET /admin/flows/{publicIdentifier}/submissions/summary?status=&search=&from=&to=) →
 * `{totalResponses, questions: [{id, name, type, pageId, answered, summary}]}`: a summary per question of the
 * responses the Results' filters keep (`contracts/src/api/flows/summary.ts`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { summarizeSubmissions, type SubmissionsSummaryResponse } from '@formloom/contracts/api/flows/summary';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys } from '../../../lib/query-keys';
import { filterParams, filtersKeyOf, type SubmissionsFilters } from './get-submissions';

/** A form's summary under the Results' filters. */
export type SubmissionsSummary = SubmissionsSummaryResponse;

/**
 * Fetches the summary of the responses `filters` keep (only the filters that are set go into the URL).
 * @throws ApiError 404 'Form not found'; 400 for a bad filter (an empty range).
 */
export function getSubmissionsSummary(publicIdentifier: string, filters: SubmissionsFilters, signal?: AbortSignal): Promise<SubmissionsSummary> {
  return callEndpoint(summarizeSubmissions, { params: { publicIdentifier }, query: filterParams(filters), signal });
}

/** The query of the summary under `filters` (the previous summary stays shown while the next loads). */
export function submissionsSummaryQueryOptions(publicIdentifier: string, filters: SubmissionsFilters) {
  return queryOptions({
    queryKey: submissionKeys.summary(publicIdentifier, filtersKeyOf(filters)),
    queryFn: ({ signal }) => getSubmissionsSummary(publicIdentifier, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** A form's summary under `filters` (fetched while `enabled`: the Results show the summary). */
export function useSubmissionsSummary(publicIdentifier: string, filters: SubmissionsFilters, enabled = true) {
  return useQuery({ ...submissionsSummaryQueryOptions(publicIdentifier, filters), enabled });
}
