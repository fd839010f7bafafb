/**
 * Statement: text the respondent reads between questions — a heading (the question's `label`) and a body of plain
 * text (line breaks kept, a blank line between paragraphs; no HTML). Not a question: it takes no answer.
 */
import { z } from 'zod';
import { statementRules } from '../answers/statement';
import * as copy from '../copy';
import { STATEMENT_BODY_MAX_LENGTH } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';

/**
 * The Statement widget type.
 * - Settings: `body` (≤ 10,000 characters of plain text). It is never required: saving refuses `required: true`
 *   (`copy.flows.statementNotRequired` at `required`).
 * - Answer: none (`takesAnswer: false`): `validateAnswers` drops any value sent for it; it is no submission
 *   question (no Results or export column) and no condition may use it.
 */
export const statement = defineWidget({
  ...statementRules,
  template: widgetTemplate({ body: z.string().max(STATEMENT_BODY_MAX_LENGTH).optional() }),
  editor: { name: 'Statement', defaultLabel: 'Before you continue', hint: 'Text to read, no answer' },
  settingErrors: ({ required }) => (required ? [{ path: 'required', message: copy.flows.statementNotRequired }] : []),
  newSettings: () => ({ body: '' }),
  sample: {
    settings: { body: 'We read every answer.\n\nIt takes about two minutes.' },
    answer: undefined,
    display: '',
  },
});
