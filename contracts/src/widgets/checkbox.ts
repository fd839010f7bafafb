/** Checkbox: a single yes/no box (docs/product-rules.md §2), e.g. 'I agree'. */
import { copy } from '../copy';
import { formatValue } from '../logic';
import { defineWidget, fail, pass, widgetTemplate } from './define-widget';

/** The texts of a Checkbox answer (ours): checked, unchecked. */
export const CHECKBOX_TEXT = { checked: 'Yes', unchecked: 'No' } as const;

/**
 * The Checkbox widget type: the answer is a boolean (`copy.answers.invalidBoolean` otherwise); a REQUIRED
 * Checkbox must be checked (`false` → `copy.answers.required`). Its text is 'Yes' or 'No'.
 */
export const checkbox = defineWidget({
  type: 'Checkbox',
  template: widgetTemplate(),
  editor: { name: 'Checkbox', defaultLabel: 'I agree', hint: 'A single yes/no box' },
  checkAnswer(value, { required }) {
    if (typeof value !== 'boolean') return fail(copy.answers.invalidBoolean);
    return required && !value ? fail(copy.answers.required) : pass(value);
  },
  displayAnswer: (value) =>
    typeof value === 'boolean' ? (value ? CHECKBOX_TEXT.checked : CHECKBOX_TEXT.unchecked) : formatValue(value),
  sample: { settings: {}, answer: true, display: CHECKBOX_TEXT.checked },
});
