/**
 * An Airtable account's bases and a base's tables (`listAirtableBases`, `listAirtableTables`: GET
 * /v1/admin/services/airtable/bases|tables; the integrations service asks Airtable), for the Airtable step's pickers.
 * Asked only once there is something to ask with (an account; a base). Errors are the pickers' to show.
 */
import { useQuery } from '@tanstack/react-query';
import { listAirtableBases, listAirtableTables } from '@formloom/contracts/api/integrations/airtable';
import { callEndpoint } from '../../../lib/api-client';
import { serviceKeys } from '../../../lib/query-keys';

/** The bases of connection `serviceId` (null: none chosen yet). */
export function useAirtableBases(serviceId: string | null) {
  return useQuery({
    queryKey: serviceKeys.schema(serviceId ?? '', 'bases'),
    queryFn: async ({ signal }) => (await callEndpoint(listAirtableBases, { query: { serviceId: serviceId! }, signal })).bases,
    enabled: serviceId !== null,
    retry: false,
  });
}

/** The tables of base `baseId` with connection `serviceId` (either null: not asked). */
export function useAirtableTables(serviceId: string | null, baseId: string | null) {
  return useQuery({
    queryKey: serviceKeys.schema(serviceId ?? '', `tables:${baseId ?? ''}`),
    queryFn: async ({ signal }) => (await callEndpoint(listAirtableTables, { query: { serviceId: serviceId!, baseId: baseId! }, signal })).tables,
    enabled: serviceId !== null && baseId !== null,
    retry: false,
  });
}
