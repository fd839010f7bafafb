/** StarRating's answer rules: 1 to STAR_RATING_MAX stars (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import { copy } from '../copy';
import { STAR_RATING_MAX } from '../limits';
import { defineAnswerRules, fail, pass } from './define';
import { displayNumber, toFiniteNumber } from './shared/number';

/**
 * StarRating: an integer 1..`STAR_RATING_MAX` (a numeric string such as `'4'` is accepted), stored as a number
 * (`copy.answers.invalidRating(max)` otherwise). Its text is the number of stars (`4`).
 */
export const starRatingRules = defineAnswerRules({
  type: 'StarRating',
  checkAnswer(value) {
    const parsed = toFiniteNumber(value);
    return parsed !== null && Number.isInteger(parsed) && parsed >= 1 && parsed <= STAR_RATING_MAX
      ? pass(parsed)
      : fail(copy.answers.invalidRating(STAR_RATING_MAX));
  },
  displayAnswer: displayNumber,
});
