/** POST /auth/login {email, password} → {user} and a session cookie; 401 'Invalid email or password'. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@formloom/contracts/entities/identity';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<{ user: User }> {
  return api.post<{ user: User }>('/auth/login', input);
}

/** Logs in, then reloads `/auth/me` so guarded routes see the session before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
