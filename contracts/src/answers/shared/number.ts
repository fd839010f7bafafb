/** Answer helpers of the numeric types (zod-free, see `answers/define.ts`). */
import { formatValue } from '../../logic';

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A finite number from a number or a numeric string (`'1234.5'`, `' -3 '`, `'1e3'`); `null` for anything else
 * (`''`, `'12abc'`, `NaN`, `Infinity`).
 */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMERIC.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** A number as stored (`1234.5`); anything else through `formatValue`. */
export function displayNumber(value: unknown): string {
  return typeof value === 'number' ? String(value) : formatValue(value);
}
