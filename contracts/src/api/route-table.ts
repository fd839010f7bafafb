/**
 * The gateway's route table, derived from the endpoint catalogue (never written by hand): which service
 * answers which path prefix. `/internal/…` endpoints are never in it.
 *
 * Derivation: each routed endpoint contributes the static part of its path (the segments before its first
 * `:param`), e.g. `/admin/flows/fetch/:publicIdentifier` → `/admin/flows/fetch`. A prefix is dropped when a
 * shorter prefix of the same service covers it and no prefix of another service lies between them, so
 * `/admin/flows/fetch` folds into `/admin/flows` while an exception of another service (a later
 * `/admin/flows/fromPdf` of imports) keeps its own row. Longer prefixes win at the gateway.
 */
import type { ServiceName } from '../services';
import { ENDPOINTS } from './catalogue';
import type { Endpoint } from './endpoint';

/** A route row: every path that starts with `prefix` goes to `service`. */
export interface RouteRow {
  prefix: string;
  service: ServiceName;
}

/** The static leading segments of a path, up to its first `:param` (`/` for a path that starts with one). */
export function staticPrefix(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment.startsWith(':')) break;
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** True when `prefix` covers `path`: equal, or `path` continues it with `/`. */
function covers(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(prefix === '/' ? '/' : `${prefix}/`);
}

/**
 * The route table of `endpoints` (see the module doc), sorted by prefix.
 * @throws Error when two services claim the same prefix (a catalogue error).
 */
export function routeTable(endpoints: readonly Endpoint[]): RouteRow[] {
  const owners = new Map<string, ServiceName>();
  for (const endpoint of endpoints) {
    if (endpoint.access === 'internal') continue;
    const prefix = staticPrefix(endpoint.path);
    const owner = owners.get(prefix);
    if (owner && owner !== endpoint.service) {
      throw new Error(`route table: ${prefix} is claimed by ${owner} and ${endpoint.service}`);
    }
    owners.set(prefix, endpoint.service);
  }
  const rows = [...owners].map(([prefix, service]) => ({ prefix, service })).sort((a, b) => a.prefix.length - b.prefix.length);
  const kept: RouteRow[] = [];
  for (const row of rows) {
    // The longest kept prefix covering this one decides: same service → redundant.
    const cover = kept.filter((candidate) => covers(candidate.prefix, row.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
    if (!cover || cover.service !== row.service) kept.push(row);
  }
  return kept.sort((a, b) => a.prefix.localeCompare(b.prefix));
}

/** The route table of the whole catalogue. */
export const ROUTES: readonly RouteRow[] = routeTable(ENDPOINTS);

/**
 * Finds the service for a request path (query string ignored); `undefined` when no row matches.
 * A prefix matches the whole path or a path continuing with `/`.
 */
export function routeFor(path: string, routes: readonly RouteRow[] = ROUTES): RouteRow | undefined {
  const clean = path.split('?')[0] ?? path;
  let best: RouteRow | undefined;
  for (const row of routes) {
    if (covers(row.prefix, clean) && (!best || row.prefix.length > best.prefix.length)) best = row;
  }
  return best;
}

/** A path in Fastify's `:param` syntax as a regular expression of whole paths (each parameter one segment). */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** The upload endpoints of `endpoints` (those taking `multipart/form-data`, `EndpointInput.upload`) as method and path pattern. */
export function uploadRoutes(endpoints: readonly Endpoint[] = ENDPOINTS): Array<{ method: string; pattern: RegExp }> {
  return endpoints.filter((endpoint) => endpoint.upload && endpoint.access !== 'internal').map((endpoint) => ({ method: endpoint.method, pattern: pathPattern(endpoint.path) }));
}

const UPLOAD_ROUTES = uploadRoutes();

/**
 * Whether a request (its method and path; a query string is ignored) is one of the catalogue's uploads: the gateway
 * then accepts a `multipart/form-data` body and streams it to the service instead of reading it whole.
 */
export function isUploadRequest(method: string, path: string): boolean {
  const clean = path.split('?')[0] ?? path;
  return UPLOAD_ROUTES.some((route) => route.method === method && route.pattern.test(clean));
}
