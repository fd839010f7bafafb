/**
 * Submissions: a respondent's answers to a published form, and the results list of its editors (Fillout's
 * response shape). A submission is written together with its `form.submitted` event (the outbox).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Submission } from '../../entities/flow';
import {
  CHALLENGE_TOKEN_MAX_LENGTH,
  RESPONDENT_ID_MAX_LENGTH,
  RESPONDENT_ID_MIN_LENGTH,
  SUBMISSIONS_PAGE_DEFAULT,
  SUBMISSIONS_PAGE_MAX,
  SUBMISSIONS_PAGE_MIN,
  SUBMISSIONS_SEARCH_MAX_LENGTH,
  RESULTS_FILTER_MAX_LENGTH,
  SUBMISSIONS_CURSOR_MAX_LENGTH,
} from '../../limits';
import { Condition } from '../../logic-schemas';
import { Widget } from '../../entities/flow-template';
import { defineEndpoint, errorResponse, fileResponse, okResponse } from '../endpoint';
import { PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { ProgressToken, UrlParametersInput } from './progress';
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
  urlParameters: UrlParametersInput.optional(),
});
/** `{answers, challengeToken?, respondentId?, progressId?, progressToken?, urlParameters?}`. */
export type SubmitBody = z.infer<typeof SubmitBody>;

/** `POST /public/flows/:publicIdentifier/submissions` 201 response (`submissionTime` ISO 8601). */
export const SubmitResponse = z.object({
  submission: z.object({ submissionId: z.string(), submissionTime: z.string(), editLink: z.string().optional() }),
});
/** `{submission: {submissionId, submissionTime, editLink?}}`: `editLink` opens the submission to edit it (`rules/edit-links.ts`). */
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/** The message of a 400 at `querystring.to` when a time range is empty: `to` not after `from` (ours). */
export const EXPORT_RANGE_EMPTY = 'The end of the range must be after its start';

/**
 * Which responses a results list or export reads: `finished` submissions (the default) or `in_progress` ones — a
 * respondent's progress, saved as they move between pages (`progress.ts`), with the answers of the pages they
 * completed. An in-progress response's time is when the respondent started.
 */
export const SubmissionStatusFilter = z.enum(['finished', 'in_progress']);
/** `finished` or `in_progress`. */
export type SubmissionStatusFilter = z.infer<typeof SubmissionStatusFilter>;

/**
 * A search of the results: trimmed, 1–{@link SUBMISSIONS_SEARCH_MAX_LENGTH} characters. It keeps the responses one of
 * whose answer texts (`displayValue`: a choice's label, 'March 5, 2026', a file's name), hidden field values or
 * custom column values (their texts: an option's label, 'Yes') contains it, case-insensitively — what people read,
 * never stored ids. Responses stored before search existed have no search text for their answers (the flows
 * service's `submissions.search_text`) and match only by their custom column values.
 */
export const SubmissionSearch = z.string().trim().min(1).max(SUBMISSIONS_SEARCH_MAX_LENGTH);

/**
 * The Results' answer filter as a query parameter: a condition (`rules/conditions.ts`) written as JSON, at most
 * {@link RESULTS_FILTER_MAX_LENGTH} characters — `{"and":[{"equals":[{"var":"answers.plan"},"pro"]}]}` — whose
 * comparisons read the answers of the form's current version with literal values (`rules/results-filter.ts`: the
 * service answers 400 at `querystring.filter` with what is wrong). Not JSON, or not a condition: 400
 * `copy.results.filterMalformed`.
 */
export const ResultsFilterParam = z
  .string()
  .max(RESULTS_FILTER_MAX_LENGTH)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: copy.results.filterMalformed });
      return z.NEVER;
    }
  })
  .pipe(Condition);

/**
 * Where a page of the Results continues: the opaque `nextCursor` of the previous page (base64url, at most
 * {@link SUBMISSIONS_CURSOR_MAX_LENGTH} characters). It names the last response of that page; the next page holds
 * the responses after it in the same `sort` order, so every page costs the same however deep it is. A cursor
 * that does not decode is a 400.
 */
export const SubmissionsCursor = z.string().regex(/^[A-Za-z0-9_-]+$/).max(SUBMISSIONS_CURSOR_MAX_LENGTH);

/** An ISO 8601 date-time with `Z` or an offset (`2026-03-01T00:00:00Z`, `2026-03-01T00:00:00+01:00`). */
const DateTimeWithOffset = z.iso.datetime({ offset: true });

/** Whether `query`'s range is not empty: `to` after `from` when both are given. */
export function rangeIsValid(query: { from?: string; to?: string }): boolean {
  return !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from);
}

/**
 * The Results' filters, as every read of the results takes them (the list, the count, the export, the summary):
 * `from` (inclusive) and `to` (exclusive), ISO 8601 date-times with `Z` or an offset, bound the submission time (an
 * in-progress response's start); `status` `finished` (default) or `in_progress` ({@link SubmissionStatusFilter});
 * `search` ({@link SubmissionSearch}); `filter`, the answer filter ({@link ResultsFilterParam}). Spread it into a
 * query's object, then {@link withValidRange}.
 */
export const submissionFilterShape = {
  from: DateTimeWithOffset.optional(),
  to: DateTimeWithOffset.optional(),
  status: SubmissionStatusFilter.default('finished'),
  search: SubmissionSearch.optional(),
  filter: ResultsFilterParam.optional(),
};

/** `query` refusing an empty range: `to` not after `from` is a 400 at `querystring.to` ({@link EXPORT_RANGE_EMPTY}). */
export function withValidRange<T extends z.ZodType<{ from?: string; to?: string }>>(query: T) {
  return query.refine(rangeIsValid, { path: ['to'], message: EXPORT_RANGE_EMPTY });
}

/** `GET /admin/flows/:publicIdentifier/submissions/count` query: the Results' filters ({@link submissionFilterShape}). */
export const CountSubmissionsQuery = withValidRange(z.object(submissionFilterShape));
/** `{from?, to?, status, search?, filter?}`. */
export type CountSubmissionsQuery = z.infer<typeof CountSubmissionsQuery>;

/** `GET /admin/flows/:publicIdentifier/submissions/count` response: how many responses the filters keep. */
export const CountSubmissionsResponse = z.object({ totalResponses: z.number().int().nonnegative() });
/** `{totalResponses}`. */
export type CountSubmissionsResponse = z.infer<typeof CountSubmissionsResponse>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` query (Fillout's API, plus the Results' filters): `limit` 1–150
 * (default 50), `offset` ≥ 0 (default 0), `sort` by submission time, `asc` or `desc` (default `desc`, newest first);
 * `from` (inclusive) and `to` (exclusive), ISO 8601 date-times with `Z` or an offset, bound the submission time
 * (an in-progress response's start), `to` not after `from` being a 400 at `querystring.to`
 * ({@link EXPORT_RANGE_EMPTY}); `status` `finished` (default) or `in_progress` ({@link SubmissionStatusFilter});
 * `search` ({@link SubmissionSearch}); `filter`, an answer filter ({@link ResultsFilterParam}); `after`, a cursor
 * ({@link SubmissionsCursor}: the page starts after it, then skips `offset`); `includeTotal` (`true` by default):
 * `false` leaves `totalResponses` and `pageCount` out, for a client that already knows them (the Results ask for
 * the count once per filter, then page by cursor). Deep pages by `offset` read every row they skip: page by
 * `after` through a large form.
 */
export const SubmissionsQuery = withValidRange(
  z.object({
    limit: z.coerce.number().int().min(SUBMISSIONS_PAGE_MIN).max(SUBMISSIONS_PAGE_MAX).default(SUBMISSIONS_PAGE_DEFAULT),
    offset: z.coerce.number().int().min(0).default(0),
    sort: z.enum(['asc', 'desc']).default('desc'),
    ...submissionFilterShape,
    after: SubmissionsCursor.optional(),
    includeTotal: z.stringbool().default(true),
  }),
);
/** `{limit, offset, sort, from?, to?, status, search?, filter?, after?, includeTotal}`. */
export type SubmissionsQuery = z.infer<typeof SubmissionsQuery>;

/**
 * A column of the Results: what the table heads and the export writes, from the form's current version (the live
 * snapshot; the draft before the first publish), in its order — its questions (page order), its hidden fields,
 * its calculations and, for a quiz, the score (`kind`; the score's `id` is ''). A question's column carries the
 * question (`widget`: its type and options, for the answer filter's editor).
 */
export const ResultsColumn = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['question', 'urlParameter', 'calculation', 'score']),
  widget: Widget.optional(),
});
/** `{id, name, kind, widget?}`. */
export type ResultsColumn = z.infer<typeof ResultsColumn>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` response in Fillout's shape: the page of `responses`
 * (each with the questions of the snapshot it was submitted against), `totalResponses` — how many the query's
 * filters keep (`status`, `from`/`to`, `search`, `filter`) — and `pageCount` = ceil(totalResponses / limit), both
 * left out with `includeTotal=false`; plus `nextCursor`, the `after` of the next page (`null` after the last
 * page), and `columns`, the form's current columns ({@link ResultsColumn}).
 */
export const SubmissionsResponse = z.object({
  responses: z.array(Submission),
  totalResponses: z.number().int().nonnegative().optional(),
  pageCount: z.number().int().nonnegative().optional(),
  nextCursor: z.string().nullable(),
  columns: z.array(ResultsColumn),
});
/** `{responses, totalResponses?, pageCount?, nextCursor, columns}`. */
export type SubmissionsResponse = z.infer<typeof SubmissionsResponse>;


/** The file formats of a results export and the media type of each (`Content-Type` of the answer). */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** `csv` or `xlsx`. */
export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

/**
 * `GET /admin/flows/:publicIdentifier/submissions/export` query: `format` `csv` (default) or `xlsx`; `sort` by
 * submission time, `desc` (default, newest first) or `asc`; `from` and `to`, ISO 8601 date-times with `Z` or an
 * offset (`2026-03-01T00:00:00Z`), bound the submission time: `from` inclusive, `to` exclusive, either may be
 * left out. `to` not after `from` is a 400 at `querystring.to` ({@link EXPORT_RANGE_EMPTY}). `status` and `search`
 * and `filter` keep what the list's do ({@link SubmissionsQuery}), so the Results export what they show.
 */
export const ExportSubmissionsQuery = withValidRange(
  z.object({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    sort: z.enum(['asc', 'desc']).default('desc'),
    ...submissionFilterShape,
  }),
);
/** `{format, sort, from?, to?, status, search?, filter?}`. */
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
 * `GET /admin/flows/:publicIdentifier/submissions/count`: how many responses the Results' filters keep. The Results
 * ask for it beside the page (which they ask with `includeTotal=false`), so a slow count — an answer filter over a
 * million responses — never holds the rows back.
 */
export const countSubmissions = defineEndpoint({
  id: 'flows.countSubmissions',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/:publicIdentifier/submissions/count',
  access: 'session',
  summary: 'Count submissions',
  description: 'How many responses the filters keep (the same filters as the list).',
  params: FlowParams,
  query: CountSubmissionsQuery,
  responses: {
    200: okResponse(CountSubmissionsResponse),
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
    "A file to download (`Content-Disposition: attachment`, named `<form name>-responses-<YYYY-MM-DD>.csv|xlsx`): a row per submission with 'Submission ID', 'Submitted at' (ISO 8601, UTC) and one column per question of the form's live version (its draft before the first publish) in page order, each cell the answer's text as the results list gives it (`displayValue`), empty when unanswered; then the hidden fields, calculations and score; last one column per custom column of the form, with the submission's value as text. CSV is UTF-8 with a byte order mark and CRLF line ends; a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe. Excel cells are all text. `from` is inclusive, `to` exclusive.",
  params: FlowParams,
  query: ExportSubmissionsQuery,
  responses: {
    200: fileResponse([EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx], 'The file, streamed.'),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
  },
});

/** `/admin/flows/:publicIdentifier/submissions/:submissionId` path parameters: the form and a submission's UUID. */
export const SubmissionParams = FlowParams.extend({ submissionId: z.uuid() });
/** `{publicIdentifier, submissionId}`. */
export type SubmissionParams = z.infer<typeof SubmissionParams>;

/** `DELETE /admin/flows/:publicIdentifier/submissions/:submissionId` response: `{success: true}`, as the other deletes answer. */
export const DeleteSubmissionResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type DeleteSubmissionResponse = z.infer<typeof DeleteSubmissionResponse>;

/**
 * `DELETE /admin/flows/:publicIdentifier/submissions/:submissionId`: deletes a response for good (change access) —
 * a finished submission or a respondent's progress (the respondent's next save of it then answers 404, and their
 * final submission is stored as a new one). Its uploaded files are no longer referenced and are swept within a day.
 */
export const deleteSubmission = defineEndpoint({
  id: 'flows.deleteSubmission',
  service: 'flows',
  method: 'DELETE',
  path: '/admin/flows/:publicIdentifier/submissions/:submissionId',
  access: 'session',
  summary: 'Delete a submission',
  description: 'A finished submission or a respondent\'s saved progress, for good. Its files are swept within a day.',
  params: SubmissionParams,
  responses: {
    200: okResponse(DeleteSubmissionResponse, 'Deleted.'),
    403: errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`),
    404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.flows.submissionNotFound}'.`),
  },
});
