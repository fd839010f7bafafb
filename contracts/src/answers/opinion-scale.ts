/**
 * OpinionScale's answer rules: one number of a row from `start` (0 or 1) to `end` (5..10), 0 to 10 by default
 * — the Net Promoter Score scale. Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { defineAnswerRules, fail, pass } from './define';
import { displayNumber, toFiniteNumber } from './shared/number';

/** The template fields of an OpinionScale: its range and the optional labels under its two ends. */
export interface OpinionScaleSettings {
  /** The first number: 0 or 1 (0 when unset). */
  start?: number;
  /** The last number: 5..10 (10 when unset). */
  end?: number;
  /** The text under the first number ('Not likely'). */
  leftLabel?: string;
  /** The text under the last number ('Extremely likely'). */
  rightLabel?: string;
}

/** The range of a scale whose `start` or `end` is unset: 0 to 10. */
export const OPINION_SCALE_DEFAULTS = { start: 0, end: 10 } as const;

/** The end labels of a new scale (ours): the Net Promoter Score question's, 0 'Not likely' to 10 'Extremely likely'. */
export const NPS_LABELS = { leftLabel: 'Not likely', rightLabel: 'Extremely likely' } as const;

/** The numbers of a scale, first to last: `[0, 1, …, 10]` by default. */
export function scaleNumbers({ start = OPINION_SCALE_DEFAULTS.start, end = OPINION_SCALE_DEFAULTS.end }: OpinionScaleSettings): number[] {
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
}

/**
 * OpinionScale: an integer from `start` to `end` (a numeric string such as `'9'` is accepted), stored as a
 * number (`copy.answers.outOfScale(start, end)` otherwise). Its text is the number (`9`).
 */
export const opinionScaleRules = defineAnswerRules({
  type: 'OpinionScale',
  takesDefault: true,
  checkAnswer(value, { start = OPINION_SCALE_DEFAULTS.start, end = OPINION_SCALE_DEFAULTS.end }: OpinionScaleSettings) {
    const parsed = toFiniteNumber(value);
    return parsed !== null && Number.isInteger(parsed) && parsed >= start && parsed <= end
      ? pass(parsed)
      : fail(copy.answers.outOfScale(start, end));
  },
  displayAnswer: displayNumber,
});
