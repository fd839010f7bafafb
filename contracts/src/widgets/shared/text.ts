/** What the free-text types share: a length-bounded string check and their display. Pure. */
import { copy } from '../../copy';
import { formatValue } from '../../logic';
import { fail, pass, type AnswerCheck } from '../define-widget';

/**
 * ShortAnswer / LongAnswer: a string of at most `max` characters (counted in Unicode code points, so an
 * emoji counts once). Kept as typed (not trimmed). `copy.answers.invalidText` / `textTooLong(max)`.
 */
export function checkText(value: unknown, max: number): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidText);
  return [...value].length <= max ? pass(value) : fail(copy.answers.textTooLong(max));
}

/**
 * A string checked by `isValid` after trimming; stored trimmed. Anything else, or a string `isValid` refuses,
 * fails with `message`.
 */
export function checkTrimmed(value: unknown, isValid: (trimmed: string) => boolean, message: string): AnswerCheck {
  if (typeof value !== 'string') return fail(message);
  const trimmed = value.trim();
  return isValid(trimmed) ? pass(trimmed) : fail(message);
}

/** The text of a text-like answer: the string as stored; any other value as `formatValue` writes it. */
export function displayText(value: unknown): string {
  return typeof value === 'string' ? value : formatValue(value);
}
