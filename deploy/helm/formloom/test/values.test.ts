/**
 * The Helm chart's values (deploy/helm/formloom/README.md): `values.yaml` and every `examples/*.yaml` validate against
 * `values.schema.json` (with ajv, after merging the example over `values.yaml` as Helm does), broken values
 * are refused, the components are exactly those of the service manifest and each receives only what the
 * manifest declares for it (`scripts/src/manifest-checks.ts`, computed from the values the way the templates
 * do — the template logic it follows is pinned here), every prefix of the route table reaches the gateway, the
 * templates never hard-code a namespace, the chart README documents every value, the PrometheusRule's alerts are
 * the runbooks' alerts, skaffold builds and sets an image for every component of the manifest, and the root
 * Dockerfile builds exactly the gateway and the services.
 *
 * No helm binary runs here: these checks are what can be proven without one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { getJwks } from '@formloom/contracts/api/workspaces-auth/keys';
import { ROUTES } from '@formloom/contracts/api/route-table';
import { processesOf } from '@formloom/contracts/services';
import {
  CHART_PLATFORM_CONFIG,
  CHART_PLATFORM_POD,
  chartEnvironment,
  checkChart,
  checkDockerfile,
  checkSkaffold,
  coalesce,
  readYaml,
  type Values,
} from '@formloom/scripts/manifest-checks';

const CHART = path.resolve(__dirname, '..');
const REPO = path.resolve(CHART, '..', '..', '..');

function isMap(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const schema = JSON.parse(readFileSync(path.join(CHART, 'values.schema.json'), 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
const validate = ajv.compile(schema);
const values = readYaml(path.join(CHART, 'values.yaml'));
const exampleFiles = readdirSync(path.join(CHART, 'examples'))
  .filter((name) => name.endsWith('.yaml'))
  .sort();

/** Validation errors as `path: message` lines (empty when valid). */
function errorsOf(candidate: Values): string[] {
  if (validate(candidate)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'}: ${error.message ?? ''}`);
}

/** values.yaml with `override` merged over it. */
function valuesWith(override: Values): Values {
  return coalesce(values, override);
}

function components(candidate: Values = values): Record<string, Values> {
  return candidate.components as Record<string, Values>;
}

describe('values.schema.json', () => {
  it('accepts the chart defaults', () => {
    expect(errorsOf(values)).toEqual([]);
  });

  it('has the examples the README points to', () => {
    expect(exampleFiles).toEqual(expect.arrayContaining(['values-dev.yaml', 'values-managed.yaml']));
  });

  it.each(exampleFiles)('accepts examples/%s over the defaults', (file) => {
    expect(errorsOf(valuesWith(readYaml(path.join(CHART, 'examples', file))))).toEqual([]);
  });

  it('refuses a negative replica count, naming the value', () => {
    expect(errorsOf(valuesWith({ components: { flows: { replicas: -1 } } }))).toContain(
      '/components/flows/replicas: must be >= 0',
    );
  });

  it('refuses a component that is not a mapping', () => {
    expect(errorsOf(valuesWith({ components: { gateway: 'yes' } }))).toContain('/components/gateway: must be object');
  });

  it('refuses a misspelt component key and a new component without a role', () => {
    expect(errorsOf(valuesWith({ components: { flows: { replica: 3 } } }))).toContain(
      '/components/flows: must NOT have additional properties',
    );
    expect(errorsOf(valuesWith({ components: { imports: { image: { repository: 'formloom/imports' } } } }))).toContain(
      "/components/imports: must have required property 'role'",
    );
  });

  it('refuses a bus the cluster cannot use, a short internal token and a privileged container', () => {
    expect(errorsOf(valuesWith({ bus: { type: 'in-process' } }))).toContain(
      '/bus/type: must be equal to one of the allowed values',
    );
    expect(errorsOf(valuesWith({ secrets: { internalToken: 'short' } }))).toContain(
      '/secrets/internalToken: must match pattern "^$|^.{16,}$"',
    );
    expect(errorsOf(valuesWith({ default: { securityContext: { allowPrivilegeEscalation: true } } }))).toContain(
      '/default/securityContext/allowPrivilegeEscalation: must be equal to constant',
    );
  });

  it('refuses Kafka TLS/SASL values the services would refuse, naming the value', () => {
    const kafka = (settings: Values) => valuesWith({ bus: { kafka: settings } });
    expect(errorsOf(kafka({ sasl: { mechanism: 'gssapi', username: 'formloom' } }))).toContain(
      '/bus/kafka/sasl/mechanism: must be equal to one of the allowed values',
    );
    expect(errorsOf(kafka({ sasl: { mechanism: 'scram-sha-512' } }))).toContain(
      '/bus/kafka/sasl/username: must NOT have fewer than 1 characters',
    );
    expect(errorsOf(kafka({ sasl: { username: 'formloom', password: 'secret' } }))).toEqual(
      expect.arrayContaining(['/bus/kafka/sasl/username: must be equal to constant', '/bus/kafka/sasl/password: must be equal to constant']),
    );
    expect(errorsOf(kafka({ tls: { ca: { secretName: 'kafka-ca', configMapName: 'kafka-ca' } } }))).toContain(
      '/bus/kafka/tls/ca/configMapName: must be equal to constant',
    );
    expect(errorsOf(kafka({ tls: { enabled: 'yes' } }))).toContain('/bus/kafka/tls/enabled: must be boolean');
    expect(errorsOf(kafka({ tls: { enabled: true }, sasl: { mechanism: 'plain', username: 'formloom' } }))).toEqual([]);
  });

  it('refuses an unknown top-level value', () => {
    expect(errorsOf(valuesWith({ replicaCount: 2 }))).toContain('/: must NOT have additional properties');
  });
});

const chartTexts = {
  helpers: readFileSync(path.join(CHART, 'templates', '_helpers.tpl'), 'utf8'),
  readme: readFileSync(path.join(CHART, 'README.md'), 'utf8'),
};

describe('the chart against the service manifest', () => {
  it('deploys exactly the components of the manifest, each with only what the manifest declares for it', () => {
    expect(checkChart(values, chartTexts)).toEqual([]);
  });

  it.each(exampleFiles)('keeps examples/%s within what the manifest declares', (file) => {
    expect(checkChart(valuesWith(readYaml(path.join(CHART, 'examples', file))), chartTexts)).toEqual([]);
  });

  it('gives each component only the URLs of the services it calls, the internal token and its own secrets', () => {
    const received = (name: string) => {
      const env = chartEnvironment(values, name);
      return {
        urls: Object.keys(env?.config ?? {}).filter((variable) => /_URL$/.test(variable)).sort(),
        secrets: Object.keys(env?.secrets ?? {}).sort(),
      };
    };
    // The gateway also gets the static web app's URL (it renders the public form's page from its shell) and the public
    // origin (organizations' subdomains are below its host).
    expect(received('gateway')).toEqual({
      urls: ['FLOWS_URL', 'INTEGRATIONS_URL', 'PUBLIC_URL', 'WEB_URL', 'WORKFLOWS_ENGINE_URL', 'WORKSPACES_AUTH_URL'],
      secrets: ['INTERNAL_TOKEN'],
    });
    // workspaces-auth hands the app the operator's help center (HELP_CENTER_URL): a link, never called.
    expect(received('workspaces-auth')).toEqual({
      urls: ['HELP_CENTER_URL', 'PUBLIC_URL'],
      secrets: ['AUTH_KEY_ENCRYPTION_SECRET', 'DATABASE_URL', 'INTERNAL_TOKEN', 'SMTP_URL'],
    });
    // flows links uploaded files from the public origin (PUBLIC_URL) and may take S3 credentials.
    expect(received('flows')).toEqual({
      urls: ['AUTH_JWKS_URL', 'PUBLIC_URL', 'WORKSPACES_AUTH_URL'],
      secrets: ['CHALLENGE_SECRET_KEY', 'DATABASE_URL', 'FILE_STORAGE_S3_ACCESS_KEY_ID', 'FILE_STORAGE_S3_SECRET_ACCESS_KEY', 'INTERNAL_TOKEN'],
    });
    // workflows-engine links approval emails to the approver's page on the public origin (PUBLIC_URL) and reaches the
    // operator's AI provider (AI_BASE_URL) with its key.
    expect(received('workflows-engine')).toEqual({
      urls: ['AI_BASE_URL', 'AUTH_JWKS_URL', 'FLOWS_URL', 'INTEGRATIONS_URL', 'PUBLIC_URL', 'WORKSPACES_AUTH_URL'],
      secrets: ['AI_API_KEY', 'DATABASE_URL', 'INTERNAL_TOKEN', 'SMTP_URL', 'WEBHOOK_SECRET_ENCRYPTION_KEY'],
    });
    expect(chartEnvironment(values, 'web')).toBeUndefined();
    expect(chartEnvironment(values, 'flows')?.config.AUTH_JWKS_URL).toBe(`http://<fullname>-workspaces-auth:8080${getJwks.path}`);
    expect(chartEnvironment(values, 'workflows-engine')?.config.MAIL_FROM).toBe('{{ .Values.mail.from }}');
  });

  it('gives the bus credentials to the services only, from the Secret', () => {
    const managed = valuesWith(readYaml(path.join(CHART, 'examples', 'values-managed.yaml')));
    expect(chartEnvironment(managed, 'flows')?.secrets.KAFKA_SASL_PASSWORD).toBe('kafka-sasl-password');
    expect(chartEnvironment(managed, 'gateway')?.secrets).toEqual({ INTERNAL_TOKEN: 'internal-token' });
    const redis = valuesWith({ bus: { type: 'redis' } });
    expect(chartEnvironment(redis, 'flows')?.secrets.REDIS_URL).toBe('redis-url');
    expect(chartEnvironment(redis, 'flows')?.config).not.toHaveProperty('KAFKA_BROKERS');
  });

  it('computes what a component receives the way the templates do', () => {
    const { helpers } = chartTexts;
    const components = readFileSync(path.join(CHART, 'templates', 'components.yaml'), 'utf8');
    const configEnv = helpers.slice(helpers.indexOf('define "formloom.configEnv"'), helpers.indexOf('define "formloom.migrationHooks"'));
    // Every variable the ConfigMap template names (every upper-case string in it) is one chartEnvironment knows …
    const literal = [...configEnv.matchAll(/"([A-Z][A-Z0-9_]+)"/g)].map((match) => match[1]);
    expect([...new Set(literal)].sort()).toEqual([...CHART_PLATFORM_CONFIG, 'AUTH_JWKS_URL'].sort());
    // … the others are the callees' URLs and the component's `env`, nothing per component name …
    expect(configEnv).toContain('range $callee := include "formloom.callees" . | fromYamlArray');
    expect(configEnv).toContain('set $env (printf "%s_URL" ($callee | upper | replace "-" "_")) $url');
    expect(configEnv).toContain('range $key, $value := .c.env');
    expect(configEnv).not.toMatch(/eq \.name "/);
    // … the JWKS is the catalogue's: its path, on the service that serves it …
    expect(configEnv).toContain(`(eq $callee "${getJwks.service}")`);
    expect(configEnv).toContain(`printf "%s${getJwks.path}" $url`);
    // … the callees: every enabled service for the gateway, the `calls` of a service.
    const callees = helpers.slice(helpers.indexOf('define "formloom.callees"'), helpers.indexOf('define "formloom.configEnv"'));
    expect(callees).toContain('if eq .c.role "gateway"');
    expect(callees).toContain('toYaml (.c.calls | default list)');
    // The pod's own variables are those chartEnvironment knows, then `secretEnv`.
    const podEnv = [...components.matchAll(/^ {12}- name: ([A-Z_]+)$/gm)].map((match) => match[1]);
    expect([...new Set(podEnv)].sort()).toEqual([...CHART_PLATFORM_POD].sort());
    expect(components).toContain('range $envName, $key := $c.secretEnv');
  });

  it('routes every prefix of the table to the gateway through the Ingress', () => {
    const apiPaths = (values.ingress as { apiPaths: string[] }).apiPaths;
    for (const row of ROUTES) {
      const covered = apiPaths.some((prefix) => row.prefix === prefix || row.prefix.startsWith(`${prefix}/`));
      expect({ prefix: row.prefix, covered }).toEqual({ prefix: row.prefix, covered: true });
    }
  });
});

const templateFiles = readdirSync(path.join(CHART, 'templates')).filter((name) => /\.(ya?ml|tpl|txt)$/.test(name));

describe('templates', () => {
  it.each(templateFiles)('%s never hard-codes a namespace', (file) => {
    const text = readFileSync(path.join(CHART, 'templates', file), 'utf8');
    expect(text.split('\n').filter((line) => /^\s*namespace\s*:/.test(line))).toEqual([]);
  });
});

/** Keys whose maps the README documents as a whole (Kubernetes objects, free-form maps). */
const OPAQUE = new Set([
  'resources',
  'podSecurityContext',
  'securityContext',
  'liveness',
  'readiness',
  'startup',
  'env',
  'secretEnv',
  'scripts',
  'overrideConfiguration',
]);

/** Dotted paths of every value in `tree` (lists, empty maps and OPAQUE maps count as one value). */
function leafPaths(tree: Values, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    if (isMap(value) && Object.keys(value).length > 0 && !OPAQUE.has(key)) return leafPaths(value, here);
    return [here];
  });
}

describe('the chart README', () => {
  const readme = readFileSync(path.join(CHART, 'README.md'), 'utf8');

  it('documents every value of values.yaml', () => {
    const undocumented = leafPaths(values).filter((valuePath) => {
      if (readme.includes(`\`${valuePath}\``)) return false;
      const inComponent = /^components\.[^.]+\.(.+)$/.exec(valuePath);
      if (!inComponent) return true;
      const rest = inComponent[1] ?? '';
      return !readme.includes(`\`default.${rest}\``) && !readme.includes(`\`components.<name>.${rest}\``);
    });
    expect(undocumented).toEqual([]);
  });
});

describe('alerts and runbooks', () => {
  const rule = readFileSync(path.join(CHART, 'templates', 'prometheusrule.yaml'), 'utf8');
  const alerts = [...rule.matchAll(/- alert: (\w+)/g)].map((match) => match[1] ?? '');
  const runbook = (name: string) => {
    const file = path.join(REPO, 'docs', 'runbooks', `${name}.md`);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  const headings = (text: string) => [...text.matchAll(/^### (Formloom\w+)\s*$/gm)].map((match) => match[1] ?? '');

  /** The alerts that can fire with `service=<component>`, by role (see templates/prometheusrule.yaml). */
  const expected = (name: string, role: string): string[] => {
    const everyone = ['FormloomPodNotReady'];
    const http = ['FormloomHighErrorRate', 'FormloomHighLatency'];
    const events = [
      'FormloomOutboxBacklogGrowing',
      'FormloomOutboxStale',
      'FormloomConsumerLagGrowing',
      'FormloomConsumerFailing',
      'FormloomDeadLetters',
    ];
    if (role === 'static') return everyone;
    if (role === 'gateway') return [...http, ...everyone];
    return [...http, ...events, ...everyone, ...(name === 'workflows-engine' ? ['FormloomWorkflowRunFailureRate'] : [])];
  };

  it('has a runbook for every component with a section per alert that names it', () => {
    expect(alerts.length).toBeGreaterThan(5);
    for (const [name, component] of Object.entries(components())) {
      const sections = headings(runbook(name));
      const missing = expected(name, String(component.role)).filter((alert) => !sections.includes(alert));
      expect({ runbook: `${name}.md`, missing }).toEqual({ runbook: `${name}.md`, missing: [] });
    }
  });

  it('documents only alerts the chart defines', () => {
    for (const name of Object.keys(components())) {
      for (const heading of headings(runbook(name))) expect(alerts).toContain(heading);
    }
  });
});

describe('skaffold.yaml', () => {
  const documents = (file: string) => parseAllDocuments(readFileSync(path.join(REPO, file), 'utf8')).map((doc) => doc.toJS() as Values);

  it('builds one image per component of the manifest from the repository root and sets it in the release', () => {
    expect(checkSkaffold(documents('skaffold.yaml'), documents('load-tests/k6/skaffold.yaml'))).toEqual([]);
  });
});

describe('the root Dockerfile (the gateway and the services)', () => {
  const dockerfile = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');

  it('accepts exactly the gateway and the services of the manifest, each from its folder', () => {
    expect(checkDockerfile(dockerfile)).toEqual([]);
  });

  it('derives WORKSPACE and PACKAGE_DIR the way its check expects', () => {
    expect(dockerfile).toContain('ARG NOT_GATEWAY=${SERVICE%gateway}');
    expect(dockerfile).toContain('ARG WORKSPACE=@formloom/${SERVICE}');
    expect(dockerfile).toContain('ARG PACKAGE_DIR=${NOT_GATEWAY:+services/}${SERVICE}');
  });

  it('is the only Dockerfile of those components', () => {
    for (const { name, directory } of processesOf()) {
      const ownDockerfile = existsSync(path.join(REPO, directory, 'Dockerfile'));
      expect({ name, ownDockerfile }).toEqual({ name, ownDockerfile: false });
    }
  });
});
