/** EmailInput: one email address (docs/product-rules.md §2); the rule is {@link isValidEmail}. */
import { defineWidget, widgetTemplate } from './define-widget';
import { emailInputRules } from '../answers/email-input';

export { isValidEmail } from '../answers/email-input';

/** The EmailInput widget type: answers are stored trimmed; `copy.answers.invalidEmail` otherwise. */
export const emailInput = defineWidget({
  ...emailInputRules,
  template: widgetTemplate(),
  editor: { name: 'Email', defaultLabel: 'Email address', hint: 'A valid email address' },
  sample: { settings: {}, answer: ' ada@example.com ', display: 'ada@example.com' },
});
