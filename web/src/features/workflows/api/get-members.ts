/**
 * `listMembers` (GET /admin/members) → {members: [{userId, email, firstName, lastName}]}: the users of the caller's
 * organization, for the approval step's approver picker (spec 001 §7 "A user-list fetch is dispatched when the
 * approver picker mounts").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMembers, type OrganizationMember } from '@formloom/contracts/api/workspaces-auth/admin';
import { callEndpoint } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys';

/** The organization's users, by name. @throws ApiError 401 when signed out. */
export async function getMembers(signal?: AbortSignal): Promise<OrganizationMember[]> {
  return (await callEndpoint(listMembers, { signal })).members;
}

/** The query of the organization's users (kept a minute: the picker mounts each time a panel opens). */
export function membersQueryOptions() {
  return queryOptions({ queryKey: memberKeys.all, queryFn: ({ signal }) => getMembers(signal), staleTime: 60_000 });
}

/** The organization's users. */
export function useMembers() {
  return useQuery(membersQueryOptions());
}
