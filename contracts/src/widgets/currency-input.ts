/** CurrencyInput: an amount of money in one currency, with optional bounds. */
import { z } from 'zod';
import * as copy from '../copy';
import { CURRENCY_CODES, currencyInputRules, currencyOf, DEFAULT_CURRENCY, fitsCurrency, minorDigits } from '../answers/currency-input';
import { defineWidget, widgetTemplate, type SettingError } from './define-widget';

export { CURRENCY_CODES, DEFAULT_CURRENCY, formatAmount, minorDigits, type CurrencyCode } from '../answers/currency-input';

/**
 * The CurrencyInput widget type.
 * - Settings: `currency`, an ISO 4217 code of a short list (USD, EUR, GBP, JPY, CAD, AUD, CHF, INR, BRL, MXN;
 *   USD when unset), optional `min` and `max`. At save time `min` must not be above `max`
 *   (`copy.flows.minAboveMax` at `min`) and the bounds have no more decimals than the currency
 *   (`copy.flows.amountDecimals` at `min` / `max`).
 * - Answer: an amount (`1234.5`, `'1,234.50'`) with at most the currency's decimals (JPY 0, the others 2),
 *   within the bounds, stored as a number; `copy.answers.invalidNumber`, `amountDecimals`, `amountTooSmall`,
 *   `amountTooLarge` otherwise.
 * - Text: 'USD 1,234.50' (`formatAmount`: the ISO code, every minor digit, thousands grouped; no locale).
 */
export const currencyInput = defineWidget({
  ...currencyInputRules,
  template: widgetTemplate({ currency: z.enum(CURRENCY_CODES).optional(), min: z.number().optional(), max: z.number().optional() }),
  editor: { name: 'Currency', defaultLabel: 'Amount', hint: 'An amount of money' },
  settingErrors(template) {
    const { min, max } = template;
    const currency = currencyOf(template);
    const errors: SettingError[] = [];
    for (const [path, bound] of [['min', min], ['max', max]] as const) {
      if (bound !== undefined && !fitsCurrency(bound, currency)) {
        errors.push({ path, message: copy.flows.amountDecimals(currency, minorDigits(currency)) });
      }
    }
    if (min !== undefined && max !== undefined && min > max) errors.unshift({ path: 'min', message: copy.flows.minAboveMax });
    return errors;
  },
  newSettings: () => ({ currency: DEFAULT_CURRENCY }),
  sample: { settings: { currency: 'EUR', min: 0 }, answer: '1,234.5', display: 'EUR 1,234.50' },
});
