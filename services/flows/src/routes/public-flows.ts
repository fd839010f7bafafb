/**
 * Public flow routes (spec 000 §7; issue 2 §5): the live form and its submissions. No login needed (the
 * draft view `mode=edit` needs a signed-in caller with view access).
 */
import {
  FlowParams,
  PublicTemplateQuery,
  PublicTemplateResponse,
  SubmitBody,
  SubmitResponse,
} from '@formloom/contracts/http/flows';
import type { ZodFastify } from '@formloom/kit/http';
import { getPublicTemplate, type FlowsDeps } from '../domain/flows';
import { submitAnswers, type SubmissionWriter } from '../domain/submissions';
import { flowAuthorizer } from './access';

/** Registers the `/public/flows` routes; submissions are written through `deps.submissionWriter`. */
export function publicFlowRoutes(app: ZodFastify, deps: FlowsDeps & { submissionWriter: SubmissionWriter }): void {
  app.get(
    '/public/flows/templates/:publicIdentifier',
    { schema: { params: FlowParams, querystring: PublicTemplateQuery, response: { 200: PublicTemplateResponse } } },
    async (request) => {
      const { mode } = request.query;
      // The draft is for editors only: 401 when anonymous, 404 when the flow is not theirs.
      const authorize = mode === 'edit' ? flowAuthorizer(request) : undefined;
      return getPublicTemplate(deps, request.params.publicIdentifier, mode, authorize);
    },
  );

  app.post(
    '/public/flows/:publicIdentifier/submissions',
    { schema: { params: FlowParams, body: SubmitBody, response: { 201: SubmitResponse } } },
    async (request, reply) => {
      const submission = await submitAnswers(deps, request.params.publicIdentifier, request.body.answers);
      return reply.code(201).send({ submission });
    },
  );
}
