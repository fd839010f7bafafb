/**
 * One-node mode (docs/architecture.md §2): the gateway and every service of the manifest (`contracts/src/services.ts`) as its
 * own Node process — children of this supervisor — each service with its own PostgreSQL database
 * (`<PG_URL>/formloom_<service>`, created by the kit when missing) and the Redis Streams event bus. The services
 * run the same code as in embedded mode (the manifest's entry, `<directory>/src/main.ts`, through tsx); only
 * their environment differs. `npm run start:services` (`services.ts`) runs it; the fault system tests
 * (`scripts/system-test/`) and the local load test start it with {@link startSupervisor}.
 *
 * Everything per process comes from the manifest ({@link planProcesses}): the entry file, the port (overridable),
 * the start order (`processesOf`: a service after every service it calls, the gateway last), and the
 * environment — the common part below plus the URLs of its callees (`serviceCalleeEnv`: `<CALLEE>_URL`,
 * `AUTH_JWKS_URL`; the gateway: every service's `<SERVICE>_URL`). Each child's `/readyz` must answer 200 before
 * the next one starts.
 *
 * Each child is supervised on its own: when it exits without being asked to (a crash, `kill -9`, an
 * out-of-memory kill), it is started again after a backoff (`restartDelayMs.initial`, doubling per
 * consecutive failure up to `restartDelayMs.max`, back to the initial delay once it was ready again).
 * `stop()` stops the gateway first, then the services in reverse start order, each with SIGTERM (the
 * services drain and close gracefully) and SIGKILL after `stopTimeoutMs`. Children still running when this
 * process exits (a test runner that bails out) are killed by an `exit` hook.
 *
 * Every line a child writes to stdout or stderr is passed to `output` with the child's name (by default
 * printed as `<name> | <line>` on this process's stdout); the supervisor's own lines come as `supervisor`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GATEWAY,
  SERVICE_MANIFEST,
  SERVICES,
  calleeUrlEnv,
  databaseNameOf,
  environmentName,
  processesOf,
  serviceCalleeEnv,
  serviceUrlVariable,
  type ProcessName,
  type ServiceManifestEntry,
  type ServiceName,
} from '@formloom/contracts/services';

export type { ProcessName } from '@formloom/contracts/services';

/** Where a process's production bundle is, in its directory (`scripts/src/build-service.ts`). */
export const BUNDLE_ENTRY = 'dist/main.js';

/** The start order of the manifest's processes (dependencies first, the gateway last); `stop()` goes the other way. */
export const START_ORDER: readonly ProcessName[] = processesOf().map((entry) => entry.name as ProcessName);

/** The fixed ports of one-node mode: the manifest's (overridable with `ports`). */
export const DEFAULT_PORTS: Readonly<Record<ProcessName, number>> = Object.fromEntries(
  processesOf().map((entry) => [entry.name, entry.port]),
) as Record<ProcessName, number>;

/** The variable that overrides a process's port in `npm run start:services`: `PORT` (gateway), else `<NAME>_PORT`. */
export function portVariableOf(name: string): string {
  return name === GATEWAY.name ? 'PORT' : `${environmentName(name)}_PORT`;
}

/** The default PostgreSQL server (`PG_URL`): the machine's, as user `postgres`. */
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432';
/** The default Redis (`REDIS_URL`). */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Variables the supervisor sets itself for its children; they are removed from `env` before it is passed on
 * (a shared `DATABASE_URL` would put every service in one database; ports and URLs are decided here).
 */
export const SUPERVISOR_OWNED_ENV: readonly string[] = [
  'DATABASE_URL',
  'DATA_DIR',
  'EVENT_BUS',
  'EVENT_BUS_CONSUMER_NAME',
  'REDIS_URL',
  'PG_URL',
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'AUTH_JWKS_URL',
  'INTERNAL_TOKEN',
  ...SERVICES.map(serviceUrlVariable),
  'WEB_DIST',
  'TRUST_PROXY',
];

const REPO_ROOT = path.resolve(__dirname, '../..');

/** Options of {@link startSupervisor}. Durations are in ms. */
export interface SupervisorOptions {
  /** PostgreSQL server URL without a database (default {@link DEFAULT_PG_URL}); query parameters are kept. */
  pgUrl?: string;
  /** Database name prefix: each service's database is `<prefix><service with underscores>` (default `formloom_`). */
  databasePrefix?: string;
  /**
   * Redis of the event bus (default {@link DEFAULT_REDIS_URL}). Two products on one Redis must use different
   * logical databases (`redis://host:6379/<n>`): on the same one they would share streams and consumer groups
   * and take each other's events.
   */
  redisUrl?: string;
  /** Ports per process (default {@link DEFAULT_PORTS}); services listen on 127.0.0.1. */
  ports?: Partial<Record<ProcessName, number>>;
  /** The gateway's interface (default `127.0.0.1`; `0.0.0.0` to be reachable from other machines). */
  host?: string;
  /** Shared service token (16+ characters); default: random per supervisor start. */
  internalToken?: string;
  /** The built web app the gateway serves (default: the repository's `web/dist`). */
  webDist?: string;
  /** pino level of every child (default `info`). */
  logLevel?: string;
  /** Trust `X-Forwarded-*` at the gateway (default false: the gateway is the edge). */
  trustProxy?: boolean;
  /** The environment handed to every child (default `process.env`), minus {@link SUPERVISOR_OWNED_ENV}. */
  env?: Record<string, string | undefined>;
  /** Extra variables per process, applied last (e.g. `{ 'workflows-engine': { RUN_LEASE_MS: '5000' } }`). */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Extra `node` arguments per process (e.g. `['--cpu-prof']`), before the entry file. */
  nodeArgs?: Partial<Record<ProcessName, readonly string[]>>;
  /**
   * How each child runs (default `tsx`): `tsx` runs the TypeScript entry (`<directory>/src/main.ts`) through tsx;
   * `bundle` runs the production bundle `<directory>/dist/main.js` with `node --enable-source-maps`, as the
   * container images do (build it first: `npm run build -w <package>`, or `buildService`).
   */
  runner?: ProcessRunner;
  /** Receives every output line, by source (a process name or `supervisor`); default: stdout, prefixed. */
  output?: (source: ProcessName | 'supervisor', line: string) => void;
  /** How long each child may take to answer `/readyz` 200 at start (default 90 000). */
  readyTimeoutMs?: number;
  /** Backoff before restarting a child that exited unexpectedly (default 500, doubling up to 30 000). */
  restartDelayMs?: { initial: number; max: number };
  /** How long a child may take to exit after SIGTERM before it gets SIGKILL (default 15 000). */
  stopTimeoutMs?: number;
}

/** One supervised child process. */
export interface SupervisedProcess {
  readonly name: ProcessName;
  /** Its base URL on 127.0.0.1 (internal for services; the gateway's is the product's URL). */
  readonly url: string;
  readonly port: number;
  /** The pid of the running child; undefined while it is down (waiting to be restarted, or stopped). */
  readonly pid: number | undefined;
  /** How many times it was started again after its first start (crash restarts and `restart()`). */
  readonly restarts: number;
  /**
   * Stops the child gracefully (SIGTERM; SIGKILL after `stopTimeoutMs`), starts it again at once and
   * resolves once its `/readyz` answers 200. @throws when it is not ready within `readyTimeoutMs`.
   */
  restart(): Promise<void>;
  /**
   * Sends `signal` (default SIGTERM) to the running child, as an operator or the kernel would; when the
   * child exits, the supervisor restarts it after the backoff. After a terminating signal (SIGKILL, SIGTERM,
   * SIGINT …) `waitUntilReady` waits for the next child. No-op while it is down.
   */
  kill(signal?: NodeJS.Signals): void;
  /**
   * Resolves once a child of this process (the running one, or the next after a restart) answers `/readyz`
   * 200. @throws after `timeoutMs` (default `readyTimeoutMs`), or when the supervisor stops.
   */
  waitUntilReady(timeoutMs?: number): Promise<void>;
}

/** The running one-node product. */
export interface Supervisor {
  /** The gateway's URL, e.g. `http://127.0.0.1:8080` (the one URL clients use). */
  url: string;
  /** The children by name, in start order. */
  processes: Map<ProcessName, SupervisedProcess>;
  /** The shared service token the children were given. */
  internalToken: string;
  /** Each service's `DATABASE_URL`. */
  databaseUrls: Record<ServiceName, string>;
  /** Stops every child (gateway first, then the services in reverse start order). Idempotent. */
  stop(): Promise<void>;
}

/** The database URL of `service` on the server `pgUrl`: `<pgUrl>/<prefix><service with underscores>`. */
export function databaseUrlOf(pgUrl: string, service: string, prefix = 'formloom_'): string {
  const url = new URL(pgUrl);
  url.pathname = `/${databaseNameOf(service, prefix)}`;
  return url.toString();
}

/** Writes `<source> | <line>` to stdout. */
function printLine(source: string, line: string): void {
  process.stdout.write(`${source.padEnd(16)} | ${line}\n`);
}

/** Signals that end a Node process that does not handle them specially (the services exit on each). */
const TERMINATING_SIGNALS = new Set<NodeJS.Signals>(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGQUIT', 'SIGHUP', 'SIGABRT']);

/** Lines kept per child for the error message of a failed start. */
const TAIL_LINES = 30;
/** `/readyz` polling interval and per-request timeout. */
const READY_POLL_MS = 250;
const READY_REQUEST_TIMEOUT_MS = 2_000;

/** Shared state and settings of one supervisor, as its children see them. */
interface Context {
  readonly output: (source: ProcessName | 'supervisor', line: string) => void;
  readonly readyTimeoutMs: number;
  readonly restartDelayMs: { initial: number; max: number };
  readonly stopTimeoutMs: number;
  stopping: boolean;
}

/** A supervised child: spawns it, watches it, restarts it. */
class Child implements SupervisedProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private expectedExit = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private starts = 0;
  private ready = false;
  private readonly readyWaiters = new Set<() => void>();
  /** The last lines the child wrote (for start failures). */
  readonly tail: string[] = [];

  readonly name: ProcessName;
  readonly port: number;
  private readonly entry: string;
  private readonly env: Record<string, string>;
  private readonly nodeArgs: readonly string[];
  private readonly runner: ProcessRunner;

  constructor(
    plan: ProcessPlan,
    private readonly ctx: Context,
  ) {
    this.name = plan.name as ProcessName;
    this.port = plan.port;
    this.entry = plan.entry;
    this.env = plan.env;
    this.nodeArgs = plan.nodeArgs;
    this.runner = plan.runner;
    this.url = `http://127.0.0.1:${plan.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get restarts(): number {
    return Math.max(0, this.starts - 1);
  }

  /** Spawns the child (once; later spawns come from restarts). */
  start(): void {
    this.spawnChild();
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    // From now on `waitUntilReady` waits for the next child (the exit is only seen a moment later).
    if (TERMINATING_SIGNALS.has(signal)) this.ready = false;
    this.child.kill(signal);
  }

  async restart(): Promise<void> {
    if (this.ctx.stopping) throw new Error('the supervisor is stopping');
    await this.stop();
    this.failures = 0;
    this.spawnChild();
    await this.waitUntilReady();
  }

  async waitUntilReady(timeoutMs = this.ctx.readyTimeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ready) {
      if (this.ctx.stopping) throw new Error(`${this.name}: the supervisor is stopping`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `${this.name} did not answer ${this.url}/readyz with 200 within ${timeoutMs} ms; its last lines:\n` +
            this.tail.join('\n'),
        );
      }
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.readyWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 1_000));
        this.readyWaiters.add(done);
      });
    }
  }

  /** Stops the child (SIGTERM, SIGKILL after `stopTimeoutMs`) and cancels a pending restart. */
  async stop(): Promise<void> {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expectedExit = true;
    child.kill('SIGTERM');
    const timeout = new AbortController();
    const killed = await Promise.race([
      this.exited.then(() => false),
      sleep(this.ctx.stopTimeoutMs, true, { signal: timeout.signal }).catch(() => false),
    ]);
    timeout.abort();
    if (killed) {
      this.ctx.output('supervisor', `${this.name} did not stop within ${this.ctx.stopTimeoutMs} ms; sending SIGKILL`);
      child.kill('SIGKILL');
      await this.exited;
    }
  }

  /** SIGKILLs the child at once (process exit hook). */
  killNow(): void {
    clearTimeout(this.restartTimer);
    this.expectedExit = true;
    this.kill('SIGKILL');
  }

  private spawnChild(): void {
    this.ready = false;
    this.expectedExit = false;
    this.starts += 1;
    const loader = this.runner === 'bundle' ? ['--enable-source-maps'] : ['--import', 'tsx'];
    const child = spawn(process.execPath, [...this.nodeArgs, ...loader, this.entry], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
        this.ctx.output(this.name, line);
      });
    }
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        this.onExit(child, code, signal);
        resolve();
      });
      child.once('error', (error) => {
        // spawn failed (no `exit` follows when the process never started)
        this.ctx.output('supervisor', `${this.name} could not be started: ${error.message}`);
        if (child.pid === undefined) {
          this.onExit(child, null, null);
          resolve();
        }
      });
    });
    this.ctx.output('supervisor', `${this.name} started (pid ${String(child.pid)}, port ${this.port})`);
    void this.watchReadiness(child);
  }

  /** Polls `/readyz` until it answers 200 or the child exits; then wakes the waiters. */
  private async watchReadiness(child: ChildProcess): Promise<void> {
    while (this.child === child && child.exitCode === null && child.signalCode === null && !this.ctx.stopping) {
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(READY_REQUEST_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status === 200 && this.child === child && child.exitCode === null) {
          this.ready = true;
          this.failures = 0;
          this.ctx.output('supervisor', `${this.name} is ready (pid ${String(child.pid)})`);
          for (const wake of [...this.readyWaiters]) wake();
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(READY_POLL_MS);
    }
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.ready = false;
    const how = signal ? `signal ${signal}` : `code ${String(code)}`;
    if (this.expectedExit || this.ctx.stopping) {
      this.ctx.output('supervisor', `${this.name} stopped (${how})`);
      return;
    }
    this.failures += 1;
    const { initial, max } = this.ctx.restartDelayMs;
    const delayMs = Math.min(max, initial * 2 ** (this.failures - 1));
    this.ctx.output('supervisor', `${this.name} exited unexpectedly (${how}); restarting in ${delayMs} ms`);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.ctx.stopping && this.child === child) this.spawnChild();
    }, delayMs);
  }
}

/**
 * Resolves when nothing listens on `host:port` (so `/readyz` answers can only come from our child).
 * @throws Error naming the port when it is taken.
 */
async function assertPortFree(name: ProcessName, host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`${name}: port ${port} on ${host} is not available (${error.code ?? error.message})`)),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** One child as {@link planProcesses} plans it. */
export interface ProcessPlan {
  /** The process's manifest name. */
  name: string;
  /** `service` or `gateway`. */
  role: 'service' | 'gateway';
  /** The absolute path of its entry file (`<repo>/<directory>/<entry>`). */
  entry: string;
  /** Its port (the manifest's, or `options.ports`). */
  port: number;
  /** The interface it listens on (services: 127.0.0.1; the gateway: `options.host`). */
  host: string;
  /** Its whole environment. */
  env: Record<string, string>;
  /** Extra `node` arguments before the entry file. */
  nodeArgs: readonly string[];
  /** How it runs (`SupervisorOptions.runner`); `entry` is the bundle with `bundle`. */
  runner: ProcessRunner;
}

/** How a child runs: its TypeScript entry through tsx, or its production bundle (see `SupervisorOptions.runner`). */
export type ProcessRunner = 'tsx' | 'bundle';

/** What {@link planProcesses} decides for one start: the children, the shared token, the databases. */
export interface SupervisorPlan {
  /** The children in start order (the gateway last). */
  processes: ProcessPlan[];
  /** The shared service token. */
  internalToken: string;
  /** Each service's `DATABASE_URL`. */
  databaseUrls: Record<string, string>;
}

/**
 * Plans one-node mode for `manifest` (default: the real one; tests pass another) without starting anything: the
 * processes in start order with their entry file, port and environment. A service gets the inherited `env`
 * (minus {@link SUPERVISOR_OWNED_ENV}), `HOST=127.0.0.1`, `PORT`, `LOG_LEVEL`, its `DATABASE_URL`,
 * `EVENT_BUS=redis`, `REDIS_URL`, `EVENT_BUS_CONSUMER_NAME=<host>-<service>`, `INTERNAL_TOKEN` and its callees'
 * URLs (`serviceCalleeEnv`); the gateway gets the inherited `env`, `HOST`, `PORT`, `LOG_LEVEL`, `INTERNAL_TOKEN`,
 * every service's `<SERVICE>_URL`, `WEB_DIST` and `TRUST_PROXY`; `processEnv` is applied last.
 * @throws Error for an internal token under 16 characters, or a manifest whose calls form a cycle.
 */
export function planProcesses(
  options: SupervisorOptions = {},
  manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST,
): SupervisorPlan {
  const pgUrl = options.pgUrl ?? DEFAULT_PG_URL;
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const internalToken = options.internalToken ?? randomBytes(32).toString('base64url');
  if (internalToken.length < 16) throw new Error('internalToken: must be at least 16 characters');
  const logLevel = options.logLevel ?? 'info';
  const processes = processesOf(manifest);
  const ports = new Map<string, number>();
  for (const entry of processes) {
    ports.set(entry.name, (options.ports as Partial<Record<string, number>> | undefined)?.[entry.name] ?? entry.port);
  }
  const urlOf = (name: string) => `http://127.0.0.1:${ports.get(name) ?? 0}`;
  const databaseUrls = Object.fromEntries(
    manifest.map((entry) => [entry.name, databaseUrlOf(pgUrl, entry.name, options.databasePrefix)]),
  );

  const owned = new Set<string>(SUPERVISOR_OWNED_ENV);
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env ?? process.env)) {
    if (value !== undefined && !owned.has(key)) inherited[key] = value;
  }
  // Links in mail (workspaces-auth's address confirmation) point at the gateway unless the operator says otherwise.
  const gatewayPort = ports.get(GATEWAY.name) ?? GATEWAY.port;
  inherited.PUBLIC_URL ??= `http://localhost:${gatewayPort}`;
  const consumerHost = hostname();
  const processEnv = options.processEnv as Partial<Record<string, Record<string, string>>> | undefined;
  const nodeArgs = options.nodeArgs as Partial<Record<string, readonly string[]>> | undefined;
  const runner = options.runner ?? 'tsx';
  const plans = processes.map((entry): ProcessPlan => {
    const port = ports.get(entry.name) ?? entry.port;
    const host = entry.role === 'gateway' ? (options.host ?? '127.0.0.1') : '127.0.0.1';
    const own: Record<string, string> =
      entry.role === 'gateway'
        ? {
            INTERNAL_TOKEN: internalToken,
            ...calleeUrlEnv(entry.calls, urlOf),
            WEB_DIST: options.webDist ?? path.join(REPO_ROOT, 'web/dist'),
            TRUST_PROXY: String(options.trustProxy ?? false),
          }
        : {
            DATABASE_URL: databaseUrls[entry.name] ?? '',
            EVENT_BUS: 'redis',
            REDIS_URL: redisUrl,
            // Stable across restarts: a restarted child takes back what it had read but not acknowledged.
            EVENT_BUS_CONSUMER_NAME: `${consumerHost}-${entry.name}`,
            INTERNAL_TOKEN: internalToken,
            ...serviceCalleeEnv(entry, urlOf),
          };
    return {
      name: entry.name,
      role: entry.role,
      entry: path.join(REPO_ROOT, entry.directory, runner === 'bundle' ? BUNDLE_ENTRY : entry.entry),
      port,
      host,
      env: { ...inherited, HOST: host, PORT: String(port), LOG_LEVEL: logLevel, ...own, ...processEnv?.[entry.name] },
      nodeArgs: nodeArgs?.[entry.name] ?? [],
      runner,
    };
  });
  return { processes: plans, internalToken, databaseUrls };
}

/**
 * Starts the one-node product planned by {@link planProcesses}: every child in {@link START_ORDER}, each once the
 * previous one is ready. Resolves once the gateway is ready.
 * @throws when a port is taken, a child is not ready within `readyTimeoutMs` (its last output lines are in
 *   the message) or an option is invalid; whatever had started is stopped first.
 */
export async function startSupervisor(options: SupervisorOptions = {}): Promise<Supervisor> {
  const plan = planProcesses(options);
  const ctx: Context = {
    output: options.output ?? printLine,
    readyTimeoutMs: options.readyTimeoutMs ?? 90_000,
    restartDelayMs: options.restartDelayMs ?? { initial: 500, max: 30_000 },
    stopTimeoutMs: options.stopTimeoutMs ?? 15_000,
    stopping: false,
  };

  for (const child of plan.processes) await assertPortFree(child.name as ProcessName, child.host, child.port);

  const processes = new Map<ProcessName, Child>();
  for (const child of plan.processes) processes.set(child.name as ProcessName, new Child(child, ctx));
  const order = [...processes.values()];
  const killAll = (): void => {
    for (const child of order) child.killNow();
  };
  process.once('exit', killAll);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      ctx.stopping = true;
      ctx.output('supervisor', 'stopping');
      for (const child of [...order].reverse()) await child.stop();
      process.off('exit', killAll);
      ctx.output('supervisor', 'stopped');
    })());

  try {
    for (const child of order) {
      child.start();
      await child.waitUntilReady();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const gateway = plan.processes.find((child) => child.role === 'gateway');
  return {
    url: `http://127.0.0.1:${gateway?.port ?? 0}`,
    processes: processes as Map<ProcessName, SupervisedProcess>,
    internalToken: plan.internalToken,
    databaseUrls: plan.databaseUrls as Record<ServiceName, string>,
    stop,
  };
}
