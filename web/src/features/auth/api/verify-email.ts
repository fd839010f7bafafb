/**
 * Address confirmation: `verifyEmail` (POST /auth/verifyEmail {token}) → 200 {user}, 400 for an invalid or
 * expired link; `resendVerification` (POST /auth/verifyEmail/resend) → 200 {email}, 409 already confirmed, 429
 * over the limit. Both refresh `/auth/me` afterwards (its `user.emailVerified` drives the banner).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resendVerification as resendVerificationEndpoint,
  verifyEmail as verifyEmailEndpoint,
  type ResendVerificationResponse,
  type UserResponse,
} from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';

/** Confirms the address of the link's `token`. @throws ApiError 400 `copy.auth.verificationLinkInvalid`. */
export function verifyEmail(token: string): Promise<UserResponse> {
  return callEndpoint(verifyEmailEndpoint, { body: { token } });
}

/** Asks for a new confirmation link. @throws ApiError 409 when already confirmed, 429 over the limit. */
export function resendVerification(): Promise<ResendVerificationResponse> {
  return callEndpoint(resendVerificationEndpoint, {});
}

/** {@link verifyEmail}, then `/auth/me` is reloaded. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** {@link resendVerification}, then `/auth/me` is reloaded (an address confirmed meanwhile hides the banner). */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
