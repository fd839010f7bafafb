/**
 * `form.progressed` v1: a respondent saved their progress on a live form (a partial submission, moving between
 * pages; flows → workflows-engine). The data is `form.submitted`'s for the answers so far — the same shape, so a
 * run started by it composes emails the same way — plus when the progress was saved (`lastUpdatedAt`) and the
 * page reached (`stepId`). The submission keeps the progress' id when it is finished (`form.submitted` then
 * carries the same `submissionId`).
 *
 * Why not `form.abandoned`: when a form counts as abandoned depends on each `formAbandoned` workflow's own
 * `sendAfterTime` (spec 001 §3), so flows reports the facts (progress saved, form submitted) and the engine keeps
 * one durable timer per workflow and respondent (docs/architecture.md "Time-based triggers").
 * Key: the submission id (the events of one respondent stay in order on every bus).
 */
import { z } from 'zod';
import { defineEvent } from './define';
import { FormSubmittedData } from './form-submitted';

export const FORM_PROGRESSED = 'form.progressed' as const;
export const FORM_PROGRESSED_VERSION = 1;

/**
 * The data of `form.progressed` v1: {@link FormSubmittedData} of the answers so far (`submissionTime` is when the
 * progress was first saved), `lastUpdatedAt` (ISO 8601, this save) and `stepId` (the page reached).
 */
export const FormProgressedData = FormSubmittedData.extend({
  lastUpdatedAt: z.string(),
  stepId: z.string(),
});
/** The data of `form.progressed` v1. */
export type FormProgressedData = z.infer<typeof FormProgressedData>;

/** `form.progressed` v1 (see the module doc). */
export const formProgressed = defineEvent({ type: FORM_PROGRESSED, version: FORM_PROGRESSED_VERSION, data: FormProgressedData });
