/**
 * Billing calls (spec 001 §7), owned by workspaces-auth (the owner of organizations and their add-ons) until a
 * billing service exists: `POST /billing/session/conversionkit {leadsCount}` → `{url}`, the checkout page of the
 * Conversion Kit add-on the browser is sent to (spec 001 §2 upsell modal, §9 price).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { CONVERSION_KIT_MAX_LEADS } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** `POST /billing/session/conversionkit` body (spec 001 §7): `{leadsCount}`, whole leads a month, 1..{@link CONVERSION_KIT_MAX_LEADS}. */
export const ConversionKitSessionBody = z.object({
  leadsCount: z.number().int().min(1).max(CONVERSION_KIT_MAX_LEADS),
});
/** `{leadsCount}`. */
export type ConversionKitSessionBody = z.infer<typeof ConversionKitSessionBody>;

/** `{url}`: where the browser goes to pay (an absolute URL, or a path of this site in embedded mode). */
export const BillingSessionResponse = z.object({ url: z.string().min(1) });
/** `{url}`. */
export type BillingSessionResponse = z.infer<typeof BillingSessionResponse>;

/**
 * `POST /billing/session/conversionkit` (spec 001 §7): a checkout session for the Conversion Kit add-on at
 * `leadsCount` leads a month (0.25 × leads + 25 USD a month, spec 001 §9), from the service's billing provider.
 */
export const createConversionKitSession = defineEndpoint({
  id: 'billing.conversionKitSession',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/billing/session/conversionkit',
  access: 'session',
  summary: 'Start a Conversion Kit checkout',
  description:
    "Answers `{url}`, the billing provider's checkout page for the add-on; the browser is redirected there. With the " +
    "embedded provider (no payment provider configured) the URL is the app's settings page with the chosen lead count.",
  body: ConversionKitSessionBody,
  responses: {
    200: okResponse(BillingSessionResponse),
    403: errorResponse(`${copy.auth.adminOnly}: only an admin buys add-ons for the organization.`),
  },
});
