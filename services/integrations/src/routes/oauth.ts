/**
 * The OAuth routes (`@formloom/contracts/api/integrations/oauth`; the flow in `domain/oauth.ts`): start, for a
 * signed-in member, and the providers' callback, which redirects the browser back to the app.
 */
import { serviceOAuthCallback, startServiceOAuth } from '@formloom/contracts/api/integrations/oauth';
import { requireAuth } from '@formloom/kit/auth';
import { defineRoutes } from '@formloom/kit/routes';
import type { IntegrationsDeps } from '../deps';
import { completeOAuth, startOAuth } from '../domain/oauth';

/** The OAuth routes. */
export const oauthRoutes = defineRoutes<IntegrationsDeps>((router, deps) => {
  router.handle(startServiceOAuth, async ({ params, body, request }) => ({
    authorizationUrl: await startOAuth(deps, requireAuth(request), params.serviceType, body),
  }));
  router.handle(serviceOAuthCallback, async ({ query, reply }) => reply.redirect(await completeOAuth(deps, query), 303));
});
