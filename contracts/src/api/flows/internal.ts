/**
 * Internal calls of the flows service (cross-service agreements; never routed by the gateway; the shared
 * `x-internal-token` is required).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { FlowType } from '../../entities/flow';
import { FlowTemplate } from '../../entities/flow-template';
import { FormSubmittedData } from '../../events/form-submitted';
import { FLOW_NAME_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { FlowParams } from './flows';

/** A flow as another service sees it: its ids, name, type, owner and whether it was published. */
export const InternalFlow = z.object({
  id: z.number().int().positive(),
  publicIdentifier: z.string(),
  name: z.string(),
  type: FlowType,
  workspaceId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  isPublished: z.boolean(),
  /**
   * The user who created it (contracts `rules/access.ts` `FlowOwnership`: a `limited` member reaches only their own
   * forms); null when unknown. Absent from an older flows service: null.
   */
  createdBy: z.number().int().positive().nullable().default(null),
});
/** A flow as another service sees it. */
export type InternalFlow = z.infer<typeof InternalFlow>;

/**
 * `GET /internal/flows/:publicIdentifier` response (cross-service agreement: workflows-engine checks a user's
 * access to a workflow's form with it). 401 without the internal token, 404 for an unknown flow.
 */
export const InternalFlowResponse = z.object({ flow: InternalFlow });
/** `{flow: {id, publicIdentifier, name, type, workspaceId, organizationId, isPublished, createdBy}}`. */
export type InternalFlowResponse = z.infer<typeof InternalFlowResponse>;

/** `GET /internal/flows/:publicIdentifier`: a flow's owner and state, for another service's access checks. */
export const getInternalFlow = defineEndpoint({
  id: 'internal.flows.get',
  service: 'flows',
  method: 'GET',
  path: '/internal/flows/:publicIdentifier',
  access: 'internal',
  summary: 'Look up a flow (internal)',
  params: FlowParams,
  responses: { 200: okResponse(InternalFlowResponse), 404: errorResponse(`'${copy.flows.flowNotFound}'.`) },
});

/** A flow with its draft template, for a service that builds something against the form (a gallery workflow). */
export const InternalFlowDraftResponse = z.object({ flow: InternalFlow, template: FlowTemplate });
/** `{flow, template}`. */
export type InternalFlowDraftResponse = z.infer<typeof InternalFlowDraftResponse>;

/** `GET /internal/flows/:publicIdentifier/draft`: a flow and its draft template (spec 001 §4 "generate the template against that form"). */
export const getInternalFlowDraft = defineEndpoint({
  id: 'internal.flows.draft',
  service: 'flows',
  method: 'GET',
  path: '/internal/flows/:publicIdentifier/draft',
  access: 'internal',
  summary: "A flow's draft template (internal)",
  params: FlowParams,
  responses: { 200: okResponse(InternalFlowDraftResponse), 404: errorResponse(`'${copy.flows.flowNotFound}'.`) },
});

/**
 * `POST /internal/flows` body: a new blank flow in a workspace, created on behalf of a user whose write access the
 * calling service has checked (spec 001 §4: a workflow created on the placeholder `new_form`). The name is made
 * unique in the workspace ('New form (2)' …); absent, the type's default name.
 */
export const CreateInternalFlowBody = z.object({
  organizationId: z.number().int().positive(),
  workspaceId: z.number().int().positive(),
  type: z.enum(['form', 'scheduling']).default('form'),
  name: z.string().trim().min(1).max(FLOW_NAME_MAX_LENGTH).optional(),
  /** The user the form is made for (its creator); absent from an older engine: null (unknown). */
  createdBy: z.number().int().positive().nullable().default(null),
});
/** The body after parsing. */
export type CreateInternalFlowBody = z.infer<typeof CreateInternalFlowBody>;

/** `POST /internal/flows`: creates a blank flow (with its `flow.created` event) and returns it with its draft. */
export const createInternalFlow = defineEndpoint({
  id: 'internal.flows.create',
  service: 'flows',
  method: 'POST',
  path: '/internal/flows',
  access: 'internal',
  summary: 'Create a blank flow (internal)',
  body: CreateInternalFlowBody,
  responses: { 201: okResponse(InternalFlowDraftResponse) },
});

/** `:publicIdentifier` and `:submissionId` of a submission's internal routes. */
export const InternalSubmissionParams = FlowParams.extend({ submissionId: z.string().min(1).max(64) });

/**
 * `GET /internal/flows/:publicIdentifier/submissions/:submissionId/status` response: whether the respondent is
 * still `in_progress` (a saved progress) or `finished` the form.
 */
export const InternalSubmissionStatusResponse = z.object({ status: z.enum(['in_progress', 'finished']) });
/** `{status}`. */
export type InternalSubmissionStatusResponse = z.infer<typeof InternalSubmissionStatusResponse>;

/**
 * `GET /internal/flows/:publicIdentifier/submissions/:submissionId/status`: the workflows-engine asks, before a
 * `formAbandoned` run starts, whether the respondent finished the form meanwhile (spec 001 §3 formAbandoned:
 * "unless it was finished by then"). 404 for an unknown (or deleted) submission or flow.
 */
export const getInternalSubmissionStatus = defineEndpoint({
  id: 'internal.flows.submissionStatus',
  service: 'flows',
  method: 'GET',
  path: '/internal/flows/:publicIdentifier/submissions/:submissionId/status',
  access: 'internal',
  summary: "A submission's status (internal)",
  params: InternalSubmissionParams,
  responses: {
    200: okResponse(InternalSubmissionStatusResponse),
    404: errorResponse(`'${copy.flows.submissionNotFound}': no such submission of that form.`),
  },
});

/**
 * `GET /internal/flows/:publicIdentifier/submissionEvent?submissionId=` query: the submission (absent: the form's
 * latest finished one).
 */
export const InternalSubmissionEventQuery = z.object({ submissionId: z.string().min(1).max(64).optional() });

/**
 * The `form.submitted` data of one of a flow's finished submissions, as flows would send it now (`data`, built
 * from the stored answers and the snapshot the submission was made against; without `editLink`: only the link's
 * hash is kept) — `data: null` when the flow has no finished submission yet and none was named.
 */
export const InternalSubmissionEventResponse = z.object({ flow: InternalFlow, data: FormSubmittedData.nullable() });
/** `{flow, data}`. */
export type InternalSubmissionEventResponse = z.infer<typeof InternalSubmissionEventResponse>;

/**
 * `GET /internal/flows/:publicIdentifier/submissionEvent`: a submission's `form.submitted` data (cross-service
 * agreement: workflows-engine runs a workflow's draft against it as a test run). 404 for an unknown flow or a
 * named submission that is not one of its finished ones.
 */
export const getInternalSubmissionEvent = defineEndpoint({
  id: 'internal.flows.submissionEvent',
  service: 'flows',
  method: 'GET',
  path: '/internal/flows/:publicIdentifier/submissionEvent',
  access: 'internal',
  summary: "A submission's form.submitted data (internal)",
  params: FlowParams,
  query: InternalSubmissionEventQuery,
  responses: {
    200: okResponse(InternalSubmissionEventResponse),
    404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.flows.submissionNotFound}'.`),
  },
});
