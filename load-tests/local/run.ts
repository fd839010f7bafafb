/**
 * `npm run load:local`: the load test of workflow triggers (docs/benchmarks.md) on this machine, against one-node mode.
 *
 * 1. Starts one-node mode (`target.ts`: every service its own process, fresh PostgreSQL databases, an empty
 *    Redis logical database, free ports).
 * 2. Through the gateway: signs up, creates and publishes a form with an email question, creates, publishes
 *    and enables a thank-you email workflow sent to the email answer (`scenario.ts`).
 * 3. Warms up for WARMUP_S and waits until the warm-up's runs are done (steady state), then submits for
 *    DURATION_S — at RATE submissions/s with at most CONCURRENCY in flight, or, without RATE, as fast as
 *    CONCURRENCY concurrent requests go (`load.ts`, undici Pool). CPU seconds per process are read from /proc
 *    around the measured load (`cpu.ts`).
 * 4. Waits (at most WAIT_S, and gives up earlier when no run finishes for 30 s) until every stored submission
 *    has a finished run, then counts from the databases (`accounting.ts`).
 * 5. Prints the figures and writes them as JSON to `load-tests/local/results/<date>.json` and `latest.json`.
 *
 * Exits 1 when a submission was lost (no succeeded run, or a 201 without a stored row) or duplicated (more
 * than one run, or more than one email per run); 2 when the run itself failed. Missing the targets does not
 * fail it: the report says which were met.
 *
 * Settings: environment variables, or flags `--duration-s=30 --rate=1000 --concurrency=64 …` (same names,
 * lower case with dashes):
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | DURATION_S | 30 | measured load duration (s) |
 * | RATE | unset | submissions per second (arrival rate); unset = max throughput |
 * | CONCURRENCY | 64 | most requests in flight (rate) / concurrent loops (max throughput) |
 * | PIPELINING | 1 | HTTP/1.1 pipelining depth per connection |
 * | CONNECTIONS | CONCURRENCY / PIPELINING | connections to the gateway |
 * | WARMUP_S | 10 | warm-up at the same settings before measuring (JIT, pools), then a wait until its runs are done; counted for lost/duplicated only |
 * | WAIT_S | 180 | longest wait for the last runs after the load |
 * | QUIET_WAIT_S | 0 | wait up to this long for the machine to be quiet (< 10 % CPU in use) before starting |
 * | LOG_LEVEL | warn | the children's log level (their output goes to `results/<date>.log`) |
 * | CPU_PROFILE | unset | comma-separated processes (`flows,workflows-engine,gateway,workspaces-auth`, or `all`) to run with `node --cpu-prof`; profiles in `results/<date>-profiles/` |
 * | KEEP_DATABASES | unset | `1` keeps the databases and streams after the run |
 * | LABEL | unset | a note stored in the JSON (e.g. `before: no snapshot cache`) |
 * | WORKFLOW | thank-you | the workflow each submission runs: `thank-you` (one email step) or `twenty-nodes` (code, filter, branch, a 3 s delay, 15 filters, the email: `twenty-nodes.ts`) |
 * | RUNNER | bundle | `bundle`: each process runs its production bundle (`dist/main.js`, built first, as the images run it); `tsx`: the TypeScript sources through tsx |
 * | PG_URL, REDIS_URL | the machine's | servers to use |
 * Service variables (RUNS_CONCURRENCY, DATABASE_POOL_SIZE, OUTBOX_BATCH_SIZE …) pass through to every child.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processesOf } from '@formloom/contracts/services';
import { buildService } from '@formloom/scripts/build-service';
import { START_ORDER, type ProcessName, type ProcessRunner } from '@formloom/scripts/supervisor';
import { cpuSecondsBetween, cpuSnapshot, machineBusyPercent } from './cpu';
import { account, runProgress, submissionCount, type Accounting } from './accounting';
import { runLoad, type LoadResult } from './load';
import { setUpScenario, submissionBody, type LoadWorkflow } from './scenario';
import { distribution, round1, type Distribution } from './stats';
import { startTarget, type Target } from './target';

/** The targets on this 2-core machine (docs/benchmarks.md §2 for the thank-you email). */
export const TARGETS = { runsPerSecond: 1000, submitP99Ms: 50, submitToCompletedP95Ms: 250 } as const;
/** The 20-node workflow's target (docs/benchmarks.md §13): runs/s end to end; its runs wait in a delay, so no latency target. */
export const TWENTY_NODE_TARGETS = { runsPerSecond: 300 } as const;

const RESULTS_DIR = path.join(__dirname, 'results');
/** Above this share of CPU in use before the test, the machine counts as busy (warned about, or waited for). */
const QUIET_PERCENT = 10;

/** `RUNNER` (see the module doc). @throws Error for another value */
function runnerSetting(): ProcessRunner {
  const value = setting('RUNNER') ?? 'bundle';
  if (value !== 'bundle' && value !== 'tsx') throw new Error(`RUNNER: must be bundle or tsx (got "${value}")`);
  return value;
}

/** `WORKFLOW` (see the module doc). @throws Error for another value */
function workflowSetting(): LoadWorkflow {
  const value = setting('WORKFLOW') ?? 'thank-you';
  if (value !== 'thank-you' && value !== 'twenty-nodes') throw new Error(`WORKFLOW: must be thank-you or twenty-nodes (got "${value}")`);
  return value;
}

/** Builds the production bundle of every process (`dist/main.js`, as the images do). */
async function buildBundles(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  for (const entry of processesOf()) await buildService(path.join(root, entry.directory));
}

/** The settings of a run (see the module doc). */
interface Settings {
  durationS: number;
  rate: number | undefined;
  concurrency: number;
  pipelining: number;
  connections: number | undefined;
  warmupS: number;
  waitS: number;
  quietWaitS: number;
  logLevel: string;
  cpuProfile: ProcessName[];
  keepDatabases: boolean;
  label: string | undefined;
  workflow: LoadWorkflow;
  pgUrl: string;
  redisUrl: string;
  runner: ProcessRunner;
}

/** Reads a setting from `--name=value` flags first, then the environment. */
function setting(name: string): string | undefined {
  const flag = `--${name.toLowerCase().replace(/_/g, '-')}=`;
  const fromFlag = process.argv.find((arg) => arg.startsWith(flag));
  const value = fromFlag ? fromFlag.slice(flag.length) : process.env[name];
  return value === '' ? undefined : value;
}

/** A positive number setting. @throws naming the setting when it is not one. */
function numberSetting(name: string, fallback: number | undefined, min = 1): number | undefined {
  const raw = setting(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name}: must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

function readSettings(): Settings {
  const cpu = setting('CPU_PROFILE');
  const cpuProfile =
    cpu === undefined
      ? []
      : cpu === 'all'
        ? [...START_ORDER]
        : cpu.split(',').map((name) => {
            const trimmed = name.trim() as ProcessName;
            if (!START_ORDER.includes(trimmed)) throw new Error(`CPU_PROFILE: unknown process "${name}"`);
            return trimmed;
          });
  return {
    durationS: numberSetting('DURATION_S', 30) ?? 30,
    rate: numberSetting('RATE', undefined),
    concurrency: numberSetting('CONCURRENCY', 64) ?? 64,
    pipelining: numberSetting('PIPELINING', 1) ?? 1,
    connections: numberSetting('CONNECTIONS', undefined),
    warmupS: numberSetting('WARMUP_S', 10, 0) ?? 10,
    waitS: numberSetting('WAIT_S', 180) ?? 180,
    quietWaitS: numberSetting('QUIET_WAIT_S', 0, 0) ?? 0,
    logLevel: setting('LOG_LEVEL') ?? 'warn',
    cpuProfile,
    keepDatabases: setting('KEEP_DATABASES') === '1' || setting('KEEP_DATABASES') === 'true',
    label: setting('LABEL'),
    workflow: workflowSetting(),
    pgUrl: setting('PG_URL') ?? 'postgres://postgres@127.0.0.1:5432',
    runner: runnerSetting(),
    redisUrl: setting('REDIS_URL') ?? 'redis://127.0.0.1:6379',
  };
}

/** The machine, for the report. */
function machine() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: round1(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** The service variables passed through that change performance (for the report). */
function tuning(): Record<string, string> {
  const names = [
    'DATABASE_POOL_SIZE',
    'OUTBOX_BATCH_SIZE',
    'OUTBOX_POLL_MS',
    'OUTBOX_LINGER_MS',
    'RUNS_CONCURRENCY',
    'RUNS_LINGER_MS',
    'RUNS_CLAIM_BATCH',
    'RUNS_POLL_MS',
    'EVENT_BUS_CONCURRENCY',
    'EVENT_BUS_BATCH_SIZE',
  ];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])));
}

/**
 * How often the drain counts (ms): every 200 ms for its first 5 s (a drain of the thank-you load takes < 1 s), then
 * every second — each count reads every run of the workflow, and at 60,000 runs a count every 200 ms took a third of
 * a core from the drain it measured (docs/benchmarks.md §13).
 */
function drainPollMs(waitedMs: number): number {
  return waitedMs < 5000 ? 200 : 1000;
}

/** Waits until every stored submission has a finished run; returns how long it waited (s). */
async function drain(target: Target, flowId: number, workflowId: string, waitS: number): Promise<{ waitedS: number; complete: boolean }> {
  const start = Date.now();
  let lastFinished = -1;
  let lastProgressAt = Date.now();
  for (;;) {
    const [stored, progress] = await Promise.all([submissionCount(target.flowsSql, flowId), runProgress(target.engineSql, workflowId)]);
    const waitedS = round1((Date.now() - start) / 1000);
    if (progress.finished >= stored) return { waitedS, complete: true };
    if (progress.finished !== lastFinished) {
      lastFinished = progress.finished;
      lastProgressAt = Date.now();
    }
    if (Date.now() - start > waitS * 1000 || Date.now() - lastProgressAt > 30_000) return { waitedS, complete: false };
    await sleep(drainPollMs(Date.now() - start));
  }
}

/** The report written as JSON. */
interface Report {
  date: string;
  label: string | undefined;
  /** How the processes ran (`RUNNER`). */
  runner: ProcessRunner;
  command: string;
  machine: ReturnType<typeof machine> & { busyBeforePercent: number | null };
  settings: Omit<Settings, 'pgUrl' | 'redisUrl'> & { tuning: Record<string, string> };
  submit: {
    sent: number;
    accepted: number;
    failed: number;
    dropped: number;
    statuses: Record<string, number>;
    acceptedPerSecond: number;
    latencyMs: Distribution;
    sampleErrors: string[];
  };
  runs: {
    completed: number;
    perSecond: number;
    perSecondDuringLoad: number;
    /** Runs completed per second from the first finish to the last (see `Accounting.runsPerSecondCompleting`). */
    perSecondCompleting: number;
    submitToCompletedMs: Distribution;
    byStatus: Record<string, number>;
    drainS: number;
    drained: boolean;
  };
  /** CPU seconds by process group (see cpu.ts) during the measured load, and until the runs drained. */
  cpuSeconds: { duringLoad: Record<string, number>; loadAndDrain: Record<string, number> };
  lost: number;
  duplicated: number;
  duplicatedEmails: number;
  targets: Record<string, { target: string; actual: number | null; met: boolean }>;
  ok: boolean;
}

function buildReport(
  settings: Settings,
  load: LoadResult,
  books: Accounting,
  drained: { waitedS: number; complete: boolean },
  busyBeforePercent: number | null,
  cpu: Report['cpuSeconds'],
): Report {
  const latency = distribution(load.latencies);
  const { pgUrl: _pg, redisUrl: _redis, ...shown } = settings;
  const lost = books.lost;
  const duplicated = books.duplicated;
  return {
    date: new Date().toISOString(),
    label: settings.label,
    runner: settings.runner,
    command: `npm run load:local ${process.argv.slice(2).join(' ')}`.trim(),
    machine: { ...machine(), busyBeforePercent },
    settings: { ...shown, tuning: tuning() },
    submit: {
      sent: load.sent,
      accepted: load.accepted,
      failed: load.failed,
      dropped: load.dropped,
      statuses: load.statuses,
      acceptedPerSecond: round1(load.accepted / load.elapsedS),
      latencyMs: latency,
      sampleErrors: load.sampleErrors,
    },
    runs: {
      completed: books.completedInWindow,
      perSecond: books.runsPerSecond,
      perSecondDuringLoad: books.runsPerSecondDuringLoad,
      perSecondCompleting: books.runsPerSecondCompleting,
      submitToCompletedMs: books.submitToCompletedMs,
      byStatus: books.runs,
      drainS: drained.waitedS,
      drained: drained.complete,
    },
    cpuSeconds: cpu,
    lost,
    duplicated,
    duplicatedEmails: books.duplicatedEmails,
    targets:
      settings.workflow === 'twenty-nodes'
        ? {
            // The workflow's own 3 s delay shifts every completion without limiting throughput: the target is the
            // rate runs complete at (first finish → last), with every run done by the end of the wait.
            runsPerSecond: {
              target: `≥ ${TWENTY_NODE_TARGETS.runsPerSecond} completing, all drained`,
              actual: books.runsPerSecondCompleting,
              met: books.runsPerSecondCompleting >= TWENTY_NODE_TARGETS.runsPerSecond && drained.complete && lost === 0,
            },
          }
        : {
            runsPerSecond: {
              target: `≥ ${TARGETS.runsPerSecond}`,
              actual: books.runsPerSecond,
              met: books.runsPerSecond >= TARGETS.runsPerSecond,
            },
            submitP99Ms: {
              target: `< ${TARGETS.submitP99Ms}`,
              actual: latency.p99,
              met: latency.p99 !== null && latency.p99 < TARGETS.submitP99Ms,
            },
            submitToCompletedP95Ms: {
              target: `< ${TARGETS.submitToCompletedP95Ms}`,
              actual: books.submitToCompletedMs.p95,
              met: books.submitToCompletedMs.p95 !== null && books.submitToCompletedMs.p95 < TARGETS.submitToCompletedP95Ms,
            },
          },
    ok: lost === 0 && duplicated === 0 && books.duplicatedEmails === 0,
  };
}

function printReport(report: Report): void {
  const ms = (d: Distribution, key: 'p50' | 'p95' | 'p99') => (d[key] === null ? '—' : `${d[key]} ms`);
  const yes = (met: boolean) => (met ? 'met' : 'NOT met');
  const t = report.targets;
  const lines = [
    '',
    `Formloom load test (one-node mode) — ${report.date}${report.label ? ` — ${report.label}` : ''}`,
    `machine: ${report.machine.cores} cores (${report.machine.cpuModel}), ${report.machine.memoryGiB} GiB, Node ${report.machine.node}; ` +
      `${report.machine.busyBeforePercent ?? '?'} % busy before the test`,
    `load: ${report.settings.rate ? `${report.settings.rate}/s arrival rate` : 'max throughput'}, ` +
      `${report.settings.durationS} s, concurrency ${report.settings.concurrency}, pipelining ${report.settings.pipelining}, ` +
      `${report.runner === 'bundle' ? 'production bundles' : 'tsx'}` +
      (Object.keys(report.settings.tuning).length > 0 ? `, ${JSON.stringify(report.settings.tuning)}` : ''),
    '',
    `submissions accepted      ${report.submit.accepted} (${report.submit.acceptedPerSecond}/s); failed ${report.submit.failed}; dropped ${report.submit.dropped}`,
    `submit latency            p50 ${ms(report.submit.latencyMs, 'p50')}, p95 ${ms(report.submit.latencyMs, 'p95')}, p99 ${ms(report.submit.latencyMs, 'p99')}`,
    `runs completed            ${report.runs.completed} (${report.runs.perSecond}/s end to end; ${report.runs.perSecondDuringLoad}/s during the load; ${report.runs.perSecondCompleting}/s first → last finish)`,
    `submit → run completed    p50 ${ms(report.runs.submitToCompletedMs, 'p50')}, p95 ${ms(report.runs.submitToCompletedMs, 'p95')}, p99 ${ms(report.runs.submitToCompletedMs, 'p99')}`,
    `runs by status            ${JSON.stringify(report.runs.byStatus)}; drained in ${report.runs.drainS} s${report.runs.drained ? '' : ' (NOT drained)'}`,
    `CPU s during the load      ${JSON.stringify(report.cpuSeconds.duringLoad)}`,
    `CPU s load + drain        ${JSON.stringify(report.cpuSeconds.loadAndDrain)}`,
    `lost ${report.lost}, duplicated ${report.duplicated}, duplicated emails ${report.duplicatedEmails}`,
    '',
    `targets: ${Object.entries(t)
      .map(([name, { target, actual, met }]) => `${name} ${target}: ${actual} ${yes(met)}`)
      .join('; ')}`,
  ];
  if (report.submit.sampleErrors.length > 0) lines.push(`sample errors: ${report.submit.sampleErrors.join(' | ')}`);
  console.log(lines.join('\n'));
}

async function main(): Promise<number> {
  const settings = readSettings();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const profileDir = settings.cpuProfile.length > 0 ? path.join(RESULTS_DIR, `${stamp}-profiles`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const logFile = path.join(RESULTS_DIR, `${stamp}.log`);

  let busyBeforePercent = await machineBusyPercent();
  const quietDeadline = Date.now() + settings.quietWaitS * 1000;
  while (busyBeforePercent !== null && busyBeforePercent > QUIET_PERCENT && Date.now() < quietDeadline) {
    console.log(`the machine is ${busyBeforePercent} % busy; waiting for it to be quiet (QUIET_WAIT_S) …`);
    busyBeforePercent = await machineBusyPercent(5000);
  }
  if (busyBeforePercent !== null && busyBeforePercent > QUIET_PERCENT) {
    console.warn(`warning: the machine is ${busyBeforePercent} % busy before the test; the figures will be lower`);
  }
  if (settings.runner === 'bundle') {
    console.log('building the production bundles (RUNNER=bundle) …');
    await buildBundles();
  }
  console.log(`starting one-node mode (${settings.runner}; children's output: ${path.relative(process.cwd(), logFile)}) …`);
  const target = await startTarget({
    pgUrl: settings.pgUrl,
    redisUrl: settings.redisUrl,
    logLevel: settings.logLevel,
    logFile,
    env: {},
    cpuProfileDir: profileDir,
    cpuProfile: settings.cpuProfile,
    keepDatabases: settings.keepDatabases,
    runner: settings.runner,
  });
  const stopOnSignal = () => {
    void target.stop().finally(() => process.exit(2));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    console.log(`up at ${target.url}; databases ${target.databases.join(', ')}; redis ${target.redisUrl}`);
    const scenario = await setUpScenario(target.url, settings.workflow);
    console.log(`form ${scenario.flowPublicIdentifier}, workflow ${scenario.workflowId}`);
    const common = {
      origin: target.url,
      path: scenario.submitPath,
      body: submissionBody,
      rate: settings.rate,
      concurrency: settings.concurrency,
      pipelining: settings.pipelining,
      connections: settings.connections,
    };
    let acknowledged = 0;
    let nextIndex = 0;
    if (settings.warmupS > 0) {
      console.log(`warming up for ${settings.warmupS} s …`);
      const warm = await runLoad({ ...common, durationS: settings.warmupS });
      acknowledged += warm.accepted;
      nextIndex = warm.sent;
      // Start measuring from a steady state: what the warm-up queued (with cold JIT and pools) is done.
      await drain(target, scenario.flowId, scenario.workflowId, settings.waitS);
    }
    console.log(`measuring for ${settings.durationS} s …`);
    const pids: Record<string, number | undefined> = { 'load generator': process.pid };
    for (const [name, child] of target.supervisor.processes) pids[name] = child.pid;
    const cpuAtStart = cpuSnapshot();
    const load = await runLoad({ ...common, durationS: settings.durationS, firstIndex: nextIndex });
    const cpuAtLoadEnd = cpuSnapshot();
    acknowledged += load.accepted;
    console.log(`sent ${load.sent}, accepted ${load.accepted}; waiting for the runs …`);
    const drained = await drain(target, scenario.flowId, scenario.workflowId, settings.waitS);
    const cpuAtDrainEnd = cpuSnapshot();
    const cpu = {
      duringLoad: cpuSecondsBetween(cpuAtStart, cpuAtLoadEnd, pids),
      loadAndDrain: cpuSecondsBetween(cpuAtStart, cpuAtDrainEnd, pids),
    };
    const books = await account({
      flows: target.flowsSql,
      engine: target.engineSql,
      flowId: scenario.flowId,
      workflowId: scenario.workflowId,
      acknowledged,
      since: load.startedAt,
      until: load.endedAt,
    });
    const report = buildReport(settings, load, books, drained, busyBeforePercent, cpu);
    printReport(report);
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, `${stamp}.json`), json);
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
    console.log(`\nwritten: ${path.relative(process.cwd(), path.join(RESULTS_DIR, `${stamp}.json`))} and latest.json`);
    return report.ok ? 0 : 1;
  } finally {
    await target.stop();
    if (profileDir) console.log(`CPU profiles: ${path.relative(process.cwd(), profileDir)} (summarise with load-tests/local/profile-summary.ts)`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
