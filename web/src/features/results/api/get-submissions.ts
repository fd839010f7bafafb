/**
 * `listSubmissions` (GET /admin/flows/{publicIdentifier}/submissions?limit=&offset=&sort=desc) → {responses:
 * [{submissionId, submissionTime, lastUpdatedAt, questions: [{id, name, type, value}]}], totalResponses, pageCount}.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSubmissions, type SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys } from '../../../lib/query-keys';

/** One page of a form's submissions. */
export type SubmissionsPage = SubmissionsResponse;

/** Which page: `limit` per page from `offset`, newest first by default. */
export interface SubmissionsQuery {
  limit: number;
  offset: number;
  sort?: 'asc' | 'desc';
}

/** Fetches one page of submissions. @throws ApiError 404 'Form not found'. */
export function getSubmissions(publicIdentifier: string, query: SubmissionsQuery, signal?: AbortSignal): Promise<SubmissionsPage> {
  return callEndpoint(listSubmissions, {
    params: { publicIdentifier },
    query: { limit: query.limit, offset: query.offset, sort: query.sort ?? 'desc' },
    signal,
  });
}

/** The query of one page (the previous page stays shown while the next loads). */
export function submissionsQueryOptions(publicIdentifier: string, query: SubmissionsQuery) {
  return queryOptions({
    queryKey: submissionKeys.page(publicIdentifier, { limit: query.limit, offset: query.offset, sort: query.sort ?? 'desc' }),
    queryFn: ({ signal }) => getSubmissions(publicIdentifier, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** One page of a form's submissions. */
export function useSubmissions(publicIdentifier: string, query: SubmissionsQuery) {
  return useQuery(submissionsQueryOptions(publicIdentifier, query));
}
