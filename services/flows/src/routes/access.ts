/**
 * Access helpers shared by the admin routes (spec 000 §6): workspace access is checked on the server for every
 * call, from the caller's verified JWT claims.
 */
import type { FastifyRequest } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import { requireAuth, requireFlowAccess } from '@formloom/kit/auth';
import type { Authorize } from '../domain/flows';

/**
 * The {@link Authorize} of a signed-in caller for flow routes (the kit's `requireFlowAccess`): `view` needs any
 * level, `change` needs `write` — which a `limited` member has on the forms they created. A flow in a workspace that
 * is not the caller's, or another's form in their `limited` workspace, answers 404 'Form not found' (never revealing
 * it exists); a read-only member asking to change gets 403.
 * @throws 401 right away when the request is anonymous.
 */
export function flowAuthorizer(request: FastifyRequest): Authorize {
  requireAuth(request);
  return (flow, need) => requireFlowAccess(request, flow, need, copy.flows.flowNotFound);
}
