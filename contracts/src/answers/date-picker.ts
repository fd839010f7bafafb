/** DatePicker's answer rules (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { defineAnswerRules } from './define';
import { checkTrimmed, displayText } from './shared/text';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The months' names in the date text (ours: English, like every other text of the product). */
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** True for `YYYY-MM-DD` naming a real calendar date (proleptic Gregorian, years 0001–9999). */
export function isValidDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * A `YYYY-MM-DD` date as a person reads it: 'March 5, 2026' (month name, day without a leading zero, year).
 * One fixed format, the same in every browser, server and email: no locale and no time zone (a date answer
 * is a calendar day, not an instant). Anything that is not a valid date is returned as it is.
 */
export function formatCalendarDate(value: string): string {
  if (!isValidDate(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** DatePicker: a calendar date `YYYY-MM-DD`, stored trimmed (`copy.answers.invalidDate` otherwise); its text reads 'March 5, 2026'. */
export const datePickerRules = defineAnswerRules({
  type: 'DatePicker',
  takesDefault: true,
  checkAnswer: (value) => checkTrimmed(value, isValidDate, copy.answers.invalidDate),
  displayAnswer: (value) => (typeof value === 'string' ? formatCalendarDate(value) : displayText(value)),
});
