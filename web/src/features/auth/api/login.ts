/** `logIn` (POST /auth/login) {email, password} → {user} and a session cookie; 401 'Invalid email or password'. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logIn, type LoginBody, type UserResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** What the login form sends. */
export type LoginInput = LoginBody;

/** Logs in. @throws ApiError 401 for a wrong pair, 429 after too many attempts. */
export function login(input: LoginInput): Promise<UserResponse> {
  return callEndpoint(logIn, { body: input });
}

/** Logs in, then reloads `/auth/me` so guarded routes see the session before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
