/**
 * The gateway's route table: which service answers which documented path prefix (ARCHITECTURE §3).
 * Only services that exist are listed; later services add their rows as they land. `/internal/…` routes
 * are never in this table.
 */

/** A service the gateway proxies to. */
export type ServiceName = 'workspaces-auth' | 'flows' | 'workflows-engine';

/** All services, in start order (workspaces-auth first: the others verify its JWTs). */
export const SERVICES: readonly ServiceName[] = ['workspaces-auth', 'flows', 'workflows-engine'];

/** A route row: every path that starts with `prefix` goes to `service`. */
export interface RouteRow {
  prefix: string;
  service: ServiceName;
}

/**
 * The route table. Longer prefixes win (the gateway sorts by length), so an exception such as
 * `/admin/flows/fromPdf` (imports, a later issue) can sit beside `/admin/flows`.
 */
export const ROUTES: readonly RouteRow[] = [
  { prefix: '/auth', service: 'workspaces-auth' },
  { prefix: '/admin/organizations', service: 'workspaces-auth' },
  { prefix: '/admin/workspaces', service: 'workspaces-auth' },
  { prefix: '/admin/members', service: 'workspaces-auth' },
  { prefix: '/.well-known/jwks.json', service: 'workspaces-auth' },
  { prefix: '/admin/flows', service: 'flows' },
  { prefix: '/public/flows', service: 'flows' },
  { prefix: '/admin/workflows', service: 'workflows-engine' },
  { prefix: '/admin/mail', service: 'workflows-engine' },
  { prefix: '/v1/admin/flow', service: 'workflows-engine' },
];

/**
 * Finds the service for a request path (query string ignored); `undefined` when no row matches.
 * A prefix matches the whole path or a path continuing with `/` or `?`.
 */
export function routeFor(path: string): RouteRow | undefined {
  const clean = path.split('?')[0] ?? path;
  let best: RouteRow | undefined;
  for (const row of ROUTES) {
    const matches = clean === row.prefix || clean.startsWith(row.prefix + '/');
    if (matches && (!best || row.prefix.length > best.prefix.length)) best = row;
  }
  return best;
}
