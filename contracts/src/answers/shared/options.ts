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

/**
 * The option a text names (a hidden field's value, `rules/defaults.ts`): the option whose id is the text, else the
 * first whose label is the text (trimmed, ignoring case); its id, or the text itself when none is named.
 */
export function optionFromText(text: string, options: readonly OptionLike[]): string {
  const wanted = text.trim().toLowerCase();
  return (options.find((option) => option.id === text) ?? options.find((option) => option.label.trim().toLowerCase() === wanted))?.id ?? text;
}

/** Several options a text names, separated by commas ('Red, Blue'): each as {@link optionFromText}, blanks left out. */
export function optionsFromText(text: string, options: readonly OptionLike[]): string[] {
  return text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => optionFromText(part, options));
}

/**
 * The answer rules of a choice type of type name `type`, checking answers with `check`; a default's text names one
 * option (`several`: options separated by commas) by id or label.
 */
export function choiceAnswerRules<const T extends string>(type: T, check: (value: unknown, options: readonly OptionLike[]) => AnswerCheck, several = false) {
  return {
    type,
    takesDefault: true,
    checkAnswer: (value: unknown, { options }: ChoiceTemplateLike) => check(value, options),
    displayAnswer: (value: unknown, { template }: { template: ChoiceTemplateLike }) => displayOptions(value, template.options),
    fromText: (text: string, { options }: ChoiceTemplateLike) => (several ? optionsFromText(text, options) : optionFromText(text, options)),
  };
}
