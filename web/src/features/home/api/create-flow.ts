/**
 * POST /admin/flows {name, type: 'form', workspaceId, dedupeFormName: true, flowTemplate} → {flow}.
 * Spec 000 §7: a response without a flow is an error ('Had trouble creating new form').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow } from '@formloom/contracts/entities/flow';
import type { CreateFlowResponse } from '@formloom/contracts/http/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { copy } from '@formloom/contracts/copy';
import { api } from '../../../lib/api-client';

export interface CreateFlowInput {
  name: string;
  workspaceId: number;
  flowTemplate?: FlowTemplate;
}

export async function createFlow(input: CreateFlowInput): Promise<Flow> {
  const body = await api.post<Partial<CreateFlowResponse> | undefined>('/admin/flows', {
    name: input.name,
    type: 'form',
    workspaceId: input.workspaceId,
    dedupeFormName: true,
    ...(input.flowTemplate ? { flowTemplate: input.flowTemplate } : {}),
  });
  if (!body?.flow?.publicIdentifier) throw new Error(copy.flows.hadTroubleCreatingForm);
  return body.flow;
}

export function useCreateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlow,
    onSuccess: (flow) => queryClient.invalidateQueries({ queryKey: ['flows', 'list', flow.workspaceId] }),
  });
}
