/**
 * The workflow calls of spec 001 §7 and the runs list (schemas in `@formloom/contracts/http/workflows`):
 * create, save, publish, enableOrDisable, delete, list, get, runs, delete runs. Access as in `access.ts`.
 */
import { copy } from '@formloom/contracts/copy';
import {
  CreateWorkflowBody,
  DeleteWorkflowRunsParams,
  DeleteWorkflowRunsQuery,
  EnableOrDisableWorkflowBody,
  ListWorkflowsQuery,
  PageQuery,
  PublishWorkflowBody,
  SaveWorkflowBody,
  SuccessResponse,
  WorkflowIdParams,
  WorkflowResponse,
  WorkflowRunsResponse,
  WorkflowsResponse,
} from '@formloom/contracts/http/workflows';
import { accessLevelIn } from '@formloom/contracts/rules/access';
import { requireAuth, requireWorkspaceAccess } from '@formloom/kit/auth';
import { notFound, unauthorized } from '@formloom/kit/errors';
import type { ZodFastify } from '@formloom/kit/http';
import type { Db } from '@formloom/kit/db';
import type { FlowLookup } from '../flows-client';
import { assertActionCount, assertExecutable, assertSameFlow, parseTemplate, triggerFlowPublicIdentifier } from '../domain/template-rules';
import {
  createWorkflow,
  deleteWorkflow,
  findWorkflow,
  listFlowWorkflows,
  publish,
  saveDraft,
  setActive,
  toWorkflow,
} from '../domain/workflows';
import { deleteRuns, listRuns } from '../domain/runs';
import { failingWith, requireWorkflowAccess } from './access';

/** What the workflow routes need. */
export interface WorkflowRoutesDeps {
  db: Db;
  lookupFlow: FlowLookup;
}

/** Registers the workflow routes. */
export function workflowRoutes(app: ZodFastify, deps: WorkflowRoutesDeps): void {
  const { db, lookupFlow } = deps;

  /**
   * POST /admin/workflows {template, isHidden, name} → 200 {workflow}, inactive and unpublished.
   * 401 'Sign up to create a workflow' when anonymous; 400 for a bad template or > 20 actions; 404 'Form not
   * found' for an unknown form or one the caller cannot see; 403 for read access; 409 at the workflow maximum.
   */
  app.post(
    '/admin/workflows',
    { schema: { body: CreateWorkflowBody, response: { 200: WorkflowResponse } } },
    async (request) => {
      if (!request.auth) throw unauthorized(copy.workflows.signUpToCreate);
      const claims = requireAuth(request);
      const template = parseTemplate(request.body.template);
      assertActionCount(template);
      const flowPublicIdentifier = triggerFlowPublicIdentifier(template);
      const flow = await lookupFlow(flowPublicIdentifier);
      if (!flow || flow.organizationId !== claims.org) throw notFound(copy.flows.flowNotFound);
      requireWorkspaceAccess(request, flow.workspaceId, 'change', copy.flows.flowNotFound);
      const row = await failingWith(copy.workflows.createFailed, request, () =>
        createWorkflow(db, { flow, name: request.body.name, isHidden: request.body.isHidden, template }),
      );
      return { workflow: toWorkflow(row) };
    },
  );

  /** POST /admin/workflows/save {id, template} → {workflow}: stores the draft (shape, ≤ 20 actions, same form). */
  app.post(
    '/admin/workflows/save',
    { schema: { body: SaveWorkflowBody, response: { 200: WorkflowResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.body.id), 'change');
      const template = parseTemplate(request.body.template);
      assertActionCount(template);
      assertSameFlow(template, row.flowPublicIdentifier);
      const saved = await failingWith(copy.workflows.saveFailed, request, () => saveDraft(db, row.id, template));
      if (!saved) throw notFound(copy.workflows.workflowNotFound);
      return { workflow: toWorkflow(saved) };
    },
  );

  /**
   * POST /admin/workflows/publish {id, template} → {workflow}: the save checks plus execution checks (every
   * nextNodeId names a node, no loop, email nodes per spec 001 §5); stores draft and published template.
   */
  app.post(
    '/admin/workflows/publish',
    { schema: { body: PublishWorkflowBody, response: { 200: WorkflowResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.body.id), 'change');
      const template = parseTemplate(request.body.template);
      assertActionCount(template);
      assertSameFlow(template, row.flowPublicIdentifier);
      assertExecutable(template);
      const published = await failingWith(copy.workflows.publishFailed, request, () => publish(db, row.id, template));
      if (!published) throw notFound(copy.workflows.workflowNotFound);
      return { workflow: toWorkflow(published) };
    },
  );

  /** POST /admin/workflows/enableOrDisable {id, isActive} → {success: true}. */
  app.post(
    '/admin/workflows/enableOrDisable',
    { schema: { body: EnableOrDisableWorkflowBody, response: { 200: SuccessResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.body.id), 'change');
      const found = await failingWith(copy.workflows.updateFailed, request, () => setActive(db, row.id, request.body.isActive));
      if (!found) throw notFound(copy.workflows.workflowNotFound);
      return { success: true as const };
    },
  );

  /** DELETE /admin/workflows/:id → {success: true}; its runs and steps go with it, the mail log stays. */
  app.delete(
    '/admin/workflows/:id',
    { schema: { params: WorkflowIdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.params.id), 'change');
      await failingWith(copy.workflows.deleteFailed, request, () => deleteWorkflow(db, row.id));
      return { success: true as const };
    },
  );

  /** GET /admin/workflows?flowPublicIdentifier= → {workflows}: the form's workflows the caller may view. */
  app.get(
    '/admin/workflows',
    { schema: { querystring: ListWorkflowsQuery, response: { 200: WorkflowsResponse } } },
    async (request) => {
      const claims = requireAuth(request);
      const rows = await listFlowWorkflows(db, request.query.flowPublicIdentifier, claims.org);
      const visible = rows.filter((row) => accessLevelIn(claims, row.workspaceId) !== null);
      return { workflows: visible.map(toWorkflow) };
    },
  );

  /** GET /admin/workflows/:id → {workflow}. */
  app.get(
    '/admin/workflows/:id',
    { schema: { params: WorkflowIdParams, response: { 200: WorkflowResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.params.id), 'view');
      return { workflow: toWorkflow(row) };
    },
  );

  /** GET /admin/workflows/:id/runs?limit=&offset= → {runs, total}, newest first, limit ≤ RUNS_PAGE_MAX. */
  app.get(
    '/admin/workflows/:id/runs',
    { schema: { params: WorkflowIdParams, querystring: PageQuery, response: { 200: WorkflowRunsResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.params.id), 'view');
      return listRuns(db, row.id, request.query);
    },
  );

  /**
   * DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit → {success: true} (spec 001 §7): deletes
   * every run of the workflow. `flowId` (public identifier or numeric id) must be the workflow's form (else 404).
   */
  app.delete(
    '/v1/admin/flow/:flowId/workflowRuns/:workflowId',
    { schema: { params: DeleteWorkflowRunsParams, querystring: DeleteWorkflowRunsQuery, response: { 200: SuccessResponse } } },
    async (request) => {
      const row = requireWorkflowAccess(request, await findWorkflow(db, request.params.workflowId), 'change');
      const { flowId } = request.params;
      if (flowId !== row.flowPublicIdentifier && flowId !== String(row.flowId)) {
        throw notFound(copy.workflows.workflowNotFound);
      }
      await failingWith(copy.workflows.deleteRunsFailed, request, () => deleteRuns(db, row.id));
      return { success: true as const };
    },
  );
}
