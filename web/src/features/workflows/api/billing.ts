/**
 * `createConversionKitSession` (POST /billing/session/conversionkit {leadsCount}, spec 001 §7) → {url}: the checkout
 * page of the Conversion Kit add-on, where the browser is sent.
 */
import { useMutation } from '@tanstack/react-query';
import { createConversionKitSession } from '@formloom/contracts/api/workspaces-auth/billing';
import { callEndpoint } from '../../../lib/api-client';

/** The checkout URL for `leadsCount` leads a month. @throws ApiError 400 bad count, 403 not an admin. */
export async function conversionKitCheckoutUrl(leadsCount: number): Promise<string> {
  const body = await callEndpoint(createConversionKitSession, { body: { leadsCount } });
  return body.url;
}

/** {@link conversionKitCheckoutUrl} as a mutation. */
export function useConversionKitCheckout() {
  return useMutation({ mutationFn: conversionKitCheckoutUrl });
}
