/** Answer helpers of the text-like types (zod-free, see `answers/define.ts`). */
import * as copy from '../../copy';
import { formatValue } from '../../logic';
import { fail, pass, type AnswerCheck } from '../define';

/** A string of at most `max` characters (code points), kept as typed; `copy.answers.invalidText` / `textTooLong`. */
export function checkText(value: unknown, max: number): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidText);
  return [...value].length <= max ? pass(value) : fail(copy.answers.textTooLong(max));
}

/** A string that `isValid` accepts once trimmed; stored trimmed. `message` otherwise. */
export function checkTrimmed(value: unknown, isValid: (trimmed: string) => boolean, message: string): AnswerCheck {
  if (typeof value !== 'string') return fail(message);
  const trimmed = value.trim();
  return isValid(trimmed) ? pass(trimmed) : fail(message);
}

/** A text answer as typed; anything else through `formatValue`. */
export function displayText(value: unknown): string {
  return typeof value === 'string' ? value : formatValue(value);
}
