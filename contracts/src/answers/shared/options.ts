/** Answer helpers of the choice types (zod-free, see `answers/define.ts`). */
import * as copy from '../../copy';
import { formatValue } from '../../logic';
import { fail, pass, type AnswerCheck } from '../define';

/** One choice of a choice question: its id (unique in the template) and label. */
export interface OptionLike {
  id: string;
  label: string;
}

/** The template fields the choice types' answer rules read. */
export interface ChoiceTemplateLike {
  options: readonly OptionLike[];
}

/** One option id of `options`; `copy.answers.invalidOption` otherwise. */
export function checkOneOption(value: unknown, options: readonly OptionLike[]): AnswerCheck {
  return typeof value === 'string' && options.some((option) => option.id === value)
    ? pass(value)
    : fail(copy.answers.invalidOption);
}

/**
 * A non-empty array of distinct option ids of `options`, in the respondent's order; `invalidOption` for an
 * unknown id or another shape, `duplicateOption` for a repeated id.
 */
export function checkSomeOptions(value: unknown, options: readonly OptionLike[]): AnswerCheck {
  if (!Array.isArray(value)) return fail(copy.answers.invalidOption);
  const ids = new Set(options.map((option) => option.id));
  if (!value.every((item) => typeof item === 'string' && ids.has(item))) return fail(copy.answers.invalidOption);
  return new Set(value).size === value.length ? pass(value) : fail(copy.answers.duplicateOption);
}

/** The labels of the chosen option ids (several joined with ', '); an unknown id shows as itself. */
export function displayOptions(value: unknown, options: readonly OptionLike[]): string {
  const labelOf = (item: unknown) =>
    typeof item === 'string' ? (options.find((option) => option.id === item)?.label ?? item) : formatValue(item);
  return Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value);
}

/** The answer rules of a choice type of type name `type`, checking answers with `check`. */
export function choiceAnswerRules<const T extends string>(type: T, check: (value: unknown, options: readonly OptionLike[]) => AnswerCheck) {
  return {
    type,
    checkAnswer: (value: unknown, { options }: ChoiceTemplateLike) => check(value, options),
    displayAnswer: (value: unknown, { template }: { template: ChoiceTemplateLike }) => displayOptions(value, template.options),
  };
}
