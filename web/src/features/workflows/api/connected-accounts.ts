/**
 * The organization's connected accounts of one service type (`listServices`, GET /admin/services?type=…; the
 * integrations service), for an integration step's account picker. The same query key as the integrations pages, so
 * an account connected there shows here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listServices } from '@formloom/contracts/api/integrations/services';
import type { ServiceType } from '@formloom/contracts/integrations/service-types';
import { callEndpoint } from '../../../lib/api-client';
import { serviceKeys } from '../../../lib/query-keys';

/** The query of the accounts of `type`. */
export function connectedAccountsQueryOptions(type: ServiceType) {
  return queryOptions({
    queryKey: serviceKeys.list(type),
    queryFn: async ({ signal }) => (await callEndpoint(listServices, { query: { type }, signal })).services,
  });
}

/** The accounts of `type`. */
export function useConnectedAccounts(type: ServiceType) {
  return useQuery(connectedAccountsQueryOptions(type));
}
