/**
 * `countSubmissions` (GET /admin/flows/{publicIdentifier}/submissions/count?status=&search=&from=&to=&filter=) →
 * `{totalResponses}`: how many responses the Results' filters keep, asked once per set of filters (paging does not
 * ask again) and beside the page, which never waits for it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { countSubmissions } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys } from '../../../lib/query-keys';
import { filterParams, filtersKeyOf, type SubmissionsFilters } from './get-submissions';

/**
 * Counts what `filters` keep of form `publicIdentifier`'s responses.
 * @throws ApiError 404 'Form not found'; 400 for a bad filter.
 */
export async function getSubmissionsCount(publicIdentifier: string, filters: SubmissionsFilters, signal?: AbortSignal): Promise<number> {
  const { totalResponses } = await callEndpoint(countSubmissions, { params: { publicIdentifier }, query: filterParams(filters), signal });
  return totalResponses;
}

/** The count's query under `filters` (the previous count stays shown while a new one is counted). */
export function submissionsCountQueryOptions(publicIdentifier: string, filters: SubmissionsFilters) {
  return queryOptions({
    queryKey: submissionKeys.count(publicIdentifier, filtersKeyOf(filters)),
    queryFn: ({ signal }) => getSubmissionsCount(publicIdentifier, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** How many of a form's responses the filters keep (counted while `enabled`: the Results show the table). */
export function useSubmissionsCount(publicIdentifier: string, filters: SubmissionsFilters, enabled = true) {
  return useQuery({ ...submissionsCountQueryOptions(publicIdentifier, filters), enabled });
}
