/** NumberInput: a number with optional inclusive bounds `min` and `max` (docs/product-rules.md §2). */
import { z } from 'zod';
import * as copy from '../copy';
import { numberInputRules } from '../answers/number-input';
import { defineWidget, widgetTemplate } from './define-widget';

/**
 * The NumberInput widget type.
 * - Settings: `min`, `max` (optional numbers); at save time `min` must not be above `max`
 *   (`copy.flows.minAboveMax` at `min`).
 * - Answer: a finite number or a decimal numeric string (`toFiniteNumber`), within the bounds; stored as a
 *   number. `copy.answers.invalidNumber`, `numberTooSmall(min)`, `numberTooLarge(max)`.
 * - Text: the number in plain form (`1234.5`, no grouping), as `displayNumber` writes it.
 */
export const numberInput = defineWidget({
  ...numberInputRules,
  template: widgetTemplate({ min: z.number().optional(), max: z.number().optional() }),
  editor: { name: 'Number', defaultLabel: 'Number', hint: 'A number, with optional bounds' },
  settingErrors: ({ min, max }) =>
    min !== undefined && max !== undefined && min > max ? [{ path: 'min', message: copy.flows.minAboveMax }] : [],
  sample: { settings: { min: 0, max: 10_000 }, answer: '1234.5', display: '1234.5' },
});
