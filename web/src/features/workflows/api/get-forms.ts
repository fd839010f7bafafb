/**
 * `listFlows` (GET /admin/flows?workspaceId=) for the creation dialog's form chooser (spec 001 §2): the forms of one
 * workspace not in the trash, newest first — one page of the most the call gives ({@link FLOWS_PAGE_SIZE_MAX}).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFlows, type ListedFlow } from '@formloom/contracts/api/flows/flows';
import { FLOWS_PAGE_SIZE_MAX } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** The forms of workspace `workspaceId`, newest first. */
export function workspaceFormsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: [...flowKeys.list({ workspaceId, view: 'all', sort: 'createdDate' }), 'chooser'] as const,
    queryFn: async ({ signal }): Promise<ListedFlow[]> =>
      (await callEndpoint(listFlows, { query: { workspaceId, view: 'all', sort: 'createdDate', limit: FLOWS_PAGE_SIZE_MAX }, signal })).flows,
  });
}

/** The forms of a workspace (idle while `enabled` is false). */
export function useWorkspaceForms(workspaceId: number, enabled = true) {
  return useQuery({ ...workspaceFormsQueryOptions(workspaceId), enabled });
}
