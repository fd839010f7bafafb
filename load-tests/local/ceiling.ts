/**
 * `npm run load:ceiling`: this machine's ceiling, to read the load test's figures against (docs/benchmarks.md).
 *
 * 1. **HTTP**: a bare Fastify upstream (one route answering 201 with a small JSON body, no database), measured
 *    directly and through the real gateway (`buildGateway` from `gateway/src/app.ts`: @fastify/http-proxy,
 *    the header rewriting, the request id — with a route table of one row sending `/public/flows` to the
 *    upstream). Upstream and gateway are separate processes, as in one-node mode; the load generator is the
 *    same as `npm run load:local`'s (undici Pool) in this process: closed loop with CONCURRENCY in flight, directly
 *    and through the gateway, then through the gateway at 1,000 requests/s — each with the CPU milliseconds
 *    the upstream, the gateway and the load generator used per request.
 * 2. **PostgreSQL**: single-row INSERT commits per second with `pgbench` (the machine's PostgreSQL client;
 *    a custom script of one `INSERT … RETURNING` per transaction, prepared statements, `-c` clients, `-j 2`
 *    threads) on a fresh database that is dropped afterwards — at 1 client and at PG_CLIENTS clients.
 *
 * Prints the figures and writes them to `load-tests/local/results/ceiling-<date>.json` and
 * `ceiling-latest.json`.
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | DURATION_S | 10 | seconds per HTTP measurement and per pgbench run |
 * | CONCURRENCY | 64 | requests in flight |
 * | PG_CLIENTS | 16 | pgbench clients of the concurrent run |
 * | PG_URL | postgres://postgres@127.0.0.1:5432 | the server to measure |
 * | CEILING_PARTS | unset | `http`: the HTTP measurements only (no pgbench) |
 * | CPU_PROFILE | unset | `1`: profile the upstream and the gateway (`node --cpu-prof`) into `results/ceiling-profiles/<role>` |
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { staticPrefix } from '@formloom/contracts/api/route-table';
import { SERVICES, type ServiceName } from '@formloom/contracts/services';
import { cpuSecondsBetween, cpuSnapshot } from './cpu';
import { runLoad } from './load';
import { distribution, round1 } from './stats';
import { freePort } from '@formloom/kit/testing';

const RESULTS_DIR = path.join(__dirname, 'results');
const SUBMIT_PATH = pathOf(submitAnswers, { publicIdentifier: 'ceilingForm1' });
const BODY = '{"answers":{"w1":"Load Test","w2":"load@example.com"}}';
/** The arrival rate of the third HTTP measurement (the target rate). */
const RATE_PROBE = 1000;

/** The bare upstream: answers every POST under /public/flows with 201 and a submission-shaped body. */
async function runUpstream(port: number): Promise<void> {
  const app = Fastify({ logger: false });
  app.route({ method: submitAnswers.method, url: submitAnswers.path, handler: async (_request, reply) =>
    reply.code(201).send({ submission: { submissionId: '01a203a8-693c-7449-9f6b-8965e8ca7f12', submissionTime: new Date().toISOString() } }),
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port });
}

/** The real gateway in front of `upstream` for `/public/flows` (other services point there too; unused). */
async function runGateway(port: number, upstream: string): Promise<void> {
  const { buildGateway } = await import('@formloom/gateway/app');
  const app = await buildGateway({
    services: Object.fromEntries(SERVICES.map((service) => [service, upstream])) as Record<ServiceName, string>,
    internalToken: 'ceiling-internal-token-0123456789',
    logger: false,
    routes: [{ prefix: staticPrefix(submitAnswers.path), service: 'flows' }],
  });
  await app.listen({ host: '127.0.0.1', port });
}


/** Starts this file in `role` as a child process and waits until `url`/healthz answers. */
async function startChild(role: string, args: string[], url: string): Promise<ChildProcess> {
  const profile = process.env.CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'ceiling-profiles', role)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', __filename, `--role=${role}`, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${role} did not start`);
}

/**
 * One HTTP measurement: closed loop with `concurrency` in flight (`rate` unset) or at `rate` requests/s, after a
 * 2 s warm-up; with the CPU milliseconds each process used per request (from /proc, 10 ms ticks).
 */
async function measureHttp(origin: string, durationS: number, concurrency: number, pids: Record<string, number | undefined>, rate?: number) {
  await runLoad({ origin, path: SUBMIT_PATH, body: () => BODY, durationS: 2, concurrency, pipelining: 1, rate });
  const before = cpuSnapshot();
  const result = await runLoad({ origin, path: SUBMIT_PATH, body: () => BODY, durationS, concurrency, pipelining: 1, rate });
  const cpu = cpuSecondsBetween(before, cpuSnapshot(), { ...pids, 'load generator': process.pid });
  const perRequest = Object.fromEntries(
    Object.entries(cpu)
      .filter(([name]) => name !== 'others' && name !== 'postgres' && name !== 'redis')
      .map(([name, seconds]) => [name, Math.round((seconds / Math.max(1, result.accepted)) * 1_000_000) / 1000]),
  );
  return {
    mode: rate ? `${rate}/s` : `max, ${concurrency} in flight`,
    requestsPerSecond: round1(result.accepted / result.elapsedS),
    failed: result.failed,
    latencyMs: distribution(result.latencies),
    cpuMsPerRequest: perRequest,
  };
}

/** pgbench single-row insert commits per second on a fresh database. */
function measurePostgres(pgUrl: string, durationS: number, clients: number) {
  console.log(`measuring PostgreSQL single-row insert commits (pgbench, ${durationS} s per run) …`);
  const url = new URL(pgUrl);
  const database = `formloom_ceiling_${Date.now().toString(36)}`;
  const adminUrl = new URL(pgUrl);
  adminUrl.pathname = '/postgres';
  const script = path.join(os.tmpdir(), `${database}.sql`);
  writeFileSync(script, "INSERT INTO ceiling (payload) VALUES ('{\"answers\":{\"w1\":\"Load Test\"}}') RETURNING id;\n");
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username || 'postgres'),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  const psql = (db: string, sqlText: string) => execFileSync('psql', ['-X', '-q', '-d', db, '-c', sqlText], { env });
  psql('postgres', `CREATE DATABASE ${database}`);
  try {
    psql(database, 'CREATE TABLE ceiling (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
    const run = (c: number) => {
      const out = execFileSync(
        'pgbench',
        ['-n', '-M', 'prepared', '-f', script, '-c', String(c), '-j', String(Math.min(2, c)), '-T', String(durationS), database],
        { env, encoding: 'utf8' },
      );
      const tps = /tps = ([\d.]+)/.exec(out)?.[1];
      const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
      return { clients: c, commitsPerSecond: tps ? round1(Number(tps)) : null, latencyAverageMs: latency ? Number(latency) : null };
    };
    const settings = execFileSync('psql', ['-X', '-A', '-t', '-d', database, '-c', 'SHOW synchronous_commit'], { env, encoding: 'utf8' }).trim();
    const fsync = execFileSync('psql', ['-X', '-A', '-t', '-d', database, '-c', 'SHOW fsync'], { env, encoding: 'utf8' }).trim();
    const version = execFileSync('psql', ['-X', '-A', '-t', '-d', database, '-c', 'SHOW server_version'], { env, encoding: 'utf8' }).trim();
    return { tool: 'pgbench', server: version, synchronousCommit: settings, fsync, single: run(1), concurrent: run(clients) };
  } finally {
    psql('postgres', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  const durationS = Number(process.env.DURATION_S || 10);
  const concurrency = Number(process.env.CONCURRENCY || 64);
  const pgClients = Number(process.env.PG_CLIENTS || 16);
  const pgUrl = process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432';
  const upstreamPort = await freePort();
  const gatewayPort = await freePort();
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const children: ChildProcess[] = [];
  try {
    const upstream = await startChild('upstream', [`--port=${upstreamPort}`], upstreamUrl);
    children.push(upstream);
    const gateway = await startChild('gateway', [`--port=${gatewayPort}`, `--upstream=${upstreamUrl}`], gatewayUrl);
    children.push(gateway);
    const pids = { upstream: upstream.pid, gateway: gateway.pid };
    console.log(`measuring the bare upstream for ${durationS} s …`);
    const direct = await measureHttp(upstreamUrl, durationS, concurrency, pids);
    console.log(`measuring the gateway → upstream for ${durationS} s …`);
    const throughGateway = await measureHttp(gatewayUrl, durationS, concurrency, pids);
    console.log(`measuring the gateway → upstream at ${RATE_PROBE}/s for ${durationS} s …`);
    const throughGatewayAtRate = await measureHttp(gatewayUrl, durationS, concurrency, pids, RATE_PROBE);
    for (const child of children.splice(0)) child.kill('SIGTERM');
    const postgres = process.env.CEILING_PARTS === 'http' ? null : measurePostgres(pgUrl, durationS, pgClients);
    const report = {
      date: new Date().toISOString(),
      command: 'npm run load:ceiling',
      machine: {
        cores: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: round1(os.totalmem() / 1024 ** 3),
        node: process.version,
      },
      settings: { durationS, concurrency },
      http: { direct, throughGateway, throughGatewayAtRate },
      postgres,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(RESULTS_DIR, { recursive: true });
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, `ceiling-${report.date.replace(/[:.]/g, '-')}.json`), json);
    writeFileSync(path.join(RESULTS_DIR, 'ceiling-latest.json'), json);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const role = arg('role');
// Children exit normally on SIGTERM, so that `NODE_OPTIONS=--cpu-prof` writes their profiles.
if (role) process.once('SIGTERM', () => process.exit(0));
if (role === 'upstream') {
  void runUpstream(Number(arg('port')));
} else if (role === 'gateway') {
  void runGateway(Number(arg('port')), arg('upstream') ?? '');
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
