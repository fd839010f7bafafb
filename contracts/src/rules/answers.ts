/**
 * Answer validation: a respondent's answers checked against the questions (widgets) of a flow template.
 * Zod-free at runtime, like `answers/` (the public form's bundle has no zod).
 * The public form validates one page at a time (`stepIds`); the flows service validates the whole path on
 * submit. Both check the questions the respondent was shown: the visible questions of the pages on their path
 * (`rules/page-path.ts` `pagePath`, the same walk the public form moves with). Each type's own check lives in
 * its answer rules (`answers/<type>.ts`, reached through `answers/registry.ts`); messages are `copy.answers`;
 * bounds are in `limits.ts`. Pure; runs in the browser and the services.
 */
import type { FieldError } from '../errors';
import type { FlowTemplate, Widget } from '../entities/flow-template';
import * as copy from '../copy';
import { fail, isEmptyAnswer, pass, type AnswerCheck } from '../answers/define';
import { checkWidgetAnswer, takesAnswer } from '../answers/registry';
import { pagePath } from './page-path';
import { formWidgets } from './steps';

// The answer helpers and per-type rules other modules import from here (their homes are the answer rules).
export { isEmptyAnswer, type AnswerCheck } from '../answers/define';
export { isValidEmail } from '../answers/email-input';
export { isValidUrl } from '../answers/url-input';
export { isValidPhone } from '../answers/phone-number';
export { isValidDate } from '../answers/date-picker';
export { toFiniteNumber } from '../answers/shared/number';

/** The outcome of {@link validateAnswers}: the normalized answers by widget id, or every error found. */
export type AnswersResult = { ok: true; answers: Record<string, unknown> } | { ok: false; errors: FieldError[] };

/** Options of {@link validateAnswers}. */
export interface ValidateAnswersOptions {
  /**
   * Validate only the questions of these pages of the respondent's path (one page of the public form). Ids of
   * steps not on the path (or no steps at all) match nothing.
   */
  stepIds?: readonly string[];
  /** The hidden fields the form's link carried, by name: conditions on them decide the path (`pagePath`). */
  urlParameters?: Readonly<Record<string, string>>;
}

/**
 * Validates `answers` (an object keyed by widget id) against the template's questions.
 *
 * - Scope: the visible questions of the pages on the respondent's path (`pagePath(template, answers)`: page
 *   navigation rules and `visibleIf` conditions decided by these same answers), or of those pages among
 *   `options.stepIds`. Answers to the template's other questions (a page of another branch, a question whose display condition does not hold)
 *   are neither checked nor returned — a respondent may have answered them and then gone back and chosen
 *   differently. Answers whose key is no widget of the template at all always fail with
 *   `copy.answers.unknownQuestion`.
 * - A hidden question's (`template.hidden`) answer is its default (`rules/defaults.ts` `withHiddenAnswers`, from
 *   the template and the hidden fields): a value sent for it is ignored, and its default is checked and returned.
 * - Each question in scope is checked with {@link checkAnswer} (a question whose display condition does not hold is
 *   not in scope, so not required). A
 *   question that takes no answer (a Statement, `takesAnswer` false) is skipped: a value sent for it is dropped,
 *   never an error.
 * - Errors have `path` `answers.<widgetId>` (or `answers` when `answers` is not an object); questions in path
 *   order first, then unknown keys in input order.
 *
 * So validating every page of the path one by one (`stepIds: [page]`, as the public form does) accepts exactly
 * when validating the whole path at once (the flows service) does, and their answers are the same.
 *
 * Returns `{ok: true, answers}` with the normalized answers of the questions in scope (optional empty answers
 * dropped), or `{ok: false, errors}`. Never throws.
 */
export function validateAnswers(
  template: FlowTemplate,
  answers: unknown,
  options: ValidateAnswersOptions = {},
): AnswersResult {
  if (!isRecord(answers)) return { ok: false, errors: [{ path: 'answers', message: copy.answers.notAnObject }] };
  const { stepIds, urlParameters } = options;
  // The walk's answers: a hidden question's is its default, whatever was sent (`rules/defaults.ts`).
  const { pages, answers: walked } = pagePath(template, answers, { urlParameters });
  const inScope = stepIds ? pages.filter(({ step }) => stepIds.includes(step.id)) : pages;
  const errors: FieldError[] = [];
  const normalized: Array<[string, unknown]> = [];
  for (const widget of inScope.flatMap((page) => page.widgets)) {
    if (!takesAnswer(widget)) continue;
    const check = checkAnswer(widget, ownValue(walked, widget.id));
    if (!check.ok) errors.push({ path: answerPath(widget.id), message: check.message });
    else if (check.value !== undefined) normalized.push([widget.id, check.value]);
  }
  const placed = formWidgets(template);
  const known = new Set(placed.map(({ widget }) => widget.id));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) errors.push({ path: answerPath(key), message: copy.answers.unknownQuestion });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers: Object.fromEntries(normalized) };
}

/**
 * Checks one answer against its widget:
 * - a question that takes no answer (a Statement): no answer (`value: undefined`), whatever is sent;
 * - empty ({@link isEmptyAnswer}): `copy.answers.required` when the question is required, otherwise no answer
 *   (`value: undefined`);
 * - otherwise the type's own check (`answers/<type>.ts` `checkAnswer`, through `answers/registry.ts`), returning the
 *   normalized value or a `copy.answers` message (a required Checkbox must also be `true`).
 */
export function checkAnswer(widget: Widget, value: unknown): AnswerCheck {
  if (!takesAnswer(widget)) return pass(undefined);
  if (isEmptyAnswer(value)) return widget.template.required === true ? fail(copy.answers.required) : pass(undefined);
  return checkWidgetAnswer(widget, value);
}

function answerPath(widgetId: string): string {
  return `answers.${widgetId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
