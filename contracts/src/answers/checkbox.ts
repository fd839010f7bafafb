/** Checkbox's answer rules: a single yes/no box (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import * as copy from '../copy';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, pass } from './define';

/** How a Checkbox answer reads: 'Yes' when checked, 'No' when not. */
export const CHECKBOX_TEXT = { checked: 'Yes', unchecked: 'No' } as const;

/**
 * Checkbox: a boolean (`copy.answers.invalidBoolean` otherwise); a required box must be checked
 * (`copy.answers.required`). Its text is {@link CHECKBOX_TEXT}'s.
 */
export const checkboxRules = defineAnswerRules({
  type: 'Checkbox',
  takesDefault: true,
  checkAnswer(value, { required }: { required?: boolean }) {
    if (typeof value !== 'boolean') return fail(copy.answers.invalidBoolean);
    return required && !value ? fail(copy.answers.required) : pass(value);
  },
  // A hidden field's 'yes', 'true', 'on', '1' or 'checked' ticks the box; 'no', 'false', 'off', '0' leaves it unticked.
  fromText: (text) => {
    const word = text.trim().toLowerCase();
    if (['yes', 'true', 'on', '1', 'checked'].includes(word)) return true;
    return ['no', 'false', 'off', '0', 'unchecked'].includes(word) ? false : text;
  },
  displayAnswer: (value) =>
    typeof value === 'boolean' ? (value ? CHECKBOX_TEXT.checked : CHECKBOX_TEXT.unchecked) : formatValue(value),
});
