/**
 * `saveFlowTemplate` (PUT /admin/flows/{publicIdentifier}/template) {template} → {flow, flowSnapshot: {template}};
 * 400 with `details: [{path, message}]` for a template the server refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';
import type { FlowWithSnapshot } from './get-flow';

/** The draft to save for one flow. */
export interface SaveTemplateInput {
  publicIdentifier: string;
  template: FlowTemplate;
}

/** Saves the draft. @throws ApiError 400 with the refused paths, 403 read-only, 404 'Form not found'. */
export function saveTemplate({ publicIdentifier, template }: SaveTemplateInput): Promise<FlowWithSnapshot> {
  return callEndpoint(saveFlowTemplate, { params: { publicIdentifier }, body: { template } });
}

/** Saves the draft, then puts the answer in the flow's cache and refreshes the lists. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (data, { publicIdentifier }) => {
      queryClient.setQueryData(flowKeys.detail(publicIdentifier), data);
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
    },
  });
}
