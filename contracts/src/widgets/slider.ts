/** Slider: a number picked on a slider, from `min` to `max` in steps of `step`, with an optional unit. */
import { z } from 'zod';
import * as copy from '../copy';
import { SLIDER_UNIT_MAX_LENGTH } from '../limits';
import { SLIDER_DEFAULTS, sliderRange, sliderRules } from '../answers/slider';
import { defineWidget, widgetTemplate, type SettingError } from './define-widget';

export { SLIDER_DEFAULTS, onStep, sliderRange, withUnit } from '../answers/slider';

/**
 * The Slider widget type.
 * - Settings: `min` (0 when unset), `max` (100), `step` (> 0; 1), `unit` (≤ 20 characters, written after the
 *   number). At save time `max` must be above `min` (`copy.flows.sliderRangeEmpty` at `max`) and `step` not
 *   larger than `max − min` (`copy.flows.sliderStepTooLarge` at `step`).
 * - Answer: a number from `min` to `max` on the grid `min, min + step, …` (a numeric string is accepted),
 *   stored as a number; `copy.answers.invalidNumber`, `numberTooSmall`, `numberTooLarge`, `offStep` otherwise.
 * - Text: the number and the unit ('25 km', '75%').
 */
export const slider = defineWidget({
  ...sliderRules,
  template: widgetTemplate({
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    unit: z.string().max(SLIDER_UNIT_MAX_LENGTH).optional(),
  }),
  editor: { name: 'Slider', defaultLabel: 'Pick a value', hint: 'A number picked on a slider' },
  settingErrors(template) {
    const { min, max, step } = sliderRange(template);
    const errors: SettingError[] = [];
    if (max <= min) errors.push({ path: 'max', message: copy.flows.sliderRangeEmpty });
    else if (step > max - min) errors.push({ path: 'step', message: copy.flows.sliderStepTooLarge });
    return errors;
  },
  newSettings: () => ({ ...SLIDER_DEFAULTS }),
  sample: { settings: { min: 0, max: 50, step: 5, unit: 'km' }, answer: 25, display: '25 km' },
});
