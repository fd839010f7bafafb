/** ShortAnswer's answer rules: one line of text (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import { SHORT_ANSWER_MAX_LENGTH } from '../limits';
import { defineAnswerRules } from './define';
import { checkText, displayText } from './shared/text';

/** A string of at most SHORT_ANSWER_MAX_LENGTH characters, kept as typed; its text is itself. */
export const shortAnswerRules = defineAnswerRules({
  type: 'ShortAnswer',
  takesDefault: true,
  checkAnswer: (value) => checkText(value, SHORT_ANSWER_MAX_LENGTH),
  displayAnswer: displayText,
});
