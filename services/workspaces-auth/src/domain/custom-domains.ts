/**
 * An organization's domains (spec 000 §1 `/home/settings/custom-domains`, §3 "Organization: … has a subdomain", §5, §7;
 * contracts `api/workspaces-auth/custom-domains.ts`): the subdomain its admins choose, and which organization a host
 * names (the gateway's lookup). The base host is the product's public origin's (`PUBLIC_URL`): with
 * `https://forms.example.com`, the subdomain `acme` serves at `https://acme.forms.example.com`; on a developer's
 * machine (`http://localhost:8080`) at `http://acme.localhost:8080`, which browsers resolve to this machine.
 */
import { eq } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { CustomDomainsResponse } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { subdomainOfHost } from '@formloom/contracts/rules/subdomain';
import type { DbOrTx } from '@formloom/kit/db';
import { conflict, forbidden, notFound } from '@formloom/kit/errors';
import { organizations } from '../db/schema';
import type { UserRecord } from './accounts';

/** The base host of `publicUrl` (`forms.example.com`, `localhost:8080`: with its port when it has one). */
export function baseHostOf(publicUrl: string): string {
  return new URL(publicUrl).host;
}

/** The address an organization's forms are served at with `subdomain` (`https://acme.forms.example.com`). */
export function subdomainUrl(publicUrl: string, subdomain: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${subdomain}.${url.host}`;
}

/**
 * The caller's organization's domains (`GET /admin/customDomains`).
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin
 */
export async function getDomains(db: DbOrTx, caller: UserRecord, publicUrl: string): Promise<CustomDomainsResponse['domain']> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const [row] = await db.select({ subdomain: organizations.subdomain }).from(organizations).where(eq(organizations.id, caller.organizationId));
  const subdomain = row?.subdomain ?? null;
  return { subdomain, baseHost: baseHostOf(publicUrl), subdomainUrl: subdomain ? subdomainUrl(publicUrl, subdomain) : null };
}

/** True when `error` (or one of its causes) is a PostgreSQL unique violation (SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Sets the caller's organization's subdomain to `subdomain` (already normalized and checked by the request schema);
 * setting the one it has changes nothing.
 * @returns the subdomain as stored
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 409 `copy.domains.subdomainTaken` when another
 *   organization has it (the unique index decides, also between two at once)
 */
export async function updateSubdomain(db: DbOrTx, caller: UserRecord, subdomain: string): Promise<string> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  try {
    await db.update(organizations).set({ subdomain }).where(eq(organizations.id, caller.organizationId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.domains.subdomainTaken);
    throw error;
  }
  return subdomain;
}

/**
 * The organization whose forms host `host` serves: `{subdomain}.{base host}` (`POST /internal/hosts/resolve`).
 * @throws 404 when the host names no organization (another host, a reserved label, a subdomain no one has)
 */
export async function resolveHost(db: DbOrTx, host: string, publicUrl: string): Promise<number> {
  const subdomain = subdomainOfHost(host, new URL(publicUrl).hostname);
  if (subdomain === null) throw notFound(copy.domains.notFoundOnHost);
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.subdomain, subdomain));
  if (!row) throw notFound(copy.domains.notFoundOnHost);
  return row.id;
}
