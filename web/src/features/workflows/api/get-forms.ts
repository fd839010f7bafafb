/**
 * `listFlows` (GET /admin/flows?workspaceId=) for the creation dialog's form chooser (spec 001 §2): the forms of one
 * workspace, under the same query key as the home page's list (one cache entry).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFlows, type ListedFlow } from '@formloom/contracts/api/flows/flows';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** The forms of workspace `workspaceId`, newest first. */
export function workspaceFormsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: flowKeys.list(workspaceId),
    queryFn: async ({ signal }): Promise<ListedFlow[]> => (await callEndpoint(listFlows, { query: { workspaceId }, signal })).flows ?? [],
  });
}

/** The forms of a workspace (idle while `enabled` is false). */
export function useWorkspaceForms(workspaceId: number, enabled = true) {
  return useQuery({ ...workspaceFormsQueryOptions(workspaceId), enabled });
}
