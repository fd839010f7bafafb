/**
 * The organization's domains (`api/workspaces-auth/custom-domains.ts`; admins only — others get 403
 * `copy.auth.adminOnly`):
 * - `getCustomDomains` (GET /admin/customDomains) → `{domain: {subdomain, baseHost, subdomainUrl}}`;
 * - `updateSubdomain` (POST /admin/customDomains/updateSubdomain {subdomain}) → `{subdomain}`; 400 with details at
 *   `body.subdomain` (not a DNS label, reserved), 409 `copy.domains.subdomainTaken`;
 * - `setCustomDomain` (POST /admin/customDomains {hostname}) → 201 `{customDomain}` pending; 400 at `body.hostname`,
 *   409 `copy.domains.hostnameTaken`; `verifyCustomDomain` (POST /admin/customDomains/verify) → `{customDomain}` after
 *   its DNS check; `removeCustomDomain` (DELETE /admin/customDomains).
 * Every change refreshes the domains.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCustomDomains,
  removeCustomDomain,
  setCustomDomain,
  updateSubdomain,
  verifyCustomDomain,
  type CustomDomain,
  type UpdateSubdomainResponse,
} from '@formloom/contracts/api/workspaces-auth/custom-domains';
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

/** A mutation that refreshes the domains once it settles. */
function useDomainChange<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }) });
}

/** Connects `hostname` as the organization's own domain (pending). */
export function useSetCustomDomain() {
  return useDomainChange(async (hostname: string): Promise<CustomDomain> => (await callEndpoint(setCustomDomain, { body: { hostname } })).customDomain);
}

/** Checks the own domain's DNS records; resolves the domain after the check (its `status` and `problem`). */
export function useVerifyCustomDomain() {
  return useDomainChange(async (): Promise<CustomDomain> => (await callEndpoint(verifyCustomDomain, {})).customDomain);
}

/** Disconnects the own domain. */
export function useRemoveCustomDomain() {
  return useDomainChange(() => callEndpoint(removeCustomDomain, {}));
}
