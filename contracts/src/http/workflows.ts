/**
 * Requests and responses of the workflows-engine's documented calls (spec 001 §7) and of the engine's own
 * read calls (runs, mail log). Owned by workflows-engine; the web types its hooks from these.
 *
 * | call | request | response |
 * | --- | --- | --- |
 * | `POST /admin/workflows` | {@link CreateWorkflowBody} | {@link WorkflowResponse} |
 * | `POST /admin/workflows/save` | {@link SaveWorkflowBody} | {@link WorkflowResponse} |
 * | `POST /admin/workflows/publish` | {@link PublishWorkflowBody} | {@link WorkflowResponse} |
 * | `POST /admin/workflows/enableOrDisable` | {@link EnableOrDisableWorkflowBody} | {@link SuccessResponse} |
 * | `DELETE /admin/workflows/:id` | {@link WorkflowIdParams} | {@link SuccessResponse} |
 * | `GET /admin/workflows?flowPublicIdentifier=` | {@link ListWorkflowsQuery} | {@link WorkflowsResponse} |
 * | `GET /admin/workflows/:id` | {@link WorkflowIdParams} | {@link WorkflowResponse} |
 * | `GET /admin/workflows/:id/runs?limit=&offset=` | {@link PageQuery} | {@link WorkflowRunsResponse} |
 * | `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` | {@link DeleteWorkflowRunsParams} | {@link SuccessResponse} |
 * | `GET /admin/mail?limit=&offset=` | {@link MailPageQuery} | {@link MailMessagesResponse} |
 *
 * Templates travel as `unknown` in the request schemas: the engine parses them with `WorkflowTemplate`
 * itself so that refusals carry readable `{path, message}` details (paths start with `template.`); the
 * typed request shapes for callers are the `…Request` types.
 */
import { z } from 'zod';
import { Workflow, type WorkflowTemplate } from '../entities/workflow';
import { MAIL_PAGE_MAX, RUNS_PAGE_DEFAULT, RUNS_PAGE_MAX } from '../limits';

const workflowId = z.uuid();
/** Request body of a template: parsed by the engine with `WorkflowTemplate` (see the module doc). */
const templateInput = z.unknown();

/** `POST /admin/workflows` body (spec 001 §7): `{template, isHidden, name}`. */
export const CreateWorkflowBody = z.object({
  template: templateInput,
  isHidden: z.boolean().default(false),
  name: z.string().trim().min(1).max(200),
});
/** The typed request of `POST /admin/workflows`. */
export interface CreateWorkflowRequest {
  template: WorkflowTemplate;
  isHidden?: boolean;
  name: string;
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

/** `:id` of `/admin/workflows/:id…`. */
export const WorkflowIdParams = z.object({ id: workflowId });

/** `GET /admin/workflows` query: the workflows of one form. */
export const ListWorkflowsQuery = z.object({ flowPublicIdentifier: z.string().min(1).max(64) });

/**
 * `DELETE /v1/admin/flow/:flowId/workflowRuns/:workflowId?mode=edit` (spec 001 §7). `flowId` is the form's
 * public identifier (or its numeric id); it must be the workflow's form. `mode` is accepted as the spec sends
 * it (`edit`); the engine keeps no separate test runs, so every run of the workflow is deleted.
 */
export const DeleteWorkflowRunsParams = z.object({ flowId: z.string().min(1).max(64), workflowId });
/** The query of the runs deletion. */
export const DeleteWorkflowRunsQuery = z.object({ mode: z.enum(['edit', 'live']).optional() });

/** `?limit=&offset=` of the runs list: limit 1..RUNS_PAGE_MAX (default RUNS_PAGE_DEFAULT). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
/** A page request. */
export type PageQuery = z.infer<typeof PageQuery>;

/** `?limit=&offset=` of the mail log: limit 1..MAIL_PAGE_MAX (default RUNS_PAGE_DEFAULT). */
export const MailPageQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
});

/** `{workflow}`. */
export const WorkflowResponse = z.object({ workflow: Workflow });
/** `{workflow}`. */
export type WorkflowResponse = z.infer<typeof WorkflowResponse>;

/** `{workflows}`, newest first. */
export const WorkflowsResponse = z.object({ workflows: z.array(Workflow) });
/** `{workflows}`. */
export type WorkflowsResponse = z.infer<typeof WorkflowsResponse>;

/** `{success: true}`. */
export const SuccessResponse = z.object({ success: z.literal(true) });

/** Run states: `queued` → `running` → `succeeded` | `failed`. */
export const RunStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);
/** A run state. */
export type RunStatus = z.infer<typeof RunStatus>;

/** Step states: `running` (started, or interrupted by a crash) → `succeeded` | `failed`. */
export const StepStatus = z.enum(['running', 'succeeded', 'failed']);
/** A step state. */
export type StepStatus = z.infer<typeof StepStatus>;

/** One executed node of a run. `output` is node-specific; the email node's is `{to, subject, messageId}`. */
export const WorkflowRunStep = z.object({
  nodeId: z.string(),
  type: z.string(),
  status: StepStatus,
  output: z.unknown(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
/** A run step. */
export type WorkflowRunStep = z.infer<typeof WorkflowRunStep>;

/** One run of a workflow (times ISO 8601, `null` until reached). */
export const WorkflowRun = z.object({
  id: z.string(),
  status: RunStatus,
  triggerEventId: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  steps: z.array(WorkflowRunStep),
});
/** A run. */
export type WorkflowRun = z.infer<typeof WorkflowRun>;

/** `{runs, total}`: one page of runs, newest first; `total` counts every run of the workflow. */
export const WorkflowRunsResponse = z.object({ runs: z.array(WorkflowRun), total: z.number().int() });
/** `{runs, total}`. */
export type WorkflowRunsResponse = z.infer<typeof WorkflowRunsResponse>;

/** One message of the mail log (the embedded mail adapter, ARCHITECTURE §2 "mail: local mail log"). */
export const MailMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
  workflowRunId: z.string().nullable(),
});
/** A logged message. */
export type MailMessage = z.infer<typeof MailMessage>;

/** `{messages, total}`: one page of the caller's organization's mail log, newest first. */
export const MailMessagesResponse = z.object({ messages: z.array(MailMessage), total: z.number().int() });
/** `{messages, total}`. */
export type MailMessagesResponse = z.infer<typeof MailMessagesResponse>;
