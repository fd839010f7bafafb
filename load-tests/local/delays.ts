/**
 * `npm run bench:delays`: how durable delays fire at scale (docs/architecture.md "workflows-engine": a delay is a
 * `waiting` run row with its due time, claimed with `FOR UPDATE SKIP LOCKED` through the partial index
 * `workflow_runs_due`; no timer in memory). The target, on the one-node machine (PostgreSQL): 100,000 pending delays
 * coming due at 500 per second each fire soon after their due time, and the engine's memory does not grow with the
 * number of pending delays.
 *
 * What it does:
 * 1. starts one-node mode (`target.ts`: every service its own process, fresh PostgreSQL databases, an empty Redis
 *    logical database, free ports; production bundles with RUNNER=bundle, the default);
 * 2. through the gateway: signs up, creates and publishes the example form, and creates the gallery's
 *    `email_with_delay` workflow on it, published and active (a 30-minute delay, then the thank-you email to the
 *    form's email answer — the mail log); submits once and waits until that run waits;
 * 3. samples the engine's resident memory (VmRSS of its process, every RSS_SAMPLE_MS) from here on;
 * 4. seeds DELAYS copies of that waiting run straight into the engine's database (a run row `waiting` and its delay
 *    step `waiting`, exactly as the worker writes them; `generate_series`, in batches), due from LEAD_S seconds
 *    after the seeding started, one every 1/RATE s — so they come due at RATE per second for DELAYS / RATE seconds;
 *    the seed run itself is left waiting 30 minutes and counted out;
 * 5. waits until every seeded run has finished (at most WAIT_S after the last due time), then reads from the
 *    database, per run, how late its delay fired — the resumed delay step's commit (`finished_at`) minus its due
 *    time — and prints p50 / p95 / p99 / max (ms), the runs that failed or never fired, the engine's RSS before
 *    seeding (no delay pending), once seeded (DELAYS pending), its peak while they fired and at the end (none
 *    pending), and the plan PostgreSQL chose for the claim's due set with DELAYS waiting rows.
 * It writes the figures to `results/delays-<date>.json` and `results/delays-latest.json` (the children's output to
 * `results/delays-<date>.log`). Exits 1 when a seeded run failed or did not fire, 2 when the run itself failed.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | DELAYS | 100000 | pending delays seeded |
 * | RATE | 500 | delays coming due per second |
 * | LEAD_S | 30 | seconds from the start of the seeding to the first due time (the seeding must end before it) |
 * | WAIT_S | 120 | longest wait for the last runs after the last due time |
 * | RSS_SAMPLE_MS | 500 | how often the engine's RSS is read |
 * | RUNNER | bundle | `bundle`: production bundles (built first); `tsx`: the TypeScript sources through tsx |
 * | LOG_LEVEL | warn | the children's log level |
 * | KEEP_DATABASES | unset | `1` keeps the databases and streams after the run |
 * | PG_URL, REDIS_URL | the machine's | servers to use |
 * Service variables (RUNS_POLL_MS, RUNS_CONCURRENCY, DATABASE_POOL_SIZE …) pass through to every child.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow, saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { createWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { processesOf } from '@formloom/contracts/services';
import { buildService } from '@formloom/scripts/build-service';
import { ProductClient } from '@formloom/scripts/product-client';
import type { ProcessRunner } from '@formloom/scripts/supervisor';
import { machineBusyPercent } from './cpu';
import { round1 } from './stats';
import { startTarget, type Target } from './target';

const RESULTS_DIR = path.join(__dirname, 'results');

/** A positive number from the environment, or `fallback`. @throws Error for anything else */
function numberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: must be a positive number (got "${raw}")`);
  return value;
}

const SETTINGS = {
  delays: Math.floor(numberSetting('DELAYS', 100_000)),
  rate: numberSetting('RATE', 500),
  leadS: numberSetting('LEAD_S', 30),
  waitS: numberSetting('WAIT_S', 120),
  rssSampleMs: numberSetting('RSS_SAMPLE_MS', 500),
  runner: (process.env.RUNNER ?? 'bundle') as ProcessRunner,
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  keepDatabases: process.env.KEEP_DATABASES === '1',
  pgUrl: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
if (SETTINGS.runner !== 'bundle' && SETTINGS.runner !== 'tsx') throw new Error(`RUNNER: must be bundle or tsx (got "${SETTINGS.runner}")`);

/** Rows seeded per statement. */
const SEED_BATCH = 20_000;
/** The submission ids of seeded runs start with this (the seed run's does not). */
const SEEDED = 'bench-delay-';

/** The resident set size of process `pid` in MiB (`/proc/<pid>/status` VmRSS); `null` when it cannot be read. */
function rssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? round1(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** RSS samples of one process: `[seconds since the start, MiB]`. */
class RssSampler {
  readonly samples: Array<[number, number]> = [];
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: () => number | undefined, everyMs: number) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.sample();
  }

  /** Takes one sample now and returns it (MiB), or `null`. */
  sample(): number | null {
    const value = rssMiB(this.pid());
    if (value !== null) this.samples.push([round1((Date.now() - this.started) / 1000), value]);
    return value;
  }

  /** `at` as seconds since the sampling started. */
  secondsAt(at: Date): number {
    return (at.getTime() - this.started) / 1000;
  }

  /** The largest sample since `fromS` seconds after the start. */
  peakSince(fromS: number): number | null {
    const values = this.samples.filter(([at]) => at >= fromS).map(([, value]) => value);
    return values.length > 0 ? Math.max(...values) : null;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Signs up, publishes the example form and creates the `email_with_delay` workflow on it, active. */
async function setUp(baseUrl: string): Promise<{ client: ProductClient; publicIdentifier: string; workflowId: string }> {
  const client = await ProductClient.signUp(baseUrl, `delays-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`, 'delays-bench-password-1');
  const me = await client.call(getMe);
  const workspaceId = me.workspaces[0]?.id;
  if (workspaceId === undefined) throw new Error('the new user has no workspace');
  const { flow } = await client.call(createFlow, { body: { workspaceId, name: 'Delays benchmark', dedupeFormName: true } });
  const params = { publicIdentifier: flow.publicIdentifier };
  await client.call(saveFlowTemplate, { params, body: { template: exampleFormTemplate({ withPlan: false }) } });
  await client.call(publishFlow, { params });
  const { workflow } = await client.call(createWorkflow, {
    body: { galleryTemplate: 'email_with_delay', flowPublicIdentifier: flow.publicIdentifier, activate: true },
  });
  return { client, publicIdentifier: flow.publicIdentifier, workflowId: workflow.id };
}

/** Polls `read` every 250 ms until `done` holds (returns the value) or `timeoutMs` passed (throws, naming `what`). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${JSON.stringify(value)})`);
    await sleep(250);
  }
}

/**
 * Seeds `count` copies of the waiting run `seedRunId` (its run row and its waiting delay step), the i-th (from 0)
 * due `firstDue + i / rate` seconds. One statement per SEED_BATCH runs.
 */
async function seed(target: Target, seedRunId: string, count: number, firstDue: Date, rate: number): Promise<void> {
  for (let from = 0; from < count; from += SEED_BATCH) {
    const to = Math.min(count, from + SEED_BATCH) - 1;
    await target.engineSql(sql`
      WITH seed AS (SELECT * FROM workflow_runs WHERE id = ${seedRunId}::uuid),
           step AS (SELECT * FROM workflow_run_steps WHERE run_id = ${seedRunId}::uuid),
           runs AS (
             INSERT INTO workflow_runs (id, workflow_id, organization_id, trigger_event_id, submission_id, template,
                                        trigger_data, status, attempts, created_at, started_at, due_at)
             SELECT gen_random_uuid(), seed.workflow_id, seed.organization_id, gen_random_uuid(), ${SEEDED} || i,
                    seed.template, seed.trigger_data, 'waiting', 0, now(), now(),
                    ${firstDue.toISOString()}::timestamptz + make_interval(secs => i / ${rate}::float8)
               FROM seed, generate_series(${from}::int, ${to}::int) AS i
             RETURNING id, due_at)
      INSERT INTO workflow_run_steps (run_id, node_id, seq, type, status, attempts, next_node_id, output, started_at)
      SELECT runs.id, step.node_id, step.seq, step.type, 'waiting', 1, step.next_node_id,
             jsonb_build_object('until', to_char(runs.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), now()
        FROM runs, step`);
    process.stdout.write(`\rseeded ${(to + 1).toLocaleString('en-US')} waiting runs`);
  }
  process.stdout.write('\n');
}

/** The seeded runs by state: finished (succeeded or failed), failed, waiting. */
async function progress(target: Target): Promise<{ finished: number; failed: number; waiting: number }> {
  const [row] = await target.engineSql(sql`
    SELECT count(*) FILTER (WHERE status IN ('succeeded', 'failed'))::int AS finished,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           count(*) FILTER (WHERE status = 'waiting')::int AS waiting
      FROM workflow_runs WHERE submission_id LIKE ${`${SEEDED}%`}`);
  return { finished: Number(row?.finished ?? 0), failed: Number(row?.failed ?? 0), waiting: Number(row?.waiting ?? 0) };
}

async function main(): Promise<void> {
  const { delays, rate, leadS, waitS } = SETTINGS;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logFile = path.join(RESULTS_DIR, `delays-${stamp}.log`);
  const busyBeforePercent = await machineBusyPercent();
  if (SETTINGS.runner === 'bundle') {
    console.log('building the production bundles (RUNNER=bundle) …');
    const root = path.resolve(__dirname, '..', '..');
    for (const entry of processesOf()) await buildService(path.join(root, entry.directory));
  }
  console.log(`starting one-node mode (${SETTINGS.runner}; children's output: ${path.relative(process.cwd(), logFile)}) …`);
  const target = await startTarget({
    pgUrl: SETTINGS.pgUrl,
    redisUrl: SETTINGS.redisUrl,
    logLevel: SETTINGS.logLevel,
    logFile,
    env: {},
    keepDatabases: SETTINGS.keepDatabases,
    runner: SETTINGS.runner,
  });
  const stopOnSignal = () => void target.stop().finally(() => process.exit(2));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const engine = target.supervisor.processes.get('workflows-engine');
  const sampler = new RssSampler(() => engine?.pid, SETTINGS.rssSampleMs);
  try {
    const { publicIdentifier, workflowId, client } = await setUp(target.url);
    console.log(`form ${publicIdentifier}, workflow ${workflowId} (email_with_delay)`);
    await client.call(submitAnswers, { params: { publicIdentifier }, body: { answers: { w1: 'Bench', w2: 'delays-bench@example.com' } } });
    const [seedRun] = await until(
      () => target.engineSql(sql`SELECT id FROM workflow_runs WHERE workflow_id = ${workflowId}::uuid AND status = 'waiting'`),
      (rows) => rows.length === 1,
      60_000,
      'the first run to wait',
    );
    const seedRunId = String(seedRun?.id);
    await sleep(3000);
    const rssIdle = sampler.sample();

    const seedStarted = Date.now();
    const firstDue = new Date(seedStarted + leadS * 1000);
    await seed(target, seedRunId, delays, firstDue, rate);
    const seededAfterS = (Date.now() - seedStarted) / 1000;
    if (seededAfterS > leadS) console.warn(`warning: the seeding took ${seededAfterS.toFixed(1)} s, more than LEAD_S: the first delays were late from the start`);
    await target.engineSql(sql`ANALYZE workflow_runs`);
    const plan = (await target.engineSql(sql`EXPLAIN SELECT id, due_at FROM workflow_runs WHERE status = 'waiting' AND due_at <= now() ORDER BY due_at LIMIT 32 FOR UPDATE SKIP LOCKED`))
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
    const rssSeeded = sampler.sample();
    console.log(`${delays.toLocaleString('en-US')} delays pending; the first due in ${((firstDue.getTime() - Date.now()) / 1000).toFixed(1)} s, then ${rate}/s for ${(delays / rate).toFixed(0)} s`);
    const firingFromS = sampler.secondsAt(firstDue);

    const lastDue = firstDue.getTime() + ((delays - 1) / rate) * 1000;
    let last = { finished: 0, failed: 0, waiting: delays };
    for (;;) {
      last = await progress(target);
      process.stdout.write(`\rfired ${last.finished.toLocaleString('en-US')} of ${delays.toLocaleString('en-US')} (RSS ${rssMiB(engine?.pid) ?? '?'} MiB)   `);
      if (last.finished >= delays || Date.now() > lastDue + waitS * 1000) break;
      await sleep(1000);
    }
    process.stdout.write('\n');
    const rssEnd = sampler.sample();
    const rssPeak = sampler.peakSince(0);
    sampler.stop();

    const [lateness] = await target.engineSql(sql`
      SELECT count(*)::int AS fired,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY late_ms) AS p50,
             percentile_disc(0.95) WITHIN GROUP (ORDER BY late_ms) AS p95,
             percentile_disc(0.99) WITHIN GROUP (ORDER BY late_ms) AS p99,
             max(late_ms) AS max, min(late_ms) AS min
        FROM (SELECT extract(epoch FROM s.finished_at - r.due_at) * 1000 AS late_ms
                FROM workflow_runs r JOIN workflow_run_steps s ON s.run_id = r.id AND s.type = 'delay'
               WHERE r.submission_id LIKE ${`${SEEDED}%`} AND s.status = 'succeeded') AS fired`);
    const ms = (value: unknown) => (value === null || value === undefined ? null : round1(Number(value)));
    const report = {
      date: new Date().toISOString(),
      settings: { delays, rate, leadS, waitS, runner: SETTINGS.runner, runsPollMs: process.env.RUNS_POLL_MS ?? '1000 (default)', runsConcurrency: process.env.RUNS_CONCURRENCY ?? '32 (default)' },
      busyBeforePercent,
      seededInS: round1(seededAfterS),
      fired: Number(lateness?.fired ?? 0),
      failed: last.failed,
      notFired: delays - last.finished,
      latenessMs: { min: ms(lateness?.min), p50: ms(lateness?.p50), p95: ms(lateness?.p95), p99: ms(lateness?.p99), max: ms(lateness?.max) },
      engineRssMiB: { noDelayPending: rssIdle, allPending: rssSeeded, peakWhileFiring: sampler.peakSince(firingFromS), peak: rssPeak, end: rssEnd },
      rssSamples: sampler.samples,
      dueClaimPlan: plan,
    };
    const json = JSON.stringify(report, null, 2);
    writeFileSync(path.join(RESULTS_DIR, `delays-${stamp}.json`), json);
    writeFileSync(path.join(RESULTS_DIR, 'delays-latest.json'), json);
    console.log(`\n${delays.toLocaleString('en-US')} delays due at ${rate}/s (one node, PostgreSQL, ${SETTINGS.runner}; machine ${busyBeforePercent ?? '?'} % busy before):`);
    console.log('| lateness (ms) | min | p50 | p95 | p99 | max |\n| --- | ---: | ---: | ---: | ---: | ---: |');
    const l = report.latenessMs;
    console.log(`| fired − due | ${l.min} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} |`);
    const r = report.engineRssMiB;
    console.log(`engine RSS (MiB): ${r.noDelayPending} with none pending, ${r.allPending} with ${delays.toLocaleString('en-US')} pending, peak ${r.peakWhileFiring} while firing, ${r.end} at the end`);
    console.log(`fired ${report.fired.toLocaleString('en-US')}, failed ${report.failed}, not fired ${report.notFired}; seeded in ${report.seededInS} s`);
    console.log(`claim plan of the due set:\n${plan}`);
    if (report.failed > 0 || report.notFired > 0) process.exitCode = 1;
  } finally {
    sampler.stop();
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
