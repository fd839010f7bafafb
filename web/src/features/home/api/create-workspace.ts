/** POST /admin/workspaces {name} → {workspace}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@formloom/contracts/entities/identity';
import type { CreateWorkspaceBody, WorkspaceResponse } from '@formloom/contracts/http/workspaces-auth';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from './get-workspaces';

export async function createWorkspace(input: CreateWorkspaceBody): Promise<Workspace> {
  const body = await api.post<WorkspaceResponse>('/admin/workspaces', input);
  return body.workspace;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
