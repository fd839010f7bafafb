/** StarRating: 1 to `max` stars, `max` 3..10 and 5 (`STAR_RATING_MAX`) when unset (docs/product-rules.md §2). */
import { z } from 'zod';
import { starRatingRules } from '../answers/star-rating';
import { STAR_RATING_STARS_MAX, STAR_RATING_STARS_MIN } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';

export { starCount } from '../answers/star-rating';

/**
 * The StarRating widget type.
 * - Settings: `max`, the number of stars, an integer 3..10; unset (every question made before it existed) means
 *   `STAR_RATING_MAX` (5).
 * - Answer: an integer 1..max (a numeric string such as `'4'` is accepted), stored as a number
 *   (`copy.answers.invalidRating(max)` otherwise).
 * - Text: the number of stars (`4`).
 */
export const starRating = defineWidget({
  ...starRatingRules,
  template: widgetTemplate({ max: z.number().int().min(STAR_RATING_STARS_MIN).max(STAR_RATING_STARS_MAX).optional() }),
  editor: { name: 'Star rating', defaultLabel: 'How would you rate us?', hint: 'Rate with stars (5 by default)' },
  sample: { settings: { max: 10 }, answer: 8, display: '8' },
});
