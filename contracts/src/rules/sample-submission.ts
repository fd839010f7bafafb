/**
 * A made-up submission of a form, for the preview of a workflow email (spec 001 §7 "Preview of an email … and flow
 * template"): a preview has no real submission, so its variables, its submission overview and its answers-taken
 * texts read sample answers made from the form's own questions. The shape is `form.submitted`'s data, so the engine
 * composes a preview exactly as it composes a run's email. Pure; never throws for a parsed template.
 *
 * Each question that takes an answer gets its type's sample answer (`widgets/<type>.ts` `sample`) when the question
 * accepts it (a Short answer: 'Ada Lovelace'; an Email: 'ada@example.com'), else — a choice whose options are the
 * form's own — its first option (or the first option alone, as a list, for a multiple choice), else the sample's text
 * as it reads. Hidden fields read as their names, calculations as their numbers on those answers.
 */
import type { FlowTemplate, Widget } from '../entities/flow-template';
import type { FormSubmittedData } from '../events/form-submitted';
import { checkWidgetAnswer, displayAnswer, takesAnswer } from '../answers/registry';
import { widgetDefinition } from '../widgets/registry';
import { formWidgets } from './steps';
import { questionName } from './submission-questions';
import { toSubmissionResults } from './submission-results';
import { urlParamsOf } from './url-params';

/** What {@link sampleSubmission} needs besides the template. */
export interface SampleSubmissionInput {
  template: FlowTemplate;
  flowId: number;
  flowPublicIdentifier: string;
  flowName: string;
  /** The submission time (default now). */
  now?: Date;
}

/** The id of every sample submission (a preview's). */
export const SAMPLE_SUBMISSION_ID = '00000000-0000-7000-8000-000000000000';

/** The first option id of a choice question (`template.options[0].id`), if it has options. */
function firstOptionId(widget: Widget): string | undefined {
  const options = (widget.template as { options?: unknown }).options;
  if (!Array.isArray(options)) return undefined;
  const first: unknown = options[0];
  const id = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** A question's sample answer and its text (see the module doc). */
function sampleAnswer(widget: Widget): { value: unknown; displayValue: string } {
  const sample = widgetDefinition(widget.type).sample;
  const candidates: unknown[] = [sample.answer];
  const option = firstOptionId(widget);
  if (option !== undefined) candidates.push(option, [option]);
  for (const candidate of candidates) {
    const checked = checkWidgetAnswer(widget, candidate);
    if (checked.ok) return { value: checked.value, displayValue: displayAnswer(checked.value, widget) };
  }
  return { value: sample.display, displayValue: sample.display };
}

/**
 * A sample `form.submitted` data of `input.template` (see the module doc): every question that takes an answer
 * answered, in page order, the hidden fields, the calculations and the quiz's points, and no edit link.
 */
export function sampleSubmission(input: SampleSubmissionInput): FormSubmittedData {
  const { template } = input;
  const answers: Record<string, unknown> = {};
  const questions: FormSubmittedData['questions'] = [];
  for (const { widget } of formWidgets(template)) {
    if (!takesAnswer(widget)) continue;
    const { value, displayValue } = sampleAnswer(widget);
    answers[widget.id] = value;
    questions.push({ id: widget.id, name: questionName(widget), type: widget.type, value, displayValue });
  }
  const urlParameters = urlParamsOf(template).map(({ id, name }) => ({ id, name, value: name }));
  for (const { id, value } of urlParameters) answers[id] = value;
  const results = toSubmissionResults(template, answers);
  return {
    flowId: input.flowId,
    flowPublicIdentifier: input.flowPublicIdentifier,
    flowName: input.flowName,
    submissionId: SAMPLE_SUBMISSION_ID,
    submissionTime: (input.now ?? new Date()).toISOString(),
    answers,
    questions,
    urlParameters,
    calculations: results.calculations,
    ...(results.quiz ? { quiz: results.quiz } : {}),
  };
}
