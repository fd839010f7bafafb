/**
 * `updateOrganization` (PATCH /admin/organizations/:organizationId {name?, dataRegion?, features?}) → `{organization}`;
 * 400 with field details, 403 for a member who is not an admin, 404 for another organization. Afterwards `/auth/me`
 * is reloaded: the header, the workflow gallery (the data region) and the Quick start (the features) read it there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateOrganization, type UpdateOrganizationBody } from '@formloom/contracts/api/workspaces-auth/admin';
import { callEndpoint } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';

/** Changes organization `organizationId`; see the module doc. */
export function useUpdateOrganization(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateOrganizationBody) => (await callEndpoint(updateOrganization, { params: { organizationId }, body })).organization,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
