/**
 * MultiSelect's answer rules (Fillout's multi-select dropdown): several of the question's options, picked from a
 * list, with optional bounds on how many. Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { defineAnswerRules, fail, type AnswerCheck } from './define';
import { checkSomeOptions, displayOptions, optionsFromText, type ChoiceTemplateLike } from './shared/options';

/** The template fields MultiSelect's rules read: its options and the optional bounds of the number chosen. */
export interface MultiSelectTemplateLike extends ChoiceTemplateLike {
  /** The fewest options an answer may hold (whole number ≥ 1; unset: 1). */
  minSelections?: number;
  /** The most options an answer may hold (whole number ≥ 1; unset: every option). */
  maxSelections?: number;
}

/**
 * A MultiSelect answer: a non-empty list of distinct option ids, kept in the respondent's order
 * (`copy.answers.invalidOption`, `duplicateOption` otherwise — as Checkboxes), holding at least `minSelections`
 * (`copy.answers.tooFewSelections(min)`) and at most `maxSelections` (`copy.answers.tooManySelections(max)`)
 * options when those are set.
 */
export function checkMultiSelect(value: unknown, { options, minSelections, maxSelections }: MultiSelectTemplateLike): AnswerCheck {
  const check = checkSomeOptions(value, options);
  if (!check.ok) return check;
  const count = Array.isArray(check.value) ? check.value.length : 0;
  if (minSelections !== undefined && count < minSelections) return fail(copy.answers.tooFewSelections(minSelections));
  if (maxSelections !== undefined && count > maxSelections) return fail(copy.answers.tooManySelections(maxSelections));
  return check;
}

/** MultiSelect: option ids within the bounds ({@link checkMultiSelect}); its text is their labels joined with ', '. */
export const multiSelectRules = defineAnswerRules({
  type: 'MultiSelect',
  takesDefault: true,
  checkAnswer: (value, template: MultiSelectTemplateLike) => checkMultiSelect(value, template),
  displayAnswer: (value, { template }) => displayOptions(value, template.options),
  fromText: (text, { options }) => optionsFromText(text, options),
});
