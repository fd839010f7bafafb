/**
 * Submissions: a respondent's answers to a published form, and the results list of its editors (Fillout's
 * response shape). A submission is written together with its `form.submitted` event (the outbox).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Submission } from '../../entities/flow';
import { CHALLENGE_TOKEN_MAX_LENGTH, MAX_URL_PARAMS, RESPONDENT_ID_MAX_LENGTH, URL_PARAM_NAME_MAX_LENGTH, URL_PARAM_VALUE_MAX_LENGTH, RESPONDENT_ID_MIN_LENGTH, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX, SUBMISSIONS_PAGE_MIN } from '../../limits';
import { defineEndpoint, errorResponse, fileResponse, okResponse } from '../endpoint';
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
   * setting on, a second submission with the same id is refused (409 `copy.publicForm.alreadyResponded`).
   */
  respondentId: z.string().regex(/^[A-Za-z0-9_-]+$/).min(RESPONDENT_ID_MIN_LENGTH).max(RESPONDENT_ID_MAX_LENGTH).optional(),
  /** The partial submission this one finishes (`progress.ts`): it becomes the submission. */
  progressId: z.uuid().optional(),
  /** The token of `progressId`. */
  progressToken: ProgressToken.optional(),
  /**
   * The form's hidden fields as its link carried them (`rules/url-params.ts`): query parameter name → value (≤ 1000
   * characters). Names the live form does not declare are ignored.
   */
  urlParameters: z
    .record(z.string().max(URL_PARAM_NAME_MAX_LENGTH), z.string().max(URL_PARAM_VALUE_MAX_LENGTH))
    .refine((values) => Object.keys(values).length <= MAX_URL_PARAMS, { message: `At most ${MAX_URL_PARAMS} hidden fields` })
    .optional(),
});
/** `{answers, challengeToken?, respondentId?, progressId?, progressToken?, urlParameters?}`. */
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


/** The file formats of a results export and the media type of each (`Content-Type` of the answer). */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** `csv` or `xlsx`. */
export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

/** The message of a 400 at `querystring.to` when the export's range is empty (ours). */
export const EXPORT_RANGE_EMPTY = 'The end of the range must be after its start';

/**
 * `GET /admin/flows/:publicIdentifier/submissions/export` query: `format` `csv` (default) or `xlsx`; `sort` by
 * submission time, `desc` (default, newest first) or `asc`; `from` and `to`, ISO 8601 date-times with `Z` or an
 * offset (`2026-03-01T00:00:00Z`), bound the submission time: `from` inclusive, `to` exclusive, either may be
 * left out. `to` not after `from` is a 400 at `querystring.to` ({@link EXPORT_RANGE_EMPTY}).
 */
export const ExportSubmissionsQuery = z
  .object({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    sort: z.enum(['asc', 'desc']).default('desc'),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    message: EXPORT_RANGE_EMPTY,
  });
/** `{format, sort, from?, to?}`. */
export type ExportSubmissionsQuery = z.infer<typeof ExportSubmissionsQuery>;

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
    404: errorResponse(`'${copy.flows.flowNotFound}', '${copy.publicForm.flowNotPublished}', or '${copy.publicForm.formClosed}' (closed, past its closing time or at its response limit).`),
    409: errorResponse(`'${copy.publicForm.alreadyResponded}': the form takes one response per browser.`),
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

/**
 * `GET /admin/flows/:publicIdentifier/submissions/export`: every submission of a form (in the time range) as one
 * CSV or Excel file, streamed (docs/product-rules.md §3 "Export").
 */
export const exportSubmissions = defineEndpoint({
  id: 'flows.exportSubmissions',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/:publicIdentifier/submissions/export',
  access: 'session',
  summary: 'Export submissions as CSV or Excel',
  description:
    "A file to download (`Content-Disposition: attachment`, named `<form name>-responses-<YYYY-MM-DD>.csv|xlsx`): a row per submission with 'Submission ID', 'Submitted at' (ISO 8601, UTC) and one column per question of the form's live version (its draft before the first publish) in page order, each cell the answer's text as the results list gives it (`displayValue`), empty when unanswered. CSV is UTF-8 with a byte order mark and CRLF line ends; a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe. Excel cells are all text. `from` is inclusive, `to` exclusive.",
  params: FlowParams,
  query: ExportSubmissionsQuery,
  responses: {
    200: fileResponse([EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx], 'The file, streamed.'),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
  },
});
