/** LongAnswer: several lines of text, at most `LONG_ANSWER_MAX_LENGTH` characters, kept as typed (docs/product-rules.md §2). */
import { longAnswerRules } from '../answers/long-answer';
import { defineWidget, widgetTemplate } from './define-widget';

/** The LongAnswer widget type. Its text keeps its line breaks. */
export const longAnswer = defineWidget({
  ...longAnswerRules,
  template: widgetTemplate(),
  editor: { name: 'Long answer', defaultLabel: 'Tell us more', hint: 'Several lines of text' },
  sample: { settings: {}, answer: 'First line\nSecond line', display: 'First line\nSecond line' },
});
