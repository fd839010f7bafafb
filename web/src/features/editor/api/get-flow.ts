/** `fetchFlow` (GET /admin/flows/fetch/{publicIdentifier}) → {flow, flowSnapshot: {template}}: a flow and its draft. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFlow, type FlowWithDraftResponse } from '@formloom/contracts/api/flows/flows';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** A flow with its draft snapshot, as the editor loads and saves it. */
export type FlowWithSnapshot = FlowWithDraftResponse;

/** Fetches a flow with its draft template. @throws ApiError 404 'Form not found'. */
export function getFlow(publicIdentifier: string, signal?: AbortSignal): Promise<FlowWithSnapshot> {
  return callEndpoint(fetchFlow, { params: { publicIdentifier }, signal });
}

/** The query of a flow with its draft (fresh for a minute; the editor writes through it). */
export function flowQueryOptions(publicIdentifier: string) {
  return queryOptions({
    queryKey: flowKeys.detail(publicIdentifier),
    queryFn: ({ signal }) => getFlow(publicIdentifier, signal),
    staleTime: 60_000,
  });
}

/** A flow with its draft template. */
export function useFlow(publicIdentifier: string) {
  return useQuery(flowQueryOptions(publicIdentifier));
}
