/**
 * Flows and submissions (spec 000 §3 "Flow"; docs/product-rules.md §3).
 */
import { z } from 'zod';
import * as copy from '../copy';
import { CLOSED_MESSAGE_MAX_LENGTH, REDIRECT_URL_MAX_LENGTH, RESPONSE_LIMIT_MAX } from '../limits';
import { SubmissionCustomColumn } from './custom-column';
import { AccessLevel } from './identity';

/** spec 000 §1: flow types. */
export const FlowType = z.enum(['form', 'quiz', 'scheduling', 'base', 'zite']);
/** A flow type. */
export type FlowType = z.infer<typeof FlowType>;

/**
 * The form settings of a flow (its `settings`, spec 000 §3), what a Fillout or Typeform user sets under "Settings";
 * each is enforced by the flows service, not only shown by the public form (docs/product-rules.md §3):
 * - `closesAt`: the form closes by itself at this instant (ISO 8601 with offset); the public link then shows the
 *   closed state and refuses submissions, as after a close;
 * - `responseLimit`: the form closes once it has this many submissions (1..{@link RESPONSE_LIMIT_MAX});
 * - `oneResponsePerBrowser`: a browser may submit once (it sends a random `respondentId` it keeps; a second
 *   submission with it is refused with `copy.publicForm.alreadyResponded`);
 * - `redirectUrl`: after a submission the respondent's browser goes to this http(s) address instead of the ending;
 * - `closedMessage`: shown under the closed state's title.
 * `null` clears a setting (in an update); absent means unset.
 */
export const FormSettings = z.object({
  closesAt: z.iso.datetime({ offset: true, error: copy.flows.closesAtInvalid }).nullable().optional(),
  responseLimit: z.number().int().min(1).max(RESPONSE_LIMIT_MAX).nullable().optional(),
  oneResponsePerBrowser: z.boolean().nullable().optional(),
  redirectUrl: z
    .url({ protocol: /^https?$/, error: copy.flows.redirectUrlInvalid })
    .max(REDIRECT_URL_MAX_LENGTH)
    .nullable()
    .optional(),
  closedMessage: z.string().trim().max(CLOSED_MESSAGE_MAX_LENGTH).nullable().optional(),
});
/** The form settings (see {@link FormSettings}). */
export type FormSettings = z.infer<typeof FormSettings>;

/**
 * Flow settings (spec 000 §3): the {@link FormSettings}, the Results' custom columns (`customColumns`,
 * `entities/custom-column.ts`) and any other keys (later products add theirs).
 */
export const FlowSettings = z.record(z.string(), z.unknown());
/** Flow settings. */
export type FlowSettings = z.infer<typeof FlowSettings>;

/**
 * A flow. `id` is numeric; `publicIdentifier` is the short random URL-safe id used in public links
 * (ARCHITECTURE §4); `accessLevel` is the caller's access to the flow's workspace.
 *
 * Its state (docs/product-rules.md §3): never published (`publishedAt` null); live (`isPublished`: the public
 * link shows the last published version and takes responses); closed (`closedAt` set: published before, but the
 * public link shows `copy.publicForm.formClosed` and takes no responses until the next publish).
 * `hasUnpublishedChanges`: the draft differs from the last published version (always false before the first
 * publish: then everything is unpublished and the editor says so by `publishedAt` being null).
 * `trashedAt`: when it was moved to the trash (spec 000 §2 reserved workspace `trash`), else null; a trashed flow is
 * listed only in the trash, its public link answers 404 `copy.flows.flowNotFound` and it cannot be published until
 * restored — everything else (its submissions, workflows, the draft) is kept as it was.
 * Its theme: `featuredThemeId` or `themePublicId` (at most one set; both null: the default look).
 */
export const Flow = z.object({
  id: z.number().int().positive(),
  publicIdentifier: z.string(),
  name: z.string(),
  type: FlowType,
  workspaceId: z.number().int().positive(),
  settings: FlowSettings,
  accessLevel: AccessLevel,
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  hasUnpublishedChanges: z.boolean(),
  trashedAt: z.string().nullable(),
  /** spec 000 §3: the featured theme it is drawn with (`rules/themes.ts` `FEATURED_THEME_IDS`), else null. */
  featuredThemeId: z.string().nullable(),
  /** spec 000 §3: the organization theme it is drawn with (`entities/theme.ts` `Theme`), else null. */
  themePublicId: z.string().nullable(),
  /**
   * The id of the user who created it; null when unknown (forms made before creators were recorded). A `limited`
   * member reaches only their own forms (`rules/access.ts`).
   */
  createdBy: z.number().int().positive().nullable(),
});
/** A flow. */
export type Flow = z.infer<typeof Flow>;

/**
 * A submission's question in Fillout's response shape `{id, name, type, value}`, plus `displayValue`: the
 * answer as a person reads it (`widgets/registry.ts` `displayAnswer`: option labels, 'Yes'/'No',
 * 'March 5, 2026', '' when unanswered), computed once by the flows service. The Results table and the
 * thank-you email's submission overview both show it.
 */
export const SubmissionQuestion = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.unknown(),
  displayValue: z.string(),
});
/** One answered question of a submission. */
export type SubmissionQuestion = z.infer<typeof SubmissionQuestion>;

/** A hidden field's value in a submission (Fillout's `urlParameters` item; `rules/url-params.ts`). */
export const SubmissionUrlParameter = z.object({ id: z.string(), name: z.string(), value: z.string() });
/** `{id, name, value}`. */
export type SubmissionUrlParameter = z.infer<typeof SubmissionUrlParameter>;

/**
 * A calculation's number in a submission, in Fillout's response shape (`calculations: [{id, name, type, value}]`):
 * `id` and `name` are the calculation's (`rules/calculations.ts`), `type` is always `'number'`, `value` its number
 * with the submission's answers (finite, rounded to 12 significant digits; `rules/submission-results.ts`).
 */
export const SubmissionCalculation = z.object({ id: z.string(), name: z.string(), type: z.literal('number'), value: z.number() });
/** `{id, name, type: 'number', value}`. */
export type SubmissionCalculation = z.infer<typeof SubmissionCalculation>;

/**
 * A quiz's points in a submission (`rules/quiz.ts`): `score`, the points the answers earned (may be below 0 when a
 * wrong choice costs points), and `maxScore`, the most the questions the respondent was shown give.
 */
export const SubmissionQuiz = z.object({ score: z.number(), maxScore: z.number() });
/** `{score, maxScore}`. */
export type SubmissionQuiz = z.infer<typeof SubmissionQuiz>;

/**
 * A submission in Fillout's response shape (times are ISO 8601 strings): its `questions`, its hidden fields,
 * `urlParameters` (every field the snapshot declared, `value` '' when the link did not carry it), its
 * `calculations` (every calculation of the snapshot, `[]` for a form without) and, for a form whose quiz is on, its
 * `quiz` points. Calculations and points are computed from the snapshot the submission was made against and the
 * answers on the respondent's path (`rules/submission-results.ts`), the numbers the respondent saw. Ours besides
 * Fillout's: `customColumns`, the form owners' own columns (`entities/custom-column.ts`) with this submission's value of
 * each, in the columns' order — present only when the form has custom columns.
 */
export const Submission = z.object({
  submissionId: z.string(),
  submissionTime: z.string(),
  lastUpdatedAt: z.string(),
  questions: z.array(SubmissionQuestion),
  urlParameters: z.array(SubmissionUrlParameter),
  calculations: z.array(SubmissionCalculation),
  quiz: SubmissionQuiz.optional(),
  customColumns: z.array(SubmissionCustomColumn).optional(),
});
/** A submission. */
export type Submission = z.infer<typeof Submission>;
