/**
 * `sendMobileEmail` (POST /admin/mobileEmail, no payload; spec 000 §7, §9) → `{email, alreadySent}`: mails the
 * signed-in user a link to continue on a computer, once per user.
 */
import { useMutation } from '@tanstack/react-query';
import { sendMobileEmail as sendMobileEmailEndpoint, type MobileEmailResponse } from '@formloom/contracts/api/workspaces-auth/admin';
import { callEndpoint } from '../../../lib/api-client';

/** Asks for the small-screen reminder. @throws ApiError 401 when the session ended. */
export function sendMobileEmail(): Promise<MobileEmailResponse> {
  return callEndpoint(sendMobileEmailEndpoint, {});
}

/** {@link sendMobileEmail} as a mutation. */
export function useSendMobileEmail() {
  return useMutation({ mutationFn: sendMobileEmail });
}
