/**
 * The Results' summary: a chart per question of a form, over the responses the Results' filters keep (the flows
 * service's SQL aggregates; which summary a question gets is `rules/summary.ts` `SUMMARY_SHAPES`).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { FlowParams } from './flows';
import { submissionFilterShape, withValidRange } from './submissions';

/**
 * `GET /admin/flows/:publicIdentifier/submissions/summary` query: the Results' filters, as the list and the
 * export take them (`submissions.ts` `submissionFilterShape`: `from`, `to`, `status`, `search`).
 */
export const SubmissionsSummaryQuery = withValidRange(z.object({ ...submissionFilterShape }));
/** `{from?, to?, status, search?}`. */
export type SubmissionsSummaryQuery = z.infer<typeof SubmissionsSummaryQuery>;

const Count = z.number().int().nonnegative();

/**
 * The average, minimum and maximum of a question's numeric answers, and each as the question writes a number
 * (`rules/summary.ts` `summaryNumberText`: rounded to 2 decimals, 'USD 1,234.50', '25 km').
 */
export const SummaryNumberStats = z.object({
  average: z.number(),
  min: z.number(),
  max: z.number(),
  averageText: z.string(),
  minText: z.string(),
  maxText: z.string(),
});
/** `{average, min, max, averageText, minText, maxText}`. */
export type SummaryNumberStats = z.infer<typeof SummaryNumberStats>;

/** One bar: an option (a column of a Matrix row, a value of a scale, a bucket of numbers) and its count. */
const SummaryBar = z.object({ id: z.string(), label: z.string(), count: Count });

/**
 * What a question's summary holds, by its kind (`rules/summary.ts` `SummaryShape`):
 * - `choices`: `options` in the question's order with their counts (`multiple`: a response counts for every option
 *   it holds, so the counts may add up to more than `answered`); `removed` counts the answers holding an option the
 *   question no longer has (removed since they were given);
 * - `matrix`: `columns`, and per row the responses that answered it and a count per column (in `columns`' order);
 * - `scale`: a count per value (`value`, its text `label`), `stats` (null when nobody answered) and `nps` — the Net
 *   Promoter Score of a 0–10 opinion scale (`rules/summary.ts` `netPromoterScore`), null for other scales or
 *   without answers;
 * - `numbers`: `stats` and the distribution in `buckets` (`rules/summary.ts` `numberBuckets`: `from` included, `to`
 *   excluded but in the last bucket when `toIncluded`), `[]` without answers;
 * - `texts`: the latest answers, newest first (`SUMMARY_LATEST_ANSWERS`), each with its response's id and time;
 * - `dates`: the earliest and the latest answer as people read them ('March 5, 2026'), null without answers;
 * - `answered`: nothing more than the question's `answered`.
 */
export const QuestionSummaryDetail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('choices'), multiple: z.boolean(), options: z.array(SummaryBar), removed: Count }),
  z.object({
    kind: z.literal('matrix'),
    columns: z.array(z.object({ id: z.string(), label: z.string() })),
    rows: z.array(z.object({ id: z.string(), label: z.string(), answered: Count, counts: z.array(Count) })),
  }),
  z.object({
    kind: z.literal('scale'),
    values: z.array(z.object({ value: z.number(), label: z.string(), count: Count })),
    stats: SummaryNumberStats.nullable(),
    nps: z.object({ score: z.number().int().min(-100).max(100), promoters: Count, passives: Count, detractors: Count }).nullable(),
  }),
  z.object({
    kind: z.literal('numbers'),
    stats: SummaryNumberStats.nullable(),
    buckets: z.array(z.object({ from: z.number(), to: z.number(), toIncluded: z.boolean(), label: z.string(), count: Count })),
  }),
  z.object({
    kind: z.literal('texts'),
    latest: z.array(z.object({ submissionId: z.string(), submissionTime: z.string(), text: z.string() })),
  }),
  z.object({ kind: z.literal('dates'), earliest: z.string().nullable(), latest: z.string().nullable() }),
  z.object({ kind: z.literal('answered') }),
]);
/** One of the summaries above, by `kind`. */
export type QuestionSummaryDetail = z.infer<typeof QuestionSummaryDetail>;

/**
 * A question's summary: the question (`id`, `name` — its label when the name is blank —, `type`, and the `pageId`
 * of its page), how many of the filtered responses answered it (`answered`), and its `summary`.
 */
export const QuestionSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  pageId: z.string(),
  answered: Count,
  summary: QuestionSummaryDetail,
});
/** `{id, name, type, pageId, answered, summary}`. */
export type QuestionSummary = z.infer<typeof QuestionSummary>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions/summary` response: `totalResponses` — how many responses the
 * filters keep — and a summary per question that takes an answer of the form's current version (the live
 * snapshot; the draft before the first publish), in page order.
 */
export const SubmissionsSummaryResponse = z.object({
  totalResponses: Count,
  questions: z.array(QuestionSummary),
});
/** `{totalResponses, questions}`. */
export type SubmissionsSummaryResponse = z.infer<typeof SubmissionsSummaryResponse>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions/summary`: a summary per question of the responses the Results'
 * filters keep (view access).
 */
export const summarizeSubmissions = defineEndpoint({
  id: 'flows.summarizeSubmissions',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/:publicIdentifier/submissions/summary',
  access: 'session',
  summary: 'Summarize submissions per question',
  description:
    "Counts per option (choices, checkboxes, a Matrix's rows), the average, minimum, maximum and distribution of numbers (the Net Promoter Score of a 0–10 opinion scale), the latest answers of text questions, the earliest and latest dates, and how many answered each question — over the responses the filters keep (`status`, `from`/`to`, `search`, as the list's), for the questions of the form's live version in page order. Answers holding an option the form no longer has are counted as `removed`. View access.",
  params: FlowParams,
  query: SubmissionsSummaryQuery,
  responses: {
    200: okResponse(SubmissionsSummaryResponse),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
  },
});
