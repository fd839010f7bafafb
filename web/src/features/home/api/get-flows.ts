/** GET /admin/flows?workspaceId= → {flows: [flow + submissionCount]}: the forms of one workspace. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListedFlow, ListFlowsResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';

/** A flow as listed on the home page, with its number of submissions. */
export type FlowListItem = ListedFlow;

export const flowsQueryKey = (workspaceId: number) => ['flows', 'list', workspaceId] as const;

export async function getFlows(workspaceId: number, signal?: AbortSignal): Promise<FlowListItem[]> {
  const body = await api.get<ListFlowsResponse>('/admin/flows', { workspaceId }, signal);
  return body.flows ?? [];
}

export function flowsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: flowsQueryKey(workspaceId),
    queryFn: ({ signal }) => getFlows(workspaceId, signal),
  });
}

export function useFlows(workspaceId: number | undefined) {
  return useQuery({ ...flowsQueryOptions(workspaceId ?? 0), enabled: workspaceId !== undefined });
}
