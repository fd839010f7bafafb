/**
 * DateTimePicker's answer rules: a local wall-clock date and time `YYYY-MM-DDTHH:MM` (no time zone: the time the
 * respondent chose, as they chose it), optionally between `min` and `max`. Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { defineAnswerRules, fail, pass } from './define';
import { formatCalendarDate, isValidDate } from './date-picker';
import { displayText } from './shared/text';
import { formatClockTime, isValidTime } from './time-picker';

/** The template fields DateTimePicker's rules read: the optional earliest and latest, `YYYY-MM-DDTHH:MM`. */
export interface DateTimeBounds {
  min?: string;
  max?: string;
}

/**
 * True for `YYYY-MM-DDTHH:MM` naming a real calendar date ({@link isValidDate}) and a time 00:00–23:59 (what a
 * browser's `<input type="datetime-local">` gives). Two such values compare as strings in time order.
 */
export function isValidDateTime(value: string): boolean {
  const [date = '', time, ...rest] = value.split('T');
  return rest.length === 0 && time !== undefined && isValidDate(date) && isValidTime(time);
}

/**
 * A `YYYY-MM-DDTHH:MM` date and time as a person reads it: 'March 5, 2026 at 2:30 PM' (the date as DatePicker
 * writes it, the time as TimePicker does; no locale, no time zone). Anything else is returned as it is.
 */
export function formatDateTime(value: string): string {
  if (!isValidDateTime(value)) return value;
  const [date = '', time = ''] = value.split('T');
  return `${formatCalendarDate(date)} at ${formatClockTime(time)}`;
}

/**
 * DateTimePicker: a date and time {@link isValidDateTime}, stored trimmed, not before `min` nor after `max`
 * when they are set (`copy.answers.invalidDateTime`, `dateTimeTooEarly`, `dateTimeTooLate` otherwise); its text
 * reads 'March 5, 2026 at 2:30 PM'.
 */
export const dateTimePickerRules = defineAnswerRules({
  type: 'DateTimePicker',
  takesDefault: true,
  checkAnswer(value, { min, max }: DateTimeBounds) {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!isValidDateTime(trimmed)) return fail(copy.answers.invalidDateTime);
    if (min !== undefined && trimmed < min) return fail(copy.answers.dateTimeTooEarly(formatDateTime(min)));
    if (max !== undefined && trimmed > max) return fail(copy.answers.dateTimeTooLate(formatDateTime(max)));
    return pass(trimmed);
  },
  displayAnswer: (value) => (typeof value === 'string' ? formatDateTime(value) : displayText(value)),
});
