/** StarRating: 1 to `STAR_RATING_MAX` (5) stars (docs/product-rules.md §2). */
import { copy } from '../copy';
import { STAR_RATING_MAX } from '../limits';
import { defineWidget, fail, pass, widgetTemplate } from './define-widget';
import { displayNumber, toFiniteNumber } from './shared/number';

/**
 * The StarRating widget type: an integer 1..`STAR_RATING_MAX` (a numeric string such as `'4'` is accepted),
 * stored as a number (`copy.answers.invalidRating(max)` otherwise). Its text is the number of stars (`4`).
 */
export const starRating = defineWidget({
  type: 'StarRating',
  template: widgetTemplate(),
  editor: { name: 'Star rating', defaultLabel: 'How would you rate us?', hint: '1 to 5 stars' },
  checkAnswer(value) {
    const parsed = toFiniteNumber(value);
    return parsed !== null && Number.isInteger(parsed) && parsed >= 1 && parsed <= STAR_RATING_MAX
      ? pass(parsed)
      : fail(copy.answers.invalidRating(STAR_RATING_MAX));
  },
  displayAnswer: displayNumber,
  sample: { settings: {}, answer: 4, display: '4' },
});
