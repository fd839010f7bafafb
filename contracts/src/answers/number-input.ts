/** NumberInput's answer rules (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { defineAnswerRules, fail, pass } from './define';
import { displayNumber, toFiniteNumber } from './shared/number';

/** The template fields NumberInput's rules read: the optional bounds. */
export interface NumberBounds {
  min?: number;
  max?: number;
}

/**
 * NumberInput: a finite number (a numeric string such as `'1234.5'` is accepted), within `min`/`max` when set,
 * stored as a number (`copy.answers.invalidNumber`, `numberTooSmall`, `numberTooLarge` otherwise).
 */
export const numberInputRules = defineAnswerRules({
  type: 'NumberInput',
  takesDefault: true,
  checkAnswer(value, { min, max }: NumberBounds) {
    const parsed = toFiniteNumber(value);
    if (parsed === null) return fail(copy.answers.invalidNumber);
    if (min !== undefined && parsed < min) return fail(copy.answers.numberTooSmall(min));
    if (max !== undefined && parsed > max) return fail(copy.answers.numberTooLarge(max));
    return pass(parsed);
  },
  displayAnswer: displayNumber,
});
