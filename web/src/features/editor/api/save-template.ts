/**
 * PUT /admin/flows/{publicIdentifier}/template {template} → {flow, flowSnapshot: {template}}; 400 with
 * `details: [{path, message}]` for a template the server refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { api } from '../../../lib/api-client';
import { flowQueryKey, type FlowWithSnapshot } from './get-flow';

export interface SaveTemplateInput {
  publicIdentifier: string;
  template: FlowTemplate;
}

export function saveTemplate({ publicIdentifier, template }: SaveTemplateInput): Promise<FlowWithSnapshot> {
  return api.put<FlowWithSnapshot>(`/admin/flows/${encodeURIComponent(publicIdentifier)}/template`, { template });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (data, { publicIdentifier }) => {
      queryClient.setQueryData(flowQueryKey(publicIdentifier), data);
      void queryClient.invalidateQueries({ queryKey: ['flows', 'list'] });
    },
  });
}
