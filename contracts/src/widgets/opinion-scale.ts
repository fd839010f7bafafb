/**
 * OpinionScale: a row of numbered buttons from `start` to `end`, one to pick (0 to 10 by default: the Net Promoter
 * Score question, 'How likely are you to recommend us?').
 */
import { z } from 'zod';
import { NPS_LABELS, OPINION_SCALE_DEFAULTS, opinionScaleRules } from '../answers/opinion-scale';
import { OPINION_SCALE_END_MAX, OPINION_SCALE_END_MIN, SCALE_LABEL_MAX_LENGTH } from '../limits';
import { defineWidget, widgetTemplate } from './define-widget';

export { NPS_LABELS, OPINION_SCALE_DEFAULTS, scaleNumbers } from '../answers/opinion-scale';

/**
 * The OpinionScale widget type.
 * - Settings: `start` 0 or 1 (0 when unset), `end` an integer 5..10 (10 when unset), optional `leftLabel` and
 *   `rightLabel` (≤ 100 characters) shown under the two ends. A new question is the Net Promoter Score preset:
 *   0 'Not likely' to 10 'Extremely likely'.
 * - Answer: an integer from `start` to `end` (a numeric string is accepted), stored as a number;
 *   `copy.answers.outOfScale(start, end)` otherwise.
 * - Text: the number (`9`).
 */
export const opinionScale = defineWidget({
  ...opinionScaleRules,
  template: widgetTemplate({
    start: z.union([z.literal(0), z.literal(1)]).optional(),
    end: z.number().int().min(OPINION_SCALE_END_MIN).max(OPINION_SCALE_END_MAX).optional(),
    leftLabel: z.string().max(SCALE_LABEL_MAX_LENGTH).optional(),
    rightLabel: z.string().max(SCALE_LABEL_MAX_LENGTH).optional(),
  }),
  editor: { name: 'Opinion scale', defaultLabel: 'How likely are you to recommend us to a friend?', hint: 'A number on a scale, such as 0 to 10' },
  newSettings: () => ({ ...OPINION_SCALE_DEFAULTS, ...NPS_LABELS }),
  sample: { settings: { start: 0, end: 10, ...NPS_LABELS }, answer: '9', display: '9' },
});
