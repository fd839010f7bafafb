/**
 * The signed-in user's organizations (spec 000 §1, §2 'Switch organization', §7; `api/workspaces-auth/admin.ts`):
 * - `listOrganizations` (GET /admin/organizations) → `{organizations: [{id, name, …, isAdmin, isCurrent}]}`;
 * - `switchOrganization` (POST /admin/organizations/:organizationId/switch) → `{organization}` with a new session
 *   cookie, 404 `copy.auth.organizationNotFound`;
 * - `leaveOrganization` (POST /admin/organizations/:organizationId/leave) → `{organization}` the session moved to, with
 *   a new cookie; 409 `copy.organizations.onlyOrganization` or `lastAdmin`;
 * - `joinInvitation` (POST /auth/invitations/join {token}) → `{organization}` joined, with a new cookie; 403
 *   `copy.members.wrongAccount`.
 * Each of the three moves the session to another organization: every cached query (forms, workspaces, members…)
 * belongs to the old one, so all are dropped and `/auth/me` is read again before the caller navigates.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { leaveOrganization, listOrganizations, switchOrganization } from '@formloom/contracts/api/workspaces-auth/admin';
import { joinInvitation } from '@formloom/contracts/api/workspaces-auth/members';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';
import { meQueryOptions } from './get-me';

/** The query of the user's organizations. */
export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.organizations(),
    queryFn: async ({ signal }) => (await callEndpoint(listOrganizations, { signal })).organizations,
  });
}

/** The user's organizations (`enabled` false: not fetched, e.g. while the switcher is closed). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}

/** Drops every cached query (they belong to the organization the session left) and reads `/auth/me` again. */
async function startOver(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] || query.queryKey[1] !== 'me' });
  await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}

/** Switches the session to organization `organizationId`; resolves the organization once `/auth/me` is read again. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: number): Promise<OrganizationSummary> => {
      const { organization } = await callEndpoint(switchOrganization, { params: { organizationId } });
      await startOver(queryClient);
      return organization;
    },
  });
}

/** Leaves organization `organizationId`; resolves the organization the session works in now. */
export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: number): Promise<OrganizationSummary> => {
      const { organization } = await callEndpoint(leaveOrganization, { params: { organizationId } });
      await startOver(queryClient);
      return organization;
    },
  });
}

/** Joins with invitation link `token` (the signed-in account is the invited address); resolves the organization. */
export function useJoinInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<OrganizationSummary> => {
      const { organization } = await callEndpoint(joinInvitation, { body: { token } });
      await startOver(queryClient);
      return organization;
    },
  });
}
