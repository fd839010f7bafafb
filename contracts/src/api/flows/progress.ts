/**
 * Partial submissions: a respondent's progress through a live form, saved as they move between pages, so that
 * the form's results can show who is in progress and workflows can act on forms left unfinished (the
 * `formAbandoned` trigger, spec 001 §3). The browser that started keeps the progress id and its secret token
 * (`localStorage`) and resumes there; finishing sends them with the answers (`submitAnswers` body) and turns the
 * progress into the submission.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { MAX_URL_PARAMS, PROGRESS_TOKEN_LENGTH, URL_PARAM_NAME_MAX_LENGTH, URL_PARAM_VALUE_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { FlowParams } from './flows';

/** The secret of a progress: base64url, {@link PROGRESS_TOKEN_LENGTH} characters. */
export const ProgressToken = z.string().regex(/^[A-Za-z0-9_-]+$/).length(PROGRESS_TOKEN_LENGTH);

/**
 * A form's hidden fields as its link carried them (`rules/url-params.ts`), in a submission or a saved progress:
 * query parameter name (≤ `URL_PARAM_NAME_MAX_LENGTH`) → value (≤ `URL_PARAM_VALUE_MAX_LENGTH` characters), at most
 * `MAX_URL_PARAMS` of them (a 400 at the parameter's path otherwise). Names the live form does not declare are ignored.
 */
export const UrlParametersInput = z
  .record(z.string().max(URL_PARAM_NAME_MAX_LENGTH), z.string().max(URL_PARAM_VALUE_MAX_LENGTH))
  .refine((values) => Object.keys(values).length <= MAX_URL_PARAMS, { message: `At most ${MAX_URL_PARAMS} hidden fields` });
/** Hidden fields by name. */
export type UrlParametersInput = z.infer<typeof UrlParametersInput>;

/**
 * `PUT /public/flows/:publicIdentifier/progress` body: the answers so far, the page the respondent reached
 * (`stepId`), and — after the first save — the progress' id and token. The answers are checked like a submission's
 * for the pages up to `stepId` on the respondent's path — the path the form's hidden fields (`urlParameters`, as in
 * a submission: {@link UrlParametersInput}) take part in when its page rules or display conditions read them.
 */
export const SaveProgressBody = z.object({
  answers: z.record(z.string(), z.unknown()),
  stepId: z.string().min(1).max(100),
  progressId: z.uuid().optional(),
  progressToken: ProgressToken.optional(),
  urlParameters: UrlParametersInput.optional(),
});
/** `{answers, stepId, progressId?, progressToken?, urlParameters?}`. */
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

/** The saved progress: its id, the token to update or finish it (returned by the first save only), the time. */
export const SaveProgressResponse = z.object({
  progress: z.object({ progressId: z.uuid(), progressToken: ProgressToken.optional(), lastUpdatedAt: z.string() }),
});
/** `{progress: {progressId, progressToken?, lastUpdatedAt}}`. */
export type SaveProgressResponse = z.infer<typeof SaveProgressResponse>;

/** `PUT /public/flows/:publicIdentifier/progress`: saves a respondent's progress (a partial submission). */
export const saveProgress = defineEndpoint({
  id: 'publicForms.saveProgress',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.progress.method,
  path: PUBLIC_FORM_ROUTES.progress.path,
  access: 'public',
  summary: 'Save a respondent’s progress',
  description:
    'Creates the partial submission on the first call (the answer holds its `progressToken`, shown once) and updates it on the next ones (with `progressId` and `progressToken`). A finished or unknown progress, or a wrong token, answers 404.',
  tags: ['public forms'],
  params: FlowParams,
  body: SaveProgressBody,
  responses: {
    200: okResponse(SaveProgressResponse),
    404: errorResponse(`'${copy.flows.flowNotFound}', '${copy.publicForm.flowNotPublished}', '${copy.publicForm.formClosed}', or '${copy.flows.progressNotFound}'.`),
  },
});
