/**
 * The Conversion Kit add-on's price (spec 001 §9 "Conversion Kit price: 0.25 x leads + 25 USD per month; default
 * lead count 300 (so 100)"). Pure and zod-free.
 */
import { CONVERSION_KIT_BASE_PRICE_USD, CONVERSION_KIT_PRICE_PER_LEAD_USD } from '../limits';

/**
 * The monthly price in US dollars for `leadsCount` leads a month: 0.25 × leads + 25 (300 leads → 100). A count that
 * is not a finite number counts as 0 leads (the base price).
 */
export function conversionKitMonthlyPriceUsd(leadsCount: number): number {
  const leads = Number.isFinite(leadsCount) && leadsCount > 0 ? leadsCount : 0;
  return CONVERSION_KIT_PRICE_PER_LEAD_USD * leads + CONVERSION_KIT_BASE_PRICE_USD;
}
