/** TimePicker's answer rules: a time of day, `HH:MM` on a 24-hour clock. Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { defineAnswerRules } from './define';
import { checkTrimmed, displayText } from './shared/text';

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for `HH:MM`, 00:00 to 23:59 (what a browser's `<input type="time">` gives). */
export function isValidTime(value: string): boolean {
  return CLOCK_TIME.test(value);
}

/**
 * A `HH:MM` time as a person reads it: '2:30 PM', '12:05 AM' (12-hour clock, no leading zero, AM/PM). One fixed
 * English format like DatePicker's dates (`answers/date-picker.ts`), the same in every browser, server and email: no locale
 * and no time zone (the answer is a wall-clock time). Anything that is not a valid time is returned as it is.
 */
export function formatClockTime(value: string): string {
  const match = CLOCK_TIME.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** TimePicker: a time `HH:MM` (24 h), stored trimmed (`copy.answers.invalidTime` otherwise); its text reads '2:30 PM'. */
export const timePickerRules = defineAnswerRules({
  type: 'TimePicker',
  takesDefault: true,
  checkAnswer: (value) => checkTrimmed(value, isValidTime, copy.answers.invalidTime),
  displayAnswer: (value) => (typeof value === 'string' ? formatClockTime(value) : displayText(value)),
});
