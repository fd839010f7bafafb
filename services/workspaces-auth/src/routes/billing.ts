/**
 * `/billing/…` routes of workspaces-auth — the endpoints of `@formloom/contracts/api/workspaces-auth/billing`,
 * answered through the billing port (`domain/billing.ts`).
 */
import { createConversionKitSession } from '@formloom/contracts/api/workspaces-auth/billing';
import * as copy from '@formloom/contracts/copy';
import { forbidden } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import { conversionKitPurchase } from '../domain/billing';
import { requireCaller } from './caller';

/** The billing routes. */
export const billingRoutes = defineRoutes<AuthDeps>((router, { db, billing }) => {
  /** `{url}` of the Conversion Kit checkout for `leadsCount` leads a month; 403 for non-admins (they buy for the organization). */
  router.handle(createConversionKitSession, async ({ auth, body }) => {
    const caller = await requireCaller(auth, db);
    if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
    return { url: await billing.conversionKitCheckoutUrl(conversionKitPurchase(caller.organizationId, body.leadsCount)) };
  });
});
