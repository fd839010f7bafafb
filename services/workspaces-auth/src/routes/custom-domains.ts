/**
 * `/admin/customDomains…` and `/internal/hosts/resolve` (spec 000 §1, §7) — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/custom-domains` (`domain/custom-domains.ts`). The admin's record is read
 * fresh (`caller.ts`). Own domains are checked in DNS with a resolver of `DNS_SERVERS` (else the system's), waiting at
 * most {@link DNS_TIMEOUT_MS} per try, twice.
 */
import { Resolver } from 'node:dns/promises';
import {
  getCustomDomains,
  removeCustomDomain,
  resolveHost,
  setCustomDomain,
  updateSubdomain,
  verifyCustomDomain,
} from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as domains from '../domain/custom-domains';
import { requireCaller } from './caller';

/** How long a DNS question of a domain check waits for an answer (ms). */
export const DNS_TIMEOUT_MS = 3_000;

/** The domain routes. */
export const customDomainRoutes = defineRoutes<AuthDeps>((router, { db, config }) => {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  if (config.DNS_SERVERS) resolver.setServers(config.DNS_SERVERS);
  const lookupTxt: domains.TxtLookup = (name) => resolver.resolveTxt(name);

  /** `{domain}` (admins). */
  router.handle(getCustomDomains, async ({ auth }) => ({ domain: await domains.getDomains(db, await requireCaller(auth, db), config.PUBLIC_URL) }));

  /** `{subdomain}` stored (admins); 400 not a label or reserved; 409 taken. */
  router.handle(updateSubdomain, async ({ auth, body }) => ({
    subdomain: await domains.updateSubdomain(db, await requireCaller(auth, db), body.subdomain),
  }));

  /** 201 `{customDomain}` pending (admins); 400 not a domain or ours; 409 another organization's. */
  router.handle(setCustomDomain, async ({ auth, body }) => ({
    customDomain: await domains.setCustomDomain(db, await requireCaller(auth, db), body.hostname, config.PUBLIC_URL),
  }));

  /** `{customDomain}` after its DNS check (admins); 404 none. */
  router.handle(verifyCustomDomain, async ({ auth }) => ({
    customDomain: await domains.verifyCustomDomain(db, await requireCaller(auth, db), lookupTxt, config.PUBLIC_URL),
  }));

  /** Disconnects the own domain (admins); 404 none. */
  router.handle(removeCustomDomain, async ({ auth }) => {
    await domains.removeCustomDomain(db, await requireCaller(auth, db));
    return { success: true as const };
  });

  /** `{organizationId}` whose forms the host serves; 404 none. */
  router.handle(resolveHost, async ({ body }) => ({ organizationId: await domains.resolveHost(db, body.host, config.PUBLIC_URL) }));
});
