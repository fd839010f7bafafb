/**
 * Answer piping: a question's label or an ending's title and message may show earlier answers — "Thanks
 * {{answers.w1}}, we will write to {{answers.w2}}" — the way Typeform's recall and Fillout's @-mentions do. The
 * placeholder is the logic-value path written in text (`logic.ts`: `{{answers.<widgetId>}}`); a piped answer
 * reads as people read it (`displayAnswer`: option labels, 'March 5, 2026', 'USD 1,234.50'), and an unanswered
 * or unknown one reads as nothing. A hidden field's value pipes as `{{urlParams.<name>}}`. ZOD-FREE AT RUNTIME: the public form runs it. Pure; never throws.
 */
import { isEmptyAnswer } from '../answers/define';
import { checkWidgetAnswer, displayAnswer } from '../answers/registry';
import type { FlowTemplate, Widget } from '../entities/flow-template';
import { formWidgets } from './steps';

/** `{{answers.<widgetId>}}` (spaces inside the braces allowed), globally. The id is group 1. */
const PIPED_ANSWER = /\{\{\s*answers\.([\w-]{1,64})\s*\}\}/g;
/** `{{urlParams.<name>}}`, a hidden field (`rules/url-params.ts`). The name is group 1. */
const PIPED_URL_PARAM = /\{\{\s*urlParams\.([\w.-]{1,64}?)\s*\}\}/g;

/** The placeholder that pipes the answer to `widgetId`: `{{answers.<widgetId>}}`. */
export function pipedAnswer(widgetId: string): string {
  return `{{answers.${widgetId}}}`;
}

/** The placeholder that pipes hidden field `name`: `{{urlParams.<name>}}`. */
export function pipedUrlParam(name: string): string {
  return `{{urlParams.${name}}}`;
}

/** The ids of the questions `text` pipes, in order of appearance (repeats kept). */
export function pipedAnswerIds(text: string): string[] {
  return [...text.matchAll(PIPED_ANSWER)].map((match) => match[1] as string);
}

/** True when `text` pipes at least one answer or hidden field. */
export function hasPipedAnswers(text: string): boolean {
  return pipedAnswerIds(text).length > 0 || /\{\{\s*urlParams\./.test(text);
}

/**
 * `text` with every `{{answers.<id>}}` replaced by the answer to that question as a person reads it
 * (`displayAnswer` of the answer normalized by the question's own check; as given when the check refuses it),
 * or '' when the question is unknown or unanswered; and every `{{urlParams.<name>}}` by that hidden field's value
 * in `urlParams` (name → value; '' when absent). `questions`: the form's questions (`formWidgets`).
 */
export function pipeAnswers(
  text: string,
  questions: ReadonlyMap<string, Widget>,
  answers: Record<string, unknown>,
  urlParams: Readonly<Record<string, string>> = {},
): string {
  if (!text.includes('{{')) return text;
  const withParams = text.replace(PIPED_URL_PARAM, (_match, name: string) =>
    Object.prototype.hasOwnProperty.call(urlParams, name) ? (urlParams[name] ?? '') : '',
  );
  return withParams.replace(PIPED_ANSWER, (_match, id: string) => {
    const widget = questions.get(id);
    if (!widget || !Object.prototype.hasOwnProperty.call(answers, id)) return '';
    const value = answers[id];
    if (isEmptyAnswer(value)) return '';
    const check = checkWidgetAnswer(widget, value);
    return displayAnswer(check.ok ? check.value : value, widget);
  });
}

/** The form's questions by id, for {@link pipeAnswers}. */
export function questionsById(template: FlowTemplate): Map<string, Widget> {
  return new Map(formWidgets(template).map(({ widget }) => [widget.id, widget]));
}

/**
 * `text` with every `{{answers.<id>}}` written as `[<question label>]` and every `{{urlParams.<name>}}` as
 * `[<name>]` — how the editor shows what a label pipes ('Thanks [Your name]!'); an unknown question reads `[?]`.
 */
export function describePiping(text: string, questions: ReadonlyMap<string, Widget>): string {
  const withParams = text.replace(PIPED_URL_PARAM, (_match, name: string) => `[${name}]`);
  return withParams.replace(PIPED_ANSWER, (_match, id: string) => {
    const widget = questions.get(id);
    return `[${widget ? widget.template.label.trim() || widget.name : '?'}]`;
  });
}
