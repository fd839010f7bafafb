/**
 * The Helm chart's values (issue 3 §3): `values.yaml` and every `examples/*.yaml` validate against
 * `values.schema.json` (with ajv, after merging the example over `values.yaml` as Helm does), broken values
 * are refused, every service of the contracts route table has a component, the templates never hard-code a
 * namespace, the chart README documents every value, the PrometheusRule's alerts are the runbooks' alerts,
 * skaffold builds and sets an image for every component, and the root Dockerfile builds exactly the gateway and
 * the services.
 *
 * No helm binary runs here: these checks are what can be proven without one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { ROUTES, SERVICES } from '@formloom/contracts/routes';

const CHART = path.resolve(__dirname, '..');
const REPO = path.resolve(CHART, '..', '..', '..');

type Values = Record<string, unknown>;

function isMap(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readYaml(file: string): Values {
  const parsed: unknown = parse(readFileSync(file, 'utf8'));
  if (!isMap(parsed)) throw new Error(`${file} is not a YAML mapping`);
  return parsed;
}

/**
 * Helm's coalescing of user values over the chart's: maps merge key by key, a user `null` deletes the key,
 * anything else replaces.
 */
function coalesce(base: Values, override: Values): Values {
  const out: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete out[key];
    else if (isMap(value) && isMap(out[key])) out[key] = coalesce(out[key] as Values, value);
    else out[key] = value;
  }
  return out;
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

describe('values.yaml against the contracts route table', () => {
  it('has a service component with its own database for every service, and a gateway', () => {
    for (const service of SERVICES) {
      expect({ service, role: components()[service]?.role }).toEqual({ service, role: 'service' });
      expect(components()[service]?.database).toMatch(/^formloom_[a-z_]+$/);
    }
    for (const row of ROUTES) expect(Object.keys(components())).toContain(row.service);
    expect(components().gateway?.role).toBe('gateway');
    const databases = SERVICES.map((service) => components()[service]?.database);
    expect(new Set(databases).size).toBe(databases.length);
  });

  it('routes every prefix of the table to the gateway through the Ingress', () => {
    const apiPaths = (values.ingress as { apiPaths: string[] }).apiPaths;
    for (const row of ROUTES) {
      const covered = apiPaths.some((prefix) => row.prefix === prefix || row.prefix.startsWith(`${prefix}/`));
      expect({ prefix: row.prefix, covered }).toEqual({ prefix: row.prefix, covered: true });
    }
  });

  it('names each image formloom/<component>', () => {
    for (const [name, component] of Object.entries(components())) {
      expect((component.image as Values).repository).toBe(`formloom/${name}`);
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
  const configs = parseAllDocuments(readFileSync(path.join(REPO, 'skaffold.yaml'), 'utf8')).map((doc) => doc.toJS() as Values);
  const app = configs[0] as {
    build: {
      artifacts: {
        image: string;
        context: string;
        docker: { dockerfile: string; buildArgs?: Record<string, string> };
      }[];
    };
    deploy: { helm: { releases: { chartPath: string; setValueTemplates: Record<string, string> }[] } };
  };

  it('builds one image per component from the repository root with an existing Dockerfile', () => {
    const images = app.build.artifacts.map((artifact) => artifact.image).sort();
    expect(images).toEqual(Object.keys(components()).map((name) => `formloom/${name}`).sort());
    for (const artifact of app.build.artifacts) {
      expect(artifact.context).toBe('.');
      expect(existsSync(path.join(REPO, artifact.docker.dockerfile))).toBe(true);
    }
  });

  it('builds the gateway and the services from the root Dockerfile with SERVICE, the web app from its own', () => {
    for (const artifact of app.build.artifacts) {
      const name = artifact.image.replace(/^formloom\//, '');
      const docker =
        components()[name]?.role === 'static'
          ? { dockerfile: `${name}/Dockerfile` }
          : { dockerfile: 'Dockerfile', buildArgs: { SERVICE: name } };
      expect({ name, docker: artifact.docker }).toEqual({ name, docker });
    }
  });

  it('sets every component image of the release from the built artifacts', () => {
    const release = app.deploy.helm.releases[0];
    expect(release?.chartPath).toBe('deploy/helm/formloom');
    for (const name of Object.keys(components())) {
      const variable = `formloom_${name.replace(/-/g, '_')}`;
      expect(release?.setValueTemplates[`components.${name}.image.repository`]).toBe(`{{.IMAGE_REPO_${variable}}}`);
      expect(release?.setValueTemplates[`components.${name}.image.tag`]).toBe(`{{.IMAGE_TAG_${variable}}}`);
    }
  });
});

describe('the root Dockerfile (the gateway and the services)', () => {
  const dockerfile = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
  /** Each SERVICE the Dockerfile's check accepts, with the package folder it expects for it. */
  const branches = [...dockerfile.matchAll(/^\s+([a-z-]+(?:\|[a-z-]+)*)\) dir="?([^";\s]+)"? ;;/gm)];
  const accepted = new Map(
    branches.flatMap(([, names = '', dir = '']) =>
      names.split('|').map((name): [string, string] => [name, dir.replace('${SERVICE}', name)]),
    ),
  );
  const nodeComponents = Object.entries(components())
    .filter(([, component]) => component.role !== 'static')
    .map(([name]) => name);

  it('accepts exactly the components that run Node', () => {
    expect([...accepted.keys()].sort()).toEqual(nodeComponents.sort());
  });

  it('derives WORKSPACE and PACKAGE_DIR the way its check expects, naming a package that exists', () => {
    expect(dockerfile).toContain('ARG NOT_GATEWAY=${SERVICE%gateway}');
    expect(dockerfile).toContain('ARG WORKSPACE=@formloom/${SERVICE}');
    expect(dockerfile).toContain('ARG PACKAGE_DIR=${NOT_GATEWAY:+services/}${SERVICE}');
    for (const [name, dir] of accepted) {
      // The shell's (and BuildKit's) ${SERVICE%gateway}, then ${NOT_GATEWAY:+services/}${SERVICE}.
      const notGateway = name.endsWith('gateway') ? name.slice(0, -'gateway'.length) : name;
      const packageDir = `${notGateway ? 'services/' : ''}${name}`;
      const manifest = JSON.parse(readFileSync(path.join(REPO, packageDir, 'package.json'), 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      expect({ name, packageDir, workspace: manifest.name, build: manifest.scripts?.build }).toEqual({
        name,
        packageDir: dir,
        workspace: `@formloom/${name}`,
        build: expect.stringContaining('build-service.ts') as unknown,
      });
    }
  });

  it('is the only Dockerfile of those components', () => {
    for (const [name, dir] of accepted) {
      const ownDockerfile = existsSync(path.join(REPO, dir, 'Dockerfile'));
      expect({ name, ownDockerfile }).toEqual({ name, ownDockerfile: false });
    }
  });
});
