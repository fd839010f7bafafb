/**
 * Internal flow routes for other services (cross-service agreement: workflows-engine checks a user's access
 * to a workflow's form). Never exposed by the gateway; they need the shared `x-internal-token`.
 */
import { FlowParams, InternalFlowResponse } from '@formloom/contracts/http/flows';
import { requireInternal } from '@formloom/kit/auth';
import type { ZodFastify } from '@formloom/kit/http';
import { getInternalFlow, type FlowsDeps } from '../domain/flows';

/** Registers `GET /internal/flows/:publicIdentifier`; `internalToken` is the configured `INTERNAL_TOKEN`. */
export function internalFlowRoutes(app: ZodFastify, deps: FlowsDeps, internalToken: string | undefined): void {
  app.get(
    '/internal/flows/:publicIdentifier',
    { schema: { params: FlowParams, response: { 200: InternalFlowResponse } } },
    async (request) => {
      requireInternal(request, internalToken);
      return { flow: await getInternalFlow(deps, request.params.publicIdentifier) };
    },
  );
}
