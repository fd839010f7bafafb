/**
 * `listFlows` (GET /admin/flows) as the home lists read it (spec 000 §2): a workspace's forms, or the Starred,
 * Recents and Trash lists of every workspace, in one of the six sort orders, page by page (`nextCursor`).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listFlows, type FlowListView, type FlowSort, type ListedFlow, type ListFlowsResponse } from '@formloom/contracts/api/flows/flows';
import { FLOWS_PAGE_SIZE_DEFAULT } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** A flow as listed on the home page: with its finished submissions, the user's star, last view and unread count. */
export type FlowListItem = ListedFlow;

/** Which list: one workspace's (`workspaceId`) or every workspace's (null), its view and order. */
export interface FlowListFilter {
  workspaceId: number | null;
  view: FlowListView;
  sort: FlowSort;
  /** Flows per page (default {@link FLOWS_PAGE_SIZE_DEFAULT}). */
  limit?: number;
}

/** The paged query of one list. @throws ApiError 404 'Workspace not found' (a workspace that is not the user's). */
export function flowListQueryOptions(filter: FlowListFilter) {
  const { workspaceId, view, sort, limit = FLOWS_PAGE_SIZE_DEFAULT } = filter;
  return infiniteQueryOptions({
    queryKey: [...flowKeys.list({ workspaceId, view, sort }), limit] as const,
    queryFn: ({ pageParam, signal }): Promise<ListFlowsResponse> =>
      callEndpoint(listFlows, {
        query: { ...(workspaceId !== null ? { workspaceId } : {}), view, sort, limit, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One list's pages (idle while `enabled` is false); `flows` is every loaded page's flows in order. */
export function useFlowList(filter: FlowListFilter, enabled = true) {
  const query = useInfiniteQuery({ ...flowListQueryOptions(filter), enabled });
  const flows = query.data?.pages.flatMap((page) => page.flows) ?? [];
  return { ...query, flows };
}
