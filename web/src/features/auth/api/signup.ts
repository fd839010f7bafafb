/** POST /auth/signup {email, password, firstName, lastName} → 201 {user}; 409 duplicate; 400 short password. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@formloom/contracts/entities/identity';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function signup(input: SignupInput): Promise<{ user: User }> {
  return api.post<{ user: User }>('/auth/signup', input);
}

/** Signs up (which also signs in), then reloads `/auth/me`. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
