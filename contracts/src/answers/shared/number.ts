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

/**
 * How many digits `value` has after the decimal point as JavaScript writes it (`12.5` → 1, `3` → 0,
 * `1e-7` → 7). `value` must be finite.
 */
export function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** `value` rounded to `places` decimals (0–20), as a number: `roundTo(0.1 + 0.2, 2)` → `0.3`. */
export function roundTo(value: number, places: number): number {
  return Number(value.toFixed(places));
}
