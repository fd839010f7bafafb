/** Dropdown: pick one of the question's options from a list (docs/product-rules.md §2). */
import { defineWidget } from './define-widget';
import { dropdownRules } from '../answers/choices';
import { choiceWidgetParts } from './shared/options';

/**
 * The Dropdown widget type: settings `options` (unique ids) and the placeholder as the list's empty entry;
 * the answer is one option id (`copy.answers.invalidOption` otherwise); its text is that option's label.
 */
export const dropdown = defineWidget({
  ...dropdownRules,
  ...choiceWidgetParts(),
  editor: { name: 'Dropdown', defaultLabel: 'Select an option', hint: 'Pick one option from a list' },
  sample: {
    settings: { options: [{ id: 'eu', label: 'Europe' }, { id: 'us', label: 'United States' }] },
    answer: 'eu',
    display: 'Europe',
  },
});
