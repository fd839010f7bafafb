/**
 * Invitation links (`api/workspaces-auth/members.ts`): `lookUpInvitation` (POST /auth/invitations/lookup {token}) →
 * `{invitation: {email, organizationName, invitedBy, expiresAt}}`, 400 `copy.members.invitationInvalid`;
 * `acceptInvitation` (POST /auth/invitations/accept {token, firstName, lastName, password}) → 201 `{user}` with the
 * session cookie, 400 for the link or a refused password (`body.password`), 409 `copy.auth.emailTaken`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptInvitation, lookUpInvitation, type AcceptInvitationBody } from '@formloom/contracts/api/workspaces-auth/members';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';
import { meQueryOptions } from './get-me';

/** The query of what invitation link `token` is for (not retried: a refused link stays refused). */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: async ({ signal }) => (await callEndpoint(lookUpInvitation, { body: { token }, signal })).invitation,
    retry: false,
    staleTime: Infinity,
  });
}

/** What invitation link `token` is for. */
export function useInvitationLink(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}

/** Accepts the invitation (which signs the new user in), then reloads `/auth/me`. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => callEndpoint(acceptInvitation, { body }),
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
