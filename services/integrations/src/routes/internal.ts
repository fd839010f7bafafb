/**
 * The internal routes (`@formloom/contracts/api/integrations/internal`; `x-internal-token`, checked by the kit):
 * actions with a connected account for the other services (`domain/actions.ts`).
 */
import { runServiceAction } from '@formloom/contracts/api/integrations/internal';
import { defineRoutes } from '@formloom/kit/routes';
import type { IntegrationsDeps } from '../deps';
import { runAction } from '../domain/actions';

/** The internal routes. */
export const internalRoutes = defineRoutes<IntegrationsDeps>((router, deps) => {
  router.handle(runServiceAction, async ({ params, body }) => runAction(deps, params.serviceId, body));
});
