/**
 * `createFlow` (POST /admin/flows {name, type, workspaceId, dedupeFormName: true, flowTemplate}) → {flow}.
 * Spec 000 §7: a response without a flow is an error ('Had trouble creating new form').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFlow as createFlowEndpoint } from '@formloom/contracts/api/flows/flows';
import type { Flow } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** A new form: its name, workspace, type (default `form`) and optional starting template. */
export interface CreateFlowInput {
  name: string;
  workspaceId: number;
  type?: 'form' | 'quiz';
  flowTemplate?: FlowTemplate;
  /** The chosen theme: a featured theme's id or an organization theme's public id; null/absent: the default look. */
  theme?: string | null;
}

/** Creates a form (or quiz). @throws Error 'Had trouble creating new form' when the answer holds no flow; ApiError otherwise. */
export async function createFlow(input: CreateFlowInput): Promise<Flow> {
  const body = await callEndpoint(createFlowEndpoint, {
    body: {
      name: input.name,
      type: input.type ?? 'form',
      workspaceId: input.workspaceId,
      dedupeFormName: true,
      ...(input.flowTemplate ? { flowTemplate: input.flowTemplate } : {}),
      ...(input.theme ? { theme: input.theme } : {}),
    },
  });
  if (!body?.flow?.publicIdentifier) throw new Error(copy.flows.hadTroubleCreatingForm);
  return body.flow;
}

/** Creates a form and refreshes the home lists. */
export function useCreateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowKeys.lists() }),
  });
}
