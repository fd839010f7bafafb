/**
 * The system under test of the local load test: one-node mode (`scripts/src/supervisor.ts`) — the gateway
 * and every service as its own process — on the machine's PostgreSQL and Redis, isolated from anything else
 * running there:
 *
 * - fresh databases `formloom_load_<suffix>_<service>` (the kit creates them), dropped again by `stop()`
 *   unless `keepDatabases`;
 * - an empty Redis logical database (`SELECT n`, 1–15; the streams and consumer groups of other one-node
 *   instances live in their own), which `stop()` empties again (`FLUSHDB`);
 * - free ports (so a running `npm run start:services` on 8080/8101-8103 is not disturbed).
 *
 * Children's output goes to `logFile`. With `cpuProfileDir`, the processes named in `cpuProfile` run with
 * `node --cpu-prof` and write their `.cpuprofile`s to `<cpuProfileDir>/<process>/` when they stop (one file per
 * thread; the main thread's is the largest).
 */
import { databaseNameOf, SERVICES } from '@formloom/contracts/services';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { rowsOf } from '@formloom/kit/db';
import { START_ORDER, startSupervisor, type ProcessName, type ProcessRunner, type Supervisor } from '@formloom/scripts/supervisor';
import type { SqlRunner } from './accounting';
import { freePort } from '@formloom/kit/testing';

/** Options of {@link startTarget}. */
export interface TargetOptions {
  /** PostgreSQL server without a database (default `PG_URL` or postgres://postgres@127.0.0.1:5432). */
  pgUrl: string;
  /** Redis server (default `REDIS_URL` or redis://127.0.0.1:6379); a free logical database is chosen. */
  redisUrl: string;
  /** Level of every child's logs (default `warn`: request logs off, as a loaded production would run). */
  logLevel: string;
  /** Where the children's output is appended. */
  logFile: string;
  /** Variables for every child (on top of this process's environment). */
  env: Record<string, string>;
  /** Variables per process. */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Write `.cpuprofile`s of these processes here (`node --cpu-prof`). */
  cpuProfileDir?: string;
  cpuProfile?: readonly ProcessName[];
  /** Keep the databases after `stop()` (to look at them). */
  keepDatabases?: boolean;
  /** How the children run (the supervisor's `runner`; default `tsx`). `bundle` needs the bundles built. */
  runner?: ProcessRunner;
}

/** The running system under test. */
export interface Target {
  /** The gateway's URL. */
  url: string;
  supervisor: Supervisor;
  /** Queries on flows' and the engine's databases. */
  flowsSql: SqlRunner;
  engineSql: SqlRunner;
  /** The databases and the Redis database used (for the report). */
  databases: string[];
  redisUrl: string;
  /** Stops the processes, then drops the databases and empties the Redis database. Idempotent. */
  stop(): Promise<void>;
}


/** The URL of an empty logical database of the Redis at `redisUrl` (1–15). @throws when none is empty. */
async function emptyRedisDatabase(redisUrl: string): Promise<string> {
  const base = new URL(redisUrl);
  for (let index = 15; index >= 1; index -= 1) {
    base.pathname = `/${index}`;
    const client = new Redis(base.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      if ((await client.dbsize()) === 0) return base.toString();
    } finally {
      client.disconnect();
    }
  }
  throw new Error(`no empty logical database on ${redisUrl} (1-15); flush one you do not need`);
}

/**
 * Empties the logical database at `url` (`FLUSHDB`): the run chose it because it was empty, so everything in it
 * is the run's — its event streams and also the rate limiter's keys (the signup limit's live an hour), which
 * would otherwise keep the database taken and, after 15 runs in an hour, leave none empty.
 */
async function flushRedisDatabase(url: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/** A {@link SqlRunner} on a small pool to `url`; `end()` closes the pool. */
function sqlRunner(url: string): { run: SqlRunner; end(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool });
  return { run: async (query: SQL) => rowsOf(await db.execute(query)), end: () => pool.end() };
}

/** Drops the databases `names` on the server `pgUrl` (terminating their sessions). */
async function dropDatabases(pgUrl: string, names: readonly string[]): Promise<void> {
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts one-node mode for a load test (see the module doc).
 * @throws when a process does not become ready; whatever was created is cleaned up first.
 */
export async function startTarget(options: TargetOptions): Promise<Target> {
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const databasePrefix = `formloom_load_${suffix}_`;
  const redisUrl = await emptyRedisDatabase(options.redisUrl);
  const ports: Partial<Record<ProcessName, number>> = {};
  for (const name of START_ORDER) ports[name] = await freePort();
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const nodeArgs: Partial<Record<ProcessName, string[]>> = {};
  if (options.cpuProfileDir) {
    for (const name of options.cpuProfile ?? []) {
      // One directory per process: each of its threads (tsx's loader thread too) writes its own file there.
      nodeArgs[name] = ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, name)}`];
    }
  }
  const databases = SERVICES.map((service) => databaseNameOf(service, databasePrefix));
  let supervisor: Supervisor;
  try {
    supervisor = await startSupervisor({
      pgUrl: options.pgUrl,
      redisUrl,
      databasePrefix,
      ports,
      logLevel: options.logLevel,
      // One address submits everything: the per-address limit of public submissions is off, and the limits count
      // under a key prefix of this run (the machine's Redis outlives runs).
      env: { ...process.env, ...options.env, RATE_LIMIT_KEY_PREFIX: `formloom:rl:load-${suffix}:` },
      processEnv: { ...options.processEnv, flows: { PUBLIC_SUBMISSIONS_RATE_LIMIT: '0', ...options.processEnv?.flows } },
      nodeArgs,
      runner: options.runner,
      output: (source, line) => log.write(`${source.padEnd(16)} | ${line}\n`),
      stopTimeoutMs: 30_000,
    });
  } catch (error) {
    await dropDatabases(options.pgUrl, databases).catch(() => undefined);
    await flushRedisDatabase(redisUrl).catch(() => undefined);
    log.end();
    throw error;
  }
  const flows = sqlRunner(supervisor.databaseUrls.flows);
  const engine = sqlRunner(supervisor.databaseUrls['workflows-engine']);
  let stopping: Promise<void> | undefined;
  return {
    url: supervisor.url,
    supervisor,
    flowsSql: flows.run,
    engineSql: engine.run,
    databases,
    redisUrl,
    stop: () =>
      (stopping ??= (async () => {
        await Promise.all([flows.end(), engine.end()]);
        await supervisor.stop();
        if (!options.keepDatabases) {
          await dropDatabases(options.pgUrl, databases);
          await flushRedisDatabase(redisUrl);
        }
        await new Promise<void>((resolve) => log.end(resolve));
      })()),
  };
}
