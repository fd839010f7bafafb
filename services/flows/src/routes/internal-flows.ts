/**
 * Internal flow routes for other services (cross-service agreements: workflows-engine checks a user's access to
 * a workflow's form, generates gallery workflows against a form's draft, creates the form of a workflow made on
 * the placeholder `new_form`, runs a workflow's draft against a stored submission as a test run, and asks whether a
 * respondent finished a form before a `formAbandoned` run starts). Never routed by the gateway; the router requires
 * the shared `x-internal-token`.
 */
import {
  createInternalFlow,
  getInternalFlow,
  getInternalFlowDraft,
  getInternalSubmissionEvent,
  getInternalSubmissionStatus,
} from '@formloom/contracts/api/flows/internal';
import { defineRoutes } from '@formloom/kit/routes';
import * as flows from '../domain/flows';
import { getSubmissionEvent } from '../domain/submission-events';
import type { FlowsServiceDeps } from '../deps';

/** The internal routes of flows. */
export const internalFlowRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(getInternalFlow, async ({ params }) => ({ flow: await flows.getInternalFlow(deps, params.publicIdentifier) }));

  router.handle(getInternalFlowDraft, async ({ params }) => flows.getInternalFlowDraft(deps, params.publicIdentifier));

  router.handle(getInternalSubmissionStatus, async ({ params }) => ({
    status: await flows.getSubmissionStatus(deps, params.publicIdentifier, params.submissionId),
  }));
  /** A submission's `form.submitted` data (the latest without `submissionId`): a workflow's test run starts from it. */
  router.handle(getInternalSubmissionEvent, async ({ params, query }) => getSubmissionEvent(deps, params.publicIdentifier, query.submissionId));

  /** A blank flow on behalf of user `createdBy`, whose create access the caller checked; its name deduplicated. */
  router.handle(createInternalFlow, async ({ body }) => {
    const flow = await flows.createFlow(deps, {
      body: { type: body.type, workspaceId: body.workspaceId, name: body.name, dedupeFormName: true },
      organizationId: body.organizationId,
      accessLevel: 'write',
      createdBy: body.createdBy,
    });
    return flows.getInternalFlowDraft(deps, flow.publicIdentifier);
  });
});
