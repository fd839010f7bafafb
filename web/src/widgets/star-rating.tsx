/**
 * StarRating in the web app: STAR_RATING_MAX star buttons named '1 star', '2 stars', … in a group labelled by
 * the question; Tab reaches each star, Enter or Space chooses it, choosing the chosen star again clears the
 * answer. No settings.
 */
import { Box, Group, Input, UnstyledButton } from '@mantine/core';
import { STAR_RATING_MAX } from '@formloom/contracts/limits';
import { IconStar } from '../ui/icons';
import { ariaIds } from './shared/field-props';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';
import classes from './star-rating.module.css';

/** The accessible name of the n-th star: '1 star', '2 stars', … */
export function starLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** The row of stars; `value` is the chosen rating (1..STAR_RATING_MAX) or `undefined`. */
export function StarRating({ value, onChange, labelledBy, describedBy, invalid }: { value: number | undefined; onChange: (value: number | undefined) => void; labelledBy: string; describedBy?: string; invalid?: boolean }) {
  return (
    <Group gap={4} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} data-invalid={invalid || undefined} data-testid="star-rating">
      {Array.from({ length: STAR_RATING_MAX }, (_, i) => i + 1).map((n) => {
        const filled = value !== undefined && n <= value;
        return (
          <UnstyledButton
            key={n}
            type="button"
            aria-label={starLabel(n)}
            aria-pressed={value === n}
            onClick={() => onChange(value === n ? undefined : n)}
            p={4}
            className={classes.star}
            data-filled={filled || undefined}
          >
            <IconStar size={36} filled={filled} />
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

function StarRatingField({ widget, value, error, onChange, inputId }: WidgetFieldProps<WidgetOf<'StarRating'>>) {
  const { label, required } = widget.template;
  const { labelId, errorId } = ariaIds(inputId);
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} withAsterisk={required} error={error} errorProps={{ id: errorId }} size="md">
      <Box mt={4}>
        <StarRating
          value={typeof value === 'number' ? value : undefined}
          onChange={onChange}
          labelledBy={labelId}
          describedBy={error ? errorId : undefined}
          invalid={Boolean(error)}
        />
      </Box>
    </Input.Wrapper>
  );
}

/** The StarRating web module. */
export const starRating: WebWidget<WidgetOf<'StarRating'>> = { Field: StarRatingField };
