/** ShortAnswer: one line of text, at most `SHORT_ANSWER_MAX_LENGTH` characters, kept as typed (docs/product-rules.md §2). */
import { SHORT_ANSWER_MAX_LENGTH } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';
import { checkText, displayText } from './shared/text';

/** The ShortAnswer widget type. */
export const shortAnswer = defineWidget({
  type: 'ShortAnswer',
  template: widgetTemplate(),
  editor: { name: 'Short answer', defaultLabel: 'Your answer', hint: 'One line of text' },
  checkAnswer: (value) => checkText(value, SHORT_ANSWER_MAX_LENGTH),
  displayAnswer: displayText,
  sample: { settings: {}, answer: 'Ada Lovelace', display: 'Ada Lovelace' },
});
