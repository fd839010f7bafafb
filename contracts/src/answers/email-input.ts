/** EmailInput's answer rules (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../limits';
import { defineAnswerRules } from './define';
import { checkTrimmed, displayText } from './shared/text';

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * EmailInput: a practical subset of RFC 5322 — `local@domain.tld`, at most `EMAIL_MAX_LENGTH` (320)
 * characters. The local part (≤ 64) is dot-separated atoms of letters, digits and ``!#$%&'*+/=?^_`{|}~-``
 * (no quoted strings, no comments, no spaces); the domain has at least two labels of letters, digits and
 * inner hyphens, and an alphabetic (or `xn--`) top-level label. Non-ASCII addresses (RFC 6531) are refused.
 * `value` is tested as given (callers trim).
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  return local.length <= EMAIL_LOCAL_PART_MAX_LENGTH && EMAIL_LOCAL.test(local) && DOMAIN.test(domain);
}

/** EmailInput: one email address, stored trimmed; `copy.answers.invalidEmail` otherwise. */
export const emailInputRules = defineAnswerRules({
  type: 'EmailInput',
  takesDefault: true,
  checkAnswer: (value) => checkTrimmed(value, isValidEmail, copy.answers.invalidEmail),
  displayAnswer: displayText,
});
