/** `listFlows` (GET /admin/flows?workspaceId=) → {flows: [flow + submissionCount]}: the forms of one workspace. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFlows, type ListedFlow } from '@formloom/contracts/api/flows/flows';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** A flow as listed on the home page, with its number of submissions. */
export type FlowListItem = ListedFlow;

/** The forms of a workspace, newest first. @throws ApiError 404 'Workspace not found'. */
export async function getFlows(workspaceId: number, signal?: AbortSignal): Promise<FlowListItem[]> {
  const body = await callEndpoint(listFlows, { query: { workspaceId }, signal });
  return body.flows ?? [];
}

/** The query of a workspace's forms. */
export function flowsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: flowKeys.list(workspaceId),
    queryFn: ({ signal }) => getFlows(workspaceId, signal),
  });
}

/** A workspace's forms (idle until a workspace is chosen). */
export function useFlows(workspaceId: number | undefined) {
  return useQuery({ ...flowsQueryOptions(workspaceId ?? 0), enabled: workspaceId !== undefined });
}
