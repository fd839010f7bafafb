/**
 * Workflow writes (workflows-engine):
 * - POST /admin/workflows {template, isHidden: false, name} → {workflow}
 * - POST /admin/workflows/publish {id, template} → {workflow}
 * - POST /admin/workflows/enableOrDisable {id, isActive} → {success: true}
 * - DELETE /admin/workflows/{id}
 * Each hook refreshes the form's workflow list afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CreateWorkflowRequest, SaveWorkflowRequest, EnableOrDisableWorkflowBody, WorkflowResponse } from '@formloom/contracts/http/workflows';
import type { WorkflowSummary } from './get-workflows';

export async function createWorkflow(input: Omit<CreateWorkflowRequest, 'isHidden'>): Promise<WorkflowSummary> {
  const body = await api.post<WorkflowResponse>('/admin/workflows', { template: input.template, isHidden: false, name: input.name });
  return body.workflow;
}

export async function publishWorkflow(input: SaveWorkflowRequest): Promise<WorkflowSummary> {
  const body = await api.post<WorkflowResponse>('/admin/workflows/publish', input);
  return body.workflow;
}

export function enableOrDisableWorkflow(input: EnableOrDisableWorkflowBody): Promise<{ success: true }> {
  return api.post<{ success: true }>('/admin/workflows/enableOrDisable', input);
}

export function deleteWorkflow(id: string): Promise<unknown> {
  return api.delete(`/admin/workflows/${encodeURIComponent(id)}`);
}

function useInvalidateWorkflows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['workflows'] });
}

export function useCreateWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: createWorkflow, onSettled: invalidate });
}

export function usePublishWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: publishWorkflow, onSettled: invalidate });
}

export function useEnableOrDisableWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: enableOrDisableWorkflow, onSettled: invalidate });
}

export function useDeleteWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: deleteWorkflow, onSettled: invalidate });
}
