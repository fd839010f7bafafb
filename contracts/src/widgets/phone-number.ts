/** PhoneNumber: a phone number, E.164-like (docs/product-rules.md §2); the rule is {@link isValidPhone}. */
import { copy } from '../copy';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';
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

/** The PhoneNumber widget type: answers are stored trimmed, as typed; `copy.answers.invalidPhone` otherwise. */
export const phoneNumber = defineWidget({
  type: 'PhoneNumber',
  template: widgetTemplate(),
  editor: { name: 'Phone number', defaultLabel: 'Phone number', hint: 'A phone number' },
  checkAnswer: (value) => checkTrimmed(value, isValidPhone, copy.answers.invalidPhone),
  displayAnswer: displayText,
  sample: { settings: {}, answer: '+44 20 7946 0958', display: '+44 20 7946 0958' },
});
