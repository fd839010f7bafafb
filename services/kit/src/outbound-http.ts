/**
 * The one guard for HTTP requests a service sends to URLs its users chose (outgoing webhooks, the workflow
 * webhook node, integrations): such a URL must never reach the deployment's own network (server-side request
 * forgery), whatever its text says and whatever its name resolves to.
 *
 * **What is refused** (every check also applies to the IPv4-mapped IPv6 form `::ffff:a.b.c.d` of an address):
 * - schemes other than `http:` and `https:`, and URLs with a user name or password (RFC 9110 §4.2.4: senders do
 *   not put userinfo in http(s) URIs; credentials go in a header);
 * - `localhost` and `*.localhost` by name (RFC 6761 §6.3), before any DNS;
 * - addresses that are not public unicast: loopback (127/8, `::1`), unspecified (0/8, `::`), private (10/8,
 *   172.16/12, 192.168/16 — RFC 1918; `fc00::/7` — RFC 4193), link-local (169.254/16 — RFC 3927; `fe80::/10`),
 *   carrier-grade NAT (100.64/10 — RFC 6598), multicast (224/4, `ff00::/8`), broadcast (255.255.255.255), and the
 *   reserved and special-purpose blocks of the IANA registries (RFC 6890: 240/4, documentation ranges, 6to4,
 *   Teredo, …). Ranges are ipaddr.js's; an address inside NAT64's well-known prefix `64:ff9b::/96` (RFC 6052) is
 *   judged by the IPv4 address it embeds, so DNS64 networks keep working;
 * - cloud metadata services ({@link METADATA_HOST_NAMES} by name, {@link METADATA_ADDRESSES} by address), even
 *   for a host the operator allows.
 *
 * **When.** {@link checkOutboundUrl} runs when a user saves a URL: the name is resolved (`node:dns/promises`
 * `lookup`, all addresses) and every address must be allowed, so the user gets a 400 at once. That is not
 * enough: DNS can answer differently later (DNS rebinding: public when saved, `127.0.0.1` when sent), so
 * {@link sendOutbound} checks again at connect time, inside the socket's own lookup (an undici `Agent` whose
 * connector resolves, checks every address and only then connects to them), and does not follow redirects by
 * itself: each `Location` is checked the same way before it is requested.
 *
 * **Limits of a send** (each overridable per call): at most {@link OUTBOUND_MAX_REDIRECTS} redirects, a response
 * body of at most {@link OUTBOUND_MAX_BODY_BYTES} bytes (refused as soon as `Content-Length` announces more, else
 * when the bytes read pass it), and {@link OUTBOUND_TIMEOUT_MS} ms for the whole exchange (every redirect,
 * connect, headers and body).
 *
 * **Operator setting** `WEBHOOK_ALLOWED_HOSTS` ({@link ALLOWED_HOSTS_VARIABLE}; parsed by
 * {@link parseAllowedHosts}, or {@link AllowedHostsVariable} in a service's config schema): a comma-separated
 * list of host names or `host:port` (IPv6 in brackets, `[::1]:8080`) let through even when they are `localhost`
 * or resolve to a private or loopback address — for development, tests and a receiver the operator runs inside
 * the network. A `host:port` entry allows that port only; an entry without a port allows every port. Empty by
 * default: nothing private is reachable. Metadata services stay refused.
 *
 * **Errors.** A refused URL throws {@link OutboundUrlRefused} (a `DomainError` of kind `invalid`, so a route that
 * lets it through answers 400 `validation_error` with its message), with a machine {@link OutboundRefusalReason};
 * its message names the host but never the addresses a name resolved to (a user must not learn the inside of
 * the network from it). A send that fails otherwise throws {@link OutboundRequestFailed} (timeout, body too
 * large, too many redirects, network), which callers record as a failed delivery.
 *
 * The resolver is an option ({@link OutboundUrlOptions.lookup}): tests make a name resolve to chosen addresses.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { DomainError } from './errors';

/** Redirects {@link sendOutbound} follows by default before it gives up. */
export const OUTBOUND_MAX_REDIRECTS = 5;
/** The largest response body {@link sendOutbound} accepts by default (bytes; 1 MiB). */
export const OUTBOUND_MAX_BODY_BYTES = 1024 * 1024;
/** The time {@link sendOutbound} allows by default for a whole exchange, redirects and body included (ms). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** The environment variable holding the operator's allowed hosts (see the module doc). */
export const ALLOWED_HOSTS_VARIABLE = 'WEBHOOK_ALLOWED_HOSTS';

/**
 * Host names of cloud metadata services, refused by name (before DNS) even when allowed by the operator:
 * Google Cloud's `metadata.google.internal` and its short form `metadata` (resolved through the search domain).
 */
export const METADATA_HOST_NAMES: readonly string[] = ['metadata.google.internal', 'metadata'];

/**
 * Addresses of cloud metadata services, refused even when a host the operator allows resolves to them:
 * 169.254.169.254 (AWS, Google Cloud, Azure, Oracle, DigitalOcean …), 169.254.170.2 (AWS ECS task metadata),
 * 100.100.100.200 (Alibaba Cloud), `fd00:ec2::254` (AWS, IPv6) and `fd20:ce::254` (Google Cloud, IPv6).
 */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
  'fd20:ce::254',
];

/**
 * What kind of address an IP address is (see {@link classifyAddress}); only `public` may be reached, except
 * that a host the operator allows may be anything but `metadata`.
 */
export type AddressClass =
  | 'public'
  | 'metadata'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link_local'
  | 'carrier_grade_nat'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/**
 * Why a URL was refused:
 * - `invalid_url`: not an absolute URL (or a redirect's `Location` that cannot be parsed);
 * - `scheme`: not `http:` or `https:`;
 * - `credentials`: a user name or password in the URL;
 * - `private_address`: the host is `localhost`, or is or resolves to an address that is not public;
 * - `metadata`: the host is or resolves to a cloud metadata service;
 * - `unresolvable`: the name has no address (when saving; at send time a DNS failure is a `network` failure).
 */
export type OutboundRefusalReason = 'invalid_url' | 'scheme' | 'credentials' | 'private_address' | 'metadata' | 'unresolvable';

/**
 * A URL the guard refuses, with a message a user can read (for a 400's detail). A `DomainError` of kind
 * `invalid`: a route that lets it through answers 400 `validation_error`.
 */
export class OutboundUrlRefused extends DomainError {
  constructor(
    /** The machine reason. */
    readonly reason: OutboundRefusalReason,
    message: string,
    /** The host refused (lower case, IPv6 without brackets), when there is one. */
    readonly host?: string,
    /** The address refused (for logs only: never shown to the user for a name), when there is one. */
    readonly address?: string,
  ) {
    super('invalid', message);
    this.name = 'OutboundUrlRefused';
  }
}

/**
 * Why a send failed after its URLs were allowed:
 * - `timeout`: the exchange took longer than its time limit;
 * - `response_too_large`: the response body is (or announced to be) larger than the limit;
 * - `too_many_redirects`: more redirects than the limit;
 * - `network`: the remote could not be reached (DNS failure, refused or reset connection, TLS error).
 */
export type OutboundFailureReason = 'timeout' | 'response_too_large' | 'too_many_redirects' | 'network';

/** A send that failed for a reason other than a refused URL (see {@link OutboundFailureReason}). */
export class OutboundRequestFailed extends Error {
  constructor(
    /** The machine reason. */
    readonly reason: OutboundFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundRequestFailed';
  }
}

/** One entry of the operator's allowed hosts: a host name or IP address (lower case), and optionally a port. */
export interface AllowedHost {
  /** A host name (lower case, without a trailing dot) or an IP address (IPv6 without brackets). */
  host: string;
  /** The one port allowed (1..65535); every port when absent. */
  port?: number;
}

/**
 * Resolves a host name to all its addresses (IPv4 and IPv6 text forms). The default is `node:dns/promises`
 * `lookup(hostname, { all: true })` (the system resolver, as a connection would use it).
 * @throws whatever the resolver throws for a name it cannot resolve (`ENOTFOUND` …).
 */
export type OutboundLookup = (hostname: string) => Promise<readonly string[]>;

/** Options of {@link checkOutboundUrl}. */
export interface OutboundUrlOptions {
  /** Hosts let through although private (the operator's `WEBHOOK_ALLOWED_HOSTS`; default none). */
  allowedHosts?: readonly AllowedHost[];
  /** The resolver (default: the system's, see {@link OutboundLookup}). */
  lookup?: OutboundLookup;
}

/** Options of {@link sendOutbound}: those of {@link checkOutboundUrl} and the limits of one send. */
export interface OutboundSendOptions extends OutboundUrlOptions {
  /** Redirects followed at most (default {@link OUTBOUND_MAX_REDIRECTS}; 0: none). */
  maxRedirects?: number;
  /** The largest response body accepted (bytes; default {@link OUTBOUND_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** The time allowed for the whole exchange, redirects and body included (ms; default {@link OUTBOUND_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** What {@link checkOutboundUrl} found for an allowed URL. */
export interface OutboundUrlCheck {
  /** The parsed URL. */
  url: URL;
  /** Its host: lower case, without a trailing dot, IPv6 without brackets. */
  host: string;
  /** Its port, the scheme's default (80, 443) when the URL names none. */
  port: number;
  /** The addresses checked: the literal address, or every address the name resolved to. */
  addresses: string[];
  /** Whether the host is in the operator's allowed hosts (then private addresses were let through). */
  operatorAllowed: boolean;
}

/** A request {@link sendOutbound} sends. Bodies are text or bytes only, so that a 307/308 can send them again. */
export interface OutboundRequestInit {
  /** The method (default `GET`). */
  method?: string;
  /** Request headers (names in any case). */
  headers?: Readonly<Record<string, string>>;
  /** The body, if any. */
  body?: string | Uint8Array;
  /** Cancels the send; the signal's reason is thrown as it is. */
  signal?: AbortSignal;
}

/** The final response of {@link sendOutbound} (after the redirects it followed). */
export interface OutboundResponse {
  /** The HTTP status code. */
  status: number;
  /** The response headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The whole body (at most `maxBodyBytes` bytes); `body.toString('utf8')` for text. */
  body: Buffer;
  /** The URL that answered (the last redirect's target, else the URL asked for). */
  url: string;
}

/** Allowed schemes. */
const SCHEMES = new Set(['http:', 'https:']);
/** Redirect statuses followed (RFC 9110 §15.4.2–15.4.4, §15.4.8, §15.4.9). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a body, dropped when a redirect turns the request into a GET (Fetch §4.4 step 12). */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
/** Headers carrying credentials, dropped when a redirect leaves the origin (Fetch §4.4 step 13, undici's redirect handler). */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** A host name an allowed-hosts entry may hold: letters, digits, `-`, `_` and dots. */
const HOST_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
/** The metadata addresses, normalized for comparison. */
const METADATA_NORMALIZED = new Set(METADATA_ADDRESSES.map((address) => ipaddr.parse(address).toNormalizedString()));
/** NAT64's well-known prefix (RFC 6052 §2.1), whose addresses embed an IPv4 address in their last 32 bits. */
const NAT64_PREFIX = ipaddr.parseCIDR('64:ff9b::/96');

/** What each class is called in a refusal's message. */
const CLASS_WORDS: Readonly<Record<Exclude<AddressClass, 'public' | 'metadata'>, string>> = {
  loopback: 'a loopback address (this machine)',
  unspecified: 'the unspecified address',
  private: 'a private network address',
  link_local: 'a link-local address',
  carrier_grade_nat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved or special-purpose address',
};

/** The class of an ipaddr.js range name. */
function classOfRange(range: string): AddressClass {
  switch (range) {
    case 'unicast':
      return 'public';
    case 'loopback':
    case 'unspecified':
    case 'private':
    case 'multicast':
    case 'broadcast':
      return range;
    case 'uniqueLocal':
      return 'private';
    case 'linkLocal':
      return 'link_local';
    case 'carrierGradeNat':
      return 'carrier_grade_nat';
    default:
      return 'reserved';
  }
}

/**
 * The class of an IP address (IPv4 dotted or IPv6 text, with or without brackets or a zone). IPv4-mapped IPv6
 * addresses (RFC 4291 §2.5.5.2) and NAT64 addresses (`64:ff9b::/96`, RFC 6052) are judged by the IPv4 address
 * they hold; IPv4-compatible ones (`::a.b.c.d`, deprecated by RFC 4291 §2.5.5.1) are `reserved`.
 * @throws Error when `address` is not an IP address.
 */
export function classifyAddress(address: string): AddressClass {
  // A zone (`fe80::1%eth0`) says which interface, not which address: dropped before comparing.
  const text = unbracket(address).split('%')[0] ?? '';
  if (isIP(text) === 0) throw new Error(`not an IP address: ${address}`);
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const [high = 0, low = 0] = v6.parts.slice(6);
    const embedded = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    if (v6.isIPv4MappedAddress() || v6.match(NAT64_PREFIX)) parsed = embedded;
    else if (v6.parts.slice(0, 6).every((part) => part === 0) && v6.range() === 'unicast') return 'reserved';
  }
  if (METADATA_NORMALIZED.has(parsed.toNormalizedString())) return 'metadata';
  return classOfRange(parsed.range());
}

/** `[::1]` → `::1`. */
function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** A host as compared: lower case, no trailing dot, IPv6 without brackets and in its normal form. */
function normalizeHost(host: string): string {
  const bare = unbracket(host.trim().toLowerCase()).replace(/\.$/, '');
  return isIP(bare) === 6 ? ipaddr.IPv6.parse(bare).toString() : bare;
}

/** The port of a URL, or its scheme's default. */
function portOf(protocol: string, port: string): number {
  return port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port);
}

/** Whether `host:port` is one of the operator's allowed hosts. */
function isOperatorAllowed(allowedHosts: readonly AllowedHost[], host: string, port: number): boolean {
  return allowedHosts.some((entry) => normalizeHost(entry.host) === host && (entry.port === undefined || entry.port === port));
}

/** Whether a name is `localhost` or under it (RFC 6761 §6.3). */
function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The refusal of `address` (a host's own, or one its name resolved to), or null when it may be reached. */
function refusalOfAddress(host: string, address: string, operatorAllowed: boolean): OutboundUrlRefused | null {
  const addressClass = classifyAddress(address);
  if (addressClass === 'metadata') {
    return new OutboundUrlRefused('metadata', `The URL must not point to a cloud metadata service (${host}).`, host, address);
  }
  if (addressClass === 'public' || operatorAllowed) return null;
  const words = CLASS_WORDS[addressClass];
  const message =
    host === normalizeHost(address)
      ? `The URL must point to a public internet address: ${host} is ${words}.`
      : `The URL must point to a public internet address: ${host} resolves to ${words}.`;
  return new OutboundUrlRefused('private_address', message, host, address);
}

/** The refusal of a host name before DNS (metadata names, localhost), or null. */
function refusalOfName(host: string, operatorAllowed: boolean): OutboundUrlRefused | null {
  if (METADATA_HOST_NAMES.includes(host)) {
    return new OutboundUrlRefused('metadata', `The URL must not point to a cloud metadata service (${host}).`, host);
  }
  if (isLocalhostName(host) && !operatorAllowed) {
    return new OutboundUrlRefused('private_address', `The URL must point to a public internet address: ${host} is this machine.`, host);
  }
  return null;
}

/** A checked URL before DNS: what {@link checkUrlText} found. */
interface UrlShape {
  url: URL;
  host: string;
  port: number;
  operatorAllowed: boolean;
}

/**
 * Every check that needs no DNS: URL syntax, scheme, credentials, metadata names, localhost, literal addresses.
 * @throws OutboundUrlRefused
 */
function checkUrlText(input: string | URL, allowedHosts: readonly AllowedHost[]): UrlShape {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundUrlRefused('invalid_url', 'The URL is not valid: it must be a full address such as https://example.com/hook.');
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new OutboundUrlRefused('scheme', `The URL must start with http:// or https:// (not ${url.protocol}//).`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundUrlRefused(
      'credentials',
      'The URL must not contain a user name or password; send credentials in a header instead.',
    );
  }
  const host = normalizeHost(url.hostname);
  const port = portOf(url.protocol, url.port);
  const operatorAllowed = isOperatorAllowed(allowedHosts, host, port);
  const refusal = isIP(host) !== 0 ? refusalOfAddress(host, host, operatorAllowed) : refusalOfName(host, operatorAllowed);
  if (refusal) throw refusal;
  return { url, host, port, operatorAllowed };
}

/** The default resolver: every address of `hostname` from the system resolver. */
const systemLookup: OutboundLookup = async (hostname) => (await dnsLookup(hostname, { all: true })).map((entry) => entry.address);

/**
 * Checks a URL a user is saving (a webhook's target): scheme `http:` or `https:`, no credentials, not a
 * metadata service, not localhost; a literal address must be public, and a name is resolved and EVERY address
 * it resolves to must be public — except that hosts in `options.allowedHosts` may be private (never metadata).
 * The answer holds at the time of the check only: {@link sendOutbound} checks again when it connects.
 * @returns the parsed URL, its host, port and the addresses checked.
 * @throws OutboundUrlRefused `invalid_url`, `scheme`, `credentials`, `metadata`, `private_address`, or
 *   `unresolvable` (the resolver failed or returned no address).
 */
export async function checkOutboundUrl(url: string | URL, options: OutboundUrlOptions = {}): Promise<OutboundUrlCheck> {
  const { url: parsed, host, port, operatorAllowed } = checkUrlText(url, options.allowedHosts ?? []);
  if (isIP(host) !== 0) return { url: parsed, host, port, addresses: [host], operatorAllowed };
  let addresses: readonly string[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    throw new OutboundUrlRefused('unresolvable', `The host name ${host} could not be found.`, host);
  }
  for (const address of addresses) {
    const refusal = refusalOfAddress(host, address, operatorAllowed);
    if (refusal) throw refusal;
  }
  return { url: parsed, host, port, addresses: [...addresses], operatorAllowed };
}

/** The family `net` asks a lookup for: 4, 6 or 0 (any). */
function familyOf(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * The socket's lookup for one connection: resolves with `lookup`, refuses when ANY address is not allowed, and
 * otherwise hands `net` the addresses of the family it asked for, in the form it asked for (`all` or one).
 */
function guardedLookup(lookup: OutboundLookup, operatorAllowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const host = normalizeHost(hostname);
    lookup(host).then(
      (addresses) => {
        for (const address of addresses) {
          const refusal = refusalOfAddress(host, address, operatorAllowed);
          if (refusal) return callback(refusal, '');
        }
        const family = familyOf(options.family);
        const usable = addresses.filter((address) => family === 0 || isIP(address) === family);
        const first = usable[0];
        if (first === undefined) {
          return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host }), '');
        }
        if (options.all) return callback(null, usable.map((address) => ({ address, family: isIP(address) })));
        return callback(null, first, isIP(first));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}

/**
 * undici's connector with the guard in front: a literal address is checked before connecting; a name is
 * connected through {@link guardedLookup}, so the addresses checked are the addresses connected to.
 */
function guardedConnector(allowedHosts: readonly AllowedHost[], lookup: OutboundLookup): buildConnector.connector {
  return (options, callback) => {
    const host = normalizeHost(options.hostname);
    const operatorAllowed = isOperatorAllowed(allowedHosts, host, portOf(options.protocol, options.port));
    const refusal = isIP(host) !== 0 ? refusalOfAddress(host, host, operatorAllowed) : refusalOfName(host, operatorAllowed);
    if (refusal) {
      process.nextTick(() => callback(refusal, null));
      return;
    }
    buildConnector({ lookup: guardedLookup(lookup, operatorAllowed) })(options, callback);
  };
}

/** `headers` with lower-case names. */
function lowerCased(headers: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The first value of a header. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads a response body, at most `maxBodyBytes` bytes.
 * @throws OutboundRequestFailed `response_too_large` when `Content-Length` announces more or more arrives.
 */
async function readLimited(response: Dispatcher.ResponseData, maxBodyBytes: number, host: string): Promise<Buffer> {
  const tooLarge = () =>
    new OutboundRequestFailed('response_too_large', `The response from ${host} is larger than ${maxBodyBytes} bytes.`);
  const announced = Number(headerValue(response.headers['content-length']));
  if (Number.isFinite(announced) && announced > maxBodyBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > maxBodyBytes) {
      response.body.destroy();
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Sends one request to a URL a user chose, with the guard of the module doc at every step: the URL (and every
 * redirect target) is checked before it is requested, and each connection's addresses are checked after DNS
 * resolution, at connect time (so a name that now resolves to `127.0.0.1` is refused — DNS rebinding — and
 * the remote never sees the request). Redirects (301, 302, 303, 307, 308 with a `Location`) are followed by
 * hand, at most `maxRedirects`: a 303 turns any method but GET and HEAD into a GET without body, and a 301 or
 * 302 turns a POST into one (RFC 9110 §15.4.2–15.4.4; the Fetch standard §4.4 step 12, what browsers do); 307
 * and 308 repeat the method and body (§15.4.8, §15.4.9). A redirect to another origin drops the
 * `Authorization`, `Proxy-Authorization` and `Cookie` headers. Other statuses (including other 3xx and a 3xx
 * without `Location`) are returned as they are, whatever they are: a 500 is a response, not an error.
 * @param url the target (`http:` or `https:`).
 * @param init method, headers, body (text or bytes) and an optional abort signal.
 * @returns the final status, headers, body (a Buffer of at most `maxBodyBytes` bytes) and URL.
 * @throws OutboundUrlRefused when the URL, a redirect target or an address it resolves to is refused.
 * @throws OutboundRequestFailed `timeout` (over `timeoutMs` ms in all), `response_too_large` (over
 *   `maxBodyBytes` bytes), `too_many_redirects`, or `network` (DNS failure, refused connection, TLS error…;
 *   the original error is its `cause`).
 * @throws the reason of `init.signal` when the caller aborts.
 */
export async function sendOutbound(
  url: string | URL,
  init: OutboundRequestInit = {},
  options: OutboundSendOptions = {},
): Promise<OutboundResponse> {
  const allowedHosts = options.allowedHosts ?? [];
  const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  const maxBodyBytes = options.maxBodyBytes ?? OUTBOUND_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;

  let target = checkUrlText(url, allowedHosts);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let headers = lowerCased(init.headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`outbound request timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const abortByCaller = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) abortByCaller();
  init.signal?.addEventListener('abort', abortByCaller, { once: true });
  const agent = new Agent({ connect: guardedConnector(allowedHosts, options.lookup ?? systemLookup) });

  try {
    for (let redirects = 0; ; redirects++) {
      const requestUrl = new URL(target.url);
      requestUrl.hash = '';
      const response = await request(requestUrl, { dispatcher: agent, method, headers, body, signal: controller.signal });
      const location = headerValue(response.headers.location);
      if (!REDIRECT_STATUSES.has(response.statusCode) || location === undefined) {
        const received = await readLimited(response, maxBodyBytes, target.host);
        return { status: response.statusCode, headers: response.headers, body: received, url: requestUrl.href };
      }
      await response.body.dump();
      if (redirects >= maxRedirects) {
        throw new OutboundRequestFailed('too_many_redirects', `${target.host} redirected more than ${maxRedirects} times.`);
      }
      let next: URL;
      try {
        next = new URL(location, requestUrl);
      } catch {
        throw new OutboundUrlRefused('invalid_url', `${target.host} redirected to an address that is not a valid URL.`, target.host);
      }
      const nextTarget = checkUrlText(next, allowedHosts);
      const status = response.statusCode;
      if ((status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.includes(name)));
      }
      if (nextTarget.url.origin !== requestUrl.origin) {
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)));
      }
      target = nextTarget;
    }
  } catch (error) {
    if (error instanceof OutboundUrlRefused || error instanceof OutboundRequestFailed) throw error;
    if (timedOut) {
      throw new OutboundRequestFailed('timeout', `${target.host} did not answer within ${timeoutMs} ms.`, { cause: error });
    }
    if (init.signal?.aborted) throw init.signal.reason;
    const detail = (error as { code?: string }).code ?? (error as Error).message;
    throw new OutboundRequestFailed('network', `${target.host} could not be reached (${detail}).`, { cause: error });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', abortByCaller);
    await agent.destroy().catch(() => undefined);
  }
}

/**
 * Parses the operator's allowed hosts (`WEBHOOK_ALLOWED_HOSTS`): comma-separated entries, each a host name, an
 * IP address, `host:port`, or `[ipv6]:port`; blanks around entries and empty entries are ignored; names are
 * compared in lower case without a trailing dot.
 * @returns the entries (empty for `undefined` or an empty value).
 * @throws Error naming the first malformed entry (a bad host or a port outside 1..65535).
 */
export function parseAllowedHosts(value: string | undefined): AllowedHost[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map(parseAllowedHost);
}

/** One entry of {@link parseAllowedHosts}. @throws Error naming the entry. */
function parseAllowedHost(entry: string): AllowedHost {
  const bad = (why: string) => new Error(`allowed host "${entry}": ${why}`);
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    host = bracketed[1]!;
    portText = bracketed[2];
    if (isIP(host) !== 6) throw bad('not an IPv6 address in brackets');
  } else if (isIP(entry) === 6) {
    host = entry;
  } else {
    const colon = entry.lastIndexOf(':');
    host = colon === -1 ? entry : entry.slice(0, colon);
    portText = colon === -1 ? undefined : entry.slice(colon + 1);
  }
  const normalized = normalizeHost(host);
  if (isIP(normalized) === 0 && !HOST_NAME.test(normalized)) throw bad('not a host name or IP address');
  if (portText === undefined) return { host: normalized };
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw bad('the port must be a number from 1 to 65535');
  return { host: normalized, port };
}

/**
 * The `WEBHOOK_ALLOWED_HOSTS` variable for a service's config schema (`WEBHOOK_ALLOWED_HOSTS:
 * AllowedHostsVariable`): parsed by {@link parseAllowedHosts}; unset → none; a malformed value fails the config
 * with the parser's message.
 */
export const AllowedHostsVariable = z
  .string()
  .optional()
  .transform((value, ctx): AllowedHost[] => {
    try {
      return parseAllowedHosts(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `must be comma-separated host names or host:port (${(error as Error).message})` });
      return z.NEVER;
    }
  });
