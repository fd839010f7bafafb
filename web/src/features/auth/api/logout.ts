/** POST /auth/logout: ends the session; every cached query is dropped afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoutResponse } from '@formloom/contracts/http/workspaces-auth';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export function logout(): Promise<LogoutResponse> {
  return api.post<LogoutResponse>('/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
