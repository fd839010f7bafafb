/** Checkbox: a single yes/no box (docs/product-rules.md §2), e.g. 'I agree'. */
import { CHECKBOX_TEXT, checkboxRules } from '../answers/checkbox';
import { defineWidget, widgetTemplate } from './define-widget';

export { CHECKBOX_TEXT } from '../answers/checkbox';

/**
 * The Checkbox widget type: the answer is a boolean (`copy.answers.invalidBoolean` otherwise); a REQUIRED
 * Checkbox must be checked (`false` → `copy.answers.required`). Its text is 'Yes' or 'No'.
 */
export const checkbox = defineWidget({
  ...checkboxRules,
  template: widgetTemplate(),
  editor: { name: 'Checkbox', defaultLabel: 'I agree', hint: 'A single yes/no box' },
  sample: { settings: {}, answer: true, display: CHECKBOX_TEXT.checked },
});
