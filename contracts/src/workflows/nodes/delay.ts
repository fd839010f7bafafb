/**
 * The `delay` node (spec 001 §3 template `{delay, units}`, §4 "delay: complete once a delay and units exist", §5
 * "Done buttons: delay disabled while empty", §9 "Defaults: delay 30 minutes", "Delay units: minutes, hours, days"):
 * the run waits, then goes on to the node's `nextNodeId`.
 *
 * - `delay` is a number above 0 (fractions allowed: 1.5 hours), `units` one of minutes, hours, days;
 * - a day is 24 hours of elapsed time (`workflows/time-units.ts`, shared with the timed triggers): no calendar or time zone is involved, so a delay over a
 *   daylight-saving change still lasts exactly its hours;
 * - at most `MAX_WAIT_DAYS` (365) days in all (ours: the spec gives no bound; the timed triggers share it);
 * - the wait starts when the step runs, and is durable: the engine keeps the run as a `waiting` row with its due
 *   time, no timer in memory (`services/workflows-engine/src/nodes/delay.ts`), so a 71-day delay survives restarts
 *   and deploys like a 1-minute one.
 *
 * Output (`nodes.<id>.until`): the ISO time the wait ended at (its due time). The web's card and panel:
 * `web/src/features/workflows/nodes/delay.tsx`.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { DEFAULT_DELAY_MINUTES, MAX_WAIT_DAYS } from '../../limits';
import { defineNode, field } from '../define';
import { TIME_UNITS, durationMs, maxAmount } from '../time-units';

/** spec 001 §3, §9: the delay units. */
export const DelayUnits = z.enum(TIME_UNITS);
/** A delay unit. */
export type DelayUnits = z.infer<typeof DelayUnits>;

/** spec 001 §3: the delay node template — how long (`delay` > 0, in `units`). */
export const DelayNodeTemplate = z.object({
  delay: z.number().positive().max(maxAmount('minutes')),
  units: DelayUnits,
});
/** A delay node template. */
export type DelayNodeTemplate = z.infer<typeof DelayNodeTemplate>;

/** How long a delay lasts, in ms of elapsed time (`delay` `units`; a day is 24 h, `workflows/time-units.ts`). */
export function delayMs(template: DelayNodeTemplate): number {
  return durationMs(template.delay, template.units);
}

/** `template.delay` when it is a finite number above 0, else `null`. */
function amountOf(template: unknown): number | null {
  const delay = field(template, 'delay');
  return typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay : null;
}

/**
 * The delay node's rules (spec 001 §4, §5), paths relative to its template, in this order: `delay` missing, not a
 * number or not above 0 (`copy.workflowSteps.delay.delayRequired`); `units` not minutes, hours or days
 * (`unitsRequired`); more than MAX_WAIT_DAYS days in all (`tooLong`, at `delay`). `[]` when complete. Never throws.
 */
export function delayNodeErrors(template: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const amount = amountOf(template);
  const units = DelayUnits.safeParse(field(template, 'units'));
  if (amount === null) errors.push({ path: 'delay', message: copy.workflowSteps.delay.delayRequired });
  if (!units.success) errors.push({ path: 'units', message: copy.workflowSteps.delay.unitsRequired });
  if (amount !== null && units.success && amount > maxAmount(units.data)) {
    errors.push({ path: 'delay', message: copy.workflowSteps.delay.tooLong(MAX_WAIT_DAYS) });
  }
  return errors;
}

/** 'Wait 30 minutes', 'Wait 1 hour', 'Wait 1.5 days' for a delay of `amount` `units`. */
export function delayDescription(amount: number, units: DelayUnits): string {
  const unit = amount === 1 ? copy.workflowSteps.delay.unit[units] : copy.workflowSteps.delay.units[units];
  return copy.workflowSteps.delay.description(String(amount), unit);
}

/**
 * True while the delay panel's Done button is disabled (spec 001 §5 "delay disabled while empty"): no delay above
 * 0, or no unit.
 */
export function isDelayEmpty(template: unknown): boolean {
  return amountOf(template) === null || !DelayUnits.safeParse(field(template, 'units')).success;
}

/**
 * The delay node (see the module doc): defaults to 30 minutes (spec 001 §9), complete once a delay above 0 and units
 * exist, described 'Wait 30 minutes'; one edge, `nextNodeId`.
 */
export const delayNode = defineNode({
  type: 'delay',
  schema: DelayNodeTemplate,
  defaultTemplate: (): DelayNodeTemplate => ({ delay: DEFAULT_DELAY_MINUTES, units: 'minutes' }),
  rules: delayNodeErrors,
  describe: (template) => {
    const amount = amountOf(template);
    const units = DelayUnits.safeParse(field(template, 'units'));
    return amount !== null && units.success ? delayDescription(amount, units.data) : '';
  },
  outputs: () => [{ field: 'until', label: copy.workflowSteps.delay.untilField }],
});
