/** ShortAnswer: one line of text, at most `SHORT_ANSWER_MAX_LENGTH` characters, kept as typed (docs/product-rules.md §2). */
import { shortAnswerRules } from '../answers/short-answer';
import { defineWidget, widgetTemplate } from './define-widget';

/** The ShortAnswer widget type. */
export const shortAnswer = defineWidget({
  ...shortAnswerRules,
  template: widgetTemplate(),
  editor: { name: 'Short answer', defaultLabel: 'Your answer', hint: 'One line of text' },
  sample: { settings: {}, answer: 'Ada Lovelace', display: 'Ada Lovelace' },
});
