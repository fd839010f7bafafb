/** PhoneNumber's answer rules (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../limits';
import { defineAnswerRules } from './define';
import { checkTrimmed, displayText } from './shared/text';

/**
 * PhoneNumber (E.164-like): an optional leading `+`, then digits with spaces, dashes, dots and parentheses
 * allowed between them; `PHONE_MIN_DIGITS`..`PHONE_MAX_DIGITS` (7–15) digits.
 */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** PhoneNumber: a phone number, stored trimmed; `copy.answers.invalidPhone` otherwise. */
export const phoneNumberRules = defineAnswerRules({
  type: 'PhoneNumber',
  takesDefault: true,
  checkAnswer: (value) => checkTrimmed(value, isValidPhone, copy.answers.invalidPhone),
  displayAnswer: displayText,
});
