import { ROUTES, SERVICES, routeFor } from '../src/routes';
import type { RouteRow } from '../src/routes';

describe('routeFor', () => {
  it.each<[string, string | undefined]>([
    ['/auth/login', 'workspaces-auth'],
    ['/auth', 'workspaces-auth'],
    ['/admin/flows', 'flows'],
    ['/admin/flows/12', 'flows'],
    ['/admin/flows?workspaceId=1', 'flows'],
    ['/admin/flows/12?x=1', 'flows'],
    ['/public/flows/abc/submissions', 'flows'],
    ['/admin/workflows/3/runs', 'workflows-engine'],
    ['/v1/admin/flow/1/workflows', 'workflows-engine'],
    ['/.well-known/jwks.json', 'workspaces-auth'],
    ['/admin/flowsX', undefined],
    ['/admin/flowsX/1', undefined],
    ['/admin', undefined],
    ['/authx', undefined],
    ['/internal/flows/1', undefined],
    ['/', undefined],
  ])('%s → %s', (path, service) => {
    expect(routeFor(path)?.service).toBe(service);
  });

  it('prefers the longest matching prefix, whatever the row order', () => {
    // The table has no nested prefixes yet (a later issue adds /admin/flows/fromPdf): add one for the test.
    const rows = ROUTES as RouteRow[];
    const longer: RouteRow = { prefix: '/admin/flows/fromPdf', service: 'workflows-engine' };
    const shorterIndex = rows.findIndex((row) => row.prefix === '/admin/flows');
    rows.splice(shorterIndex, 0, longer); // before the shorter row
    rows.push({ ...longer, service: 'workspaces-auth', prefix: '/admin' }); // and a shorter one after it
    try {
      expect(routeFor('/admin/flows/fromPdf/upload')).toBe(longer);
      expect(routeFor('/admin/flows/fromPdf')).toBe(longer);
      expect(routeFor('/admin/flows/fromPdfX')?.prefix).toBe('/admin/flows');
      expect(routeFor('/admin/other')?.prefix).toBe('/admin');
    } finally {
      rows.splice(rows.indexOf(longer), 1);
      rows.pop();
    }
  });

  it('leaves the shared table as it was', () => {
    expect(ROUTES.map((row) => row.prefix)).not.toContain('/admin/flows/fromPdf');
    expect(routeFor('/admin')).toBeUndefined();
  });

  it('routes only to known services and never to /internal', () => {
    for (const row of ROUTES) {
      expect(SERVICES).toContain(row.service);
      expect(row.prefix.startsWith('/internal')).toBe(false);
    }
  });
});
