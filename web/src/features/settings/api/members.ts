/**
 * Members and invitations (`api/workspaces-auth/members.ts`; admins only — others get 403 `copy.auth.adminOnly`):
 * - `listMemberAccess` (GET /admin/members/access) → `{members: [{userId, email, firstName, lastName, isAdmin,
 *   workspaces: [{workspaceId, accessLevel}]}], workspaces: [{id, name}]}`;
 * - `setMember` (POST /admin/members {email, workspaceId, accessLevel}) and `removeWorkspaceMember` (DELETE
 *   /admin/workspaces/:workspaceId/members/:userId) change one member's access to one workspace;
 * - `listInvitations` (GET /admin/invitations), `createInvitation` (POST /admin/invitations {email, workspaces,
 *   isAdmin}; 409 for a member), `resendInvitation`, `revokeInvitation`;
 * - `setMemberRole` (POST /admin/members/:userId/role {isAdmin}; 409 for the last admin) and `removeMember` (DELETE
 *   /admin/members/:userId: out of the organization).
 * Every change refreshes the members (also the approver picker's list) and the invitations.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setMember } from '@formloom/contracts/api/workspaces-auth/admin';
import {
  createInvitation,
  listInvitations,
  listMemberAccess,
  removeMember,
  removeWorkspaceMember,
  resendInvitation,
  revokeInvitation,
  setMemberRole,
  type CreateInvitationBody,
} from '@formloom/contracts/api/workspaces-auth/members';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys, invitationKeys, memberKeys, workspaceKeys } from '../../../lib/query-keys';

/** The query of every member with their access, and the organization's workspaces. */
export function memberAccessQueryOptions() {
  return queryOptions({ queryKey: memberKeys.access(), queryFn: ({ signal }) => callEndpoint(listMemberAccess, { signal }) });
}

/** Every member with their access (ask only for an admin's). */
export function useMemberAccess() {
  return useQuery(memberAccessQueryOptions());
}

/** The query of the pending invitations, newest first. */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationKeys.all,
    queryFn: async ({ signal }) => (await callEndpoint(listInvitations, { signal })).invitations,
  });
}

/** The pending invitations (ask only for an admin's). */
export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** Refreshes what a member change shows: members, invitations, and the caller's own workspaces and `/auth/me`. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.me() }),
    ]);
}

/** What an access change says: the member, the workspace, and the level or `none` (no access). */
export interface AccessChange {
  userId: number;
  email: string;
  workspaceId: number;
  accessLevel: AccessLevel | 'none';
}

/** Gives, changes or takes away one member's access to one workspace. @throws ApiError 403, 404. */
export function useChangeAccess() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ userId, email, workspaceId, accessLevel }: AccessChange) => {
      if (accessLevel === 'none') {
        await callEndpoint(removeWorkspaceMember, { params: { workspaceId, userId } });
      } else {
        await callEndpoint(setMember, { body: { email, workspaceId, accessLevel } });
      }
    },
    onSettled: refresh,
  });
}

/** Invites an address. @throws ApiError 400, 403, 404, 409 (`copy.members.alreadyMember`, too many pending), 429. */
export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateInvitationBody) => (await callEndpoint(createInvitation, { body })).invitation,
    onSuccess: refresh,
  });
}

/** Mails a pending invitation again with a new link. @throws ApiError 404 when no longer pending, 429. */
export function useResendInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (invitationId: string) => (await callEndpoint(resendInvitation, { params: { invitationId } })).invitation,
    onSettled: refresh,
  });
}

/** Revokes a pending invitation. @throws ApiError 404 when no longer pending. */
export function useRevokeInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitationId: string) => callEndpoint(revokeInvitation, { params: { invitationId } }),
    onSettled: refresh,
  });
}

/** Gives (`isAdmin` true) or takes a member's admin role. @throws ApiError 403, 404, 409 `copy.members.lastAdmin`. */
export function useSetMemberRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, isAdmin }: { userId: number; isAdmin: boolean }) => callEndpoint(setMemberRole, { params: { userId }, body: { isAdmin } }),
    onSettled: refresh,
  });
}

/** Takes a member out of the organization. @throws ApiError 400 `copy.members.cannotRemoveSelf`, 403, 404. */
export function useRemoveMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => callEndpoint(removeMember, { params: { userId } }),
    onSettled: refresh,
  });
}
