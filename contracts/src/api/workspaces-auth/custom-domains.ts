/**
 * An organization's domains (spec 000 §1 `/home/settings/custom-domains`, §3 "Organization: … has a subdomain and
 * possibly a custom domain", §7 `GET /admin/customDomains`, `POST /admin/customDomains/updateSubdomain`; owned by
 * workspaces-auth, `domain/custom-domains.ts`): its subdomain, under which the gateway serves its public forms
 * (`https://{subdomain}.{baseHost}/t/{publicIdentifier}`), and the internal lookup the gateway makes for a host.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import {
  HOSTNAME_MAX_LENGTH,
  normalizeHostname,
  normalizeSubdomain,
  subdomainProblem,
  SUBDOMAIN_MAX_LENGTH,
  type HostnameProblem,
  type SubdomainProblem,
} from '../../rules/subdomain';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { requiredString } from './fields';

/** The message of each {@link SubdomainProblem} (spec 000 §5: a non-empty value; ours otherwise). */
export const SUBDOMAIN_MESSAGES: Readonly<Record<SubdomainProblem, string>> = {
  empty: copy.domains.subdomainRequired,
  tooLong: copy.domains.subdomainTooLong(SUBDOMAIN_MAX_LENGTH),
  characters: copy.domains.subdomainCharacters,
  reserved: copy.domains.subdomainReserved,
};

/** A subdomain as typed: normalized (trimmed, lower-cased), refused with its {@link SUBDOMAIN_MESSAGES} message. */
export const Subdomain = requiredString()
  .max(256, { error: copy.domains.subdomainTooLong(SUBDOMAIN_MAX_LENGTH) })
  .transform(normalizeSubdomain)
  .superRefine((value, context) => {
    const problem = subdomainProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: SUBDOMAIN_MESSAGES[problem] });
  });

/** The message of each {@link HostnameProblem} (ours). */
export const HOSTNAME_MESSAGES: Readonly<Record<HostnameProblem, string>> = {
  empty: copy.domains.hostnameRequired,
  tooLong: copy.domains.hostnameTooLong(HOSTNAME_MAX_LENGTH),
  invalid: copy.domains.hostnameInvalid,
  productHost: copy.domains.hostnameProductHost,
};

/** A DNS record the organization creates at its DNS provider for its own domain. */
export const DnsRecord = z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string() });
/** `{type, name, value}`. */
export type DnsRecord = z.infer<typeof DnsRecord>;

/**
 * The organization's own domain (ours; spec 000 §3 "possibly a custom domain"): the host name, whether its
 * verification record was found (`verified`: the gateway serves the organization's forms there), the records to
 * create — a CNAME to the product's host and the verification TXT record — and the last check: when, and what it
 * found wrong (null: nothing).
 */
export const CustomDomain = z.object({
  hostname: z.string(),
  status: z.enum(['pending', 'verified']),
  records: z.array(DnsRecord),
  verifiedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  problem: z.string().nullable(),
});
/** `{hostname, status, records, verifiedAt, lastCheckedAt, problem}`. */
export type CustomDomain = z.infer<typeof CustomDomain>;

/**
 * `GET /admin/customDomains` response (spec 000 §7 `domain`): the organization's subdomain (null: none yet), the
 * product's base host it sits under, the address its forms are served at with it (null without one), and its own
 * domain (null: none).
 */
export const CustomDomainsResponse = z.object({
  domain: z.object({
    subdomain: z.string().nullable(),
    baseHost: z.string(),
    subdomainUrl: z.string().nullable(),
    customDomain: CustomDomain.nullable(),
  }),
});
/** `{domain: {subdomain, baseHost, subdomainUrl, customDomain}}`. */
export type CustomDomainsResponse = z.infer<typeof CustomDomainsResponse>;

/** `POST /admin/customDomains/updateSubdomain` body (spec 000 §7 `subdomain`). */
export const UpdateSubdomainBody = z.object({ subdomain: Subdomain });
/** `{subdomain}` as typed. */
export type UpdateSubdomainBodyInput = z.input<typeof UpdateSubdomainBody>;

/** `POST /admin/customDomains/updateSubdomain` response (spec 000 §7 `subdomain`): the subdomain as stored. */
export const UpdateSubdomainResponse = z.object({ subdomain: z.string() });
/** `{subdomain}`. */
export type UpdateSubdomainResponse = z.infer<typeof UpdateSubdomainResponse>;

const adminOnly = errorResponse(`'${copy.auth.adminOnly}'.`);

/** `GET /admin/customDomains` (spec 000 §7): the caller's organization's domains (admins). */
export const getCustomDomains = defineEndpoint({
  id: 'customDomains.get',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/customDomains',
  access: 'session',
  summary: "My organization's domains",
  tags: ['domains'],
  responses: { 200: okResponse(CustomDomainsResponse), 403: adminOnly },
});

/**
 * `POST /admin/customDomains/updateSubdomain` (spec 000 §7; §5 "needs a non-empty value"): sets the organization's
 * subdomain (admins). The old one stops serving its forms at once (the gateway's cache of it, within seconds).
 */
export const updateSubdomain = defineEndpoint({
  id: 'customDomains.updateSubdomain',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/customDomains/updateSubdomain',
  access: 'session',
  summary: "Change my organization's subdomain",
  tags: ['domains'],
  body: UpdateSubdomainBody,
  responses: {
    200: okResponse(UpdateSubdomainResponse),
    400: errorResponse('Not a DNS label, or reserved (details at `body.subdomain`).'),
    403: adminOnly,
    409: errorResponse(`'${copy.domains.subdomainTaken}'.`),
  },
});

/** `POST /admin/customDomains` body: the domain to connect (checked against the base host on the server). */
export const SetCustomDomainBody = z.object({
  hostname: requiredString().max(HOSTNAME_MAX_LENGTH + 8, { error: copy.domains.hostnameTooLong(HOSTNAME_MAX_LENGTH) }).transform(normalizeHostname),
});
/** `{hostname}` as typed. */
export type SetCustomDomainBodyInput = z.input<typeof SetCustomDomainBody>;

/** The organization's own domain after a change or a check. */
export const CustomDomainResponse = z.object({ customDomain: CustomDomain });
/** `{customDomain}`. */
export type CustomDomainResponse = z.infer<typeof CustomDomainResponse>;

/**
 * `POST /admin/customDomains` (ours): connects a domain the organization owns, replacing its previous one; it is
 * pending until its verification record is found (`POST /admin/customDomains/verify`).
 */
export const setCustomDomain = defineEndpoint({
  id: 'customDomains.set',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/customDomains',
  access: 'session',
  summary: 'Connect my own domain',
  tags: ['domains'],
  body: SetCustomDomainBody,
  responses: {
    201: okResponse(CustomDomainResponse),
    400: errorResponse('Not a domain name, or the product\'s own host (details at `body.hostname`).'),
    403: adminOnly,
    409: errorResponse(`'${copy.domains.hostnameTaken}'.`),
  },
});

/**
 * `POST /admin/customDomains/verify` (ours): looks the verification TXT record up in DNS; found, the domain is
 * verified and serves the organization's forms. Answers the domain either way (its `problem` says what was missing).
 */
export const verifyCustomDomain = defineEndpoint({
  id: 'customDomains.verify',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/customDomains/verify',
  access: 'session',
  summary: 'Check my domain\'s DNS records',
  tags: ['domains'],
  responses: {
    200: okResponse(CustomDomainResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.domains.noCustomDomain}'.`),
  },
});

/** `DELETE /admin/customDomains` (ours): disconnects the organization's own domain. */
export const removeCustomDomain = defineEndpoint({
  id: 'customDomains.remove',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/customDomains',
  access: 'session',
  summary: 'Remove my own domain',
  tags: ['domains'],
  responses: {
    200: okResponse(z.object({ success: z.literal(true) })),
    403: adminOnly,
    404: errorResponse(`'${copy.domains.noCustomDomain}'.`),
  },
});

/** `POST /internal/hosts/resolve` body: a request's host name (without port). */
export const ResolveHostBody = z.object({ host: z.string().min(1).max(253) });
/** `{host}`. */
export type ResolveHostBody = z.infer<typeof ResolveHostBody>;

/** `POST /internal/hosts/resolve` response: the organization whose host it is. */
export const ResolveHostResponse = z.object({ organizationId: z.number().int().positive() });
/** `{organizationId}`. */
export type ResolveHostResponse = z.infer<typeof ResolveHostResponse>;

/**
 * `POST /internal/hosts/resolve` (the gateway's call): whose forms a host serves — `{subdomain}.{baseHost}` of an
 * organization, or an organization's verified own domain. 404 when it is no organization's.
 */
export const resolveHost = defineEndpoint({
  id: 'internal.hosts.resolve',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/internal/hosts/resolve',
  access: 'internal',
  summary: 'Whose host is this (internal)',
  body: ResolveHostBody,
  responses: { 200: okResponse(ResolveHostResponse), 404: errorResponse('No organization has this host.') },
});
