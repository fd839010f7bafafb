/**
 * The service manifest's derivations (`contracts/src/services.ts`, docs/adding-a-service.md): the start order
 * (a service after every service it calls, a cycle refused by name), the environment a service or the gateway
 * needs to reach its callees, the route prefixes a service owns (from the route table), and the manifest's own
 * consistency (names, ports, events).
 */
import { getJwks } from '../src/api/workspaces-auth/keys';
import { ROUTES } from '../src/api/route-table';
import {
  GATEWAY,
  SERVICE_MANIFEST,
  SERVICES,
  calleeUrlEnv,
  databaseNameOf,
  gatewayEntry,
  manifestProblems,
  processesOf,
  routePrefixesOf,
  serviceCalleeEnv,
  serviceUrlVariable,
  startOrder,
  type ServiceManifestEntry,
} from '../src/services';

/** A manifest entry with only what a test sets. */
function entry(name: string, overrides: Partial<ServiceManifestEntry> = {}): ServiceManifestEntry {
  return {
    name,
    package: `@formloom/${name}`,
    directory: `services/${name}`,
    entry: 'src/main.ts',
    port: 9000,
    calls: [],
    settings: [],
    secrets: [],
    publishes: [],
    consumes: [],
    ...overrides,
  };
}

const names = (entries: readonly { name: string }[]) => entries.map((e) => e.name);

describe('the start order', () => {
  it('starts every service after each service it calls, and the gateway last', () => {
    const order = names(processesOf());
    expect(order).toEqual(['workspaces-auth', 'flows', 'integrations', 'workflows-engine', 'gateway']);
    for (const service of SERVICE_MANIFEST) {
      for (const callee of service.calls) expect(order.indexOf(callee)).toBeLessThan(order.indexOf(service.name));
    }
  });

  it('follows the calls whatever order the manifest lists them in, keeping that order where the calls leave it free', () => {
    const listed = [entry('c', { calls: ['b'] }), entry('a'), entry('b', { calls: ['a'] }), entry('d')];
    expect(names(startOrder(listed))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a cycle of calls, naming it', () => {
    const listed = [entry('a', { calls: ['b'] }), entry('b', { calls: ['c'] }), entry('c', { calls: ['a'] })];
    expect(() => startOrder(listed)).toThrow('service manifest: a cycle of calls: a → b → c → a');
    expect(() => startOrder([entry('a', { calls: ['a'] })])).toThrow('service manifest: a cycle of calls: a → a');
  });

  it('refuses a callee that is not in the manifest, and a name listed twice', () => {
    expect(() => startOrder([entry('a', { calls: ['nowhere'] })])).toThrow(
      'service manifest: a calls nowhere, which is not in the manifest',
    );
    expect(() => startOrder([entry('a'), entry('a')])).toThrow('service manifest: a is listed twice');
  });
});

describe('the environment to reach the callees', () => {
  const urlOf = (name: string) => `http://${name}.internal:80`;

  it('gives a service the URL of each callee, and the JWKS URL when it calls the service that serves it', () => {
    const engine = SERVICE_MANIFEST.find((service) => service.name === 'workflows-engine');
    expect(serviceCalleeEnv(engine ?? entry('x'), urlOf)).toEqual({
      WORKSPACES_AUTH_URL: 'http://workspaces-auth.internal:80',
      FLOWS_URL: 'http://flows.internal:80',
      INTEGRATIONS_URL: 'http://integrations.internal:80',
      AUTH_JWKS_URL: `http://${getJwks.service}.internal:80${getJwks.path}`,
    });
    expect(serviceCalleeEnv(entry('lonely'), urlOf)).toEqual({});
    expect(serviceCalleeEnv(entry('x', { calls: ['flows'] }), urlOf)).toEqual({ FLOWS_URL: 'http://flows.internal:80' });
  });

  it('gives the gateway the URL of every service and no JWKS URL (it verifies nothing itself)', () => {
    const gateway = gatewayEntry();
    expect(gateway.calls).toEqual(SERVICES);
    expect(calleeUrlEnv(gateway.calls, urlOf)).toEqual(
      Object.fromEntries(SERVICES.map((service) => [serviceUrlVariable(service), urlOf(service)])),
    );
    expect(gatewayEntry([...SERVICE_MANIFEST, entry('scheduling')]).calls).toContain('scheduling');
  });

  it('names variables and databases after the service', () => {
    expect(serviceUrlVariable('workflows-engine')).toBe('WORKFLOWS_ENGINE_URL');
    expect(databaseNameOf('workflows-engine')).toBe('formloom_workflows_engine');
    expect(databaseNameOf('flows', 'test_')).toBe('test_flows');
  });
});

describe('the route prefixes a service owns', () => {
  it('are the route table rows of that service', () => {
    expect(routePrefixesOf('workspaces-auth', ROUTES)).toEqual(expect.arrayContaining(['/auth/login', getJwks.path]));
    expect(routePrefixesOf('flows', ROUTES)).toEqual(['/admin/cloneableTemplates', '/admin/fileupload', '/admin/flows', '/admin/themes', '/public/flows', '/public/themes/images', '/v1/api/forms']);
    expect(routePrefixesOf('nobody', ROUTES)).toEqual([]);
    const all = SERVICES.flatMap((service) => routePrefixesOf(service, ROUTES));
    expect(all.sort()).toEqual(ROUTES.map((row) => row.prefix).sort());
  });
});

describe('the manifest on its own', () => {
  it('is consistent', () => {
    expect(manifestProblems()).toEqual([]);
  });

  it('names every inconsistency', () => {
    const broken = [
      entry('flows', { port: 8102, publishes: ['form.submitted'], settings: ['A'], secrets: ['A'] }),
      entry('flows', { port: 8102 }),
      entry('Engine', { port: GATEWAY.port, consumes: ['payment.succeeded'], publishes: ['form.submitted'] }),
      entry('x', { port: 9001, calls: ['y'] }),
      entry('y', { port: 9002, calls: ['x'] }),
    ];
    expect(manifestProblems(broken)).toEqual([
      'the name flows is used twice',
      'the package @formloom/flows is used twice',
      'the port 8102 is used twice',
      'the port 8080 is used twice',
      'flows lists A twice among its settings and secrets',
      'Engine is not a kebab-case name',
      'Engine consumes payment.succeeded, which no service of the manifest publishes',
      'form.submitted is published by more than one service',
      'flows is listed twice',
    ]);
    expect(manifestProblems([entry('x', { calls: ['y'] }), entry('y', { port: 9001, calls: ['x'] })])).toEqual([
      'a cycle of calls: x → y → x',
    ]);
  });
});
