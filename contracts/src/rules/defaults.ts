/**
 * Default answers and hidden questions, the way Typeform's and Fillout's prefill and hidden fields work:
 *
 * - A question of a type that takes a default (`takesDefault` in its answer rules: text, email, number, amount,
 *   phone, URL, choices, yes/no, dates and times, stars, scale, slider) may have `template.defaultValue`: a fixed
 *   answer, as a respondent would send it (`{kind: 'fixed', value}`; saving checks it with the type's own
 *   `checkAnswer`), or the value of one of the form's hidden fields (`{kind: 'urlParam', urlParamId}`: the link's
 *   `?<name>=` prefills the question — URL prefill). A hidden field's text is read as the type reads it
 *   (`fromText`: a choice's label, 'yes' for a checkbox) and is no default when the question would refuse it: it
 *   is ignored, never an error. The public form starts with the defaults ({@link defaultAnswers}); the respondent
 *   sees them filled in and may change them.
 * - A hidden question (`template.hidden`) is never shown to the respondent, and cannot be required. Its answer is
 *   its default, whatever the browser sends ({@link withHiddenAnswers}): `rules/page-path.ts` applies it before the
 *   walk, so the public form, the flows service's check of a submission, a saved progress and the Results agree,
 *   and it is stored like any answer. It is on the path of its page (its `visibleIf` permitting), so conditions,
 *   calculations and piping see its answer.
 *
 * ZOD-FREE AT RUNTIME: the public form runs it. Pure; never throws.
 */
import { isEmptyAnswer } from '../answers/define';
import { answerFromText, checkWidgetAnswer, takesAnswer, takesDefault } from '../answers/registry';
import type { FlowTemplate, Widget } from '../entities/flow-template';
import { formWidgets } from './steps';

/** A question's default answer: a fixed answer, or the value of the hidden field `urlParamId` of the form's link. */
export type DefaultValue = { kind: 'fixed'; value: unknown } | { kind: 'urlParam'; urlParamId: string };

/** True for a question the form never shows (`template.hidden`); its answer is its default ({@link withHiddenAnswers}). */
export function isHiddenQuestion(widget: Pick<Widget, 'template'>): boolean {
  return widget.template.hidden === true;
}

/**
 * The answer `widget` (a question of `template`) starts with, or `undefined`: its fixed default, or the value of the
 * hidden field it names in `urlParams` (name → value, as the link carried them) read by its type's `fromText` — each
 * only when the question's own check accepts it, and as that check normalizes it (the link's '7' is the number 7, so
 * a rating or a slider shows it as chosen). `undefined` as well for a question without a default, one whose type
 * takes none, or a Statement.
 */
export function defaultAnswerOf(template: FlowTemplate, widget: Widget, urlParams: Readonly<Record<string, string>>): unknown {
  const given = widget.template.defaultValue;
  if (!given || !takesAnswer(widget) || !takesDefault(widget)) return undefined;
  let value: unknown;
  if (given.kind === 'fixed') {
    value = given.value;
  } else {
    const field = (template.urlParams ?? []).find((param) => param.id === given.urlParamId);
    const text = field && Object.prototype.hasOwnProperty.call(urlParams, field.name) ? urlParams[field.name] : undefined;
    value = typeof text === 'string' ? answerFromText(widget, text) : undefined;
  }
  if (isEmptyAnswer(value)) return undefined;
  const check = checkWidgetAnswer(widget, value);
  return check.ok ? check.value : undefined;
}

/**
 * The default answers of the template's questions by id (only those that have one, {@link defaultAnswerOf}) with the
 * hidden fields `urlParams`: what the public form starts with; the respondent's own answers go over them.
 */
export function defaultAnswers(template: FlowTemplate, urlParams: Readonly<Record<string, string>>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const { widget } of formWidgets(template)) {
    const value = defaultAnswerOf(template, widget, urlParams);
    if (value !== undefined) answers[widget.id] = value;
  }
  return answers;
}

/**
 * `answers` with the answer of every hidden question ({@link isHiddenQuestion}) replaced by its default
 * ({@link defaultAnswerOf} with `urlParams`), or removed when it has none: whatever the browser sent for it counts
 * for nothing. `answers` itself when the form has no hidden question; otherwise a copy (`answers` is not changed).
 */
export function withHiddenAnswers(template: FlowTemplate, answers: Record<string, unknown>, urlParams: Readonly<Record<string, string>>): Record<string, unknown> {
  const hidden = formWidgets(template).filter(({ widget }) => isHiddenQuestion(widget) && takesAnswer(widget));
  if (hidden.length === 0) return answers;
  const result: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  Object.assign(result, answers);
  for (const { widget } of hidden) {
    const value = defaultAnswerOf(template, widget, urlParams);
    if (value === undefined) delete result[widget.id];
    else result[widget.id] = value;
  }
  return result;
}
