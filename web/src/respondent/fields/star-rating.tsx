/**
 * StarRating on the public form: the question's stars (its `max`, 5 when unset) as buttons named '1 star',
 * '2 stars', … in a group named by the question; Tab reaches each star, Enter or Space chooses it, choosing the
 * chosen star again clears it.
 */
import { starCount } from '@formloom/contracts/answers/star-rating';
import { IconStar } from '../../ui/icons';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './fields.module.css';

/** More stars than this share one row by shrinking on a narrow screen (instead of wrapping to a second row). */
const MANY_STARS = 6;

/** The accessible name of the n-th star: '1 star', '2 stars', … */
export function starLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** The StarRating renderer; the answer is 1..max. */
export function StarRatingField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'StarRating'>>) {
  const { label, required } = widget.template;
  const rating = typeof value === 'number' ? value : undefined;
  const count = starCount(widget.template);
  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div className={classes.stars} data-testid="star-rating" data-many={count > MANY_STARS || undefined}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
          const filled = rating !== undefined && n <= rating;
          return (
            <button
              key={n}
              id={n === 1 ? inputId : undefined}
              type="button"
              className={classes.star}
              aria-label={starLabel(n)}
              aria-pressed={rating === n}
              data-filled={filled || undefined}
              onClick={() => onChange(rating === n ? undefined : n)}
            >
              <IconStar size={36} filled={filled} />
            </button>
          );
        })}
      </div>
    </Question>
  );
}
