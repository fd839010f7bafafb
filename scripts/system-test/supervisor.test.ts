/**
 * The one-node supervisor as an operator sees it (`startSupervisor`, the code behind
 * `npm run start:services`), on a throw-away Redis and PostgreSQL: every process on its own, each service with
 * its own database, a dead child started again by itself, a restart on demand, a clean stop, and a refusal to
 * start on a port that is taken.
 */
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { SERVICES, databaseNameOf } from '@formloom/contracts/services';
import { START_ORDER, startSupervisor, type ProcessName, type Supervisor } from '../src/supervisor';
import { waitFor } from '../src/wait-for';
import { startRun, type SystemTestRun } from './run';
import { freeProcessPorts, isRunning, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from './servers';

let run: SystemTestRun | undefined;
let redis: ThrowawayRedis | undefined;
let postgres: ThrowawayPostgres | undefined;
let supervisor: Supervisor | undefined;
const lines: string[] = [];

beforeAll(async () => {
  run = startRun();
  [redis, postgres] = await Promise.all([
    startThrowawayRedis({ parentDir: run.dir, env: run.env }),
    startThrowawayPostgres({ parentDir: run.dir, env: run.env }),
  ]);
}, 120_000);

afterAll(async () => {
  await supervisor?.stop().catch(() => undefined);
  await Promise.all([redis?.cleanup(), postgres?.cleanup()].map((p) => p?.catch(() => undefined)));
  run?.finish();
}, 60_000);

/** Options for a supervisor on the run's servers and spare ports (one per process of the manifest). */
async function options(ports?: Record<ProcessName, number>) {
  if (!run || !redis || !postgres) throw new Error('servers did not start');
  return {
    pgUrl: postgres.url,
    redisUrl: redis.url,
    ports: ports ?? (await freeProcessPorts()),
    logLevel: 'warn',
    env: run.env,
    restartDelayMs: { initial: 200, max: 2_000 },
    output: (source: string, line: string) => void lines.push(`${source} | ${line}`),
  };
}


describe('the one-node supervisor', () => {
  it('refuses to start on a port that is taken, naming it, before starting anything', async () => {
    const ports = await freeProcessPorts();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(ports.flows, '127.0.0.1', () => resolve()));
    try {
      await expect(startSupervisor(await options(ports))).rejects.toThrow(`flows: port ${ports.flows} on 127.0.0.1 is not available`);
      expect(lines.filter((line) => line.includes(' started (pid'))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });

  it('runs each part as its own process with its own database, restarts what dies, and stops everything', async () => {
    supervisor = await startSupervisor(await options());
    const product = supervisor;
    const pids = [...product.processes.values()].map((child) => child.pid);
    expect([...product.processes.keys()]).toEqual(START_ORDER);
    expect(new Set(pids).size).toBe(START_ORDER.length);
    expect(pids.every((pid) => pid !== process.pid && isRunning(pid))).toBe(true);
    expect((await fetch(`${product.url}/readyz`)).status).toBe(200);

    // One database per service, each holding its own tables only.
    const admin = new pg.Client({ connectionString: `${postgres?.url}/postgres` });
    await admin.connect();
    try {
      const databases = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'formloom_%' ORDER BY datname`,
      );
      expect(databases.rows.map((row) => row.datname).sort()).toEqual(SERVICES.map((service) => databaseNameOf(service)).sort());
    } finally {
      await admin.end();
    }
    const tablesOf = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
        );
        return result.rows.map((row) => row.table_name);
      } finally {
        await client.end();
      }
    };
    expect(await tablesOf(product.databaseUrls.flows)).toEqual(expect.arrayContaining(['submissions', 'outbox', 'inbox']));
    expect(await tablesOf(product.databaseUrls['workflows-engine'])).toEqual(
      expect.arrayContaining(['workflow_runs', 'mail_messages']),
    );
    expect(await tablesOf(product.databaseUrls['workflows-engine'])).not.toContain('submissions');

    // A child that dies is started again by itself; the others keep running.
    const flows = product.processes.get('flows');
    const auth = product.processes.get('workspaces-auth');
    if (!flows || !auth) throw new Error('missing processes');
    const flowsPid = flows.pid;
    const authPid = auth.pid;
    flows.kill('SIGKILL');
    await flows.waitUntilReady(60_000);
    expect(flows.pid).not.toBe(flowsPid);
    expect(flows.restarts).toBe(1);
    expect(auth.pid).toBe(authPid);
    await waitFor(async () => (await fetch(`${product.url}/readyz`)).status === 200, { description: 'gateway ready' });

    // A restart on demand: graceful stop, then a new process, ready when it resolves.
    await auth.restart();
    expect(auth.pid).not.toBe(authPid);
    expect(isRunning(authPid)).toBe(false);
    expect((await fetch(`${auth.url}/readyz`)).status).toBe(200);

    const running = [...product.processes.values()].map((child) => child.pid);
    await product.stop();
    expect(running.filter(isRunning)).toEqual([]);
    expect([...product.processes.values()].map((child) => child.pid).filter(isRunning)).toEqual([]);
  });
});
