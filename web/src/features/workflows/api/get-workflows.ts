/**
 * GET /admin/workflows?flowPublicIdentifier= → {workflows: [{id, name, template, isHidden, isActive,
 * flowPublicIdentifier, publishedAt}]}: the workflows triggered by one form.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workflow } from '@formloom/contracts/entities/workflow';
import type { WorkflowsResponse } from '@formloom/contracts/http/workflows';
import { api } from '../../../lib/api-client';

/** A workflow as listed. */
export type WorkflowSummary = Workflow;

export const workflowsQueryKey = (flowPublicIdentifier: string) => ['workflows', 'list', flowPublicIdentifier] as const;

export async function getWorkflows(flowPublicIdentifier: string, signal?: AbortSignal): Promise<WorkflowSummary[]> {
  const body = await api.get<WorkflowsResponse>('/admin/workflows', { flowPublicIdentifier }, signal);
  return body.workflows ?? [];
}

export function workflowsQueryOptions(flowPublicIdentifier: string) {
  return queryOptions({
    queryKey: workflowsQueryKey(flowPublicIdentifier),
    queryFn: ({ signal }) => getWorkflows(flowPublicIdentifier, signal),
  });
}

export function useWorkflows(flowPublicIdentifier: string) {
  return useQuery(workflowsQueryOptions(flowPublicIdentifier));
}
