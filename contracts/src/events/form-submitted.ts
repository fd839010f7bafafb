/**
 * `form.submitted` v1: a respondent submitted a published form (flows → workflows-engine, integrations).
 * The data carries the answered questions in Fillout's shape so consumers need not call flows back.
 * Key: the submission id. Consumers need no order among one form's submissions, so they are not queued
 * behind each other (every bus adapter handles the events of one key one at a time, and on Kafka a key is
 * a partition: a popular form would otherwise be one hot lane). A consumer that wants a form's submissions
 * in order sorts them by `submissionTime`.
 */
import { z } from 'zod';
import { defineEvent } from './define';
import { SubmissionCalculation, SubmissionQuestion, SubmissionQuiz } from '../entities/flow';

/**
 * A question of the event: {@link SubmissionQuestion} whose `displayValue` may be missing — events written
 * before it existed can still be in outboxes and on the bus; consumers format `value` themselves then.
 */
export const SubmittedQuestion = SubmissionQuestion.extend({ displayValue: z.string().optional() });
/** A question of `form.submitted`. */
export type SubmittedQuestion = z.infer<typeof SubmittedQuestion>;

export const FORM_SUBMITTED = 'form.submitted' as const;
export const FORM_SUBMITTED_VERSION = 1;

/** The data of `form.submitted` v1. */
export const FormSubmittedData = z.object({
  flowId: z.number().int().positive(),
  flowPublicIdentifier: z.string(),
  flowName: z.string(),
  submissionId: z.string(),
  submissionTime: z.string(),
  /** The answers by widget id, as submitted. */
  answers: z.record(z.string(), z.unknown()),
  /** Every question of the live template, answered or not, in page order, with its `displayValue`. */
  questions: z.array(SubmittedQuestion),
  /**
   * The form's hidden fields `[{id, name, value}]` (`rules/url-params.ts`); also in `answers` under their ids.
   * Absent in events written before hidden fields existed.
   */
  urlParameters: z.array(z.object({ id: z.string(), name: z.string(), value: z.string() })).optional(),
  /**
   * Every calculation of the live template with its number, `[{id, name, type: 'number', value}]`
   * (`rules/submission-results.ts`). Absent in events written before calculations existed.
   */
  calculations: z.array(SubmissionCalculation).optional(),
  /** The quiz's points `{score, maxScore}` (`rules/quiz.ts`); only for a form whose quiz is on, and absent in older events. */
  quiz: SubmissionQuiz.optional(),
  /**
   * The submission's edit link (`rules/edit-links.ts`), for the email's `edit_submission` button (spec 001 §3); absent
   * in older events and when the service has no public URL.
   */
  editLink: z.string().optional(),
});
/** The data of `form.submitted` v1. */
export type FormSubmittedData = z.infer<typeof FormSubmittedData>;

/** `form.submitted` v1 (see the module doc). */
export const formSubmitted = defineEvent({ type: FORM_SUBMITTED, version: FORM_SUBMITTED_VERSION, data: FormSubmittedData });
