/** Numbers in answers (NumberInput, StarRating): parsing and display. Pure. */
import { formatValue } from '../../logic';

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number, or a decimal numeric string (`'12'`, `'-3.5'`, `'1e3'`) as a number; otherwise `null`. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMERIC.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * A stored number as a person reads it: its plain JavaScript form (`42`, `-3.5`, `0.1`), no grouping
 * separators and no locale (the same text in every browser, server and email). Other values as `formatValue`.
 */
export function displayNumber(value: unknown): string {
  return typeof value === 'number' ? String(value) : formatValue(value);
}
