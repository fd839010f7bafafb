/**
 * Access helpers shared by the admin routes (spec 000 §6): workspace access is checked on the server for every
 * call, from the caller's verified JWT claims.
 */
import type { FastifyRequest } from 'fastify';
import { HOST_ORGANIZATION_HEADER } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import { notFound } from '@formloom/kit/errors';
import type { FlowsServiceDeps } from '../deps';
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

/**
 * On an organization's host (the gateway's {@link HOST_ORGANIZATION_HEADER}, `gateway/src/organization-hosts.ts`), the
 * public routes serve only that organization's forms.
 * @throws 404 'Form not found' when the request came through another organization's host than the form's (or the
 *   form does not exist); nothing without the header.
 */
export async function assertServedOnHost(deps: Pick<FlowsServiceDeps, 'reads'>, request: FastifyRequest, publicIdentifier: string): Promise<void> {
  const header = request.headers[HOST_ORGANIZATION_HEADER];
  if (typeof header !== 'string') return;
  const { record } = await deps.reads.flowForSubmission(publicIdentifier);
  if (!record || String(record.organizationId) !== header) throw notFound(copy.flows.flowNotFound);
}
