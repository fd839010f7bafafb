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

/**
 * A mutation that moves the session to another organization: `call` answers the organization it works in now; every
 * cached query of the old one is dropped and `/auth/me` read again before it resolves.
 */
function useSessionMove<Variables>(call: (variables: Variables) => Promise<{ organization: OrganizationSummary }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables): Promise<OrganizationSummary> => {
      const { organization } = await call(variables);
      await startOver(queryClient);
      return organization;
    },
  });
}

/** Switches the session to organization `organizationId`; resolves the organization once `/auth/me` is read again. */
export function useSwitchOrganization() {
  return useSessionMove((organizationId: number) => callEndpoint(switchOrganization, { params: { organizationId } }));
}

/** Leaves organization `organizationId`; resolves the organization the session works in now. */
export function useLeaveOrganization() {
  return useSessionMove((organizationId: number) => callEndpoint(leaveOrganization, { params: { organizationId } }));
}

/** Joins with invitation link `token` (the signed-in account is the invited address); resolves the organization. */
export function useJoinInvitation() {
  return useSessionMove((token: string) => callEndpoint(joinInvitation, { body: { token } }));
}
