/**
 * The service manifest (`contracts/src/services.ts`) against everything that starts or deploys the product
 * (docs/adding-a-service.md):
 * - the repository is in step with it: packages, entries, catalogue, event schemas, skaffold, the Dockerfile, the
 *   chart (`scripts/src/manifest-checks.ts`);
 * - each check names the exact entry that is missing or extra;
 * - a throwaway extra service shows up in every derived piece (start order, the supervisor's processes and their
 *   environment, the gateway's upstream variables), and the checks report for it exactly the entries
 *   docs/adding-a-service.md tells you to add — so the doc's steps stay true;
 * - each service, built, is what its entry says: its name, its consumers (exactly `consumes`, each type published
 *   by a service and with a schema in `contracts/src/events/`) and its configuration (exactly `settings` and
 *   `secrets`); the gateway's settings are its entry's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { getJwks } from '@formloom/contracts/api/workspaces-auth/keys';
import {
  GATEWAY,
  PLANNED_PUBLISHERS,
  PROCESS_SETTINGS,
  SERVICE_MANIFEST,
  processesOf,
  serviceUrlVariable,
  type ServiceManifestEntry,
} from '@formloom/contracts/services';
import { GatewaySettings, gatewayUpstreamVariables, parseGatewayEnv } from '@formloom/gateway/config';
import { loadServiceApp } from '../src/embedded';
import {
  CHART_DIR,
  REPO_ROOT,
  checkChart,
  checkDockerfile,
  checkRepository,
  checkSkaffold,
  coalesce,
  eventSchemaFile,
  readYaml,
  type Values,
} from '../src/manifest-checks';
import { planProcesses, portVariableOf } from '../src/supervisor';

/** A service that does not exist: what a developer writes first (docs/adding-a-service.md "Steps"). */
const SCHEDULING: ServiceManifestEntry = {
  name: 'scheduling',
  package: '@formloom/scheduling',
  directory: 'services/scheduling',
  entry: 'src/main.ts',
  port: 8104,
  calls: ['workspaces-auth', 'flows'],
  settings: ['CALENDAR_SYNC_POLL_MS'],
  secrets: ['GOOGLE_CLIENT_SECRET'],
  publishes: ['event.no_show'],
  consumes: ['form.submitted'],
};
const WITH_SCHEDULING = [...SERVICE_MANIFEST, SCHEDULING];

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const documents = (file: string) => parseAllDocuments(read(file)).map((document) => document.toJS() as Values);
const chartValues = readYaml(path.join(REPO_ROOT, CHART_DIR, 'values.yaml'));
const chartTexts = { helpers: read(`${CHART_DIR}/templates/_helpers.tpl`), readme: read(`${CHART_DIR}/README.md`) };

describe('the repository', () => {
  it('is in step with the manifest', async () => {
    expect(await checkRepository()).toEqual([]);
  });
});

describe('a service added to the manifest', () => {
  it('starts after the services it calls and before the gateway', () => {
    const order = processesOf(WITH_SCHEDULING).map((entry) => entry.name);
    expect(order.indexOf('scheduling')).toBeGreaterThan(order.indexOf('flows'));
    expect(order.indexOf('scheduling')).toBeGreaterThan(order.indexOf('workspaces-auth'));
    expect(order.at(-1)).toBe(GATEWAY.name);
  });

  it('is a process of one-node mode with its entry, port, database and callees, and an upstream of the gateway', () => {
    const plan = planProcesses(
      { env: { MAIL_FROM: 'a@example.com' }, internalToken: 'a-token-of-32-characters-at-least', pgUrl: 'postgres://pg:5432' },
      WITH_SCHEDULING,
    );
    expect(plan.processes.map((child) => child.name)).toEqual(processesOf(WITH_SCHEDULING).map((entry) => entry.name));
    const scheduling = plan.processes.find((child) => child.name === 'scheduling');
    expect(scheduling).toMatchObject({
      role: 'service',
      entry: path.join(REPO_ROOT, 'services/scheduling/src/main.ts'),
      port: 8104,
      host: '127.0.0.1',
      env: {
        PORT: '8104',
        DATABASE_URL: 'postgres://pg:5432/formloom_scheduling',
        EVENT_BUS: 'redis',
        INTERNAL_TOKEN: 'a-token-of-32-characters-at-least',
        WORKSPACES_AUTH_URL: 'http://127.0.0.1:8101',
        FLOWS_URL: 'http://127.0.0.1:8102',
        AUTH_JWKS_URL: `http://127.0.0.1:8101${getJwks.path}`,
        MAIL_FROM: 'a@example.com',
      },
    });
    expect(scheduling?.env).not.toHaveProperty('WORKFLOWS_ENGINE_URL');
    expect(plan.databaseUrls.scheduling).toBe('postgres://pg:5432/formloom_scheduling');
    const gateway = plan.processes.find((child) => child.role === 'gateway');
    expect(gateway?.env.SCHEDULING_URL).toBe('http://127.0.0.1:8104');
    expect(gateway?.env).not.toHaveProperty('DATABASE_URL');
    expect(portVariableOf('scheduling')).toBe('SCHEDULING_PORT');
    expect(gatewayUpstreamVariables(WITH_SCHEDULING)).toMatchObject({ scheduling: 'SCHEDULING_URL' });
  });

  it('is reported by the checks with exactly the entries docs/adding-a-service.md tells you to add', async () => {
    const doc = read('docs/adding-a-service.md');
    const steps = doc.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(steps.length).toBeGreaterThan(10);
    const documented = steps.flatMap((row) => {
      const lastColumn = row.split('|').at(-2) ?? '';
      return [...lastColumn.matchAll(/`([^`]*<name>[^`]*)`/g)].map((match) =>
        (match[1] ?? '').replaceAll('<name>', SCHEDULING.name).replaceAll('<event>', SCHEDULING.publishes[0] ?? ''),
      );
    });
    // Every file the doc's table names exists once the steps are done: each is in the doc.
    expect((await checkRepository(WITH_SCHEDULING)).sort()).toEqual(documented.sort());
  });
});

describe('the gateway', () => {
  it('requires the URL of every service of the manifest', () => {
    const variables = Object.values(gatewayUpstreamVariables());
    expect(variables).toEqual(SERVICE_MANIFEST.map((entry) => serviceUrlVariable(entry.name)));
    let message = '';
    try {
      parseGatewayEnv({ INTERNAL_TOKEN: 'a-token-of-32-characters-at-least' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const variable of variables) expect(message).toContain(`${variable}:`);
  });

  it('reads the settings of its manifest entry and those every process reads, no others', () => {
    const variables = Object.keys(GatewaySettings.shape);
    const common = new Set<string>([...PROCESS_SETTINGS, 'INTERNAL_TOKEN']);
    expect(variables.filter((variable) => !common.has(variable)).sort()).toEqual([...GATEWAY.settings].sort());
  });
});

describe('each check', () => {
  const withComponent = (name: string, component: Values) => coalesce(chartValues, { components: { [name]: component } });

  it('names what the chart gives a component beyond the manifest, or fails to give it', () => {
    expect(checkChart(withComponent('flows', { secretEnv: { SMTP_URL: 'smtp-url' } }), chartTexts)).toEqual([
      'the chart gives flows the secret SMTP_URL, which the manifest does not declare',
    ]);
    expect(checkChart(withComponent('flows', { env: { RUN_LEASE_MS: '5000', DATABASE_POOL_SIZE: '8' } }), chartTexts)).toEqual([
      'the chart gives flows the setting RUN_LEASE_MS, which the manifest does not declare',
    ]);
    expect(checkChart(withComponent('flows', { env: { INTERNAL_TOKEN: 'a-token-of-32-characters-at-least' } }), chartTexts)).toEqual([
      'the chart puts INTERNAL_TOKEN of flows in its ConfigMap; it is a secret (components.flows.secretEnv)',
    ]);
    expect(checkChart(withComponent('flows', { calls: ['workspaces-auth', 'workflows-engine'] }), chartTexts)).toEqual([
      'the chart gives flows WORKFLOWS_ENGINE_URL, but the manifest does not have it call that service (components.flows.calls)',
    ]);
    expect(checkChart(withComponent('workflows-engine', { calls: ['flows'] }), chartTexts)).toEqual([
      'the chart does not give workflows-engine WORKSPACES_AUTH_URL, but the manifest has it call that service (components.workflows-engine.calls)',
      'the chart does not give workflows-engine INTEGRATIONS_URL, but the manifest has it call that service (components.workflows-engine.calls)',
      'the chart does not give workflows-engine AUTH_JWKS_URL, but the manifest has it call that service (components.workflows-engine.calls)',
    ]);
    expect(checkChart(withComponent('workflows-engine', { secretEnv: { SMTP_URL: null } }), chartTexts)).toEqual([
      'the chart does not give workflows-engine the secret SMTP_URL, which the manifest declares (components.workflows-engine.secretEnv)',
    ]);
    expect(checkChart(withComponent('workflows-engine', { secretEnv: { SMTP_URL: 'mail-server' } }), chartTexts)).toEqual([
      'the chart\'s Secret has no key mail-server for the SMTP_URL of workflows-engine (formloom.secretData in templates/_helpers.tpl)',
      'the chart README\'s Secrets table has no key mail-server (the SMTP_URL of workflows-engine)',
    ]);
    expect(checkChart(withComponent('imports', { role: 'service', image: { repository: 'formloom/imports' } }), chartTexts)).toEqual([
      'the chart deploys imports, which is no component of the manifest',
    ]);
    expect(checkChart(withComponent('flows', { role: 'static', database: 'formloom_flow', image: { repository: 'acme/flows' } }), chartTexts)).toEqual([
      'the chart gives flows the role static; the manifest makes it a service',
      "the chart's image of flows is acme/flows; it is formloom/flows",
      'the chart gives flows the database formloom_flow; the manifest\'s is formloom_flows',
      // No longer a service component: the gateway no longer reaches it.
      'the chart does not give gateway FLOWS_URL, but the manifest has it call that service (the gateway reaches every enabled service component)',
    ]);
    expect(checkChart(coalesce(chartValues, { components: { web: null } }), chartTexts)).toEqual([
      'the chart has no component web (deploy/helm/formloom/values.yaml components.web)',
    ]);
  });

  it('names what skaffold does not build or set', () => {
    const [product = {}] = documents('skaffold.yaml');
    const load = documents('load-tests/k6/skaffold.yaml');
    const app = product as {
      build: { artifacts: { image: string; docker: { buildArgs?: Record<string, string> } }[] };
      deploy: { helm: { releases: { setValueTemplates: Record<string, string> }[] } };
    };
    const broken = structuredClone(app);
    broken.build.artifacts = broken.build.artifacts.filter((artifact) => artifact.image !== 'formloom/flows');
    const engine = broken.build.artifacts.find((artifact) => artifact.image === 'formloom/workflows-engine');
    if (engine) engine.docker.buildArgs = { SERVICE: 'flows' };
    broken.build.artifacts.push({ image: 'formloom/imports', docker: {} });
    delete broken.deploy.helm.releases[0]?.setValueTemplates['components.web.image.tag'];
    expect(checkSkaffold([broken], load)).toEqual([
      'skaffold.yaml has no artifact for service flows',
      'skaffold.yaml builds formloom/workflows-engine with {"dockerfile":"Dockerfile","buildArgs":{"SERVICE":"flows"}}; the manifest\'s is {"dockerfile":"Dockerfile","buildArgs":{"SERVICE":"workflows-engine"}}',
      'skaffold.yaml does not set the image of web (setValueTemplates components.web.image.repository and .tag)',
      'skaffold.yaml builds formloom/imports, which is no component of the manifest',
    ]);
    expect(checkSkaffold([app], [{ requires: [{ path: '../../skaffold.yaml', configs: ['other'] }] }])).toEqual([
      "load-tests/k6/skaffold.yaml does not require the product's config (../../skaffold.yaml, formloom)",
    ]);
  });

  it('names what the Dockerfile does not accept, or accepts beyond the manifest', () => {
    const dockerfile = read('Dockerfile');
    const broken = dockerfile.replace('workspaces-auth|flows|workflows-engine|integrations)', 'workspaces-auth|workflows-engine|integrations|imports)');
    expect(broken).not.toBe(dockerfile);
    expect(checkDockerfile(broken)).toEqual([
      'the Dockerfile does not accept SERVICE=flows (the SERVICE check of its manifests stage)',
      'the Dockerfile accepts SERVICE=imports, which is no service of the manifest',
    ]);
    const renamed: ServiceManifestEntry[] = SERVICE_MANIFEST.map((entry) =>
      entry.name === 'flows' ? { ...entry, package: '@acme/flows' } : entry,
    );
    expect(checkDockerfile(dockerfile, renamed)).toEqual([
      'the Dockerfile derives @formloom/flows in services/flows from SERVICE=flows; the manifest\'s is @acme/flows in services/flows',
    ]);
  });
});

describe('each service, built', () => {
  it.each(SERVICE_MANIFEST.map((entry) => [entry.name, entry] as const))(
    '%s is named, configured and consumes as its manifest entry says',
    async (name, entry) => {
      const { buildApp, definition } = await loadServiceApp(entry);
      const service = await buildApp({ env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' }, logger: false });
      try {
        expect(definition.name).toBe(name);
        const consumed = (definition.consumers?.(service.deps) ?? []).map((consumer) => consumer.event.type);
        expect([...consumed].sort()).toEqual([...entry.consumes].sort());
        // Its own variables: its settings and secrets, and the URLs of the callees it reads.
        const callees = new Set(entry.calls.map(serviceUrlVariable));
        const own = Object.keys(definition.config?.shape ?? {}).filter((variable) => !callees.has(variable));
        expect(own.sort()).toEqual([...entry.settings, ...entry.secrets].sort());
      } finally {
        await service.close();
      }
    },
    60_000,
  );
});

describe('events', () => {
  it('every event a service consumes is published by one service of the manifest, or by a planned one, and has a schema', async () => {
    for (const consumer of SERVICE_MANIFEST) {
      for (const type of consumer.consumes) {
        const publishers = SERVICE_MANIFEST.filter((entry) => (entry.publishes as readonly string[]).includes(type));
        // A planned publisher (a service not in the manifest yet) stands in for the one publisher until it joins.
        const planned = Object.hasOwn(PLANNED_PUBLISHERS, type) ? 1 : 0;
        expect({ type, publishers: publishers.length + planned }).toEqual({ type, publishers: 1 });
        const schema = (await import(path.join(REPO_ROOT, eventSchemaFile(type)))) as Record<string, unknown>;
        expect(Object.values(schema)).toContain(type);
      }
    }
  });
});
