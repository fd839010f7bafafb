/** `logOut` (POST /auth/logout): ends the session; every cached query is dropped afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logOut, type LogoutResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';

/** Logs out. */
export function logout(): Promise<LogoutResponse> {
  return callEndpoint(logOut, {});
}

/** Logs out and forgets every cached query but the (now empty) user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
  });
}
