/**
 * `listSubmissions` (GET /admin/flows/{publicIdentifier}/submissions?limit=&after=&sort=&status=&search=&from=&to=&filter=
 * &includeTotal=false) → {responses: [{submissionId, submissionTime, lastUpdatedAt, questions: [{id, name, type,
 * value, displayValue}], urlParameters, calculations, quiz?, customColumns?}], nextCursor, columns}: one page of what
 * the Results' filters keep, after the cursor of the page before (`after`; none for the first page), and the form's
 * current columns. The count comes on its own (`count-submissions.ts`), so a slow count never holds the rows back.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSubmissions, type SubmissionStatusFilter, type SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';
import { submissionKeys, type SubmissionsFiltersKey } from '../../../lib/query-keys';

/** One page of a form's submissions. */
export type SubmissionsPage = SubmissionsResponse;

/**
 * The Results' filters as the API takes them: `status` (`finished` by default, or respondents' progress), `search`
 * (trimmed, non-empty), the submission time's bounds `from` (inclusive) and `to` (exclusive), ISO 8601, and `filter`,
 * the answer filter as JSON (`rules/results-filter.ts`).
 */
export interface SubmissionsFilters {
  status?: SubmissionStatusFilter;
  search?: string;
  from?: string;
  to?: string;
  filter?: string;
}

/** Which page: `limit` per page after the cursor `after` (the first page without), newest first by default, under the filters. */
export interface SubmissionsQuery extends SubmissionsFilters {
  limit: number;
  after?: string;
  sort?: 'asc' | 'desc';
}

/** The filters with absent ones `null` (the query keys' shape). */
export function filtersKeyOf(filters: SubmissionsFilters): SubmissionsFiltersKey {
  return {
    status: filters.status ?? 'finished',
    search: filters.search?.trim() || null,
    from: filters.from ?? null,
    to: filters.to ?? null,
    filter: filters.filter ?? null,
  };
}

/** The filters that are set, as query parameters. */
export function filterParams(filters: SubmissionsFilters): SubmissionsFilters {
  const key = filtersKeyOf(filters);
  return {
    status: key.status,
    ...(key.search ? { search: key.search } : {}),
    ...(key.from ? { from: key.from } : {}),
    ...(key.to ? { to: key.to } : {}),
    ...(key.filter ? { filter: key.filter } : {}),
  };
}

/**
 * Fetches one page of submissions, without the count (only the filters that are set go into the URL).
 * @throws ApiError 404 'Form not found'; 400 for a bad filter (an empty range, an answer filter that no longer fits).
 */
export function getSubmissions(publicIdentifier: string, query: SubmissionsQuery, signal?: AbortSignal): Promise<SubmissionsPage> {
  return callEndpoint(listSubmissions, {
    params: { publicIdentifier },
    query: {
      limit: query.limit,
      sort: query.sort ?? 'desc',
      includeTotal: 'false',
      ...filterParams(query),
      ...(query.after ? { after: query.after } : {}),
    },
    signal,
  });
}

/** The query of one page under its filters (the previous page stays shown while the next loads). */
export function submissionsQueryOptions(publicIdentifier: string, query: SubmissionsQuery) {
  return queryOptions({
    queryKey: submissionKeys.page(publicIdentifier, { limit: query.limit, after: query.after ?? null, sort: query.sort ?? 'desc', ...filtersKeyOf(query) }),
    queryFn: ({ signal }) => getSubmissions(publicIdentifier, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** One page of a form's submissions (fetched while `enabled`: the Results show the table). */
export function useSubmissions(publicIdentifier: string, query: SubmissionsQuery, enabled = true) {
  return useQuery({ ...submissionsQueryOptions(publicIdentifier, query), enabled });
}
