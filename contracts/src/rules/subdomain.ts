/**
 * An organization's subdomain (spec 000 §3 "Organization: … has a subdomain and possibly a custom domain", §5
 * "Subdomain update needs a non-empty value"; docs/architecture.md §6 workspaces-auth "Domains"): its public forms are
 * served at `https://{subdomain}.{base host}/t/{publicIdentifier}`. A subdomain is one DNS label (RFC 1035 §2.3.1,
 * RFC 1123 §2.1): 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen; stored lower-cased.
 * Names the product itself uses on its base host are reserved.
 */

/** RFC 1035 §2.3.4: the longest DNS label (octets). */
export const SUBDOMAIN_MAX_LENGTH = 63;

/** Labels the product keeps for itself on its base host (its own app, API, mail and status pages). */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'cdn',
  'docs',
  'forms',
  'help',
  'internal',
  'mail',
  'static',
  'status',
  'support',
  'www',
];

/** Why a subdomain is refused: `empty`, `tooLong`, `characters` (not a DNS label), or `reserved`. */
export type SubdomainProblem = 'empty' | 'tooLong' | 'characters' | 'reserved';

/** `text` as stored: trimmed and lower-cased (DNS names are case-insensitive, RFC 4343). */
export function normalizeSubdomain(text: string): string {
  return text.trim().toLowerCase();
}

/** The problem with subdomain `text` (normalized first, {@link normalizeSubdomain}), or `null` when it is one. */
export function subdomainProblem(text: string): SubdomainProblem | null {
  const label = normalizeSubdomain(text);
  if (label === '') return 'empty';
  if (label.length > SUBDOMAIN_MAX_LENGTH) return 'tooLong';
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label)) return 'characters';
  if (RESERVED_SUBDOMAINS.includes(label)) return 'reserved';
  return null;
}

/**
 * The subdomain of `hostname` under `baseHost` (`acme` of `acme.forms.example.com` under `forms.example.com`), or
 * `null` when the host is not one label below the base host or that label is reserved. Both are compared lower-cased,
 * without a port.
 */
export function subdomainOfHost(hostname: string, baseHost: string): string | null {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const base = baseHost.toLowerCase().replace(/:\d+$/, '');
  if (!host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  // One label, and an organization's (a reserved one, `www` …, is the product's own host).
  return label.includes('.') || subdomainProblem(label) !== null ? null : label;
}

/** RFC 1035 §2.3.4: the longest domain name (octets, without the trailing dot). */
export const HOSTNAME_MAX_LENGTH = 253;

/**
 * Why a custom domain is refused: `empty`, `tooLong`, `invalid` (not a name of two or more DNS labels with a
 * non-numeric top label, or an IP address), or `productHost` (the product's own host or one below it: a subdomain of
 * ours is chosen as a subdomain).
 */
export type HostnameProblem = 'empty' | 'tooLong' | 'invalid' | 'productHost';

/** `text` as stored: trimmed, lower-cased, without a trailing dot. */
export function normalizeHostname(text: string): string {
  return text.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * The problem with custom domain `text` (normalized first, {@link normalizeHostname}) for a product whose base host
 * name is `baseHostname`, or `null` when an organization may connect it.
 */
export function hostnameProblem(text: string, baseHostname: string): HostnameProblem | null {
  const host = normalizeHostname(text);
  if (host === '') return 'empty';
  if (host.length > HOSTNAME_MAX_LENGTH) return 'tooLong';
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label.length > SUBDOMAIN_MAX_LENGTH || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label))) {
    return 'invalid';
  }
  if (/^\d+$/.test(labels.at(-1)!)) return 'invalid';
  const base = baseHostname.toLowerCase();
  if (host === base || host.endsWith(`.${base}`)) return 'productHost';
  return null;
}

/** The DNS name of a custom domain's verification TXT record (`_formloom-verification.{hostname}`). */
export function verificationRecordName(hostname: string): string {
  return `_formloom-verification.${hostname}`;
}

/** The value of a custom domain's verification TXT record for token `token`. */
export function verificationRecordValue(token: string): string {
  return `formloom-verification=${token}`;
}
