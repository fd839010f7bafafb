/** DateTimePicker: a local date and time, `YYYY-MM-DDTHH:MM`, with an optional earliest and latest. */
import { z } from 'zod';
import * as copy from '../copy';
import { dateTimePickerRules, isValidDateTime } from '../answers/date-time-picker';
import { defineWidget, widgetTemplate } from './define-widget';

export { formatDateTime, isValidDateTime } from '../answers/date-time-picker';

/** A bound of a DateTimePicker: `YYYY-MM-DDTHH:MM` (`copy.answers.invalidDateTime` otherwise). */
const dateTime = z.string().refine(isValidDateTime, { message: copy.answers.invalidDateTime });

/**
 * The DateTimePicker widget type.
 * - Settings: `min`, `max` (optional, `YYYY-MM-DDTHH:MM`); at save time `min` must not be after `max`
 *   (`copy.flows.minAboveMax` at `min`).
 * - Answer: a wall-clock date and time `YYYY-MM-DDTHH:MM` with no time zone (what the respondent's
 *   `<input type="datetime-local">` gives), within the bounds, stored trimmed; `copy.answers.invalidDateTime`,
 *   `dateTimeTooEarly`, `dateTimeTooLate` otherwise.
 * - Text: 'March 5, 2026 at 2:30 PM' (`formatDateTime`).
 */
export const dateTimePicker = defineWidget({
  ...dateTimePickerRules,
  template: widgetTemplate({ min: dateTime.optional(), max: dateTime.optional() }),
  editor: { name: 'Date and time', defaultLabel: 'Date and time', hint: 'A date with a time of day' },
  settingErrors: ({ min, max }) =>
    min !== undefined && max !== undefined && min > max ? [{ path: 'min', message: copy.flows.minAboveMax }] : [],
  sample: { settings: { min: '2026-01-01T09:00' }, answer: '2026-03-05T14:30', display: 'March 5, 2026 at 2:30 PM' },
});
