/** MultipleChoice: pick one of the question's options, shown as radio buttons (docs/product-rules.md §2). */
import { defineWidget } from './define-widget';
import { multipleChoiceRules } from '../answers/choices';
import { choiceWidgetParts } from './shared/options';

/**
 * The MultipleChoice widget type: settings `options` (unique ids); the answer is one option id
 * (`copy.answers.invalidOption` otherwise); its text is that option's label.
 */
export const multipleChoice = defineWidget({
  ...multipleChoiceRules,
  ...choiceWidgetParts(),
  editor: { name: 'Multiple choice', defaultLabel: 'Choose one', hint: 'Pick one option' },
  sample: {
    settings: { options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] },
    answer: 'pro',
    display: 'Pro',
  },
});
