/** LongAnswer: several lines of text, at most `LONG_ANSWER_MAX_LENGTH` characters, kept as typed (docs/product-rules.md §2). */
import { LONG_ANSWER_MAX_LENGTH } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';
import { checkText, displayText } from './shared/text';

/** The LongAnswer widget type. Its text keeps its line breaks. */
export const longAnswer = defineWidget({
  type: 'LongAnswer',
  template: widgetTemplate(),
  editor: { name: 'Long answer', defaultLabel: 'Tell us more', hint: 'Several lines of text' },
  checkAnswer: (value) => checkText(value, LONG_ANSWER_MAX_LENGTH),
  displayAnswer: displayText,
  sample: { settings: {}, answer: 'First line\nSecond line', display: 'First line\nSecond line' },
});
