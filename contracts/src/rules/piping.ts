/**
 * Answer piping: a question's label or an ending's title and message may show earlier answers — "Thanks
 * {{answers.w1}}, we will write to {{answers.w2}}" — the way Typeform's recall and Fillout's @-mentions do. The
 * placeholder is the logic-value path written in text (`logic.ts`: `{{answers.<widgetId>}}`); a piped answer
 * reads as people read it (`displayAnswer`: option labels, 'March 5, 2026', 'USD 1,234.50'), and an unanswered
 * or unknown one reads as nothing. A hidden field's value pipes as `{{urlParams.<name>}}`, a calculation's number
 * as `{{calculations.<id>}}` (`rules/calculations.ts` `displayCalculation`), a quiz's points as `{{quiz.score}}` and
 * `{{quiz.maxScore}}`. ZOD-FREE AT RUNTIME: the public form runs it. Pure; never throws.
 */
import { isEmptyAnswer } from '../answers/define';
import { checkWidgetAnswer, displayAnswer } from '../answers/registry';
import type { FlowTemplate, Widget } from '../entities/flow-template';
import * as copy from '../copy';
import { displayCalculation } from './calculations';
import { formWidgets } from './steps';

/** `{{answers.<widgetId>}}` (spaces inside the braces allowed), globally. The id is group 1. */
const PIPED_ANSWER = /\{\{\s*answers\.([\w-]{1,64})\s*\}\}/g;
/** `{{urlParams.<name>}}`, a hidden field (`rules/url-params.ts`). The name is group 1. */
const PIPED_URL_PARAM = /\{\{\s*urlParams\.([\w.-]{1,64}?)\s*\}\}/g;

/** `{{calculations.<id>}}`, a calculation's number. The id is group 1. */
const PIPED_CALCULATION = /\{\{\s*calculations\.([\w-]{1,64})\s*\}\}/g;
/** `{{quiz.score}}` or `{{quiz.maxScore}}`. The key is group 1. */
const PIPED_QUIZ = /\{\{\s*quiz\.(score|maxScore)\s*\}\}/g;

/** The placeholder that pipes calculation `id`: `{{calculations.<id>}}`. */
export function pipedCalculation(id: string): string {
  return `{{calculations.${id}}}`;
}

/** The placeholders of a quiz's score and of the most there is to score. */
export const PIPED_QUIZ_SCORE = '{{quiz.score}}';
export const PIPED_QUIZ_MAX_SCORE = '{{quiz.maxScore}}';

/** The ids of the calculations `text` pipes, in order of appearance. */
export function pipedCalculationIds(text: string): string[] {
  return [...text.matchAll(PIPED_CALCULATION)].map((match) => match[1] as string);
}

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
  return /\{\{\s*(?:answers|urlParams|calculations|quiz)\./.test(text);
}

/** What {@link pipeAnswers} writes besides answers: hidden fields by name, calculations by id, a quiz's points. */
export interface PipedValues {
  urlParams?: Readonly<Record<string, string>>;
  calculations?: Readonly<Record<string, number>>;
  quiz?: { score: number; maxScore: number } | null;
}

/**
 * `text` with every `{{answers.<id>}}` replaced by the answer to that question as a person reads it
 * (`displayAnswer` of the answer normalized by the question's own check; as given when the check refuses it),
 * or '' when the question is unknown or unanswered; every `{{urlParams.<name>}}` by that hidden field's value
 * (`values.urlParams`, name → value), every `{{calculations.<id>}}` by that calculation's number
 * (`values.calculations`, `displayCalculation`), `{{quiz.score}}` and `{{quiz.maxScore}}` by the quiz's points
 * (`values.quiz`) — each '' when absent. `questions`: the form's questions (`formWidgets`).
 */
export function pipeAnswers(text: string, questions: ReadonlyMap<string, Widget>, answers: Record<string, unknown>, values: PipedValues = {}): string {
  if (!text.includes('{{')) return text;
  const { urlParams = {}, calculations = {}, quiz } = values;
  const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);
  const withParams = text
    .replace(PIPED_URL_PARAM, (_match, name: string) => own(urlParams, name) ?? '')
    .replace(PIPED_CALCULATION, (_match, id: string) => {
      const value = own(calculations, id);
      return value === undefined ? '' : displayCalculation(value);
    })
    .replace(PIPED_QUIZ, (_match, key: 'score' | 'maxScore') => (quiz ? displayCalculation(quiz[key]) : ''));
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
 * `text` with every `{{answers.<id>}}` written as `[<question label>]`, every `{{urlParams.<name>}}` as `[<name>]`,
 * every `{{calculations.<id>}}` as `[<calculation name>]` (`calculationNames`, id → name) and the quiz's points as
 * `[Score]` and `[Maximum score]` (`copy.quiz`) — how the editor shows what a label pipes ('Thanks [Your name]!'); an unknown
 * question or calculation reads `[?]`.
 */
export function describePiping(text: string, questions: ReadonlyMap<string, Widget>, calculationNames: ReadonlyMap<string, string> = new Map()): string {
  const withParams = text
    .replace(PIPED_URL_PARAM, (_match, name: string) => `[${name}]`)
    .replace(PIPED_CALCULATION, (_match, id: string) => `[${calculationNames.get(id) ?? '?'}]`)
    .replace(PIPED_QUIZ, (_match, key: string) => `[${key === 'score' ? copy.quiz.score : copy.quiz.maxScore}]`);
  return withParams.replace(PIPED_ANSWER, (_match, id: string) => {
    const widget = questions.get(id);
    return `[${widget ? widget.template.label.trim() || widget.name : '?'}]`;
  });
}
