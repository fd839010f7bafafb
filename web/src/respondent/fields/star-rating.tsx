/**
 * StarRating on the public form: STAR_RATING_MAX star buttons named '1 star', '2 stars', … in a group named by
 * the question; Tab reaches each star, Enter or Space chooses it, choosing the chosen star again clears it.
 */
import { STAR_RATING_MAX } from '@formloom/contracts/limits';
import { IconStar } from '../../ui/icons';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './fields.module.css';

/** The accessible name of the n-th star: '1 star', '2 stars', … */
export function starLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** The StarRating renderer; the answer is 1..STAR_RATING_MAX. */
export function StarRatingField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'StarRating'>>) {
  const { label, required } = widget.template;
  const rating = typeof value === 'number' ? value : undefined;
  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div className={classes.stars} data-testid="star-rating">
        {Array.from({ length: STAR_RATING_MAX }, (_, i) => i + 1).map((n) => {
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
