/** `publishFlow` (POST /admin/flows/{publicIdentifier}/publish) → {flow}: makes the saved draft the live version. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishFlow as publishFlowEndpoint, type PublishFlowResponse } from '@formloom/contracts/api/flows/flows';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';
import type { FlowWithSnapshot } from './get-flow';

/** Publishes the saved draft. @throws ApiError 403 read-only, 404 'Form not found'. */
export function publishFlow(publicIdentifier: string): Promise<PublishFlowResponse> {
  return callEndpoint(publishFlowEndpoint, { params: { publicIdentifier } });
}

/** Publishes, then updates the cached flow and refreshes the lists and the live form. */
export function usePublishFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishFlow,
    onSuccess: ({ flow }, publicIdentifier) => {
      queryClient.setQueryData<FlowWithSnapshot>(flowKeys.detail(publicIdentifier), (current) =>
        current && flow ? { ...current, flow } : current,
      );
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
    },
  });
}
