/**
 * Public flow routes (spec 000 §7): the live form and its submissions — the endpoints of
 * `@formloom/contracts/api/flows/public-forms` and `submitAnswers`. No login needed (the draft view `mode=edit`
 * needs a signed-in caller with view access). Through an organization's host only its forms (`assertServedOnHost`).
 */
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getEditableSubmission, updateSubmission } from '@formloom/contracts/api/flows/edit-submissions';
import { defineRoutes } from '@formloom/kit/routes';
import * as edits from '../domain/edit-submissions';
import * as flows from '../domain/flows';
import * as progress from '../domain/progress';
import * as submissions from '../domain/submissions';
import type { FlowsServiceDeps } from '../deps';
import { assertServedOnHost, flowAuthorizer } from './access';

/** The `/public/flows` routes; submissions are written through `deps.submissionWriter`. */
export const publicFlowRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(getPublicTemplate, async ({ params, query, request }) => {
    await assertServedOnHost(deps, request, params.publicIdentifier);
    // The draft is for editors only: 401 when anonymous, 404 when the flow is not theirs.
    const authorize = query.mode === 'edit' ? flowAuthorizer(request) : undefined;
    const form = await flows.getPublicTemplate(deps, params.publicIdentifier, query.mode, authorize);
    return { ...form, challenge: deps.challenge?.public ?? null };
  });

  /**
   * 429 with `Retry-After` when the client address posted this form too often (before anything else); with a bot
   * challenge configured, 400 at `body.challengeToken` when its token is missing or refused.
   */
  router.handle(submitAnswers, async ({ params, body, request, reply }) => {
    await assertServedOnHost(deps, request, params.publicIdentifier);
    await deps.submissionLimit?.enforce(reply, `${params.publicIdentifier}\n${request.ip}`);
    await deps.challenge?.verify(body.challengeToken, request.ip);
    const progress = body.progressId && body.progressToken ? { progressId: body.progressId, progressToken: body.progressToken } : undefined;
    return {
      submission: await submissions.submitAnswers(deps, params.publicIdentifier, body.answers, {
        respondentId: body.respondentId,
        progress,
        urlParameters: body.urlParameters,
      }),
    };
  });

  /**
   * Starting a progress (a new row) counts against the same per-address limit as submissions, in a budget of its
   * own; updating one needs its token and writes no new row.
   */
  router.handle(saveProgress, async ({ params, body, request, reply }) => {
    await assertServedOnHost(deps, request, params.publicIdentifier);
    if (!body.progressId) await deps.submissionLimit?.enforce(reply, `progress\n${params.publicIdentifier}\n${request.ip}`);
    return { progress: await progress.saveProgress(deps, params.publicIdentifier, body) };
  });

  /** A submission opened by its edit link (the token is the permission). */
  router.handle(getEditableSubmission, async ({ params, query, request }) => {
    await assertServedOnHost(deps, request, params.publicIdentifier);
    return { submission: await edits.getEditableSubmission(deps, params.publicIdentifier, params.submissionId, query.token) };
  });

  /** An edit saved over the submission; counts against the same per-address limit as submissions. */
  router.handle(updateSubmission, async ({ params, body, request, reply }) => {
    await assertServedOnHost(deps, request, params.publicIdentifier);
    await deps.submissionLimit?.enforce(reply, `edit\n${params.publicIdentifier}\n${request.ip}`);
    return { submission: await edits.updateSubmission(deps, params.publicIdentifier, params.submissionId, body) };
  });
});
