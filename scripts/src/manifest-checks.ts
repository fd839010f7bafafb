/**
 * What keeps the deployment files in step with the service manifest (`contracts/src/services.ts`,
 * docs/adding-a-service.md): each check compares one file — skaffold.yaml, the root Dockerfile, the Helm chart's
 * values and templates, the packages, the runbooks, the catalogue and the event schemas — with the manifest and
 * answers one sentence per missing or extra entry ("skaffold.yaml has no artifact for service X", "the chart
 * gives flows the secret SMTP_URL, which the manifest does not declare" …); an empty list means in step.
 *
 * The functions take the manifest as a parameter (tests pass the real one plus a throwaway entry) and parsed
 * file contents where a test wants to break them; {@link checkRepository} reads the real files. No helm, docker
 * or skaffold binary is needed: the chart's templates are read as text and what each component receives is
 * computed from the values the way `templates/_helpers.tpl` computes it ({@link chartEnvironment}).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ENDPOINTS } from '@formloom/contracts/api/catalogue';
import {
  PROCESS_SETTINGS,
  SERVICE_MANIFEST,
  WEB,
  calleeUrlEnv,
  databaseNameOf,
  manifestProblems,
  processesOf,
  serviceCalleeEnv,
  serviceUrlVariable,
  type ServiceManifestEntry,
} from '@formloom/contracts/services';
import { KitConfig } from '@formloom/kit/config';

/** A parsed YAML mapping. */
export type Values = Record<string, unknown>;

/** The repository root. */
export const REPO_ROOT = path.resolve(__dirname, '../..');
/** The Helm chart's folder, relative to the repository root. */
export const CHART_DIR = 'deploy/helm/formloom';

/** A chart role (`components.<name>.role`). */
export type ComponentRole = 'service' | 'gateway' | 'static';

/** A component of the deployment as the manifest defines it: each service, the gateway, the web app. */
export interface DeployedComponent {
  name: string;
  role: ComponentRole;
  package: string;
  directory: string;
  /** The process entry relative to `directory` (not for `static`). */
  entry?: string;
  /** Its image: `formloom/<name>`. */
  image: string;
  /** The Dockerfile skaffold builds it with, and its build arguments. */
  docker: { dockerfile: string; buildArgs?: Record<string, string> };
  /** Whom it calls (the gateway: every service), its settings and secrets. */
  calls: readonly string[];
  settings: readonly string[];
  secrets: readonly string[];
}

/**
 * Every component of `manifest` (default: the real one): its processes in start order (services, then the
 * gateway — built from the root `Dockerfile` with `SERVICE=<name>`), then the web app (`web/Dockerfile`).
 */
export function deployedComponents(manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): DeployedComponent[] {
  const processes = processesOf(manifest).map(
    (entry): DeployedComponent => ({
      name: entry.name,
      role: entry.role,
      package: entry.package,
      directory: entry.directory,
      entry: entry.entry,
      image: `formloom/${entry.name}`,
      docker: { dockerfile: 'Dockerfile', buildArgs: { SERVICE: entry.name } },
      calls: entry.calls,
      settings: entry.settings,
      secrets: entry.secrets,
    }),
  );
  const web: DeployedComponent = {
    ...WEB,
    role: 'static',
    image: `formloom/${WEB.name}`,
    docker: { dockerfile: `${WEB.directory}/Dockerfile` },
    calls: [],
    settings: [],
    secrets: [],
  };
  return [...processes, web];
}

function isMap(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a YAML mapping. @throws Error when the file is not one. */
export function readYaml(file: string): Values {
  const parsed: unknown = parse(readFileSync(file, 'utf8'));
  if (!isMap(parsed)) throw new Error(`${file} is not a YAML mapping`);
  return parsed;
}

/**
 * Helm's coalescing of user values over the chart's: maps merge key by key, a user `null` deletes the key,
 * anything else replaces.
 */
export function coalesce(base: Values, override: Values): Values {
  const out: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete out[key];
    else if (isMap(value) && isMap(out[key])) out[key] = coalesce(out[key] as Values, value);
    else out[key] = value;
  }
  return out;
}

/** `formloom.deepMerge` of the chart: maps merge key by key, anything else in `override` replaces. */
function deepMerge(base: Values, override: Values): Values {
  const out: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isMap(value) && isMap(out[key]) ? deepMerge(out[key] as Values, value) : value;
  }
  return out;
}

/** A chart component's values as the templates see them (`formloom.component`: merged over `default`). */
interface ChartComponent {
  enabled?: boolean;
  role?: string;
  image?: { repository?: string };
  database?: string;
  calls?: string[];
  env?: Record<string, string>;
  secretEnv?: Record<string, string>;
  service?: { port?: number };
}

/** `components.<name>` of `values` merged over `default`, or undefined when the chart has no such component. */
export function chartComponent(values: Values, name: string): ChartComponent | undefined {
  const components = (values.components ?? {}) as Record<string, Values | undefined>;
  const raw = components[name];
  if (!isMap(raw)) return undefined;
  return deepMerge((values.default ?? {}) as Values, raw) as ChartComponent;
}

/** Names of the chart's enabled components with `role`. */
function chartComponentsWithRole(values: Values, role: string): string[] {
  return Object.keys((values.components ?? {}) as Values).filter((name) => {
    const component = chartComponent(values, name);
    return component?.enabled !== false && component?.role === role;
  });
}

/**
 * The variables `templates/_helpers.tpl` (`formloom.configEnv`) may set itself in a component's ConfigMap,
 * whatever the values (a test reads the template and keeps this list exact); on top come the callees' URLs,
 * `AUTH_JWKS_URL` and `components.<name>.env`.
 */
export const CHART_PLATFORM_CONFIG = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'OTEL_SERVICE_NAME',
  'METRICS_ENABLED',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'EVENT_BUS',
  'KAFKA_BROKERS',
  'KAFKA_CLIENT_ID',
  'KAFKA_TOPIC_PREFIX',
  'KAFKA_SSL',
  'KAFKA_SSL_REJECT_UNAUTHORIZED',
  'KAFKA_SSL_CA_FILE',
  'KAFKA_SASL_MECHANISM',
  'KAFKA_SASL_USERNAME',
  'WEB_URL',
] as const;

/**
 * The variables `templates/components.yaml` sets itself on a pod (`env:`; a test keeps this list exact): the
 * pod's identity, and the credentials every process (INTERNAL_TOKEN) or every service (database, bus) reads
 * from the Secret; on top come `components.<name>.secretEnv`.
 */
export const CHART_PLATFORM_POD = [
  'POD_NAME',
  'POD_NAMESPACE',
  'OTEL_RESOURCE_ATTRIBUTES',
  'INTERNAL_TOKEN',
  'EVENT_BUS_CONSUMER_NAME',
  'DATABASE_URL',
  'REDIS_URL',
  'KAFKA_SASL_PASSWORD',
] as const;

/** Kit variables that are credentials: the chart reads them from the Secret, never from a ConfigMap. */
const PLATFORM_SECRETS = new Set(['INTERNAL_TOKEN', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_SASL_PASSWORD']);

/** What one component receives from the chart: variable names of its ConfigMap, of its pod from the Secret, and their values where the chart decides them. */
export interface ChartEnvironment {
  /** The ConfigMap's variables. */
  config: Record<string, string>;
  /** Variables read from the Secret (name → Secret key). */
  secrets: Record<string, string>;
}

/**
 * What `name` receives from the chart with `values` (the chart's merged with the user's), computed the way the
 * templates do (`formloom.configEnv`, `formloom.callees`, `templates/components.yaml`): the platform variables,
 * `<CALLEE>_URL` for each callee (the gateway: every enabled service; a service: its `calls`) as
 * `http://<fullname>-<callee>:<port>` with `<fullname>` left as `<fullname>`, `AUTH_JWKS_URL` for a service that
 * calls workspaces-auth, `env` (unrendered), and from the Secret `INTERNAL_TOKEN`, a service's `DATABASE_URL` and
 * bus credentials, and `secretEnv`. Pod identity variables are left out. Undefined for a missing or `static`
 * component (no configuration).
 */
export function chartEnvironment(values: Values, name: string): ChartEnvironment | undefined {
  const c = chartComponent(values, name);
  if (!c || c.role === 'static' || c.enabled === false) return undefined;
  const bus = (values.bus ?? {}) as {
    type?: string;
    kafka?: { tls?: { enabled?: boolean; ca?: { secretName?: string; configMapName?: string } }; sasl?: { mechanism?: string } };
  };
  const observability = (values.observability ?? {}) as { otlpEndpoint?: string };
  const config: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    PORT: String((c as { containerPort?: number }).containerPort ?? ''),
    LOG_LEVEL: String(values.logLevel ?? ''),
    OTEL_SERVICE_NAME: name,
    METRICS_ENABLED: String((values.observability as { metricsEnabled?: boolean } | undefined)?.metricsEnabled ?? ''),
  };
  if (observability.otlpEndpoint) config.OTEL_EXPORTER_OTLP_ENDPOINT = observability.otlpEndpoint;
  const callees = c.role === 'gateway' ? chartComponentsWithRole(values, 'service') : (c.calls ?? []);
  const urlOf = (callee: string) => `http://<fullname>-${callee}:${chartComponent(values, callee)?.service?.port ?? ''}`;
  Object.assign(config, c.role === 'service' ? serviceCalleeEnv({ calls: callees }, urlOf) : calleeUrlEnv(callees, urlOf));
  // The gateway renders the public form's page from the static web app's shell.
  if (c.role === 'gateway') {
    for (const web of chartComponentsWithRole(values, 'static')) config.WEB_URL = urlOf(web);
  }
  const secrets: Record<string, string> = { INTERNAL_TOKEN: 'internal-token' };
  if (c.role === 'service') {
    config.EVENT_BUS = bus.type ?? '';
    secrets.DATABASE_URL = `${name}-database-url`;
    if (bus.type === 'redis') secrets.REDIS_URL = 'redis-url';
    if (bus.type === 'kafka') {
      Object.assign(config, { KAFKA_BROKERS: '', KAFKA_CLIENT_ID: name, KAFKA_TOPIC_PREFIX: '' });
      const ca = bus.kafka?.tls?.ca;
      const caFile = Boolean(ca?.secretName || ca?.configMapName);
      if (bus.kafka?.tls?.enabled || caFile) Object.assign(config, { KAFKA_SSL: 'true', KAFKA_SSL_REJECT_UNAUTHORIZED: '' });
      if (caFile) config.KAFKA_SSL_CA_FILE = '';
      if (bus.kafka?.sasl?.mechanism) {
        Object.assign(config, { KAFKA_SASL_MECHANISM: bus.kafka.sasl.mechanism, KAFKA_SASL_USERNAME: '' });
        secrets.KAFKA_SASL_PASSWORD = 'kafka-sasl-password';
      }
    }
  }
  Object.assign(config, c.env ?? {});
  Object.assign(secrets, c.secretEnv ?? {});
  return { config, secrets };
}

/** The settings a component may be given in its ConfigMap: its own, and those every process (a service: the kit) reads. */
function settingsAllowed(component: DeployedComponent): Set<string> {
  const common = component.role === 'service' ? Object.keys(KitConfig.shape) : [...PROCESS_SETTINGS];
  return new Set([...component.settings, ...common.filter((name) => !PLATFORM_SECRETS.has(name))]);
}

/** The Secret keys `formloom.secretData` (templates/_helpers.tpl) writes: every `set $data "<key>"`. */
function secretKeysOfTemplate(helpers: string): Set<string> {
  return new Set([...helpers.matchAll(/set \$data "([a-z0-9-]+)"/g)].map((match) => match[1] ?? ''));
}

/** The text files of the chart a check reads. */
export interface ChartTexts {
  /** `templates/_helpers.tpl`. */
  helpers: string;
  /** The chart's README.md. */
  readme: string;
}

/**
 * The chart (`values`: values.yaml, possibly with an example merged over it) against `manifest`: a component per
 * component of the manifest and no other, each with the manifest's role, image `formloom/<name>`, database
 * `formloom_<name>` (services), exactly the URLs of the services it calls (and `AUTH_JWKS_URL` when it calls
 * workspaces-auth), plain settings only among its declared ones (or the kit's / every process's), exactly its
 * declared secrets from the Secret — each under a key the chart's Secret writes and its README documents — and a
 * row in the README's components table.
 */
export function checkChart(values: Values, texts: ChartTexts, manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): string[] {
  const problems: string[] = [];
  const components = deployedComponents(manifest);
  const secretKeys = secretKeysOfTemplate(texts.helpers);
  const readmeRows = new Set([...texts.readme.matchAll(/^\| `([a-z0-9-]+)` \| (?:gateway|service|static) \|/gm)].map((m) => m[1]));
  const documentedKeys = new Set([...texts.readme.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]));
  for (const component of components) {
    const { name } = component;
    if (!readmeRows.has(name)) problems.push(`the chart README's components table has no row for ${name}`);
    const c = chartComponent(values, name);
    if (!c) {
      problems.push(`the chart has no component ${name} (${CHART_DIR}/values.yaml components.${name})`);
      continue;
    }
    if (c.role !== component.role) problems.push(`the chart gives ${name} the role ${String(c.role)}; the manifest makes it a ${component.role}`);
    if (c.image?.repository !== component.image) {
      problems.push(`the chart's image of ${name} is ${String(c.image?.repository)}; it is ${component.image}`);
    }
    if (component.role === 'service' && c.database !== databaseNameOf(name)) {
      problems.push(`the chart gives ${name} the database ${String(c.database)}; the manifest's is ${databaseNameOf(name)}`);
    }
    const env = chartEnvironment(values, name);
    if (!env) continue;
    // Callees the chart lacks are reported once, as missing components, not again here.
    const reachable = component.calls.filter((callee) => chartComponent(values, callee));
    const urlVariables = new Set(manifest.map((entry) => serviceUrlVariable(entry.name)));
    const expected = new Set(
      Object.keys(component.role === 'service' ? serviceCalleeEnv({ calls: reachable }, () => '') : calleeUrlEnv(reachable, () => '')),
    );
    const given = Object.keys(env.config).filter((variable) => urlVariables.has(variable) || variable === 'AUTH_JWKS_URL');
    const where = component.role === 'gateway' ? 'the gateway reaches every enabled service component' : `components.${name}.calls`;
    for (const variable of given.filter((v) => !expected.has(v))) {
      problems.push(`the chart gives ${name} ${variable}, but the manifest does not have it call that service (${where})`);
    }
    for (const variable of [...expected].filter((v) => !given.includes(v))) {
      problems.push(`the chart does not give ${name} ${variable}, but the manifest has it call that service (${where})`);
    }
    const allowed = settingsAllowed(component);
    for (const variable of Object.keys(c.env ?? {})) {
      if (component.secrets.includes(variable) || PLATFORM_SECRETS.has(variable)) {
        problems.push(`the chart puts ${variable} of ${name} in its ConfigMap; it is a secret (components.${name}.secretEnv)`);
      } else if (!allowed.has(variable)) {
        problems.push(`the chart gives ${name} the setting ${variable}, which the manifest does not declare`);
      }
    }
    const secretEnv = c.secretEnv ?? {};
    for (const [variable, key] of Object.entries(secretEnv)) {
      if (!component.secrets.includes(variable)) {
        problems.push(`the chart gives ${name} the secret ${variable}, which the manifest does not declare`);
        continue;
      }
      if (!secretKeys.has(key)) {
        problems.push(`the chart's Secret has no key ${key} for the ${variable} of ${name} (formloom.secretData in templates/_helpers.tpl)`);
      }
      if (!documentedKeys.has(key)) problems.push(`the chart README's Secrets table has no key ${key} (the ${variable} of ${name})`);
    }
    for (const variable of component.secrets.filter((secret) => !(secret in secretEnv))) {
      problems.push(`the chart does not give ${name} the secret ${variable}, which the manifest declares (components.${name}.secretEnv)`);
    }
  }
  const known = new Set(components.map((component) => component.name));
  for (const name of Object.keys((values.components ?? {}) as Values).filter((n) => !known.has(n))) {
    problems.push(`the chart deploys ${name}, which is no component of the manifest`);
  }
  return problems;
}

/** What a check reads of a skaffold config. */
interface SkaffoldConfig {
  metadata?: { name?: string };
  requires?: { path?: string; configs?: string[] }[];
  build?: { artifacts?: { image?: string; context?: string; docker?: { dockerfile?: string; buildArgs?: Record<string, string> } }[] };
  deploy?: { helm?: { releases?: { chartPath?: string; setValueTemplates?: Record<string, string> }[] } };
}

/** How a component is named in a message: `service flows`, `component gateway`. */
function kindOf(component: DeployedComponent): string {
  return `${component.role === 'service' ? 'service' : 'component'} ${component.name}`;
}

/**
 * skaffold.yaml (`product`: its documents) and the load generator's `load-tests/k6/skaffold.yaml` (`load`)
 * against `manifest`: an artifact per component and no other — `formloom/<name>` from the repository root with
 * the manifest's Dockerfile and build arguments (`repo` is where Dockerfiles must exist) — the chart as the
 * Helm release with each component's image set from its artifact, and the load config requiring the product's.
 */
export function checkSkaffold(
  product: readonly SkaffoldConfig[],
  load: readonly SkaffoldConfig[],
  manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST,
  repo = REPO_ROOT,
): string[] {
  const problems: string[] = [];
  const app = product[0] ?? {};
  const artifacts = app.build?.artifacts ?? [];
  const release = app.deploy?.helm?.releases?.[0];
  if (release?.chartPath !== CHART_DIR) problems.push(`skaffold.yaml deploys ${String(release?.chartPath)}; the chart is ${CHART_DIR}`);
  const templates = release?.setValueTemplates ?? {};
  const components = deployedComponents(manifest);
  for (const component of components) {
    const artifact = artifacts.find((candidate) => candidate.image === component.image);
    if (!artifact) problems.push(`skaffold.yaml has no artifact for ${kindOf(component)}`);
    else {
      if (artifact.context !== '.') {
        problems.push(`skaffold.yaml builds ${component.image} from ${String(artifact.context)}; images are built from the repository root (context: .)`);
      }
      const docker = { dockerfile: artifact.docker?.dockerfile, ...(artifact.docker?.buildArgs ? { buildArgs: artifact.docker.buildArgs } : {}) };
      if (JSON.stringify(docker) !== JSON.stringify(component.docker)) {
        problems.push(`skaffold.yaml builds ${component.image} with ${JSON.stringify(docker)}; the manifest's is ${JSON.stringify(component.docker)}`);
      } else if (!existsSync(path.join(repo, component.docker.dockerfile))) {
        problems.push(`skaffold.yaml builds ${component.image} from ${component.docker.dockerfile}, which does not exist`);
      }
    }
    const variable = `formloom_${component.name.replace(/-/g, '_')}`;
    const wanted = {
      [`components.${component.name}.image.repository`]: `{{.IMAGE_REPO_${variable}}}`,
      [`components.${component.name}.image.tag`]: `{{.IMAGE_TAG_${variable}}}`,
    };
    if (Object.entries(wanted).some(([key, value]) => templates[key] !== value)) {
      problems.push(`skaffold.yaml does not set the image of ${component.name} (setValueTemplates components.${component.name}.image.repository and .tag)`);
    }
  }
  const images = new Set(components.map((component) => component.image));
  for (const artifact of artifacts.filter((candidate) => !images.has(candidate.image ?? ''))) {
    problems.push(`skaffold.yaml builds ${String(artifact.image)}, which is no component of the manifest`);
  }
  const names = new Set(components.map((component) => component.name));
  for (const key of Object.keys(templates)) {
    const component = /^components\.([^.]+)\./.exec(key)?.[1];
    if (component && !names.has(component)) problems.push(`skaffold.yaml sets ${key}, but ${component} is no component of the manifest`);
  }
  const loadConfig = load[0] ?? {};
  const requires = loadConfig.requires ?? [];
  if (!requires.some((r) => r.path === '../../skaffold.yaml' && (r.configs ?? []).includes(String(app.metadata?.name)))) {
    problems.push(`load-tests/k6/skaffold.yaml does not require the product's config (../../skaffold.yaml, ${String(app.metadata?.name)})`);
  }
  for (const artifact of loadConfig.build?.artifacts ?? []) {
    if (images.has(artifact.image ?? '')) problems.push(`load-tests/k6/skaffold.yaml builds ${String(artifact.image)}, which skaffold.yaml builds`);
  }
  return problems;
}

/**
 * The root Dockerfile (`text`) against `manifest`: its SERVICE check accepts exactly the gateway and the
 * services, each from the manifest's directory; the package it derives (`@formloom/${SERVICE}`, and
 * `${SERVICE%gateway}` → `services/`) is the manifest's; its usage texts name each of them.
 */
export function checkDockerfile(text: string, manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): string[] {
  const problems: string[] = [];
  /** Each SERVICE the Dockerfile's check accepts, with the package folder it expects for it. */
  const branches = [...text.matchAll(/^\s+([a-z-]+(?:\|[a-z-]+)*)\) dir="?([^";\s]+)"? ;;/gm)];
  const accepted = new Map(
    branches.flatMap(([, names = '', dir = '']) => names.split('|').map((name): [string, string] => [name, dir.replace('${SERVICE}', name)])),
  );
  const usages = [
    ...[...text.matchAll(/SERVICE=<([a-z|-]+)>/g)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(/^#\s+SERVICE: ([a-z-]+(?: \| [a-z-]+)+)/gm)].map((m) => (m[1] ?? '').replace(/ /g, '')),
  ].map((list) => new Set(list.split('|')));
  if (usages.length === 0) problems.push('the Dockerfile has no usage text naming the SERVICE values');
  const processes = processesOf(manifest);
  for (const entry of processes) {
    const dir = accepted.get(entry.name);
    if (dir === undefined) problems.push(`the Dockerfile does not accept SERVICE=${entry.name} (the SERVICE check of its manifests stage)`);
    else if (dir !== entry.directory) problems.push(`the Dockerfile builds SERVICE=${entry.name} from ${dir}; the manifest's directory is ${entry.directory}`);
    // What `ARG WORKSPACE=@formloom/${SERVICE}` and `ARG PACKAGE_DIR=${NOT_GATEWAY:+services/}${SERVICE}` give.
    const notGateway = entry.name.endsWith('gateway') ? entry.name.slice(0, -'gateway'.length) : entry.name;
    const derived = { package: `@formloom/${entry.name}`, directory: `${notGateway ? 'services/' : ''}${entry.name}` };
    if (derived.package !== entry.package || derived.directory !== entry.directory) {
      problems.push(
        `the Dockerfile derives ${derived.package} in ${derived.directory} from SERVICE=${entry.name}; the manifest's is ${entry.package} in ${entry.directory}`,
      );
    }
    if (usages.some((usage) => !usage.has(entry.name))) problems.push(`the Dockerfile's usage text does not name SERVICE=${entry.name}`);
  }
  const names = new Set(processes.map((entry) => entry.name));
  for (const name of [...accepted.keys()].filter((n) => !names.has(n))) {
    problems.push(`the Dockerfile accepts SERVICE=${name}, which is no service of the manifest`);
  }
  return problems;
}

/** The name of an event's schema module in `contracts/src/events/`: `form.submitted` → `form-submitted.ts`. */
export function eventSchemaFile(type: string): string {
  return `contracts/src/events/${type.replace(/\./g, '-')}.ts`;
}

/**
 * The files of each component in `repo` against `manifest`: its package (`<directory>/package.json` named as the
 * manifest says, with the build script the image runs), its entry file, a service's `src/app.ts`, its place in
 * `scripts/package.json` (embedded mode loads it) and in `package-lock.json`, its runbook, a service's endpoints in
 * the catalogue, and a schema module for every event type it publishes (exporting the type and a zod schema).
 */
export async function checkFiles(repo: string, manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): Promise<string[]> {
  const problems: string[] = [];
  const readJson = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8')) as Record<string, unknown>;
  const scriptsDependencies = (readJson('scripts/package.json').dependencies ?? {}) as Record<string, string>;
  const lockPackages = (readJson('package-lock.json').packages ?? {}) as Record<string, unknown>;
  for (const component of deployedComponents(manifest)) {
    const { name, directory } = component;
    const manifestFile = `${directory}/package.json`;
    if (!existsSync(path.join(repo, manifestFile))) problems.push(`${manifestFile} does not exist (the package ${component.package})`);
    else {
      const pkg = readJson(manifestFile) as { name?: string; scripts?: Record<string, string> };
      if (pkg.name !== component.package) problems.push(`${manifestFile} names ${String(pkg.name)}; the manifest's package is ${component.package}`);
      if (component.role !== 'static' && !pkg.scripts?.build?.includes('build-service.ts')) {
        problems.push(`${manifestFile} has no build script running scripts/src/build-service.ts (the image runs its bundle)`);
      }
    }
    if (!(directory in lockPackages)) problems.push(`package-lock.json has no workspace ${directory} (run npm install)`);
    if (!existsSync(path.join(repo, 'docs/runbooks', `${name}.md`))) problems.push(`docs/runbooks/${name}.md does not exist (the chart's alerts link to it)`);
    if (component.role === 'static') continue;
    if (!existsSync(path.join(repo, directory, component.entry ?? ''))) {
      problems.push(`${directory}/${component.entry ?? ''} does not exist (the manifest's entry)`);
    }
    if (!(component.package in scriptsDependencies)) problems.push(`scripts/package.json does not depend on ${component.package} (embedded mode loads it)`);
  }
  for (const entry of manifest) {
    if (!existsSync(path.join(repo, entry.directory, 'src/app.ts'))) {
      problems.push(`${entry.directory}/src/app.ts does not exist (embedded mode builds the service from ${entry.package}/app)`);
    }
    if (!ENDPOINTS.some((endpoint) => endpoint.service === entry.name)) {
      problems.push(`the endpoint catalogue has no endpoint of ${entry.name} (contracts/src/api/${entry.name}/, listed in contracts/src/api/catalogue.ts)`);
    }
    for (const type of entry.publishes) problems.push(...(await checkEventSchema(repo, type, entry.name)));
  }
  return problems;
}

/** The schema module of event `type` (published by `publisher`) exports the type's name and a zod schema. */
async function checkEventSchema(repo: string, type: string, publisher: string): Promise<string[]> {
  const file = eventSchemaFile(type);
  if (!existsSync(path.join(repo, file))) {
    return [`the event ${type} that ${publisher} publishes has no schema in contracts/src/events/ (a file named after it, dots as dashes)`];
  }
  const module = (await import(path.join(repo, file))) as Record<string, unknown>;
  const problems: string[] = [];
  const values = Object.values(module);
  if (!values.includes(type)) problems.push(`${file} exports no constant '${type}'`);
  if (!values.some((value) => typeof (value as { safeParse?: unknown } | null)?.safeParse === 'function')) {
    problems.push(`${file} exports no zod schema of the data of ${type}`);
  }
  return problems;
}

/** Every event type that has a schema module in `contracts/src/events/` of `repo` (the envelope aside). */
export function eventSchemaFiles(repo = REPO_ROOT): string[] {
  return readdirSync(path.join(repo, 'contracts/src/events'))
    .filter((file) => file.endsWith('.ts') && file !== 'envelope.ts')
    .map((file) => `contracts/src/events/${file}`)
    .sort();
}

/**
 * Every check against the files of `repo` (default: this repository) for `manifest` (default: the real one):
 * the manifest itself (`manifestProblems`), the files ({@link checkFiles}), skaffold, the Dockerfile and the
 * chart's values.yaml. One sentence per problem; empty when everything is in step.
 */
export async function checkRepository(
  manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST,
  repo = REPO_ROOT,
): Promise<string[]> {
  const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
  const yamlDocuments = (file: string) => parseAllDocuments(read(file)).map((document) => document.toJS() as SkaffoldConfig);
  return [
    ...manifestProblems(manifest).map((problem) => `the service manifest: ${problem}`),
    ...(await checkFiles(repo, manifest)),
    ...checkSkaffold(yamlDocuments('skaffold.yaml'), yamlDocuments('load-tests/k6/skaffold.yaml'), manifest, repo),
    ...checkDockerfile(read('Dockerfile'), manifest),
    ...checkChart(
      readYaml(path.join(repo, CHART_DIR, 'values.yaml')),
      { helpers: read(`${CHART_DIR}/templates/_helpers.tpl`), readme: read(`${CHART_DIR}/README.md`) },
      manifest,
    ),
  ];
}
