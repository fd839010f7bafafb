/** POST /auth/login {email, password} → {user} and a session cookie; 401 'Invalid email or password'. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, UserResponse } from '@formloom/contracts/http/workspaces-auth';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export type LoginInput = LoginBody;

export function login(input: LoginInput): Promise<UserResponse> {
  return api.post<UserResponse>('/auth/login', input);
}

/** Logs in, then reloads `/auth/me` so guarded routes see the session before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
