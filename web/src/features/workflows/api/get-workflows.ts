/**
 * `listWorkflows` (GET /admin/workflows?flowPublicIdentifier=) → {workflows: [{id, name, template, isHidden,
 * isActive, flowPublicIdentifier, publishedAt, stats}]}: the workflows triggered by one form.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWorkflows, type ListedWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';

/** A workflow as listed: the workflow and its live runs' `stats` (counts and the last run). */
export type WorkflowSummary = ListedWorkflow;

/** The workflows of a form the caller may view. */
export async function getWorkflows(flowPublicIdentifier: string, signal?: AbortSignal): Promise<WorkflowSummary[]> {
  const body = await callEndpoint(listWorkflows, { query: { flowPublicIdentifier }, signal });
  return body.workflows ?? [];
}

/** The query of a form's workflows. */
export function workflowsQueryOptions(flowPublicIdentifier: string) {
  return queryOptions({
    queryKey: workflowKeys.list(flowPublicIdentifier),
    queryFn: ({ signal }) => getWorkflows(flowPublicIdentifier, signal),
  });
}

/** A form's workflows. */
export function useWorkflows(flowPublicIdentifier: string) {
  return useQuery(workflowsQueryOptions(flowPublicIdentifier));
}
