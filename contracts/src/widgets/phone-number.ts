/** PhoneNumber: a phone number, E.164-like (docs/product-rules.md §2); the rule is {@link isValidPhone}. */
import { defineWidget, widgetTemplate } from './define-widget';
import { phoneNumberRules } from '../answers/phone-number';

export { isValidPhone } from '../answers/phone-number';

/** The PhoneNumber widget type: answers are stored trimmed, as typed; `copy.answers.invalidPhone` otherwise. */
export const phoneNumber = defineWidget({
  ...phoneNumberRules,
  template: widgetTemplate(),
  editor: { name: 'Phone number', defaultLabel: 'Phone number', hint: 'A phone number' },
  sample: { settings: {}, answer: '+44 20 7946 0958', display: '+44 20 7946 0958' },
});
