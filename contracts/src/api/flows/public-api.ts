/**
 * The public REST API for integrators (what Fillout's REST API offers, in its shapes): forms, their questions and
 * their submissions under `/v1/api/…`. A request carries an API key (`Authorization: Bearer fl_…`,
 * `api/workspaces-auth/api-keys.ts`) that the gateway swaps for an access token; the flows service checks workspace
 * access in it like a person's. `formId` is the form's public identifier (the id in its public link).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Submission } from '../../entities/flow';
import { MAX_URL_PARAMS, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX, SUBMISSIONS_PAGE_MIN, URL_PARAM_NAME_MAX_LENGTH, URL_PARAM_VALUE_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PUBLIC_IDENTIFIER_MAX_LENGTH } from './flows';

/** The most submissions one `POST /v1/api/forms/:formId/submissions` may create (Fillout's limit). */
export const MAX_API_SUBMISSIONS_PER_REQUEST = 10;

/**
 * `GET /v1/api/forms/:formId/submissions` response, Fillout's shape: the page of `responses`, `totalResponses` (how
 * many the date bounds keep) and `pageCount` = ceil(totalResponses / limit).
 */
export const ApiSubmissionsResponse = z.object({
  responses: z.array(Submission),
  totalResponses: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
});
/** `{responses, totalResponses, pageCount}`. */
export type ApiSubmissionsResponse = z.infer<typeof ApiSubmissionsResponse>;

/** `/v1/api/forms/:formId` path parameters. */
export const FormParams = z.object({ formId: z.string().min(1).max(PUBLIC_IDENTIFIER_MAX_LENGTH) });
/** `{formId}`. */
export type FormParams = z.infer<typeof FormParams>;

/** `/v1/api/forms/:formId/submissions/:submissionId` path parameters. */
export const FormSubmissionParams = FormParams.extend({ submissionId: z.uuid() });
/** `{formId, submissionId}`. */
export type FormSubmissionParams = z.infer<typeof FormSubmissionParams>;

/** `GET /v1/api/forms` response: every form the key reaches, `[{name, formId}]` (Fillout's shape: a bare array). */
export const ApiFormsResponse = z.array(z.object({ name: z.string(), formId: z.string() }));
/** `[{name, formId}]`. */
export type ApiFormsResponse = z.infer<typeof ApiFormsResponse>;

/**
 * `GET /v1/api/forms/:formId` response: the form as it is live (its draft when never published): its questions
 * `{id, name, type}` in page order (no Statements: they take no answer), its calculations, its hidden fields and
 * whether it is a quiz.
 */
export const ApiFormResponse = z.object({
  id: z.string(),
  name: z.string(),
  questions: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
  calculations: z.array(z.object({ id: z.string(), name: z.string(), type: z.literal('number') })),
  urlParameters: z.array(z.object({ id: z.string(), name: z.string() })),
  quiz: z.object({ enabled: z.boolean() }),
});
/** A form's metadata. */
export type ApiFormResponse = z.infer<typeof ApiFormResponse>;

/**
 * `GET /v1/api/forms/:formId/submissions` query (Fillout's): `limit` 1–150 (default 50), `offset` ≥ 0, `sort`
 * `asc` or `desc` (default, newest first) by submission time, `afterDate` / `beforeDate` ISO 8601 date-times
 * bounding the submission time (after: inclusive, before: exclusive).
 */
export const ApiSubmissionsQuery = z.object({
  limit: z.coerce.number().int().min(SUBMISSIONS_PAGE_MIN).max(SUBMISSIONS_PAGE_MAX).default(SUBMISSIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['asc', 'desc']).default('desc'),
  afterDate: z.iso.datetime({ offset: true }).optional(),
  beforeDate: z.iso.datetime({ offset: true }).optional(),
});
/** `{limit, offset, sort, afterDate?, beforeDate?}`. */
export type ApiSubmissionsQuery = z.infer<typeof ApiSubmissionsQuery>;

/** `GET /v1/api/forms/:formId/submissions/:submissionId` response. */
export const ApiSubmissionResponse = z.object({ submission: Submission });
/** `{submission}`. */
export type ApiSubmissionResponse = z.infer<typeof ApiSubmissionResponse>;

/** One submission to create: its answers as Fillout's `questions` `[{id, value}]` and its hidden fields `[{name, value}]`. */
export const ApiNewSubmission = z.object({
  questions: z.array(z.object({ id: z.string().min(1).max(64), value: z.unknown() })).max(1000),
  urlParameters: z
    .array(z.object({ name: z.string().min(1).max(URL_PARAM_NAME_MAX_LENGTH), value: z.string().max(URL_PARAM_VALUE_MAX_LENGTH) }))
    .max(MAX_URL_PARAMS)
    .default([]),
});
/** A submission to create. */
export type ApiNewSubmission = z.infer<typeof ApiNewSubmission>;

/** `POST /v1/api/forms/:formId/submissions` body: 1 to {@link MAX_API_SUBMISSIONS_PER_REQUEST} submissions. */
export const ApiCreateSubmissionsBody = z.object({ submissions: z.array(ApiNewSubmission).min(1).max(MAX_API_SUBMISSIONS_PER_REQUEST) });
/** `{submissions}`. */
export type ApiCreateSubmissionsBody = z.infer<typeof ApiCreateSubmissionsBody>;

/** `POST /v1/api/forms/:formId/submissions` 201 response: the submissions made, in the order given. */
export const ApiCreateSubmissionsResponse = z.object({ submissions: z.array(z.object({ submissionId: z.string(), submissionTime: z.string() })) });
/** `{submissions: [{submissionId, submissionTime}]}`. */
export type ApiCreateSubmissionsResponse = z.infer<typeof ApiCreateSubmissionsResponse>;

/** `DELETE …/submissions/:submissionId` response: `{success: true}` (as the other deletes answer). */
export const DeleteSubmissionResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type DeleteSubmissionResponse = z.infer<typeof DeleteSubmissionResponse>;

const formNotFound = errorResponse(`'${copy.flows.flowNotFound}': no such form, or the key does not reach its workspace.`);
const tags = ['public api'];

/** `GET /v1/api/forms`: the forms of every workspace the key reaches. */
export const apiListForms = defineEndpoint({
  id: 'publicApi.forms.list',
  service: 'flows',
  method: 'GET',
  path: '/v1/api/forms',
  access: 'session',
  summary: 'List forms',
  description: 'Every form of the workspaces the API key reaches, `[{name, formId}]`.',
  tags,
  responses: { 200: okResponse(ApiFormsResponse) },
});

/** `GET /v1/api/forms/:formId`: a form's questions, calculations and hidden fields. */
export const apiGetForm = defineEndpoint({
  id: 'publicApi.forms.get',
  service: 'flows',
  method: 'GET',
  path: '/v1/api/forms/:formId',
  access: 'session',
  summary: 'Get a form’s metadata',
  tags,
  params: FormParams,
  responses: { 200: okResponse(ApiFormResponse), 404: formNotFound },
});

/** `GET /v1/api/forms/:formId/submissions`: a page of a form's submissions. */
export const apiListSubmissions = defineEndpoint({
  id: 'publicApi.submissions.list',
  service: 'flows',
  method: 'GET',
  path: '/v1/api/forms/:formId/submissions',
  access: 'session',
  summary: 'List a form’s submissions',
  description: 'Fillout’s shape: `{responses, totalResponses, pageCount}`; `totalResponses` counts the submissions the date bounds keep.',
  tags,
  params: FormParams,
  query: ApiSubmissionsQuery,
  responses: { 200: okResponse(ApiSubmissionsResponse), 404: formNotFound },
});

/** `GET /v1/api/forms/:formId/submissions/:submissionId`: one submission. */
export const apiGetSubmission = defineEndpoint({
  id: 'publicApi.submissions.get',
  service: 'flows',
  method: 'GET',
  path: '/v1/api/forms/:formId/submissions/:submissionId',
  access: 'session',
  summary: 'Get a submission',
  tags,
  params: FormSubmissionParams,
  responses: { 200: okResponse(ApiSubmissionResponse), 404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.flows.submissionNotFound}'.`) },
});

/** `POST /v1/api/forms/:formId/submissions`: create submissions, checked as the public form's are. */
export const apiCreateSubmissions = defineEndpoint({
  id: 'publicApi.submissions.create',
  service: 'flows',
  method: 'POST',
  path: '/v1/api/forms/:formId/submissions',
  access: 'session',
  summary: 'Create submissions',
  description: `Up to ${MAX_API_SUBMISSIONS_PER_REQUEST} at once, each checked against the live form as a respondent's is (400 '${copy.flows.submissionInvalid}' with details at \`body.submissions.<i>.questions.<questionId>\`); all or none are stored. Each triggers the form's workflows and webhooks.`,
  tags,
  params: FormParams,
  body: ApiCreateSubmissionsBody,
  responses: { 201: okResponse(ApiCreateSubmissionsResponse), 404: formNotFound },
});

/** `DELETE /v1/api/forms/:formId/submissions/:submissionId`: delete a submission for good. */
export const apiDeleteSubmission = defineEndpoint({
  id: 'publicApi.submissions.delete',
  service: 'flows',
  method: 'DELETE',
  path: '/v1/api/forms/:formId/submissions/:submissionId',
  access: 'session',
  summary: 'Delete a submission',
  tags,
  params: FormSubmissionParams,
  responses: { 200: okResponse(DeleteSubmissionResponse), 404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.flows.submissionNotFound}'.`) },
});
