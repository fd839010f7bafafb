/**
 * The workflow calls of spec 001 §7 (owned by workflows-engine): create, save the draft, publish, enable or
 * disable, delete, list a form's workflows, get one. Access is decided by the workspace of the workflow's form
 * and its creator (spec 001 §6, spec 000 §6; `rules/access.ts`): a workflow the caller cannot see — its form in a
 * workspace that is not theirs, or another member's form where they are `limited` — answers 404 'Workflow not found',
 * a read-only member asking to change gets 403. Failures the spec names answer its texts (spec 001 §8).
 *
 * Templates travel as `unknown` in the request schemas: the engine parses them with `WorkflowTemplate` itself so
 * that refusals carry readable `{path, message}` details (paths start with `template.`); the typed request shapes
 * for callers are the `…Request` types.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Workflow, type WorkflowTemplate } from '../../entities/workflow';
import { NEW_FORM_PLACEHOLDER } from '../../limits';
import { WORKFLOW_GALLERY_TEMPLATES, type WorkflowGalleryTemplate } from '../../workflow-templates';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { WorkflowRunStats } from './run-stats';

const workflowId = z.uuid();
/** Request body of a template: parsed by the engine with `WorkflowTemplate` (see the module doc). */
const templateInput = z.unknown();

/**
 * `POST /admin/workflows` body: either spec 001 §7's `{template, isHidden, name}` — a workflow from a template the
 * editor built — or a gallery template (spec 001 §2, §4) `{galleryTemplate, flowPublicIdentifier, …}`: the engine
 * generates the template against the form (its draft) and creates the workflow in ONE transaction, published and
 * active at once when `activate` is true (refused with the reasons, and nothing created, when the generated
 * workflow is incomplete). `flowPublicIdentifier` may be the placeholder `new_form` (spec 001 §4): a new blank form
 * named 'New form' is created first in `workspaceId`. `name` defaults to the gallery template's title.
 */
export const CreateWorkflowBody = z
  .object({
    template: templateInput.optional(),
    isHidden: z.boolean().default(false),
    name: z.string().trim().min(1).max(200).optional(),
    galleryTemplate: z.enum(WORKFLOW_GALLERY_TEMPLATES).optional(),
    flowPublicIdentifier: z.string().min(1).max(64).optional(),
    workspaceId: z.number().int().positive().optional(),
    activate: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    const fromTemplate = body.template !== undefined;
    const fromGallery = body.galleryTemplate !== undefined;
    if (fromTemplate === fromGallery) {
      context.addIssue({ code: 'custom', path: [fromTemplate ? 'galleryTemplate' : 'template'], message: copy.workflows.templateOrGallery });
    }
    if (fromTemplate && body.name === undefined) context.addIssue({ code: 'custom', path: ['name'], message: copy.validation.required });
    if (fromGallery && body.flowPublicIdentifier === undefined) {
      context.addIssue({ code: 'custom', path: ['flowPublicIdentifier'], message: copy.workflows.flowRequired });
    }
    if (fromGallery && body.flowPublicIdentifier === NEW_FORM_PLACEHOLDER && body.workspaceId === undefined) {
      context.addIssue({ code: 'custom', path: ['workspaceId'], message: copy.workflows.workspaceRequiredForNewForm });
    }
  });
/** The parsed body of `POST /admin/workflows`. */
export type CreateWorkflowBody = z.infer<typeof CreateWorkflowBody>;
/** The typed request of `POST /admin/workflows` from a template. */
export interface CreateWorkflowRequest {
  template: WorkflowTemplate;
  isHidden?: boolean;
  name: string;
}

/** The typed request of `POST /admin/workflows` from a gallery template. */
export interface CreateGalleryWorkflowRequest {
  galleryTemplate: WorkflowGalleryTemplate;
  /** The form, or `new_form` ({@link NEW_FORM_PLACEHOLDER}) for a new one in `workspaceId`. */
  flowPublicIdentifier: string;
  workspaceId?: number;
  name?: string;
  isHidden?: boolean;
  /** Publish and turn the workflow on in the same transaction. */
  activate?: boolean;
}

/** `POST /admin/workflows/save` body (spec 001 §7): `{id, template}` — stores the draft only. */
export const SaveWorkflowBody = z.object({ id: workflowId, template: templateInput });
/** `POST /admin/workflows/publish` body (spec 001 §7): `{id, template}` — validates, stores draft and live. */
export const PublishWorkflowBody = SaveWorkflowBody;
/** The typed request of save and publish. */
export interface SaveWorkflowRequest {
  id: string;
  template: WorkflowTemplate;
}

/** `POST /admin/workflows/enableOrDisable` body (spec 001 §7): `{id, isActive}`. */
export const EnableOrDisableWorkflowBody = z.object({ id: workflowId, isActive: z.boolean() });
/** The request of enableOrDisable. */
export type EnableOrDisableWorkflowBody = z.infer<typeof EnableOrDisableWorkflowBody>;

/** ours: a workflow's name is 1..{@link WORKFLOW_NAME_MAX_LENGTH} characters, trimmed. */
export const WORKFLOW_NAME_MAX_LENGTH = 200;

/** `POST /admin/workflows/rename` body: `{id, name}` — the workflow list's 'Rename' (the name only; the template stays). */
export const RenameWorkflowBody = z.object({ id: workflowId, name: z.string().trim().min(1).max(WORKFLOW_NAME_MAX_LENGTH) });
/** The request of rename. */
export type RenameWorkflowBody = z.infer<typeof RenameWorkflowBody>;

/** `:id` of `/admin/workflows/:id…`. */
export const WorkflowIdParams = z.object({ id: workflowId });

/** `GET /admin/workflows` query: the workflows of one form. */
export const ListWorkflowsQuery = z.object({ flowPublicIdentifier: z.string().min(1).max(64) });

/** `{workflow}`. */
export const WorkflowResponse = z.object({ workflow: Workflow });
/** `{workflow}`. */
export type WorkflowResponse = z.infer<typeof WorkflowResponse>;

/**
 * A workflow as the list of a form's workflows shows it: the workflow and its live runs' `stats` (counts and the
 * last run; `run-stats.ts`).
 */
export const ListedWorkflow = Workflow.extend({ stats: WorkflowRunStats });
/** A listed workflow. */
export type ListedWorkflow = z.infer<typeof ListedWorkflow>;

/** `{workflows}`, newest first, each with its live runs' `stats`. */
export const WorkflowsResponse = z.object({ workflows: z.array(ListedWorkflow) });
/** `{workflows}`. */
export type WorkflowsResponse = z.infer<typeof WorkflowsResponse>;

/** `{success: true}`. */
export const SuccessResponse = z.object({ success: z.literal(true) });


const workflowNotFound = errorResponse(`'${copy.workflows.workflowNotFound}': no such workflow, or not the caller's.`);
const forbidden = errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`);

/** `POST /admin/workflows` (spec 001 §7): creates an inactive, unpublished workflow on a form. */
export const createWorkflow = defineEndpoint({
  id: 'workflows.create',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows',
  access: 'session',
  summary: 'Create a workflow',
  description:
    `From a template the editor built (spec 001 §7), or from a gallery template generated against the form (spec 001 §4; ` +
    `\`new_form\` creates the form first), published and active at once with \`activate\`. Refused at the workflow maximum ` +
    `(409 '${copy.workflows.maxWorkflows}') or above 20 actions (400 '${copy.workflows.maxActions}').`,
  body: CreateWorkflowBody,
  unauthorizedMessage: copy.workflows.signUpToCreate,
  responses: {
    200: okResponse(WorkflowResponse),
    401: errorResponse(`'${copy.workflows.signUpToCreate}': anonymous callers are sent to sign-up (spec 001 §1).`),
    403: forbidden,
    404: errorResponse(`'${copy.flows.flowNotFound}': the trigger's form does not exist or is not the caller's.`),
    409: errorResponse(`'${copy.workflows.maxWorkflows}'.`),
    422: errorResponse('The gallery template is not available yet.'),
  },
});

/** `POST /admin/workflows/save` (spec 001 §7): stores the draft template. */
export const saveWorkflow = defineEndpoint({
  id: 'workflows.save',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/save',
  access: 'session',
  summary: 'Save a workflow draft',
  body: SaveWorkflowBody,
  responses: { 200: okResponse(WorkflowResponse), 403: forbidden, 404: workflowNotFound },
});

/** `POST /admin/workflows/publish` (spec 001 §7): validates, stores the draft and the live template. */
export const publishWorkflow = defineEndpoint({
  id: 'workflows.publish',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/publish',
  access: 'session',
  summary: 'Publish a workflow',
  description: 'The save checks plus execution checks: every `nextNodeId` names a node, no loop, each node complete (spec 001 §4, §5).',
  body: PublishWorkflowBody,
  responses: { 200: okResponse(WorkflowResponse), 403: forbidden, 404: workflowNotFound },
});

/** `POST /admin/workflows/enableOrDisable` (spec 001 §7). */
export const enableOrDisableWorkflow = defineEndpoint({
  id: 'workflows.enableOrDisable',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/enableOrDisable',
  access: 'session',
  summary: 'Turn a workflow on or off',
  body: EnableOrDisableWorkflowBody,
  responses: { 200: okResponse(SuccessResponse), 403: forbidden, 404: workflowNotFound },
});

/**
 * `POST /admin/workflows/rename` (ours: spec 001 §7 names no rename call; the workflow list's 'Rename'): changes the
 * name only, `updatedAt` too; answers the workflow.
 */
export const renameWorkflow = defineEndpoint({
  id: 'workflows.rename',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/rename',
  access: 'session',
  summary: 'Rename a workflow',
  body: RenameWorkflowBody,
  responses: { 200: okResponse(WorkflowResponse), 403: forbidden, 404: workflowNotFound },
});

/** `DELETE /admin/workflows/:id` (spec 001 §7): its runs go with it; the mail log stays. */
export const deleteWorkflow = defineEndpoint({
  id: 'workflows.delete',
  service: 'workflows-engine',
  method: 'DELETE',
  path: '/admin/workflows/:id',
  access: 'session',
  summary: 'Delete a workflow',
  params: WorkflowIdParams,
  responses: { 200: okResponse(SuccessResponse), 403: forbidden, 404: workflowNotFound },
});

/**
 * `GET /admin/workflows?flowPublicIdentifier=`: the workflows of one form the caller may view, each with its live
 * runs' `stats` (`{total, succeeded, failed, inProgress, lastRun}`, test runs left out).
 */
export const listWorkflows = defineEndpoint({
  id: 'workflows.list',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/workflows',
  access: 'session',
  summary: "List a form's workflows",
  description:
    'Newest first. Each workflow has `stats`: how many live runs it had (`total`, `succeeded`, `failed`, `inProgress` — ' +
    'queued, running or waiting) and its newest live run (`lastRun: {id, status, createdAt, finishedAt}` or null). Test ' +
    'runs never count. One grouped query over the listed workflows computes them.',
  query: ListWorkflowsQuery,
  responses: { 200: okResponse(WorkflowsResponse) },
});

/** `GET /admin/workflows/:id`. */
export const getWorkflow = defineEndpoint({
  id: 'workflows.get',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/workflows/:id',
  access: 'session',
  summary: 'Get a workflow',
  params: WorkflowIdParams,
  responses: { 200: okResponse(WorkflowResponse), 404: workflowNotFound },
});
