/**
 * Submissions: a respondent's answers to a published form, and the results list of its editors (Fillout's
 * response shape). A submission is written together with its `form.submitted` event (the outbox).
 */
import { z } from 'zod';
import { copy } from '../../copy';
import { Submission } from '../../entities/flow';
import { CHALLENGE_TOKEN_MAX_LENGTH, RESPONDENT_ID_MAX_LENGTH, RESPONDENT_ID_MIN_LENGTH, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX, SUBMISSIONS_PAGE_MIN } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { ProgressToken } from './progress';
import { FlowParams } from './flows';

/**
 * `POST /public/flows/:publicIdentifier/submissions` body: answers keyed by widget id. Checked against the LIVE
 * template with `rules/answers` `validateAnswers`: 400 'Some answers need your attention' with details
 * `[{path: 'answers.<widgetId>', message}]`, one per question in error. `challengeToken`: the token the bot
 * challenge widget gave the respondent, required when the operator configured a challenge (the public form's
 * `challenge`); a missing or refused one is a 400 at `body.challengeToken`.
 */
export const SubmitBody = z.object({
  answers: z.record(z.string(), z.unknown()),
  challengeToken: z.string().min(1).max(CHALLENGE_TOKEN_MAX_LENGTH).optional(),
  /**
   * A random id the respondent's browser keeps for the form (`FormSettings.oneResponsePerBrowser`): with that
   * setting on, a second submission with the same id is refused (409 `copy.flows.alreadyResponded`).
   */
  respondentId: z.string().regex(/^[A-Za-z0-9_-]+$/).min(RESPONDENT_ID_MIN_LENGTH).max(RESPONDENT_ID_MAX_LENGTH).optional(),
  /** The partial submission this one finishes (`progress.ts`): it becomes the submission. */
  progressId: z.uuid().optional(),
  /** The token of `progressId`. */
  progressToken: ProgressToken.optional(),
});
/** `{answers, challengeToken?, respondentId?}`. */
export type SubmitBody = z.infer<typeof SubmitBody>;

/** `POST /public/flows/:publicIdentifier/submissions` 201 response (`submissionTime` ISO 8601). */
export const SubmitResponse = z.object({
  submission: z.object({ submissionId: z.string(), submissionTime: z.string() }),
});
/** `{submission: {submissionId, submissionTime}}`. */
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` query (Fillout's API): `limit` 1–150 (default 50), `offset`
 * ≥ 0 (default 0), `sort` by submission time, `asc` or `desc` (default `desc`, newest first).
 */
export const SubmissionsQuery = z.object({
  limit: z.coerce.number().int().min(SUBMISSIONS_PAGE_MIN).max(SUBMISSIONS_PAGE_MAX).default(SUBMISSIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
/** `{limit, offset, sort}`. */
export type SubmissionsQuery = z.infer<typeof SubmissionsQuery>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` response in Fillout's shape: the page of `responses`
 * (each with the questions of the snapshot it was submitted against), `totalResponses` of the flow and
 * `pageCount` = ceil(totalResponses / limit).
 */
export const SubmissionsResponse = z.object({
  responses: z.array(Submission),
  totalResponses: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
});
/** `{responses, totalResponses, pageCount}`. */
export type SubmissionsResponse = z.infer<typeof SubmissionsResponse>;


/** `POST /public/flows/:publicIdentifier/submissions`: a respondent submits the live form. */
export const submitAnswers = defineEndpoint({
  id: 'publicForms.submit',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.submit.method,
  path: PUBLIC_FORM_ROUTES.submit.path,
  access: 'public',
  summary: 'Submit answers to a form',
  description: `Checked against the live template; refused answers give 400 '${copy.flows.submissionInvalid}' with one \`{path: 'answers.<widgetId>', message}\` per question.`,
  tags: ['public forms'],
  params: FlowParams,
  body: SubmitBody,
  responses: {
    201: okResponse(SubmitResponse, 'The submission was stored; its workflows run.'),
    404: errorResponse(`'${copy.flows.flowNotFound}', '${copy.flows.flowNotPublished}', or '${copy.flows.formClosed}' (closed, past its closing time or at its response limit).`),
    409: errorResponse(`'${copy.flows.alreadyResponded}': the form takes one response per browser.`),
  },
});

/** `GET /admin/flows/:publicIdentifier/submissions`: one page of a form's submissions (Fillout's API shape). */
export const listSubmissions = defineEndpoint({
  id: 'flows.submissions',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/:publicIdentifier/submissions',
  access: 'session',
  summary: 'List submissions',
  description: 'Each with the questions of the form version it was submitted against.',
  params: FlowParams,
  query: SubmissionsQuery,
  responses: {
    200: okResponse(SubmissionsResponse),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
  },
});
