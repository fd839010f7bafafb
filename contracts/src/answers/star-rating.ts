/**
 * StarRating's answer rules: 1 to `max` stars, `max` being 3..10 and STAR_RATING_MAX (5) when unset
 * (docs/product-rules.md §2). Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { STAR_RATING_MAX } from '../limits';
import { defineAnswerRules, fail, pass } from './define';
import { displayNumber, toFiniteNumber } from './shared/number';

/** The template fields StarRating's rules read: the number of stars (absent in questions made before it existed). */
export interface StarRatingSettings {
  max?: number;
}

/** The number of stars of a StarRating question: its `max`, or `STAR_RATING_MAX` (5) when unset. */
export function starCount({ max }: StarRatingSettings): number {
  return max ?? STAR_RATING_MAX;
}

/**
 * StarRating: an integer 1..{@link starCount} (a numeric string such as `'4'` is accepted), stored as a number
 * (`copy.answers.invalidRating(max)` otherwise). Its text is the number of stars (`4`).
 */
export const starRatingRules = defineAnswerRules({
  type: 'StarRating',
  takesDefault: true,
  checkAnswer(value, template: StarRatingSettings) {
    const max = starCount(template);
    const parsed = toFiniteNumber(value);
    return parsed !== null && Number.isInteger(parsed) && parsed >= 1 && parsed <= max
      ? pass(parsed)
      : fail(copy.answers.invalidRating(max));
  },
  displayAnswer: displayNumber,
});
