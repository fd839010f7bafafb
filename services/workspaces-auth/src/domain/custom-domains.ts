/**
 * An organization's domains (spec 000 §1 `/home/settings/custom-domains`, §3 "Organization: … has a subdomain", §5, §7;
 * contracts `api/workspaces-auth/custom-domains.ts`): the subdomain its admins choose, and which organization a host
 * names (the gateway's lookup). The base host is the product's public origin's (`PUBLIC_URL`): with
 * `https://forms.example.com`, the subdomain `acme` serves at `https://acme.forms.example.com`; on a developer's
 * machine (`http://localhost:8080`) at `http://acme.localhost:8080`, which browsers resolve to this machine.
 *
 * An organization's own domain (one at most) is connected pending: its admin creates a CNAME to the product's host and
 * a TXT record `_formloom-verification.{hostname}` = `formloom-verification={token}` (32 random bytes, base64url) at
 * their DNS provider, then asks for a check, which looks the TXT record up (`DNS_SERVERS`, else the system's
 * resolvers); found, the domain is verified and the gateway serves the organization's forms there. Owning the name is
 * what the TXT record proves; another organization cannot take a name someone has, verified or not, and connecting a
 * new one starts over with a new token.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import { HOSTNAME_MESSAGES, type CustomDomain, type CustomDomainsResponse } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import {
  hostnameProblem,
  normalizeHostname,
  subdomainOfHost,
  verificationRecordName,
  verificationRecordValue,
} from '@formloom/contracts/rules/subdomain';
import { isUniqueViolation, type DbOrTx } from '@formloom/kit/db';
import { conflict, forbidden, invalid, notFound } from '@formloom/kit/errors';
import { customDomains, organizations } from '../db/schema';
import type { UserRecord } from './accounts';

/** Looks TXT records up (a `node:dns/promises` `Resolver`'s `resolveTxt`): each record as its strings. */
export type TxtLookup = (name: string) => Promise<string[][]>;

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
  const own = await findCustomDomain(db, caller.organizationId);
  return {
    subdomain,
    baseHost: baseHostOf(publicUrl),
    subdomainUrl: subdomain ? subdomainUrl(publicUrl, subdomain) : null,
    customDomain: own ? toCustomDomain(own, publicUrl) : null,
  };
}

type CustomDomainRow = typeof customDomains.$inferSelect;

async function findCustomDomain(db: DbOrTx, organizationId: number): Promise<CustomDomainRow | undefined> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.organizationId, organizationId));
  return row;
}

/** A stored own domain as the API shows it, with the records to create (a CNAME to the product's host, the TXT). */
function toCustomDomain(row: CustomDomainRow, publicUrl: string): CustomDomain {
  return {
    hostname: row.hostname,
    status: row.verifiedAt ? 'verified' : 'pending',
    records: [
      { type: 'CNAME', name: row.hostname, value: new URL(publicUrl).hostname },
      { type: 'TXT', name: verificationRecordName(row.hostname), value: verificationRecordValue(row.verificationToken) },
    ],
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    problem: row.problem,
  };
}

/**
 * Connects `hostname` (normalized by the request schema) as the caller's organization's own domain, pending, with a
 * new verification token; it replaces the organization's previous one (connecting the same name again keeps it as it
 * is).
 * @throws 403 `copy.auth.adminOnly`; 400 at `body.hostname` for a name `hostnameProblem` refuses (the product's own
 *   host included); 409 `copy.domains.hostnameTaken` when another organization has it
 */
export async function setCustomDomain(db: DbOrTx, caller: UserRecord, hostname: string, publicUrl: string): Promise<CustomDomain> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const problem = hostnameProblem(hostname, new URL(publicUrl).hostname);
  if (problem) throw invalid(copy.errors.validation, [{ path: 'body.hostname', message: HOSTNAME_MESSAGES[problem] }]);
  const host = normalizeHostname(hostname);
  const current = await findCustomDomain(db, caller.organizationId);
  if (current?.hostname === host) return toCustomDomain(current, publicUrl);
  const values = { hostname: host, verificationToken: randomBytes(32).toString('base64url'), verifiedAt: null, lastCheckedAt: null, problem: null };
  try {
    const [row] = await db
      .insert(customDomains)
      .values({ organizationId: caller.organizationId, ...values })
      .onConflictDoUpdate({ target: customDomains.organizationId, set: { ...values, createdAt: new Date() } })
      .returning();
    return toCustomDomain(row!, publicUrl);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.domains.hostnameTaken);
    throw error;
  }
}

/**
 * Checks the caller's organization's own domain: its verification TXT record is looked up with `lookupTxt`; found with
 * the token, the domain is verified (and stays so); not found, it stays pending with `copy.domains.notFoundYet`; DNS
 * unreachable, `copy.domains.dnsUnavailable`. The check's time and finding are stored.
 * @throws 403 `copy.auth.adminOnly`; 404 `copy.domains.noCustomDomain` without one
 */
export async function verifyCustomDomain(db: DbOrTx, caller: UserRecord, lookupTxt: TxtLookup, publicUrl: string): Promise<CustomDomain> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const row = await findCustomDomain(db, caller.organizationId);
  if (!row) throw notFound(copy.domains.noCustomDomain);
  const expected = verificationRecordValue(row.verificationToken);
  let problem: string | null = null;
  try {
    const records = await lookupTxt(verificationRecordName(row.hostname));
    if (!records.some((parts) => parts.join('') === expected)) problem = copy.domains.notFoundYet;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    problem = code === 'ENOTFOUND' || code === 'ENODATA' ? copy.domains.notFoundYet : copy.domains.dnsUnavailable;
  }
  const now = new Date();
  const [updated] = await db
    .update(customDomains)
    .set({ lastCheckedAt: now, problem, ...(problem === null && !row.verifiedAt ? { verifiedAt: now } : {}) })
    .where(and(eq(customDomains.organizationId, caller.organizationId), eq(customDomains.hostname, row.hostname)))
    .returning();
  return toCustomDomain(updated ?? row, publicUrl);
}

/**
 * Disconnects the caller's organization's own domain: its forms stop being served there (the gateway's cache of it,
 * within seconds).
 * @throws 403 `copy.auth.adminOnly`; 404 `copy.domains.noCustomDomain` without one
 */
export async function removeCustomDomain(db: DbOrTx, caller: UserRecord): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const removed = await db
    .delete(customDomains)
    .where(eq(customDomains.organizationId, caller.organizationId))
    .returning({ hostname: customDomains.hostname });
  if (removed.length === 0) throw notFound(copy.domains.noCustomDomain);
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
 * The organization whose forms host `host` serves (`POST /internal/hosts/resolve`): `{subdomain}.{base host}`, or an
 * organization's verified own domain.
 * @throws 404 when the host names no organization (another host, a reserved label, a subdomain no one has, a domain
 *   not verified)
 */
export async function resolveHost(db: DbOrTx, host: string, publicUrl: string): Promise<number> {
  const subdomain = subdomainOfHost(host, new URL(publicUrl).hostname);
  if (subdomain !== null) {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.subdomain, subdomain));
    if (row) return row.id;
    throw notFound(copy.domains.notFoundOnHost);
  }
  const [own] = await db
    .select({ id: customDomains.organizationId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, normalizeHostname(host.replace(/:\d+$/, ''))), isNotNull(customDomains.verifiedAt)));
  if (!own) throw notFound(copy.domains.notFoundOnHost);
  return own.id;
}

/**
 * Where organization `organizationId`'s forms are shared (`GET /auth/me` `formsOrigin`): its verified own domain (with
 * `publicUrl`'s scheme), else its subdomain's address, else `null` (the product's own address).
 */
export async function formsOriginOf(db: DbOrTx, organizationId: number, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ subdomain: organizations.subdomain, hostname: customDomains.hostname, verifiedAt: customDomains.verifiedAt })
    .from(organizations)
    .leftJoin(customDomains, eq(customDomains.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (row?.hostname && row.verifiedAt) return `${new URL(publicUrl).protocol}//${row.hostname}`;
  return row?.subdomain ? subdomainUrl(publicUrl, row.subdomain) : null;
}
