/**
 * The internal route of a submission's files (`@formloom/contracts/api/flows/internal-files`): workflows-engine reads
 * the uploads it attaches to a workflow email. Never routed by the gateway; the router requires the shared
 * `x-internal-token`.
 */
import { getSubmissionFiles } from '@formloom/contracts/api/flows/internal-files';
import { defineRoutes } from '@formloom/kit/routes';
import type { FlowsServiceDeps } from '../deps';
import { submissionFiles } from '../domain/submission-files';

/** The route of a submission's files. */
export const internalFileRoutes = defineRoutes<FlowsServiceDeps>((router, deps) => {
  router.handle(getSubmissionFiles, async ({ params, body }) =>
    submissionFiles(deps, { publicIdentifier: params.publicIdentifier, submissionId: params.submissionId, uploadIds: body.uploadIds }),
  );
});
