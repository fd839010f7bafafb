/** `listWorkspaces` (GET /admin/workspaces) → {workspaces}: the caller's workspaces with their access level. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWorkspaces } from '@formloom/contracts/api/workspaces-auth/admin';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { callEndpoint } from '../../../lib/api-client';
import { workspaceKeys } from '../../../lib/query-keys';

/** The caller's workspaces in their own order (the home sidebar's, `PUT /admin/workspaces/order`; never ordered: by name). */
export async function getWorkspaces(signal?: AbortSignal): Promise<Workspace[]> {
  const body = await callEndpoint(listWorkspaces, { signal });
  return body.workspaces ?? [];
}

/** The query of the caller's workspaces. */
export function workspacesQueryOptions() {
  return queryOptions({ queryKey: workspaceKeys.all, queryFn: ({ signal }) => getWorkspaces(signal) });
}

/** The caller's workspaces. */
export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
