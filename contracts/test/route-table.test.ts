import { z } from 'zod';
import { ENDPOINTS } from '../src/api/catalogue';
import { defineEndpoint, okResponse, type Endpoint } from '../src/api/endpoint';
import { ROUTES, routeFor, routeTable, staticPrefix } from '../src/api/route-table';
import { SERVICES, type ServiceName } from '../src/services';

/** A minimal endpoint for derivation tests. */
function endpoint(service: ServiceName, method: 'GET' | 'POST', path: string, access: 'public' | 'session' | 'internal' = 'session'): Endpoint {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return defineEndpoint({
    id: `${service}.${method}.${path}`,
    service,
    method,
    path,
    access,
    summary: 'test',
    ...(names.length > 0 ? { params: z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) } : {}),
    responses: { 200: okResponse(z.object({})) },
  });
}

describe('the route table derived from the catalogue', () => {
  it.each<[string, string | undefined]>([
    ['/auth/login', 'workspaces-auth'],
    ['/auth/me', 'workspaces-auth'],
    ['/admin/flows', 'flows'],
    ['/admin/flows/12', 'flows'],
    ['/admin/flows?workspaceId=1', 'flows'],
    ['/admin/flows/fetch/abc', 'flows'],
    ['/public/flows/abc/submissions', 'flows'],
    ['/public/flows/templates/abc', 'flows'],
    ['/admin/workflows/3/runs', 'workflows-engine'],
    ['/admin/mail', 'workflows-engine'],
    ['/v1/admin/flow/1/workflowRuns/2', 'workflows-engine'],
    ['/.well-known/jwks.json', 'workspaces-auth'],
    ['/admin/flowsX', undefined],
    ['/admin', undefined],
    ['/authx', undefined],
    ['/auth', undefined],
    ['/internal/flows/1', undefined],
    ['/', undefined],
  ])('%s → %s', (path, service) => {
    expect(routeFor(path)?.service).toBe(service);
  });

  it('routes every public and session endpoint to its own service, and no internal one', () => {
    for (const entry of ENDPOINTS) {
      const samplePath = entry.path.replace(/:\w+/g, 'x');
      if (entry.access === 'internal') expect(routeFor(samplePath)).toBeUndefined();
      else expect(routeFor(samplePath)?.service).toBe(entry.service);
    }
    for (const row of ROUTES) {
      expect(SERVICES).toContain(row.service);
      expect(row.prefix.startsWith('/internal')).toBe(false);
    }
  });

  it('folds the prefixes of one service and keeps an exception of another service inside them', () => {
    const rows = routeTable([
      endpoint('flows', 'POST', '/admin/flows'),
      endpoint('flows', 'GET', '/admin/flows/fetch/:id'),
      endpoint('flows', 'POST', '/admin/flows/:id/publish'),
      // An import call of another service inside flows' prefix (spec ARCHITECTURE §3 `/admin/flows/fromPdf`).
      endpoint('workflows-engine', 'POST', '/admin/flows/fromPdf'),
      endpoint('flows', 'GET', '/internal/flows/:id', 'internal'),
    ]);
    expect(rows).toEqual([
      { prefix: '/admin/flows', service: 'flows' },
      { prefix: '/admin/flows/fromPdf', service: 'workflows-engine' },
    ]);
    expect(routeFor('/admin/flows/fromPdf', rows)?.service).toBe('workflows-engine');
    expect(routeFor('/admin/flows/fromPdfX', rows)?.service).toBe('flows');
    expect(routeFor('/admin/flows/abc/publish', rows)?.service).toBe('flows');
  });

  it('refuses two services claiming the same prefix', () => {
    expect(() =>
      routeTable([endpoint('flows', 'GET', '/admin/things'), endpoint('workflows-engine', 'POST', '/admin/things')]),
    ).toThrow(/claimed by flows and workflows-engine/);
  });

  it('takes the static segments before the first parameter', () => {
    expect(staticPrefix('/admin/flows/fetch/:publicIdentifier')).toBe('/admin/flows/fetch');
    expect(staticPrefix('/admin/flows')).toBe('/admin/flows');
    expect(staticPrefix('/:id/x')).toBe('/');
  });
});
