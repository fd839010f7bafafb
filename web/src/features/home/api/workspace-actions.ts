/**
 * The home sidebar's workspace calls (spec 000 §2, §4; docs/architecture.md "Workspace management"): rename
 * (`PATCH /admin/workspaces/{id}`), delete with its forms (`DELETE /admin/workspaces/{id}`, admins) and the user's own
 * order of their workspaces (`PUT /admin/workspaces/order`, shown at once and put back if the call fails). Each
 * keeps the workspaces, the user (`/auth/me` lists them) and the home lists in step.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteWorkspace, renameWorkspace, setWorkspaceOrder } from '@formloom/contracts/api/workspaces-auth/admin';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys, flowKeys, workspaceKeys } from '../../../lib/query-keys';

async function refreshWorkspaces(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
  await queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

/** Renames a workspace; resolves with it (its new slug). @throws ApiError 400 (name), 403 (not write), 404. */
export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ workspaceId, name }: { workspaceId: number; name: string }): Promise<Workspace> =>
      (await callEndpoint(renameWorkspace, { params: { workspaceId }, body: { name } })).workspace,
    onSuccess: () => refreshWorkspaces(queryClient),
  });
}

/**
 * Deletes a workspace and, with it, its forms (the flows service deletes them on `workspace.deleted`).
 * @throws ApiError 403 (not an admin), 404, 409 'An organization keeps at least one workspace'.
 */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: number) => callEndpoint(deleteWorkspace, { params: { workspaceId } }),
    // Not awaited: the refreshed list no longer has the workspace, whose row (and its dialog) then unmounts — the
    // caller's own onSuccess (its toast, leaving the workspace's page) must run first.
    onSuccess: () => {
      void refreshWorkspaces(queryClient);
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
    },
  });
}

/** Sets the user's order of their workspaces: the cached list takes the new order at once (and the old one back on failure). */
export function useReorderWorkspaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (workspaceIds: number[]): Promise<Workspace[]> => (await callEndpoint(setWorkspaceOrder, { body: { workspaceIds } })).workspaces,
    onMutate: async (workspaceIds) => {
      await queryClient.cancelQueries({ queryKey: workspaceKeys.all });
      const previous = queryClient.getQueryData<Workspace[]>(workspaceKeys.all);
      if (previous) {
        const byId = new Map(previous.map((workspace) => [workspace.id, workspace]));
        const ordered = workspaceIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
        queryClient.setQueryData<Workspace[]>(workspaceKeys.all, [...ordered, ...previous.filter((workspace) => !workspaceIds.includes(workspace.id))]);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(workspaceKeys.all, context.previous);
    },
    onSettled: () => refreshWorkspaces(queryClient),
  });
}
