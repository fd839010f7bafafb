/** `signUp` (POST /auth/signup) {email, password, firstName, lastName} → 201 {user}; 409 duplicate; 400 weak password. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signUp, type SignupBody, type UserResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** What the sign-up form sends. */
export type SignupInput = SignupBody;

/** Signs up (which also signs in). @throws ApiError 400 with field details, 409 for a registered email. */
export function signup(input: SignupInput): Promise<UserResponse> {
  return callEndpoint(signUp, { body: input });
}

/** Signs up, then reloads `/auth/me`. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
