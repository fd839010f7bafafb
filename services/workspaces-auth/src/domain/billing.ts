/**
 * The billing port (spec 001 §7 `POST /billing/session/conversionkit`): where an organization pays for an add-on.
 * A provider turns a purchase — the organization and the Conversion Kit's lead count — into the URL of a checkout
 * page the browser is sent to; the provider's confirmation (a webhook, for a real payment provider) is what would
 * turn the add-on on. No real provider is wired here: the embedded default, {@link embeddedBillingProvider}, takes
 * no payment and answers a page of the app itself; an operator turns the add-on on with
 * `POST /internal/organizations/:organizationId/flags`.
 */
import { CONVERSION_KIT_DEFAULT_LEADS } from '@formloom/contracts/limits';
import { conversionKitMonthlyPriceUsd } from '@formloom/contracts/rules/conversion-kit';

/** A Conversion Kit purchase: whose, how many leads a month, at what monthly price (USD, spec 001 §9). */
export interface ConversionKitPurchase {
  organizationId: number;
  /** Leads a month (whole, ≥ 1). */
  leadsCount: number;
  /** `conversionKitMonthlyPriceUsd(leadsCount)`, in US dollars a month. */
  monthlyPriceUsd: number;
}

/** Where organizations pay for add-ons. */
export interface BillingProvider {
  /** The checkout page of `purchase`: an absolute URL, or a path of this site. */
  conversionKitCheckoutUrl(purchase: ConversionKitPurchase): Promise<string>;
}

/** The app page the embedded provider sends the browser to (the settings page; the query says what was chosen). */
export const EMBEDDED_CHECKOUT_PATH = '/home/settings';

/**
 * The embedded default: no payment provider, no payment. The checkout page is the app's settings page with the
 * chosen add-on and lead count in the query (`/home/settings?checkout=conversionkit&leadsCount=300`).
 */
export const embeddedBillingProvider: BillingProvider = {
  async conversionKitCheckoutUrl(purchase) {
    const query = new URLSearchParams({ checkout: 'conversionkit', leadsCount: String(purchase.leadsCount) });
    return `${EMBEDDED_CHECKOUT_PATH}?${query.toString()}`;
  },
};

/** The purchase of `leadsCount` leads a month (default {@link CONVERSION_KIT_DEFAULT_LEADS}) for an organization. */
export function conversionKitPurchase(organizationId: number, leadsCount: number = CONVERSION_KIT_DEFAULT_LEADS): ConversionKitPurchase {
  return { organizationId, leadsCount, monthlyPriceUsd: conversionKitMonthlyPriceUsd(leadsCount) };
}
