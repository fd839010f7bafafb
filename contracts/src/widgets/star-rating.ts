/** StarRating: 1 to `STAR_RATING_MAX` (5) stars (docs/product-rules.md §2). */
import { starRatingRules } from '../answers/star-rating';
import { defineWidget, widgetTemplate } from './define-widget';

/**
 * The StarRating widget type: an integer 1..`STAR_RATING_MAX` (a numeric string such as `'4'` is accepted),
 * stored as a number (`copy.answers.invalidRating(max)` otherwise). Its text is the number of stars (`4`).
 */
export const starRating = defineWidget({
  ...starRatingRules,
  template: widgetTemplate(),
  editor: { name: 'Star rating', defaultLabel: 'How would you rate us?', hint: '1 to 5 stars' },
  sample: { settings: {}, answer: 4, display: '4' },
});
