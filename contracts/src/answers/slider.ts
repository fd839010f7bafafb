/**
 * Slider's answer rules: a number picked on a slider from `min` to `max` in steps of `step` (0 to 100 in steps of 1
 * by default), shown with an optional unit ('km', '%'). Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, pass } from './define';
import { decimalPlaces, roundTo, toFiniteNumber } from './shared/number';

/** The template fields of a Slider. */
export interface SliderSettings {
  /** The left end (0 when unset). */
  min?: number;
  /** The right end (100 when unset). */
  max?: number;
  /** The distance between two positions, > 0 (1 when unset). */
  step?: number;
  /** Written after the number ('km', '%'); see {@link withUnit}. */
  unit?: string;
}

/** A slider's range and step when unset: 0 to 100 in steps of 1. */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;

/** A slider's settings with the defaults filled in. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
  unit?: string;
}

/** `template`'s range, step and unit, {@link SLIDER_DEFAULTS} where unset. */
export function sliderRange({ min = SLIDER_DEFAULTS.min, max = SLIDER_DEFAULTS.max, step = SLIDER_DEFAULTS.step, unit }: SliderSettings): SliderRange {
  return { min, max, step, unit: unit?.trim() || undefined };
}

/**
 * The position of the grid `min, min + step, …` that `value` is on, written with no more decimals than `min` and
 * `step` have (so `0.1 + 0.2` on a 0.1 grid is `0.3`); `null` when `value` lies between two positions.
 */
export function onStep(value: number, { min, step }: Pick<SliderRange, 'min' | 'step'>): number | null {
  const steps = (value - min) / step;
  const nearest = Math.round(steps);
  if (Math.abs(steps - nearest) > 1e-9 * Math.max(1, Math.abs(steps))) return null;
  return roundTo(min + nearest * step, Math.min(20, Math.max(decimalPlaces(min), decimalPlaces(step))));
}

/**
 * `value` followed by `unit`: a space before a unit that starts with a letter or digit ('42 km'), none before a
 * sign ('75%', '21°C'); the number alone without a unit.
 */
export function withUnit(value: number, unit: string | undefined): string {
  if (!unit) return String(value);
  return /^[\p{L}\p{N}]/u.test(unit) ? `${value} ${unit}` : `${value}${unit}`;
}

/**
 * Slider: a finite number (a numeric string such as `'25'` is accepted) from `min` to `max` on the slider's
 * grid ({@link onStep}), stored as a number (`copy.answers.invalidNumber`, `numberTooSmall(min)`,
 * `numberTooLarge(max)`, `offStep(step, min)` otherwise). Its text is the number with the unit ('25 km').
 */
export const sliderRules = defineAnswerRules({
  type: 'Slider',
  takesDefault: true,
  checkAnswer(value, template: SliderSettings) {
    const range = sliderRange(template);
    const parsed = toFiniteNumber(value);
    if (parsed === null) return fail(copy.answers.invalidNumber);
    if (parsed < range.min) return fail(copy.answers.numberTooSmall(range.min));
    if (parsed > range.max) return fail(copy.answers.numberTooLarge(range.max));
    const position = onStep(parsed, range);
    return position === null ? fail(copy.answers.offStep(range.step, range.min)) : pass(position);
  },
  displayAnswer: (value, { template }) => (typeof value === 'number' ? withUnit(value, sliderRange(template).unit) : formatValue(value)),
});
