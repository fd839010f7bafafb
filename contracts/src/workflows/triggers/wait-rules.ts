/**
 * The rules shared by the time-based triggers (spec 001 §3 formAbandoned `{sendAfterTime, units}`, beforeEventStarts
 * `{beforeTime, units}`; §5 "time before event and time until abandoned must be above 0"): an amount above 0 and
 * at most MAX_WAIT_DAYS, in one of the spec's units. Pure; never throws.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { MAX_WAIT_DAYS } from '../../limits';
import { isTimeUnit, maxAmount, TIME_UNITS } from '../time-units';
import { field } from '../define';

/** The zod schema of a wait amount (a number; the rules say what is allowed). */
export const WaitAmount = z.number();
/** The zod schema of a unit. */
export const WaitUnits = z.enum(TIME_UNITS);

/** The errors of the amount at `amountKey` and the unit at `unitsKey` of `template` (paths relative to it). */
export function waitErrors(template: unknown, amountKey: string, unitsKey: string): FieldError[] {
  const amount = field(template, amountKey);
  const units = field(template, unitsKey);
  if (!isTimeUnit(units)) return [{ path: unitsKey, message: copy.workflowTriggers.chooseUnits }];
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return [{ path: amountKey, message: copy.workflowTriggers.timeAboveZero }];
  if (amount > maxAmount(units)) return [{ path: amountKey, message: copy.workflowTriggers.timeTooLong(MAX_WAIT_DAYS) }];
  return [];
}
