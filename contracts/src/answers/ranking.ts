/**
 * Ranking's answer rules: the question's options put in the respondent's order, first = ranked highest.
 * Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, type AnswerCheck } from './define';
import { checkSomeOptions, type ChoiceTemplateLike, type OptionLike } from './shared/options';

/**
 * Every option id of `options` exactly once, in the respondent's order; `invalidOption` for an unknown id or
 * another shape, `duplicateOption` for a repeated id, `rankingIncomplete` when options are left out.
 */
export function checkRanking(value: unknown, options: readonly OptionLike[]): AnswerCheck {
  const check = checkSomeOptions(value, options);
  if (!check.ok) return check;
  return Array.isArray(check.value) && check.value.length === options.length ? check : fail(copy.answers.rankingIncomplete);
}

/**
 * The ranked options as a person reads them: their labels numbered in order, '1. Price, 2. Support' (an id no
 * option has shows as itself).
 */
export function displayRanking(value: unknown, options: readonly OptionLike[]): string {
  if (!Array.isArray(value)) return formatValue(value);
  const labelOf = (item: unknown) =>
    typeof item === 'string' ? (options.find((option) => option.id === item)?.label ?? item) : formatValue(item);
  return value.map((item, index) => `${index + 1}. ${labelOf(item)}`).join(', ');
}

/** Ranking: every option id once, in order ({@link checkRanking}); its text is {@link displayRanking}'s. */
export const rankingRules = defineAnswerRules({
  type: 'Ranking',
  checkAnswer: (value, { options }: ChoiceTemplateLike) => checkRanking(value, options),
  displayAnswer: (value, { template }) => displayRanking(value, template.options),
});
