/**
 * Organization hosts (spec 000 §3 "Organization: … has a subdomain and possibly a custom domain"; docs/architecture.md §6
 * workspaces-auth "Domains"): a request whose host is one label below the product's base host
 * (`acme.forms.example.com` under `PUBLIC_URL` `https://forms.example.com`), or an organization's verified own domain
 * (`forms.acme.com`), is for that organization's public forms only.
 *
 * - The host is looked up in workspaces-auth (`POST /internal/hosts/resolve {host}` → `{organizationId}` or 404),
 *   cached per host for {@link HOST_CACHE_TTL_MS} (a refusal too), with concurrent lookups of one host sharing one call.
 *   A subdomain no organization has answers 404; another host no organization has is the product's own (a load
 *   balancer's or a cluster-internal name: served as usual). An IP address, `localhost` (and `*.localhost`) and the
 *   base host itself are never looked up. workspaces-auth unreachable answers 503 (never the app on a host that may
 *   be an organization's).
 * - On such a host only the public form is served — its page (`/t/…`), the calls it makes (`/public/flows/…`, its
 *   images under `/public/…`) and the web app's static files — each call to flows carrying
 *   {@link HOST_ORGANIZATION_HEADER}, so flows serves only that organization's forms there (404 'Form not found'
 *   otherwise). `/` sends the browser to the product's own address; anything else (the app, sign-in, the admin API)
 *   is 404: a session cookie is never set or read on an organization's host.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveHost } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { HOST_ORGANIZATION_HEADER, INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import { subdomainOfHost } from '@formloom/contracts/rules/subdomain';
import { errorBody } from '@formloom/kit/errors';

export { HOST_ORGANIZATION_HEADER };

/** How long a host's lookup is reused (ms): a changed subdomain serves (or stops serving) at most this late. */
export const HOST_CACHE_TTL_MS = 30_000;
/** Most hosts kept in the cache (the oldest is dropped first). */
export const HOST_CACHE_MAX_ENTRIES = 10_000;
/** How long the lookup waits for workspaces-auth (ms) before answering 503. */
export const HOST_LOOKUP_TIMEOUT_MS = 5_000;

/** First path segments served on an organization's host: the form's page, its API calls and the static app. */
const SERVED_ROOTS = new Set(['t', 'public', 'assets', 'fonts', 'form.html', 'favicon.svg', 'favicon.ico', 'robots.txt']);

/** What the host lookup says: the organization, none (404), or workspaces-auth could not say (503). */
type Lookup = { organizationId: number } | 'none' | 'unavailable';

/** The organization host lookup with its cache (see the module doc). */
export class OrganizationHosts {
  private readonly entries = new Map<string, { lookup: Lookup; at: number }>();
  private readonly inFlight = new Map<string, Promise<Lookup>>();
  private readonly baseHostname: string;
  private readonly publicUrl: string;

  constructor(private readonly options: { publicUrl: string; authUrl: string; internalToken: string; now?: () => number }) {
    this.publicUrl = new URL(options.publicUrl).origin;
    this.baseHostname = new URL(options.publicUrl).hostname;
  }

  /** The subdomain `hostname` names under the base host, or `null` for the product's own hosts. */
  subdomainOf(hostname: string): string | null {
    return subdomainOfHost(hostname, this.baseHostname);
  }

  /**
   * Whether `hostname` (lower-case, without port) could be an organization's own domain: a dotted name that is not an
   * IP address, not `localhost` or below it, and not the base host or below it.
   */
  mayBeOwnDomain(hostname: string): boolean {
    if (!hostname.includes('.') || hostname.includes(':') || /^[\d.]+$/.test(hostname)) return false;
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) return false;
    return hostname !== this.baseHostname && !hostname.endsWith(`.${this.baseHostname}`);
  }

  /** The lookup of `host` (cached; a failed call is not kept). */
  async lookup(host: string): Promise<Lookup> {
    const now = this.options.now?.() ?? Date.now();
    const hit = this.entries.get(host);
    if (hit && now - hit.at < HOST_CACHE_TTL_MS) return hit.lookup;
    let pending = this.inFlight.get(host);
    if (!pending) {
      pending = this.fetchLookup(host).finally(() => this.inFlight.delete(host));
      this.inFlight.set(host, pending);
    }
    const lookup = await pending;
    if (lookup !== 'unavailable') {
      this.entries.delete(host);
      this.entries.set(host, { lookup, at: now });
      if (this.entries.size > HOST_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    }
    return lookup;
  }

  private async fetchLookup(host: string): Promise<Lookup> {
    try {
      const response = await fetch(new URL(pathOf(resolveHost, {}), this.options.authUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: this.options.internalToken },
        body: JSON.stringify({ host }),
        signal: AbortSignal.timeout(HOST_LOOKUP_TIMEOUT_MS),
      });
      if (response.status === 404) return 'none';
      if (!response.ok) return 'unavailable';
      const body = (await response.json()) as { organizationId?: unknown };
      return typeof body.organizationId === 'number' ? { organizationId: body.organizationId } : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }

  /**
   * The `onRequest` step of the gateway: nothing for the product's own hosts; on an organization's host, answers
   * what is not served there (see the module doc) and marks the request with its organization
   * (`request.hostOrganizationId`), which the proxy passes to flows.
   */
  async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hostname = request.hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const subdomain = this.subdomainOf(hostname);
    const ownDomain = subdomain === null && this.mayBeOwnDomain(hostname);
    if (subdomain === null && !ownDomain) return;
    const lookup = await this.lookup(hostname);
    // Another host no organization has is the product's own.
    if (ownDomain && lookup === 'none') return;
    if (lookup === 'unavailable') {
      await reply.code(503).send(errorBody('unavailable', copy.errors.unavailable));
      return;
    }
    if (lookup === 'none') {
      await reply.code(404).send(errorBody('not_found', copy.domains.notFoundOnHost));
      return;
    }
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      await reply.redirect(this.publicUrl, 302);
      return;
    }
    const root = path.split('/')[1] ?? '';
    if (!SERVED_ROOTS.has(root)) {
      await reply.code(404).send(errorBody('not_found', copy.domains.notFoundOnHost));
      return;
    }
    request.hostOrganizationId = lookup.organizationId;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On an organization's host, the organization (`organization-hosts.ts`); otherwise undefined. */
    hostOrganizationId?: number;
  }
}
