/**
 * Admin flow routes (spec 000 §7; issue 2 §5): create, list, fetch the draft, save the draft, publish, and the
 * submissions list. Every route needs a signed-in caller and checks workspace access (spec 000 §6).
 */
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import {
  CreateFlowBody,
  CreateFlowResponse,
  FlowParams,
  FlowWithDraftResponse,
  ListFlowsQuery,
  ListFlowsResponse,
  PublishFlowResponse,
  SaveTemplateBody,
  SubmissionsQuery,
  SubmissionsResponse,
} from '@formloom/contracts/http/flows';
import { requireAuth, requireWorkspaceAccess } from '@formloom/kit/auth';
import type { ZodFastify } from '@formloom/kit/http';
import { createFlow, getFlowWithDraft, listFlows, publishFlow, saveDraft, type FlowsDeps } from '../domain/flows';
import { listSubmissions } from '../domain/submissions';
import { flowAuthorizer } from './access';

/** Registers the `/admin/flows` routes. */
export function adminFlowRoutes(app: ZodFastify, deps: FlowsDeps): void {
  app.post(
    '/admin/flows',
    { schema: { body: CreateFlowBody, response: { 201: CreateFlowResponse } } },
    async (request, reply) => {
      const claims = requireAuth(request);
      const accessLevel = requireWorkspaceAccess(request, request.body.workspaceId, 'change');
      const flow = await createFlow(deps, { body: request.body, organizationId: claims.org, accessLevel });
      return reply.code(201).send({ flow });
    },
  );

  app.get(
    '/admin/flows',
    { schema: { querystring: ListFlowsQuery, response: { 200: ListFlowsResponse } } },
    async (request) => {
      const claims = requireAuth(request);
      const { workspaceId } = request.query;
      const workspaces = new Map<number, AccessLevel>();
      if (workspaceId !== undefined) {
        workspaces.set(workspaceId, requireWorkspaceAccess(request, workspaceId, 'view'));
      } else {
        // Every workspace in the caller's verified claims (keys are decimal workspace ids).
        for (const [id, level] of Object.entries(claims.ws)) {
          if (/^\d+$/.test(id)) workspaces.set(Number(id), level);
        }
      }
      return { flows: await listFlows(deps, claims.org, workspaces) };
    },
  );

  app.get(
    '/admin/flows/fetch/:publicIdentifier',
    { schema: { params: FlowParams, response: { 200: FlowWithDraftResponse } } },
    async (request) => getFlowWithDraft(deps, request.params.publicIdentifier, flowAuthorizer(request)),
  );

  app.put(
    '/admin/flows/:publicIdentifier/template',
    { schema: { params: FlowParams, body: SaveTemplateBody, response: { 200: FlowWithDraftResponse } } },
    async (request) =>
      saveDraft(deps, request.params.publicIdentifier, request.body.template, flowAuthorizer(request)),
  );

  app.post(
    '/admin/flows/:publicIdentifier/publish',
    { schema: { params: FlowParams, response: { 200: PublishFlowResponse } } },
    async (request) => ({ flow: await publishFlow(deps, request.params.publicIdentifier, flowAuthorizer(request)) }),
  );

  app.get(
    '/admin/flows/:publicIdentifier/submissions',
    { schema: { params: FlowParams, querystring: SubmissionsQuery, response: { 200: SubmissionsResponse } } },
    async (request) =>
      listSubmissions(deps, request.params.publicIdentifier, request.query, flowAuthorizer(request)),
  );
}
