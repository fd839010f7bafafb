/** LongAnswer's answer rules: several lines of text (docs/product-rules.md §2). Zod-free (`answers/define.ts`). */
import { LONG_ANSWER_MAX_LENGTH } from '../limits';
import { defineAnswerRules } from './define';
import { checkText, displayText } from './shared/text';

/** A string of at most LONG_ANSWER_MAX_LENGTH characters, line breaks kept; its text is itself. */
export const longAnswerRules = defineAnswerRules({
  type: 'LongAnswer',
  takesDefault: true,
  checkAnswer: (value) => checkText(value, LONG_ANSWER_MAX_LENGTH),
  displayAnswer: displayText,
});
