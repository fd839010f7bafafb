/** POST /admin/flows/{publicIdentifier}/publish → {flow}: makes the saved draft the live version. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublishFlowResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';
import { flowQueryKey, type FlowWithSnapshot } from './get-flow';

export function publishFlow(publicIdentifier: string): Promise<PublishFlowResponse> {
  return api.post<PublishFlowResponse>(`/admin/flows/${encodeURIComponent(publicIdentifier)}/publish`);
}

export function usePublishFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishFlow,
    onSuccess: ({ flow }, publicIdentifier) => {
      queryClient.setQueryData<FlowWithSnapshot>(flowQueryKey(publicIdentifier), (current) =>
        current && flow ? { ...current, flow } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['flows', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['public-flow', publicIdentifier] });
    },
  });
}
