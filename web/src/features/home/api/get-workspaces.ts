/** GET /admin/workspaces → {workspaces}: the caller's workspaces with their access level. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace } from '@formloom/contracts/entities/identity';
import type { WorkspacesResponse } from '@formloom/contracts/http/workspaces-auth';
import { api } from '../../../lib/api-client';

export const workspacesQueryKey = ['workspaces'] as const;

export async function getWorkspaces(signal?: AbortSignal): Promise<Workspace[]> {
  const body = await api.get<WorkspacesResponse>('/admin/workspaces', undefined, signal);
  return body.workspaces ?? [];
}

export function workspacesQueryOptions() {
  return queryOptions({ queryKey: workspacesQueryKey, queryFn: ({ signal }) => getWorkspaces(signal) });
}

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
