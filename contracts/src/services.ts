/**
 * The service manifest (docs/architecture.md §3, docs/adding-a-service.md): ONE list naming every Formloom
 * service — its package, folder and entry file, its port in one-node mode, the other services it calls, the
 * settings and secrets it reads, and the events it publishes and consumes — plus the two components that are not
 * services: the gateway ({@link GATEWAY}) and the static web app ({@link WEB}). The route prefixes a service owns
 * are derived from the endpoint catalogue (`api/route-table.ts`, see {@link routePrefixesOf}), never listed here.
 *
 * Embedded mode (`scripts/src/embedded.ts`), the one-node supervisor (`scripts/src/supervisor.ts`), and the
 * gateway's upstream settings (`gateway/src/config.ts`) are generated from this list with the pure functions
 * below; skaffold, the root Dockerfile and the Helm chart are checked against it by tests that name what is
 * missing (`scripts/src/manifest-checks.ts`).
 */
import { getJwks } from './api/workspaces-auth/keys';

/** What the manifest says of one Node process (a service, or the gateway). */
export interface ProcessManifestEntry {
  /** The name: log field, consumer group, database name ({@link databaseNameOf}), image `formloom/<name>`. */
  readonly name: string;
  /** Its npm workspace package, e.g. `@formloom/flows` (the images build `@formloom/<name>`). */
  readonly package: string;
  /** Its folder, relative to the repository root (`services/<name>`, or `gateway`). */
  readonly directory: string;
  /** Its process entry, relative to {@link directory} (`src/main.ts`): what one-node mode and the image run. */
  readonly entry: string;
  /** Its port in one-node mode (`npm run start:services`), overridable with `<NAME>_PORT` (the gateway: `PORT`). */
  readonly port: number;
  /**
   * The services it calls over HTTP. It starts after them ({@link startOrder}) and reaches each one at
   * `<CALLEE>_URL` (e.g. `FLOWS_URL`); a service that calls the JWKS's owner (workspaces-auth) also gets
   * `AUTH_JWKS_URL` to verify tokens ({@link serviceCalleeEnv}).
   */
  readonly calls: readonly string[];
  /** Its own settings (environment variables beyond those every process or the kit reads), not secret. */
  readonly settings: readonly string[];
  /** Its own secrets (environment variables from a Kubernetes Secret; redacted from logs). */
  readonly secrets: readonly string[];
}

/** What the manifest says of one service: a process that also publishes and consumes events. */
export interface ServiceManifestEntry extends ProcessManifestEntry {
  /** The event types it publishes through its outbox (each has a schema in `contracts/src/events/`). */
  readonly publishes: readonly string[];
  /** The event types it consumes (its consumer group is its name); each is published by some service. */
  readonly consumes: readonly string[];
}

/** The manifest: every service. Order is free; {@link startOrder} derives the order processes start in. */
export const SERVICE_MANIFEST = [
  {
    name: 'workspaces-auth',
    package: '@formloom/workspaces-auth',
    directory: 'services/workspaces-auth',
    entry: 'src/main.ts',
    port: 8101,
    calls: [],
    settings: ['AUTH_SIGNING_KEY_ROTATION_DAYS', 'PUBLIC_URL', 'MAIL_FROM', 'SMTP_TIMEOUT_MS', 'HELP_CENTER_URL', 'DNS_SERVERS'],
    secrets: ['AUTH_KEY_ENCRYPTION_SECRET', 'SMTP_URL'],
    publishes: ['workspace.deleted'],
    consumes: [],
  },
  {
    name: 'flows',
    package: '@formloom/flows',
    directory: 'services/flows',
    entry: 'src/main.ts',
    port: 8102,
    calls: ['workspaces-auth'],
    settings: [
      'PUBLIC_SUBMISSIONS_RATE_LIMIT',
      'SUBMISSIONS_EXPORT_BATCH_SIZE',
      'CHALLENGE_PROVIDER',
      'CHALLENGE_SITE_KEY',
      'CHALLENGE_VERIFY_URL',
      'PUBLIC_URL',
      'FILE_STORAGE',
      'FILE_STORAGE_DIR',
      'FILE_STORAGE_S3_BUCKET',
      'FILE_STORAGE_S3_REGION',
      'FILE_STORAGE_S3_ENDPOINT',
      'FILE_STORAGE_S3_FORCE_PATH_STYLE',
      'FILE_STORAGE_S3_KEY_PREFIX',
      'FILE_UPLOAD_MAX_MB',
      'PUBLIC_UPLOADS_RATE_LIMIT',
    ],
    secrets: ['CHALLENGE_SECRET_KEY', 'FILE_STORAGE_S3_ACCESS_KEY_ID', 'FILE_STORAGE_S3_SECRET_ACCESS_KEY'],
    publishes: ['flow.created', 'flow.deleted', 'flow.moved', 'flow.published', 'form.submitted', 'form.progressed'],
    consumes: ['workspace.deleted'],
  },
  {
    name: 'workflows-engine',
    package: '@formloom/workflows-engine',
    directory: 'services/workflows-engine',
    entry: 'src/main.ts',
    port: 8103,
    calls: ['workspaces-auth', 'flows', 'integrations'],
    settings: [
      'MAIL_FROM',
      'FLOWS_TIMEOUT_MS',
      'FLOWS_FILES_TIMEOUT_MS',
      'SMTP_TIMEOUT_MS',
      'RUNS_POLL_MS',
      'RUN_LEASE_MS',
      'RUN_MAX_ATTEMPTS',
      'RUNS_LINGER_MS',
      'RUNS_CONCURRENCY',
      'WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT',
      'PUBLIC_URL',
      'APPROVAL_PUBLIC_RATE_LIMIT',
      'EMAIL_PREVIEW_RATE_LIMIT',
      'WEBHOOK_ALLOWED_HOSTS',
      'WEBHOOK_POLL_MS',
      'WEBHOOK_CONCURRENCY',
      'WEBHOOK_MAX_ATTEMPTS',
      'WEBHOOK_RETRY_BASE_MS',
      'WEBHOOK_RETRY_MAX_MS',
      'WEBHOOK_LEASE_MS',
      'AI_BASE_URL',
      'AI_MODEL',
      'AI_TIMEOUT_MS',
      'AI_RESPONSE_FORMAT',
      'CODE_SANDBOX_THREADS',
      'CODE_SANDBOX_WARM_CONTEXTS',
      'NODE_TEST_RATE_LIMIT',
      'INTEGRATIONS_TIMEOUT_MS',
    ],
    secrets: ['SMTP_URL', 'WEBHOOK_SECRET_ENCRYPTION_KEY', 'AI_API_KEY'],
    publishes: [],
    consumes: ['flow.deleted', 'flow.moved', 'form.submitted', 'form.progressed', 'event.booked', 'event.canceled', 'event.rescheduled'],
  },
  {
    name: 'integrations',
    package: '@formloom/integrations',
    directory: 'services/integrations',
    entry: 'src/main.ts',
    port: 8106,
    calls: ['workspaces-auth'],
    settings: ['PROVIDER_API_URLS', 'PROVIDER_TIMEOUT_MS', 'CREDENTIALS_REWRAP_POLL_MS', 'PUBLIC_URL'],
    secrets: ['CREDENTIALS_ENCRYPTION_KEYS', 'OAUTH_CLIENTS'],
    publishes: [],
    consumes: [],
  },
] as const satisfies readonly ServiceManifestEntry[];

/**
 * Events whose publisher is a service not in the manifest yet, by event type → that service: a consumer may
 * subscribe ahead of it (the workflows-engine's scheduling triggers consume the scheduling service's events, whose
 * schemas are in `contracts/src/events/event-booked.ts` and its siblings). {@link manifestProblems} accepts consuming them; when the
 * service joins the manifest, its entry publishes them and they leave this list.
 */
export const PLANNED_PUBLISHERS: Readonly<Record<string, string>> = {
  'event.booked': 'scheduling',
  'event.canceled': 'scheduling',
  'event.rescheduled': 'scheduling',
};

/** A service of the manifest. */
export type ServiceName = (typeof SERVICE_MANIFEST)[number]['name'];

/** Every service name, in manifest order. */
export const SERVICES: readonly ServiceName[] = SERVICE_MANIFEST.map((entry) => entry.name);

/**
 * The gateway: the API's one public entry. It calls every service (its route table reaches them all, its
 * session exchange reaches workspaces-auth), so its `calls` are derived ({@link gatewayEntry}), not listed.
 */
export const GATEWAY = {
  name: 'gateway',
  package: '@formloom/gateway',
  directory: 'gateway',
  entry: 'src/main.ts',
  port: 8080,
  settings: ['WEB_DIST', 'WEB_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'ALLOWED_ORIGINS', 'METRICS_PORT', 'METRICS_HOST'],
  secrets: [],
} as const satisfies Omit<ProcessManifestEntry, 'calls'>;

/** The name of a Node process of the product: a service or the gateway. */
export type ProcessName = ServiceName | (typeof GATEWAY)['name'];

/**
 * The web app: static files (nginx) in Kubernetes, built from `web/Dockerfile`; in embedded and one-node mode
 * the gateway serves the built files itself, so it is no process there.
 */
export const WEB = {
  name: 'web',
  package: '@formloom/web',
  directory: 'web',
} as const;

/**
 * Environment variables every Node process reads (the kit's and the gateway's common part, README
 * "Configuration"); a manifest entry's `settings` list only what comes on top of them.
 */
export const PROCESS_SETTINGS = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'METRICS_ENABLED',
] as const;

/** A process in start order, with its role: `service` (runs the kit: database, bus) or `gateway`. */
export type ManifestProcess = ProcessManifestEntry & { readonly role: 'service' | 'gateway' };

/** The manifest entry of `name`. @throws Error for a name that is not in the manifest. */
export function manifestOf(name: ServiceName): ServiceManifestEntry {
  const entry = SERVICE_MANIFEST.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`unknown service ${name}`);
  return entry;
}

/** A component name as an environment variable prefix: `workflows-engine` → `WORKFLOWS_ENGINE`. */
export function environmentName(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

/** The environment variable holding a service's base URL for its callers and the gateway: `FLOWS_URL` … */
export function serviceUrlVariable(name: string): string {
  return `${environmentName(name)}_URL`;
}

/** A service's PostgreSQL database (one-node mode and the chart): `formloom_workflows_engine` for `prefix` `formloom_`. */
export function databaseNameOf(name: string, prefix = 'formloom_'): string {
  return `${prefix}${name.replace(/-/g, '_')}`;
}

/** The gateway's entry for `manifest` (default: the real one): {@link GATEWAY}, calling every service. */
export function gatewayEntry(manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): ProcessManifestEntry {
  return { ...GATEWAY, calls: manifest.map((entry) => entry.name) };
}

/**
 * The processes of `manifest` (default: the real one) in start order: each after every service it calls, the
 * gateway last (it calls them all). Independent entries keep their manifest order.
 * @throws Error naming the cycle when services call each other in a circle, or naming an unknown callee.
 */
export function processesOf(manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): ManifestProcess[] {
  const services = startOrder(manifest).map((entry): ManifestProcess => ({ ...entry, role: 'service' }));
  return [...services, { ...gatewayEntry(manifest), role: 'gateway' }];
}

/**
 * `entries` sorted so that each comes after every entry it calls (a depth-first topological sort that keeps the
 * given order where the calls leave it free).
 * @throws Error `service manifest: a cycle of calls: a → b → a` for a cycle, `service manifest: x calls y, which
 *   is not in the manifest` for an unknown callee, and for a name listed twice.
 */
export function startOrder<T extends Pick<ProcessManifestEntry, 'name' | 'calls'>>(entries: readonly T[]): T[] {
  const byName = new Map<string, T>();
  for (const entry of entries) {
    if (byName.has(entry.name)) throw new Error(`service manifest: ${entry.name} is listed twice`);
    byName.set(entry.name, entry);
  }
  const ordered: T[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (entry: T): void => {
    if (done.has(entry.name)) return;
    const loop = path.indexOf(entry.name);
    if (loop >= 0) throw new Error(`service manifest: a cycle of calls: ${[...path.slice(loop), entry.name].join(' → ')}`);
    path.push(entry.name);
    for (const callee of entry.calls) {
      const target = byName.get(callee);
      if (!target) throw new Error(`service manifest: ${entry.name} calls ${callee}, which is not in the manifest`);
      visit(target);
    }
    path.pop();
    done.add(entry.name);
    ordered.push(entry);
  };
  for (const entry of entries) visit(entry);
  return ordered;
}

/**
 * `<CALLEE>_URL` for each of `calls`, with the base URL `urlOf(callee)` gives (e.g. `http://127.0.0.1:8102`).
 * What the gateway gets to reach its upstreams.
 */
export function calleeUrlEnv(calls: readonly string[], urlOf: (callee: string) => string): Record<string, string> {
  return Object.fromEntries(calls.map((callee) => [serviceUrlVariable(callee), urlOf(callee)]));
}

/**
 * The environment a SERVICE needs to reach its callees: `<CALLEE>_URL` for each one and, when it calls the
 * service that serves the JWKS (`getJwks.service`, workspaces-auth), `AUTH_JWKS_URL` — that URL plus the JWKS
 * path of the catalogue — so the kit verifies its callers' tokens (docs/architecture.md §5).
 */
export function serviceCalleeEnv(
  entry: Pick<ProcessManifestEntry, 'calls'>,
  urlOf: (callee: string) => string,
): Record<string, string> {
  const env = calleeUrlEnv(entry.calls, urlOf);
  if (entry.calls.includes(getJwks.service)) env.AUTH_JWKS_URL = `${urlOf(getJwks.service)}${getJwks.path}`;
  return env;
}

/**
 * The route prefixes `service` owns at the gateway: the rows of `routes` — pass `ROUTES` of
 * `api/route-table.ts`, derived from the endpoint catalogue — that go to it, sorted.
 */
export function routePrefixesOf(service: string, routes: readonly { prefix: string; service: string }[]): string[] {
  return routes
    .filter((row) => row.service === service)
    .map((row) => row.prefix)
    .sort();
}

/**
 * What is wrong with `manifest` on its own (default: the real one), one sentence each (empty when nothing):
 * an invalid or repeated name, package or port, an unknown callee, a cycle of calls (a service calling itself is
 * one), a consumed event type no service publishes, an event type two services publish, a setting or secret listed
 * twice or both as a setting and a secret.
 */
export function manifestProblems(manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): string[] {
  const problems: string[] = [];
  const processes = [...manifest, gatewayEntry(manifest)];
  const repeated = (values: readonly (string | number)[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
  for (const name of repeated(processes.map((p) => p.name))) problems.push(`the name ${name} is used twice`);
  for (const pkg of repeated(processes.map((p) => p.package))) problems.push(`the package ${pkg} is used twice`);
  for (const port of repeated(processes.map((p) => p.port))) problems.push(`the port ${port} is used twice`);
  for (const entry of manifest) {
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(entry.name)) problems.push(`${entry.name} is not a kebab-case name`);
    const own = [...entry.settings, ...entry.secrets];
    for (const variable of repeated(own)) problems.push(`${entry.name} lists ${variable} twice among its settings and secrets`);
    for (const type of entry.consumes) {
      if (!manifest.some((other) => other.publishes.includes(type)) && !Object.hasOwn(PLANNED_PUBLISHERS, type)) {
        problems.push(`${entry.name} consumes ${type}, which no service of the manifest publishes`);
      }
    }
  }
  for (const type of repeated(manifest.flatMap((entry) => [...entry.publishes]))) {
    problems.push(`${type} is published by more than one service`);
  }
  try {
    startOrder(manifest);
  } catch (error) {
    problems.push((error as Error).message.replace(/^service manifest: /, ''));
  }
  return problems;
}
