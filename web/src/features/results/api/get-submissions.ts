/**
 * GET /admin/flows/{publicIdentifier}/submissions?limit=&offset=&sort=desc →
 * {responses: [{submissionId, submissionTime, lastUpdatedAt, questions: [{id, name, type, value}]}], totalResponses, pageCount}.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionsResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';

export type SubmissionsPage = SubmissionsResponse;

export interface SubmissionsQuery {
  limit: number;
  offset: number;
  sort?: 'asc' | 'desc';
}

export function getSubmissions(publicIdentifier: string, query: SubmissionsQuery, signal?: AbortSignal): Promise<SubmissionsPage> {
  return api.get<SubmissionsPage>(
    `/admin/flows/${encodeURIComponent(publicIdentifier)}/submissions`,
    { limit: query.limit, offset: query.offset, sort: query.sort ?? 'desc' },
    signal,
  );
}

export function submissionsQueryOptions(publicIdentifier: string, query: SubmissionsQuery) {
  return queryOptions({
    queryKey: ['submissions', publicIdentifier, query.limit, query.offset, query.sort ?? 'desc'] as const,
    queryFn: ({ signal }) => getSubmissions(publicIdentifier, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useSubmissions(publicIdentifier: string, query: SubmissionsQuery) {
  return useQuery(submissionsQueryOptions(publicIdentifier, query));
}
