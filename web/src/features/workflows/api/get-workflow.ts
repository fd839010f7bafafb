/** `getWorkflow` (GET /admin/workflows/{id}) → {workflow}: one workflow with its DRAFT template, for the canvas. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWorkflow as getWorkflowEndpoint } from '@formloom/contracts/api/workflows-engine/workflows';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';
import type { Workflow } from '@formloom/contracts/entities/workflow';

/** Fetches one workflow. @throws ApiError 404 'Workflow not found'. */
export async function getWorkflow(workflowId: string, signal?: AbortSignal): Promise<Workflow> {
  const body = await callEndpoint(getWorkflowEndpoint, { params: { id: workflowId }, signal });
  return body.workflow;
}

/** The query of one workflow (its draft template, name, publishedAt and isActive). */
export function workflowQueryOptions(workflowId: string) {
  return queryOptions({ queryKey: workflowKeys.detail(workflowId), queryFn: ({ signal }) => getWorkflow(workflowId, signal) });
}

/** One workflow. */
export function useWorkflow(workflowId: string) {
  return useQuery(workflowQueryOptions(workflowId));
}
