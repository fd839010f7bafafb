/** Checkboxes: pick several of the question's options (docs/product-rules.md §2). */
import { defineWidget } from './define-widget';
import { checkboxesRules } from '../answers/choices';
import { choiceWidgetParts } from './shared/options';

/**
 * The Checkboxes widget type: settings `options` (unique ids); the answer is a non-empty list of distinct
 * option ids, kept in the order given (`copy.answers.invalidOption`, `duplicateOption`); its text is their
 * labels joined with ', '.
 */
export const checkboxes = defineWidget({
  ...checkboxesRules,
  ...choiceWidgetParts(),
  editor: { name: 'Checkboxes', defaultLabel: 'Select all that apply', hint: 'Pick several options' },
  sample: {
    settings: { options: [{ id: 'red', label: 'Red' }, { id: 'green', label: 'Green' }, { id: 'blue', label: 'Blue' }] },
    answer: ['blue', 'red'],
    display: 'Blue, Red',
  },
});
