/**
 * The workflow calls of spec 001 §7 (the endpoints of `@formloom/contracts/api/workflows-engine/workflows`): create,
 * save, publish, enableOrDisable, delete, list (with each workflow's run stats), get. The run calls are in `runs.ts`. Access as in
 * `access.ts`; failures the spec names answer its texts (spec 001 §8, `failingWith`).
 */
import type { FastifyRequest } from 'fastify';
import type { InternalFlowDraftResponse } from '@formloom/contracts/api/flows/internal';
import type { AuthClaims } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { NEW_FORM_PLACEHOLDER } from '@formloom/contracts/limits';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import type { WorkflowGalleryTemplate } from '@formloom/contracts/workflow-templates';
import {
  createWorkflow,
  deleteWorkflow,
  enableOrDisableWorkflow,
  getWorkflow,
  listWorkflows,
  publishWorkflow,
  renameWorkflow,
  saveWorkflow,
  type CreateWorkflowBody,
} from '@formloom/contracts/api/workflows-engine/workflows';
import { flowAccessLevel } from '@formloom/contracts/rules/access';
import { emptyRunStats } from '@formloom/contracts/api/workflows-engine/run-stats';
import { requireFlowAccess, requireWorkspaceAccess } from '@formloom/kit/auth';
import { notFound } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { WorkflowRow } from '../db/schema';
import type { EngineDeps } from '../deps';
import { galleryWorkflowTemplate } from '../domain/gallery';
import { galleryCategoryOf } from '@formloom/contracts/workflows/gallery/catalogue';
import {
  assertActionCount,
  assertExecutable,
  assertMaySendMail,
  assertSameFlow,
  assertSavable,
  parseTemplate,
  triggerFlowPublicIdentifier,
} from '../domain/template-rules';
import * as workflows from '../domain/workflows';
import { runStats } from '../domain/run-history';
import { failingWith, requireWorkflowAccess } from './access';

/** The workflow routes. */
export const workflowRoutes = defineRoutes<EngineDeps>((router, deps) => {
  const { db, flows } = deps;
  /** The outbound guard's settings for the server's template checks (webhook URLs). */
  const outbound = { allowedHosts: deps.webhookAllowedHosts };

  /**
   * 200 {workflow}. From a template: inactive and unpublished. From a gallery template: generated against the form
   * (a new one for `new_form`), published and active with `activate`. 401 'Sign up to create a workflow' when
   * anonymous (the router); 400 for a bad template, > 20 actions, or an incomplete workflow to activate; 404 'Form
   * not found' for an unknown form or one the caller cannot see; 403 for read access, or
   * `copy.workflows.confirmEmailToSend` to activate one that sends email (SMTP) with an unconfirmed address; 409 at
   * the workflow maximum; 422 for a gallery template not available yet.
   */
  router.handle(createWorkflow, async ({ body, auth, request }) => {
    if (body.galleryTemplate !== undefined) {
      const row = await createFromGallery(deps, request, auth, { ...body, galleryTemplate: body.galleryTemplate });
      return { workflow: workflows.toWorkflow(row) };
    }
    const template = parseTemplate(body.template);
    assertActionCount(template);
    const flowPublicIdentifier = triggerFlowPublicIdentifier(template);
    const flow = await flows.lookup(flowPublicIdentifier);
    if (!flow || flow.organizationId !== auth.org) throw notFound(copy.flows.flowNotFound);
    requireFlowAccess(request, flow, 'change', copy.flows.flowNotFound);
    await assertSavable(template, outbound);
    // The body schema requires `name` with a template.
    const name = body.name as string;
    const row = await failingWith(copy.workflows.createFailed, request, () =>
      workflows.createWorkflow(db, { flow, name, isHidden: body.isHidden, template }),
    );
    return { workflow: workflows.toWorkflow(row) };
  });

  /** Stores the draft (shape, ≤ 20 actions, same form, webhook URLs the outbound guard accepts). */
  router.handle(saveWorkflow, async ({ body, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, body.id), 'change');
    const template = parseTemplate(body.template);
    assertActionCount(template);
    assertSameFlow(template, row.flowPublicIdentifier);
    await assertSavable(template, outbound);
    const saved = await failingWith(copy.workflows.saveFailed, request, () => workflows.saveDraft(db, row.id, template));
    if (!saved) throw notFound(copy.workflows.workflowNotFound);
    return { workflow: workflows.toWorkflow(saved) };
  });

  /**
   * The save checks plus execution checks (every nextNodeId names a node, no loop, each node's spec 001 §5 rules,
   * webhook URLs through the outbound guard with their names resolved); stores draft and published template.
   */
  router.handle(publishWorkflow, async ({ body, request, auth }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, body.id), 'change');
    const template = parseTemplate(body.template);
    assertActionCount(template);
    assertSameFlow(template, row.flowPublicIdentifier);
    await assertExecutable(template, outbound);
    if (row.isActive) assertMaySendMail(template, auth, deps.mailDelivery);
    const published = await failingWith(copy.workflows.publishFailed, request, () => workflows.publish(db, row.id, template));
    if (!published) throw notFound(copy.workflows.workflowNotFound);
    return { workflow: workflows.toWorkflow(published) };
  });

  router.handle(enableOrDisableWorkflow, async ({ body, request, auth }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, body.id), 'change');
    if (body.isActive) assertMaySendMail(row.publishedTemplate, auth, deps.mailDelivery);
    const found = await failingWith(copy.workflows.updateFailed, request, () => workflows.setActive(db, row.id, body.isActive));
    if (!found) throw notFound(copy.workflows.workflowNotFound);
    return { success: true as const };
  });

  /** The name only (the list's 'Rename'); 403 read-only, 404 unknown or not the caller's. */
  router.handle(renameWorkflow, async ({ body, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, body.id), 'change');
    const renamed = await failingWith(copy.workflows.updateFailed, request, () => workflows.rename(db, row.id, body.name));
    if (!renamed) throw notFound(copy.workflows.workflowNotFound);
    return { workflow: workflows.toWorkflow(renamed) };
  });

  /** Its runs and steps go with it; the mail log stays. */
  router.handle(deleteWorkflow, async ({ params, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'change');
    await failingWith(copy.workflows.deleteFailed, request, () => workflows.deleteWorkflow(db, row.id));
    return { success: true as const };
  });

  /** The form's workflows the caller may view, each with its live runs' stats (one grouped count for all). */
  router.handle(listWorkflows, async ({ query, auth }) => {
    const rows = await workflows.listFlowWorkflows(db, query.flowPublicIdentifier, auth.org);
    const visible = rows.filter((row) => flowAccessLevel(auth, { workspaceId: row.workspaceId, createdBy: row.flowCreatedBy }) !== null);
    const stats = await runStats(db, visible.map((row) => row.id));
    return { workflows: visible.map((row) => ({ ...workflows.toWorkflow(row), stats: stats.get(row.id) ?? emptyRunStats() })) };
  });

  router.handle(getWorkflow, async ({ params, request }) => {
    const row = requireWorkflowAccess(request, await workflows.findWorkflow(db, params.id), 'view');
    return { workflow: workflows.toWorkflow(row) };
  });
});

/**
 * Creates a workflow from a gallery template (spec 001 §4): checks the caller may change the form's workspace,
 * that the template is available, and — with `activate` — that the generated workflow is complete, all BEFORE
 * anything is written; then (for `new_form`) creates the blank form 'New form' in `workspaceId` (a scheduling form for
 * the Scheduling category), generates the template against the form's draft and inserts the workflow in one
 * transaction.
 * @throws the errors of `POST /admin/workflows` (see the route).
 */
async function createFromGallery(
  deps: EngineDeps,
  request: FastifyRequest,
  auth: AuthClaims,
  body: CreateWorkflowBody & { galleryTemplate: WorkflowGalleryTemplate },
): Promise<WorkflowRow> {
  const { galleryTemplate } = body;
  const flowPublicIdentifier = body.flowPublicIdentifier ?? NEW_FORM_PLACEHOLDER;
  const name = body.name ?? copy.galleryTitles[galleryTemplate];
  const outbound = { allowedHosts: deps.webhookAllowedHosts };
  const generate = async (pid: string, formTemplate: FlowTemplate) => {
    const template = galleryWorkflowTemplate(galleryTemplate, {
      flowPublicIdentifier: pid,
      formTemplate,
      callerEmail: auth.email,
      callerUserId: Number(auth.sub),
      dataRegion: auth.reg,
    });
    assertActionCount(template);
    if (body.activate) {
      await assertExecutable(template, outbound);
      assertMaySendMail(template, auth, deps.mailDelivery);
    }
    return template;
  };
  let form: InternalFlowDraftResponse;
  if (flowPublicIdentifier === NEW_FORM_PLACEHOLDER) {
    const workspaceId = body.workspaceId as number;
    requireWorkspaceAccess(request, workspaceId, 'create');
    await generate(flowPublicIdentifier, blankFlowTemplate());
    // spec 001 §4: "a scheduling form for the Scheduling category".
    const type = galleryCategoryOf(galleryTemplate) === 'scheduling' ? 'scheduling' : 'form';
    form = await deps.flows.createBlankForm({ organizationId: auth.org, workspaceId, type, name: copy.defaultNames.newForm, createdBy: Number(auth.sub) });
  } else {
    const found = await deps.flows.draft(flowPublicIdentifier);
    if (!found || found.flow.organizationId !== auth.org) throw notFound(copy.flows.flowNotFound);
    requireFlowAccess(request, found.flow, 'change', copy.flows.flowNotFound);
    form = found;
  }
  const template = await generate(form.flow.publicIdentifier, form.template);
  return failingWith(copy.workflows.createFailed, request, () =>
    workflows.createWorkflow(deps.db, { flow: form.flow, name, isHidden: body.isHidden, template, activate: body.activate }),
  );
}
