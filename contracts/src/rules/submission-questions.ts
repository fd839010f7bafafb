/**
 * A submission's answers as Fillout's `questions` list (`entities/flow.ts` `SubmissionQuestion`), used by the
 * submissions list and the `form.submitted` event. Pure; runs in the browser and the services.
 */
import type { FlowTemplate, Widget } from '../entities/flow-template';
import type { SubmissionQuestion } from '../entities/flow';
import { isEmptyAnswer, type DisplayOptions } from '../answers/define';
import { displayAnswer, takesAnswer } from '../answers/registry';
import { formWidgets } from './steps';

/** The name of `widget` as the results show it: its `name`, or its label when the name is blank. */
export function questionName(widget: Pick<Widget, 'name' | 'template'>): string {
  return widget.name.trim() ? widget.name : widget.template.label;
}

/**
 * Every form widget of `template` in page order (see `formWidgets`) as `{id, name, type, value,
 * displayValue}`: `id` and `type` are the widget's, `name` is the widget's `name` (its label when the name is
 * blank), `value` is the answer from `answers` (keyed by widget id) or `null` when unanswered
 * ({@link isEmptyAnswer}), `displayValue` is `displayAnswer(value, widget)` ('' when unanswered). Answers to
 * widgets no longer in the template are left out, and so are widgets that take no answer (a Statement,
 * `takesAnswer`): no Results or export column, no line of the email's submission overview. `options.fileUrl` (the
 * flows service's) links each uploaded file in `displayValue` ('cv.pdf (https://…)').
 */
export function toSubmissionQuestions(
  template: FlowTemplate,
  answers: Readonly<Record<string, unknown>>,
  options?: DisplayOptions,
): SubmissionQuestion[] {
  return formWidgets(template)
    .filter(({ widget }) => takesAnswer(widget))
    .map(({ widget }) => {
      const value = Object.prototype.hasOwnProperty.call(answers, widget.id) ? answers[widget.id] : undefined;
      return {
        id: widget.id,
        name: questionName(widget),
        type: widget.type,
        value: isEmptyAnswer(value) ? null : value,
        displayValue: displayAnswer(value, widget, options),
      };
    });
}
