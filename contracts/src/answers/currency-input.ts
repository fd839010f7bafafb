/**
 * CurrencyInput's answer rules: an amount of money in the question's currency, optionally between `min` and
 * `max`. Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, pass } from './define';
import { roundTo, toFiniteNumber } from './shared/number';

/**
 * The currencies a question may ask for (ours: a short list), by ISO 4217 code, with the digits of their minor
 * unit (ISO 4217: cents for USD, none for JPY). In the order the editor lists them.
 */
export const CURRENCY_MINOR_DIGITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  CAD: 2,
  AUD: 2,
  CHF: 2,
  INR: 2,
  BRL: 2,
  MXN: 2,
} as const;

/** An ISO 4217 code of {@link CURRENCY_MINOR_DIGITS} (`USD`, …). */
export type CurrencyCode = keyof typeof CURRENCY_MINOR_DIGITS;

/** The codes of {@link CURRENCY_MINOR_DIGITS}, in its order. */
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_DIGITS) as [CurrencyCode, ...CurrencyCode[]];

/** The currency of a question whose `currency` is unset. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** The template fields CurrencyInput's rules read. */
export interface CurrencySettings {
  /** One of {@link CURRENCY_CODES}; {@link DEFAULT_CURRENCY} when unset. */
  currency?: string;
  min?: number;
  max?: number;
}

/** True for a code of {@link CURRENCY_MINOR_DIGITS}. */
export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CURRENCY_MINOR_DIGITS, code);
}

/** A question's currency: its `currency`, or {@link DEFAULT_CURRENCY} when unset or unknown. */
export function currencyOf({ currency }: CurrencySettings): CurrencyCode {
  return isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY;
}

/** The decimals an amount of `currency` may have: 0 for JPY, 2 for the others. */
export function minorDigits(currency: CurrencyCode): number {
  return CURRENCY_MINOR_DIGITS[currency];
}

/** Digits grouped by thousands: `1,234,567`. */
const GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+)(\.\d*)?$/;

/**
 * An amount from a number or a text a person types: a numeric string (`'1234.5'`, `'-3'`) or digits grouped by
 * thousands with commas (`'1,234.50'`); `null` for anything else (`'12,5'`, `'$12'`, `'1.234,50'`).
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'string') {
    const grouped = GROUPED.exec(value.trim());
    if (grouped) return toFiniteNumber(`${grouped[1]}${grouped[2]?.replace(/,/g, '')}${grouped[3] ?? ''}`);
  }
  return toFiniteNumber(value);
}

/** True when `amount` in minor units of `currency` (cents) can be counted exactly: at most 2^53 of them. */
function isCountable(amount: number, currency: CurrencyCode): boolean {
  return Number.isSafeInteger(Math.round(amount * 10 ** minorDigits(currency)));
}

/** True when `amount` has no more decimals than `currency` has (`12.5` USD yes, `12.345` USD and `1.5` JPY no). */
export function fitsCurrency(amount: number, currency: CurrencyCode): boolean {
  const scaled = amount * 10 ** minorDigits(currency);
  return Math.abs(scaled - Math.round(scaled)) <= 1e-6;
}

/**
 * An amount as a person reads it: the ISO code, a space, the amount with every minor digit and thousands
 * grouped by commas — 'USD 1,234.50', 'JPY 1,235', 'EUR -5.00'. The code, not a symbol: '$' is also the sign of
 * CAD, AUD and MXN. One fixed format (no locale, no `Intl`), so the browser, the server and the email print the
 * same. `amount` is rounded to the currency's digits.
 */
export function formatAmount(amount: number, currency: CurrencyCode): string {
  return `${currency} ${formatAmountDigits(amount, currency)}`;
}

/**
 * The number part of {@link formatAmount}: '1,234.50', 'JPY' amounts without decimals ('1,235'), '-5.00'. What
 * the public form writes back into the field once the respondent leaves it.
 */
export function formatAmountDigits(amount: number, currency: CurrencyCode): string {
  const fixed = Math.abs(amount).toFixed(minorDigits(currency));
  const [whole = '', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * CurrencyInput: an amount ({@link parseAmount}: `1234.5`, `'1,234.50'`) with no more decimals than the
 * currency has, within `min`/`max` when set, stored as a number rounded to the currency's digits
 * (`copy.answers.invalidNumber` — also for more than 2^53 minor units —, `amountDecimals(digits)`, `amountTooSmall`, `amountTooLarge` otherwise). Its
 * text is {@link formatAmount}'s: 'USD 1,234.50'.
 */
export const currencyInputRules = defineAnswerRules({
  type: 'CurrencyInput',
  takesDefault: true,
  checkAnswer(value, template: CurrencySettings) {
    const currency = currencyOf(template);
    const amount = parseAmount(value);
    if (amount === null || !isCountable(amount, currency)) return fail(copy.answers.invalidNumber);
    if (!fitsCurrency(amount, currency)) return fail(copy.answers.amountDecimals(minorDigits(currency)));
    const { min, max } = template;
    if (min !== undefined && amount < min) return fail(copy.answers.amountTooSmall(formatAmount(min, currency)));
    if (max !== undefined && amount > max) return fail(copy.answers.amountTooLarge(formatAmount(max, currency)));
    return pass(roundTo(amount, minorDigits(currency)));
  },
  displayAnswer: (value, { template }) => (typeof value === 'number' ? formatAmount(value, currencyOf(template)) : formatValue(value)),
});
