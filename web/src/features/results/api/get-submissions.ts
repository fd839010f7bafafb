/**
 * `listSubmissions` (GET /admin/flows/{publicIdentifier}/submissions?limit=&offset=&sort=&status=&search=&from=&to=)
 * → {responses: [{submissionId, submissionTime, lastUpdatedAt, questions: [{id, name, type, value, displayValue}],
 * urlParameters, calculations, quiz?}], totalResponses, pageCount}: one page of what the Results' filters keep,
 * `totalResponses` counting all of it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSubmissions, type SubmissionStatusFilter, type SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys } from '../../../lib/query-keys';

/** One page of a form's submissions. */
export type SubmissionsPage = SubmissionsResponse;

/**
 * The Results' filters as the API takes them: `status` (`finished` by default, or respondents' progress), `search`
 * (trimmed, non-empty), and the submission time's bounds `from` (inclusive) and `to` (exclusive), ISO 8601.
 */
export interface SubmissionsFilters {
  status?: SubmissionStatusFilter;
  search?: string;
  from?: string;
  to?: string;
}

/** Which page: `limit` per page from `offset`, newest first by default, under `filters`. */
export interface SubmissionsQuery extends SubmissionsFilters {
  limit: number;
  offset: number;
  sort?: 'asc' | 'desc';
}

/** `filters` with the status's default filled in and absent filters `null` (the query keys' shape). */
export function normalizedFilters(filters: SubmissionsFilters) {
  return {
    status: filters.status ?? 'finished',
    search: filters.search?.trim() || null,
    from: filters.from ?? null,
    to: filters.to ?? null,
  } as const;
}

/** The filters as a call's query: the status, and only the other filters that are set. */
export function filtersQuery(filters: SubmissionsFilters) {
  const { status, search, from, to } = normalizedFilters(filters);
  return { status, ...(search ? { search } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** `query` with its defaults filled in and absent filters `null` (the query key's shape). */
function normalized(query: SubmissionsQuery) {
  return { limit: query.limit, offset: query.offset, sort: query.sort ?? 'desc', ...normalizedFilters(query) } as const;
}

/**
 * Fetches one page of submissions (only the filters that are set go into the URL).
 * @throws ApiError 404 'Form not found'; 400 for a bad filter (an empty range).
 */
export function getSubmissions(publicIdentifier: string, query: SubmissionsQuery, signal?: AbortSignal): Promise<SubmissionsPage> {
  return callEndpoint(listSubmissions, {
    params: { publicIdentifier },
    query: { limit: query.limit, offset: query.offset, sort: query.sort ?? 'desc', ...filtersQuery(query) },
    signal,
  });
}

/** The query of one page under its filters (the previous page stays shown while the next loads). */
export function submissionsQueryOptions(publicIdentifier: string, query: SubmissionsQuery) {
  return queryOptions({
    queryKey: submissionKeys.page(publicIdentifier, normalized(query)),
    queryFn: ({ signal }) => getSubmissions(publicIdentifier, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** One page of a form's submissions (fetched while `enabled`: the Results show the table). */
export function useSubmissions(publicIdentifier: string, query: SubmissionsQuery, enabled = true) {
  return useQuery({ ...submissionsQueryOptions(publicIdentifier, query), enabled });
}
