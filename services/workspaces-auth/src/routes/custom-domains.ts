/**
 * `/admin/customDomains…` and `/internal/hosts/resolve` (spec 000 §1, §7) — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/custom-domains` (`domain/custom-domains.ts`). The admin's record is read
 * fresh (`caller.ts`).
 */
import { getCustomDomains, resolveHost, updateSubdomain } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as domains from '../domain/custom-domains';
import { requireCaller } from './caller';

/** The domain routes. */
export const customDomainRoutes = defineRoutes<AuthDeps>((router, { db, config }) => {
  /** `{domain}` (admins). */
  router.handle(getCustomDomains, async ({ auth }) => ({ domain: await domains.getDomains(db, await requireCaller(auth, db), config.PUBLIC_URL) }));

  /** `{subdomain}` stored (admins); 400 not a label or reserved; 409 taken. */
  router.handle(updateSubdomain, async ({ auth, body }) => ({
    subdomain: await domains.updateSubdomain(db, await requireCaller(auth, db), body.subdomain),
  }));

  /** `{organizationId}` whose forms the host serves; 404 none. */
  router.handle(resolveHost, async ({ body }) => ({ organizationId: await domains.resolveHost(db, body.host, config.PUBLIC_URL) }));
});
