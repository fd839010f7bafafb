/**
 * The schema routes (`@formloom/contracts/api/integrations/airtable`; `domain/schemas.ts`): what a connection's
 * account holds, for the pickers.
 */
import { listAirtableBases, listAirtableTables } from '@formloom/contracts/api/integrations/airtable';
import { requireAuth } from '@formloom/kit/auth';
import { defineRoutes } from '@formloom/kit/routes';
import type { IntegrationsDeps } from '../deps';
import { airtableBases, airtableTables } from '../domain/schemas';

/** The schema routes. */
export const schemaRoutes = defineRoutes<IntegrationsDeps>((router, deps) => {
  router.handle(listAirtableBases, async ({ query, request }) => ({ bases: await airtableBases(deps, requireAuth(request), query.serviceId) }));
  router.handle(listAirtableTables, async ({ query, request }) => ({ tables: await airtableTables(deps, requireAuth(request), query.serviceId, query.baseId) }));
});
