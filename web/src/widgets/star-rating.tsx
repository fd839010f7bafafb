/** The editor's settings of a StarRating question: how many stars (3 to 10; 5 for a question made before it existed). */
import { NativeSelect } from '@mantine/core';
import { starCount } from '@formloom/contracts/answers/star-rating';
import { STAR_RATING_STARS_MAX, STAR_RATING_STARS_MIN } from '@formloom/contracts/limits';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

/** The choices of 'Stars': 3 … 10. */
const STAR_CHOICES = Array.from({ length: STAR_RATING_STARS_MAX - STAR_RATING_STARS_MIN + 1 }, (_, i) => String(STAR_RATING_STARS_MIN + i));

/** 'Stars': the number of stars the respondent picks from. */
export function StarRatingSettings({ widget, onChange }: WidgetSettingsProps<WidgetOf<'StarRating'>>) {
  return (
    <NativeSelect
      label="Stars"
      size="xs"
      w={120}
      data={STAR_CHOICES}
      value={String(starCount(widget.template))}
      onChange={(event) => onChange(patchWidgetTemplate(widget, { max: Number(event.currentTarget.value) }))}
    />
  );
}
