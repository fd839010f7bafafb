/**
 * The organization's domains (`api/workspaces-auth/custom-domains.ts`; admins only — others get 403
 * `copy.auth.adminOnly`):
 * - `getCustomDomains` (GET /admin/customDomains) → `{domain: {subdomain, baseHost, subdomainUrl}}`;
 * - `updateSubdomain` (POST /admin/customDomains/updateSubdomain {subdomain}) → `{subdomain}`; 400 with details at
 *   `body.subdomain` (not a DNS label, reserved), 409 `copy.domains.subdomainTaken`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCustomDomains, updateSubdomain, type UpdateSubdomainResponse } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { callEndpoint } from '../../../lib/api-client';
import { domainKeys } from '../../../lib/query-keys';

/** The query of the organization's domains. */
export function customDomainsQueryOptions() {
  return queryOptions({ queryKey: domainKeys.all, queryFn: async ({ signal }) => (await callEndpoint(getCustomDomains, { signal })).domain });
}

/** The organization's domains (ask only for an admin's). */
export function useCustomDomains(enabled = true) {
  return useQuery({ ...customDomainsQueryOptions(), enabled });
}

/** Sets the subdomain; refreshes the domains. Resolves the answer as given (the page checks it holds a subdomain). */
export function useUpdateSubdomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subdomain: string): Promise<UpdateSubdomainResponse> => callEndpoint(updateSubdomain, { body: { subdomain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
