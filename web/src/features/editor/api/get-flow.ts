/** GET /admin/flows/fetch/{publicIdentifier} → {flow, flowSnapshot: {template}}: a flow and its draft template. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowWithDraftResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';

/** A flow with its draft snapshot, as the editor loads and saves it. */
export type FlowWithSnapshot = FlowWithDraftResponse;

export const flowQueryKey = (publicIdentifier: string) => ['flows', 'detail', publicIdentifier] as const;

export function getFlow(publicIdentifier: string, signal?: AbortSignal): Promise<FlowWithSnapshot> {
  return api.get<FlowWithSnapshot>(`/admin/flows/fetch/${encodeURIComponent(publicIdentifier)}`, undefined, signal);
}

export function flowQueryOptions(publicIdentifier: string) {
  return queryOptions({
    queryKey: flowQueryKey(publicIdentifier),
    queryFn: ({ signal }) => getFlow(publicIdentifier, signal),
    staleTime: 60_000,
  });
}

export function useFlow(publicIdentifier: string) {
  return useQuery(flowQueryOptions(publicIdentifier));
}
