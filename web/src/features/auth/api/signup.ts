/** POST /auth/signup {email, password, firstName, lastName} → 201 {user}; 409 duplicate; 400 short password. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupBody, UserResponse } from '@formloom/contracts/http/workspaces-auth';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export type SignupInput = SignupBody;

export function signup(input: SignupInput): Promise<UserResponse> {
  return api.post<UserResponse>('/auth/signup', input);
}

/** Signs up (which also signs in), then reloads `/auth/me`. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
