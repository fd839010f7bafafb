/**
 * Faults (docs/architecture.md §11), against one-node mode (`startSupervisor`: every service its own process) on a
 * throw-away Redis and PostgreSQL (`servers.ts`), with a published form and an active email workflow (mail
 * log, no SMTP) per test:
 * - kill -9 of the workflows-engine during a load: every submission gets exactly one completed run and exactly
 *   one email;
 * - kill -9 of the workflows-engine while every run waits in a delay step: each run completes once, one email each;
 * - kill -9 of the workflows-engine while runs wait for an approval (the gallery's `approve_or_reject`), and again right
 *   after the decisions (each made twice at once through the gateway: one 200, one 409): every run completes once, along
 *   the approved state, with one approval email and one email to the respondent;
 * - Redis stopped for 10 s during a load: submissions are still accepted (the outbox holds their events) and
 *   every run completes once Redis is back;
 * - PostgreSQL restarted (crashed: `pg_ctl stop -m immediate`) during a load: the services turn not ready,
 *   recover by themselves, and lose nothing they acknowledged.
 * Each test ends by counting rows in the services' databases (`countOutcome`), not by reading logs.
 *
 * `SYSTEM_TEST_LOG_DIR=<dir>` keeps the services' output there (`services.log`); `SYSTEM_TEST_LOG_LEVEL`
 * sets their level (default `warn`).
 */
import { copyFileSync, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SERVICES } from '@formloom/contracts/services';
import { startSupervisor, type ProcessName, type Supervisor } from '../src/supervisor';
import { waitFor } from '../src/wait-for';
import { decideApproval } from '@formloom/contracts/api/workflows-engine/approvals';
import { listMail, type MailMessage } from '@formloom/contracts/api/workflows-engine/mail';
import { listWorkflowRuns } from '@formloom/contracts/api/workflows-engine/runs';
import { countApprovalOutcome, countDelayOutcome, countOutcome, Owner, statusCounts, submitLoad, type Outcome, type PublishedForm } from './product';
import { startRun, type SystemTestRun } from './run';
import { freeProcessPorts, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from './servers';

/** Submissions per load. */
const LOAD = 2_000;

let run: SystemTestRun | undefined;
let redis: ThrowawayRedis | undefined;
let postgres: ThrowawayPostgres | undefined;
let supervisor: Supervisor | undefined;
let logFile: WriteStream | undefined;
let owner: Owner;
/** The workflows email one fixed address (the mail log: no SMTP). */
const FIXED_RECIPIENT = { fallbackRecipients: ['owner@example.com'] };
/** What each test observed, printed at the end. */
const observed: Record<string, unknown> = {};

/** The running supervisor (beforeAll started it). */
function product(): Supervisor {
  if (!supervisor) throw new Error('one-node mode did not start');
  return supervisor;
}

/** A supervised process by name. */
function processOf(name: ProcessName) {
  const child = product().processes.get(name);
  if (!child) throw new Error(`no process ${name}`);
  return child;
}

/** The status of `GET <service>/readyz`; 0 when it does not answer. */
async function readiness(name: ProcessName): Promise<number> {
  try {
    const response = await fetch(`${processOf(name).url}/readyz`, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Unpublished rows in the outbox of a service's database. */
async function outboxBacklog(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Waits until every stored submission of `form` has its one completed run and email; resolves the counts. */
async function waitForCompletion(form: PublishedForm, acknowledged: readonly string[], expected?: number): Promise<Outcome> {
  let last: Outcome | undefined;
  await waitFor(
    async () => {
      last = await countOutcome(product().databaseUrls, form, acknowledged);
      const target = expected ?? last.submissions;
      return last.complete >= target && last.submissions >= target;
    },
    { timeoutMs: 180_000, intervalMs: 1_000, description: 'every submission to have its completed run and email' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\nlast counts: ${JSON.stringify(last)}`);
  });
  if (!last) throw new Error('no counts');
  return last;
}

beforeAll(async () => {
  run = startRun();
  const logLevel = process.env.SYSTEM_TEST_LOG_LEVEL ?? 'warn';
  const stream = createWriteStream(path.join(run.dir, 'services.log'));
  logFile = stream;
  [redis, postgres] = await Promise.all([
    startThrowawayRedis({ parentDir: run.dir, env: run.env }),
    startThrowawayPostgres({ parentDir: run.dir, env: run.env }),
  ]);
  // The services' own settings that would send real mail or telemetry elsewhere are left out.
  const { SMTP_URL: _smtp, OTEL_EXPORTER_OTLP_ENDPOINT: _otel, ...env } = run.env;
  supervisor = await startSupervisor({
    pgUrl: postgres.url,
    redisUrl: redis.url,
    ports: await freeProcessPorts(),
    logLevel,
    env,
    processEnv: {
      // A run claimed by the killed engine is taken back after 5 s instead of 60 s; the approvals' decisions come from
      // one address.
      'workflows-engine': { RUN_LEASE_MS: '5000', APPROVAL_PUBLIC_RATE_LIMIT: '0' },
      // The load comes from one address.
      flows: { PUBLIC_SUBMISSIONS_RATE_LIMIT: '0' },
    },
    restartDelayMs: { initial: 500, max: 5_000 },
    output: (source, line) => stream.write(`${source.padEnd(16)} | ${line}\n`),
  });
  owner = await Owner.signUp(supervisor.url, 'faults@example.com');
}, 240_000);

afterAll(async () => {
  await supervisor?.stop().catch(() => undefined);
  await Promise.all([redis?.cleanup(), postgres?.cleanup()].map((p) => p?.catch(() => undefined)));
  if (logFile) await new Promise<void>((resolve) => logFile?.end(() => resolve()));
  const keep = process.env.SYSTEM_TEST_LOG_DIR;
  if (keep && run) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(path.join(run.dir, 'services.log'), path.join(keep, 'services.log'));
  }
  run?.finish();
  console.info(`fault suite observations:\n${JSON.stringify(observed, null, 2)}`);
}, 120_000);

/** The state id of the 'Approved' button whose link carries `token`, read from the approval email holding it. */
function approvalStateId(messages: readonly MailMessage[], token: string): string {
  const link = messages.map((message) => /Approved: (\S+)/.exec(message.text)?.[1] ?? '').find((candidate) => candidate.includes(token)) ?? '';
  return new URLSearchParams(new URL(link).hash.slice(1)).get('state') ?? '';
}

/** The outcome of a load of `count` submissions where nothing was lost or doubled: one run and one email each. */
function everyRunExactlyOnce(count: number): Outcome {
  return {
    submissions: count,
    runs: { succeeded: count },
    complete: count,
    lost: 0,
    duplicated: 0,
    emails: count,
    acknowledgedMissing: 0,
  };
}

describe('one-node mode under faults', () => {
  it('kill -9 of the workflows-engine during a load: each submission gets exactly one completed run and one email', async () => {
    const form = await owner.publishFormWithEmailWorkflow('Kill -9', FIXED_RECIPIENT);
    const engine = processOf('workflows-engine');
    const firstPid = engine.pid;
    const load = submitLoad(product().url, form, { count: LOAD, concurrency: 16 });
    await waitFor(() => load.accepted() >= LOAD / 4, { timeoutMs: 120_000, description: 'a quarter of the load accepted' });

    const atKill = await countOutcome(product().databaseUrls, form);
    engine.kill('SIGKILL');
    const results = await load.done;
    await engine.waitUntilReady(60_000);
    expect(engine.pid).not.toBe(firstPid);
    expect(engine.restarts).toBeGreaterThanOrEqual(1);

    expect(statusCounts(results)).toEqual({ 201: LOAD });
    const acknowledged = results.flatMap((r) => (r.submissionId ? [r.submissionId] : []));
    const outcome = await waitForCompletion(form, acknowledged, LOAD);
    observed.kill = { atKill: { submissions: atKill.submissions, runs: atKill.runs, emails: atKill.emails }, outcome };
    expect(outcome).toEqual(everyRunExactlyOnce(LOAD));
  });

  it('kill -9 of the workflows-engine during an approval wait: each run completes once after the decision', async () => {
    const form = await owner.publishFormWithApprovalWorkflow('Approval wait');
    const count = 40;
    const engineDb = product().databaseUrls['workflows-engine'];
    const results = await submitLoad(product().url, form, { count, concurrency: 4 }).done;
    expect(statusCounts(results)).toEqual({ 201: count });
    await waitFor(async () => (await countApprovalOutcome(engineDb, form.workflowId)).waiting === count, {
      timeoutMs: 120_000,
      description: 'every run to wait for its approval',
    });

    // The engine dies while every run waits for a decision.
    const engine = processOf('workflows-engine');
    engine.kill('SIGKILL');
    await engine.waitUntilReady(60_000);
    const atRestart = await countApprovalOutcome(engineDb, form.workflowId);

    // The approver's links, from the mail log (through the gateway, as the owner); each decided twice at once.
    const runs = await owner.call(listWorkflowRuns, { params: { id: form.workflowId }, query: { limit: 1000 } });
    const runIds = new Set(runs.runs.map((run) => run.id));
    const { messages } = await owner.call(listMail, { query: { limit: 1000 } });
    const tokens = messages
      .filter((message) => message.workflowRunId !== null && runIds.has(message.workflowRunId))
      .flatMap((message) => {
        const link = /Approved: (\S+)/.exec(message.text)?.[1];
        return link ? [new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? ''] : [];
      });
    expect(tokens).toHaveLength(count);
    const approver = Owner.anonymous(product().url);
    const answers = await Promise.all(
      tokens.flatMap((token) => [0, 1].map(() => approver.send(decideApproval, { body: { token, stateId: approvalStateId(messages, token) } }))),
    );
    // And dies again right after the decisions, before it resumed every run.
    engine.kill('SIGKILL');
    await engine.waitUntilReady(60_000);

    let outcome = atRestart;
    await waitFor(
      async () => {
        outcome = await countApprovalOutcome(engineDb, form.workflowId);
        return (outcome.runs.succeeded ?? 0) >= count;
      },
      { timeoutMs: 180_000, intervalMs: 1_000, description: 'every approved run to finish' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\nlast counts: ${JSON.stringify(outcome)}`);
    });
    const decided: Record<number, number> = {};
    for (const { status } of answers) decided[status] = (decided[status] ?? 0) + 1;
    observed.approvals = { atRestart, decided, outcome };
    expect(atRestart.waiting).toBe(count);
    expect(decided).toEqual({ 200: count, 409: count });
    expect(outcome).toEqual({ runs: { succeeded: count }, waiting: 0, completeOnce: count, duplicated: 0, emails: 2 * count });
  });

  it('kill -9 of the workflows-engine during a delay: each run completes once after its wait', async () => {
    // A 20-second delay: every run is waiting when the engine dies, and comes due while it is down or restarting.
    const form = await owner.publishFormWithDelayWorkflow('Delay wait', 1 / 3, ['owner@example.com']);
    const count = 100;
    const engineDb = product().databaseUrls['workflows-engine'];
    const results = await submitLoad(product().url, form, { count, concurrency: 8 }).done;
    expect(statusCounts(results)).toEqual({ 201: count });
    await waitFor(async () => (await countDelayOutcome(engineDb, form.workflowId)).waiting === count, {
      timeoutMs: 60_000,
      description: 'every run to wait in its delay',
    });
    const engine = processOf('workflows-engine');
    engine.kill('SIGKILL');
    const atKill = await countDelayOutcome(engineDb, form.workflowId);
    await engine.waitUntilReady(60_000);

    let outcome = atKill;
    await waitFor(
      async () => {
        outcome = await countDelayOutcome(engineDb, form.workflowId);
        return (outcome.runs.succeeded ?? 0) >= count;
      },
      { timeoutMs: 180_000, intervalMs: 1_000, description: 'every delayed run to finish' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\nlast counts: ${JSON.stringify(outcome)}`);
    });
    observed.delays = { atKill, outcome };
    expect(atKill.waiting).toBe(count);
    expect(outcome).toEqual({ runs: { succeeded: count }, waiting: 0, completeOnce: count, duplicated: 0, emails: count });
  });

  it('Redis stopped for 10 s during a load: submissions are accepted meanwhile and every run completes after', async () => {
    if (!redis) throw new Error('no Redis');
    const form = await owner.publishFormWithEmailWorkflow('Redis outage', FIXED_RECIPIENT);
    // ~100 submissions/s: the load lasts about 20 s, across the outage.
    const load = submitLoad(product().url, form, { count: LOAD, concurrency: 16, perSecond: 100 });
    await waitFor(() => load.accepted() >= 300, { timeoutMs: 60_000, description: '300 submissions accepted' });

    const stoppedAt = Date.now();
    const acceptedBefore = load.accepted();
    await redis.stop();
    for (const name of SERVICES) {
      await waitFor(async () => (await readiness(name)) === 503, { timeoutMs: 8_000, description: `${name} not ready` });
    }
    await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    const acceptedWhileDown = load.accepted() - acceptedBefore;
    const backlogWhileDown = await outboxBacklog(product().databaseUrls.flows);
    await redis.start();
    const downMs = Date.now() - stoppedAt;

    const results = await load.done;
    expect(statusCounts(results)).toEqual({ 201: LOAD });
    expect(acceptedWhileDown).toBeGreaterThan(500);
    expect(backlogWhileDown).toBeGreaterThan(0);
    for (const name of SERVICES) {
      await waitFor(async () => (await readiness(name)) === 200, { timeoutMs: 30_000, description: `${name} ready again` });
    }
    const acknowledged = results.flatMap((r) => (r.submissionId ? [r.submissionId] : []));
    const outcome = await waitForCompletion(form, acknowledged, LOAD);
    observed.redis = { downMs, acceptedWhileDown, outboxBacklogWhileDown: backlogWhileDown, outcome };
    expect(outcome).toEqual(everyRunExactlyOnce(LOAD));
  });

  it('PostgreSQL restarted during a load: services turn not ready, recover by themselves, and lose nothing acknowledged', async () => {
    if (!postgres) throw new Error('no PostgreSQL');
    const form = await owner.publishFormWithEmailWorkflow('PostgreSQL restart', FIXED_RECIPIENT);
    const count = 1_000;
    const load = submitLoad(product().url, form, { count, concurrency: 8, perSecond: 60 });
    await waitFor(() => load.accepted() >= 200, { timeoutMs: 60_000, description: '200 submissions accepted' });

    const stoppedAt = Date.now();
    await postgres.stop();
    for (const name of SERVICES) {
      await waitFor(async () => (await readiness(name)) === 503, { timeoutMs: 15_000, description: `${name} not ready` });
    }
    await sleep(Math.max(0, 5_000 - (Date.now() - stoppedAt)));
    await postgres.start();
    const restartedAt = Date.now();
    for (const name of SERVICES) {
      await waitFor(async () => (await readiness(name)) === 200, { timeoutMs: 60_000, description: `${name} ready again` });
    }
    const recoveredMs = Date.now() - restartedAt;

    const results = await load.done;
    const statuses = statusCounts(results);
    const acknowledged = results.flatMap((r) => (r.status === 201 && r.submissionId ? [r.submissionId] : []));
    // Accepted after the restart too: the services reconnected by themselves.
    const acceptedAfter = results.filter((r) => r.status === 201 && load.startedAt + r.atMs > restartedAt);
    expect(acknowledged.length).toBeGreaterThan(200);
    const outcome = await waitForCompletion(form, acknowledged);
    observed.postgres = { downMs: restartedAt - stoppedAt, recoveredMs, statuses, outcome };
    expect(acceptedAfter.length).toBeGreaterThan(0);
    expect(outcome.acknowledgedMissing).toBe(0);
    expect(outcome.submissions).toBeGreaterThanOrEqual(acknowledged.length);
    expect(outcome).toMatchObject({ lost: 0, duplicated: 0, complete: outcome.submissions, emails: outcome.submissions });
    expect(outcome.runs).toEqual({ succeeded: outcome.submissions });
  });
});
