/**
 * Statement's answer rules: a Statement is text the respondent reads (a heading — the question's `label` — and a
 * body), not a question. It takes no answer (`takesAnswer: false`): `rules/answers.ts` never checks it and drops
 * any value sent for it, and it has no text. Zod-free (`answers/define.ts`).
 */
import { defineAnswerRules, pass } from './define';

/** Statement: takes no answer; any value is no answer (`undefined`) and reads as ''. */
export const statementRules = defineAnswerRules({
  type: 'Statement',
  takesAnswer: false,
  checkAnswer: () => pass(undefined),
  displayAnswer: () => '',
});
