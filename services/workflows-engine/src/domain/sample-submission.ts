/**
 * The sample submission the editor's node tests run with (`routes/node-tests.ts`, `api/workflows-engine/node-tests.ts`):
 * a `form.submitted` payload for the form's draft, as if a respondent had just answered every question. Pure.
 *
 * - each question that takes an answer gets its type's sample answer (`widgets/<type>.ts` `sample`) when the
 *   question's own settings accept it (`checkWidgetAnswer`), else the sample's text read as an answer to it
 *   (`answerFromText`: a choice whose label is the sample's), else none — a choice question whose options differ
 *   from the sample's stays unanswered, as a respondent may leave it;
 * - each hidden field holds `sample <name>`;
 * - the calculations and the quiz score are computed from those answers, as for a real submission;
 * - the submission id is `sample-submission` and its time `now`.
 */
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { isEmptyAnswer } from '@formloom/contracts/answers/define';
import { answerFromText, checkWidgetAnswer, takesAnswer } from '@formloom/contracts/answers/registry';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { toSubmissionQuestions } from '@formloom/contracts/rules/submission-questions';
import { toSubmissionResults } from '@formloom/contracts/rules/submission-results';
import { urlParamsOf } from '@formloom/contracts/rules/url-params';
import { widgetDefinition } from '@formloom/contracts/widgets/registry';

/** The submission id of every sample submission. */
export const SAMPLE_SUBMISSION_ID = 'sample-submission';

/** The sample answer to `widget` (see the module doc), or `undefined` when none fits. Never throws. */
function sampleAnswer(widget: Widget): unknown {
  try {
    const { sample } = widgetDefinition(widget.type);
    for (const candidate of [structuredClone(sample.answer), answerFromText(widget, sample.display)]) {
      if (isEmptyAnswer(candidate)) continue;
      const checked = checkWidgetAnswer(widget, candidate);
      if (checked.ok) return checked.value;
    }
  } catch {
    // A type without a sample (or a template its rules cannot read) gets no answer.
  }
  return undefined;
}

/** The form a sample is made for. */
export interface SampleForm {
  id: number;
  publicIdentifier: string;
  name: string;
}

/** A sample `form.submitted` payload for `template` (see the module doc). */
export function sampleSubmission(form: SampleForm, template: FlowTemplate, now: Date = new Date()): FormSubmittedData {
  const answers: Record<string, unknown> = {};
  for (const { widget } of formWidgets(template)) {
    if (!takesAnswer(widget)) continue;
    const answer = sampleAnswer(widget);
    if (answer !== undefined) answers[widget.id] = answer;
  }
  const urlParameters = urlParamsOf(template).map(({ id, name }) => ({ id, name, value: `sample ${name}` }));
  for (const { id, value } of urlParameters) answers[id] = value;
  const { calculations, quiz } = toSubmissionResults(template, answers);
  return {
    flowId: form.id,
    flowPublicIdentifier: form.publicIdentifier,
    flowName: form.name,
    submissionId: SAMPLE_SUBMISSION_ID,
    submissionTime: now.toISOString(),
    answers,
    questions: toSubmissionQuestions(template, answers),
    urlParameters,
    calculations,
    ...(quiz ? { quiz } : {}),
  };
}
