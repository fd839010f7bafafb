/**
 * The time units of spec 001 (§3 delay `units`, formAbandoned `units`, beforeEventStarts `units`; §9 "Delay units:
 * minutes, hours, days") and their lengths. A day is 24 hours of elapsed time (no calendar or time zone: a wait of
 * "1 day" across a daylight-saving change is still 24 h). Zod-free; pure.
 */
import { MAX_WAIT_DAYS } from '../limits';

/** spec 001 §9: the units of waits. */
export const TIME_UNITS = ['minutes', 'hours', 'days'] as const;
/** A unit of {@link TIME_UNITS}. */
export type TimeUnit = (typeof TIME_UNITS)[number];

const UNIT_MS: Record<TimeUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** True for one of {@link TIME_UNITS}. */
export function isTimeUnit(value: unknown): value is TimeUnit {
  return typeof value === 'string' && (TIME_UNITS as readonly string[]).includes(value);
}

/** `amount` `unit`s in milliseconds (`durationMs(30, 'minutes')` = 1,800,000). */
export function durationMs(amount: number, unit: TimeUnit): number {
  return amount * UNIT_MS[unit];
}

/** The longest wait, {@link MAX_WAIT_DAYS} days, in `unit`s. */
export function maxAmount(unit: TimeUnit): number {
  return durationMs(MAX_WAIT_DAYS, 'days') / UNIT_MS[unit];
}

/** `30 minutes`, `1 hour`, `2 days`: the amount with its unit, singular for 1. */
export function formatDuration(amount: number, unit: TimeUnit): string {
  const singular = unit.slice(0, -1);
  return `${amount} ${amount === 1 ? singular : unit}`;
}
