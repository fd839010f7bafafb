/**
 * The connected-accounts routes (`@formloom/contracts/api/integrations/services`; rules in `domain/services.ts`):
 * every one scoped to the caller's organization.
 */
import { checkService, createService, deleteService, getService, listServices, updateService } from '@formloom/contracts/api/integrations/services';
import { requireAuth } from '@formloom/kit/auth';
import { defineRoutes } from '@formloom/kit/routes';
import type { IntegrationsDeps } from '../deps';
import * as services from '../domain/services';

/** The connected-accounts routes. */
export const serviceRoutes = defineRoutes<IntegrationsDeps>((router, deps) => {
  router.handle(listServices, async ({ query, request }) => ({ services: await services.listServices(deps.db, requireAuth(request), query) }));
  router.handle(createService, async ({ body, request }) => ({ service: await services.createService(deps, requireAuth(request), body) }));
  router.handle(getService, async ({ params, request }) => ({ service: await services.getService(deps.db, requireAuth(request), params.serviceId) }));
  router.handle(updateService, async ({ params, body, request }) => ({ service: await services.updateService(deps, requireAuth(request), params.serviceId, body) }));
  router.handle(checkService, async ({ params, request }) => ({ service: await services.checkService(deps, requireAuth(request), params.serviceId) }));
  router.handle(deleteService, async ({ params, request }) => {
    await services.deleteService(deps.db, requireAuth(request), params.serviceId);
    return { success: true as const };
  });
});
