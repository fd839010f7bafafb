/** `createWorkspace` (POST /admin/workspaces {name}) → {workspace}; admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWorkspace as createWorkspaceEndpoint, type CreateWorkspaceBody } from '@formloom/contracts/api/workspaces-auth/admin';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys, workspaceKeys } from '../../../lib/query-keys';

/** Creates a workspace. @throws ApiError 403 for non-admins, 400 for a bad or reserved name. */
export async function createWorkspace(input: CreateWorkspaceBody): Promise<Workspace> {
  const body = await callEndpoint(createWorkspaceEndpoint, { body: input });
  return body.workspace;
}

/** Creates a workspace, then refreshes the workspace list and the user. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
