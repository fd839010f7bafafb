/**
 * Throw-away Redis and PostgreSQL servers for the fault system tests (docs/architecture.md §11): each on a spare loopback
 * port with its data in its own temporary directory, so a test can stop and start them without touching the
 * machine's shared servers.
 *
 * - Redis: `redis-server --port <spare> --bind 127.0.0.1 --save "" --appendonly no --dir <tmp>`, a direct
 *   child of this process. `stop()` is `SHUTDOWN SAVE`: the server writes its data set to `<tmp>/dump.rdb`
 *   and exits, and `start()` loads it again — a broker restart that keeps its streams and consumer groups
 *   (a Redis that loses its data on a restart would lose the events it held; production runs Redis with AOF).
 * - PostgreSQL: a cluster made with `initdb -U postgres --auth=trust` (as the `postgres` OS user when this
 *   process runs as root: initdb refuses root), started with `pg_ctl -o "-p <spare> -k <tmp>"` (TCP on
 *   127.0.0.1 and a socket in its own directory); `stop()` is `pg_ctl stop -m immediate` (a crash: clients
 *   lose their connections at once, the next start replays the WAL); `start()` starts it again.
 *
 * Each server lives in a directory under the caller's `parentDir` (a test run's directory, see `run.ts`,
 * whose reaper cleans up after a run that ended early). `cleanup()` (call it in `afterAll`) stops the server
 * and deletes its directory. Only the processes started here are signalled (the Redis child's pid, the
 * cluster's `postmaster.pid`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@formloom/kit/testing';
import { START_ORDER, type ProcessName } from '../src/supervisor';

/** A TCP port on 127.0.0.1 nothing listens on right now (the kit's test helper). */
export { freePort };

/** True while a process with `pid` exists (signal 0). */
export function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `count` distinct spare ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** A distinct spare port for every process of one-node mode (the manifest's, `START_ORDER`), by name. */
export async function freeProcessPorts(): Promise<Record<ProcessName, number>> {
  const ports = await freePorts(START_ORDER.length);
  return Object.fromEntries(START_ORDER.map((name, index) => [name, ports[index]])) as Record<ProcessName, number>;
}

/** A server a fault test can stop and start again, and removes at the end. */
export interface ThrowawayServer {
  readonly url: string;
  readonly port: number;
  /** The running server's pid; undefined while stopped. */
  readonly pid: number | undefined;
  /** Stops it (how: see each server). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and deletes its directory. Idempotent. */
  cleanup(): Promise<void>;
}

/**
 * A throw-away Redis (see the module doc): `stop()` is `SHUTDOWN SAVE` and waits for the exit (the data set is
 * kept for `start()`); `cleanup()` kills it (SIGKILL).
 */
export type ThrowawayRedis = ThrowawayServer;

/** Options of the throw-away servers. */
export interface ThrowawayOptions {
  /** The directory the server's own directory is made in (it must exist). */
  parentDir: string;
  /** The server's environment (default `process.env`); the run's marker goes here (see `run.ts`). */
  env?: Record<string, string | undefined>;
}

/** Starts a throw-away Redis on a spare port. @throws when `redis-server` is missing or does not start. */
export async function startThrowawayRedis(options: ThrowawayOptions): Promise<ThrowawayRedis> {
  const dir = path.join(options.parentDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const killNow = (): void => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const removeDir = (): void => rmSync(dir, { recursive: true, force: true });
  const exitCleanup = (): void => {
    killNow();
    removeDir();
  };

  const start = async (): Promise<void> => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir,
        '--dbfilename', 'dump.rdb', '--pidfile', path.join(dir, 'redis.pid'), '--logfile', '', '--loglevel', 'notice'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env },
    );
    child = server;
    exited = new Promise((resolve) => server.once('exit', () => resolve()));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
      server.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${String(code)}:\n${output}`));
      });
    });
    // Keep draining its output so it never blocks on a full pipe.
    server.stdout?.resume();
    server.stderr?.resume();
  };

  const stop = async (): Promise<void> => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await sendCommand(port, ['SHUTDOWN', 'SAVE']).catch(() => undefined);
    const timeout = new AbortController();
    const gone = await Promise.race([
      exited.then(() => true),
      sleep(15_000, false, { signal: timeout.signal }).catch(() => true),
    ]);
    timeout.abort();
    if (!gone) {
      killNow();
      await exited;
    }
  };

  await start().catch((error: unknown) => {
    exitCleanup();
    throw error;
  });
  let cleaned: Promise<void> | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    stop,
    start,
    cleanup: () =>
      (cleaned ??= (async () => {
        killNow();
        await exited;
        removeDir();
      })()),
  };
}

/** Sends one command in RESP to Redis on 127.0.0.1:`port` and resolves with the first reply chunk (or on close). */
function sendCommand(port: number, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('Redis did not answer')));
    socket.once('connect', () => {
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      socket.end();
    });
    socket.once('close', () => resolve(reply));
    socket.once('error', reject);
  });
}

/**
 * A throw-away PostgreSQL cluster (see the module doc): `url` is `postgres://postgres@127.0.0.1:<port>` (no
 * database: the supervisor appends one per service), `pid` the postmaster's, `stop()` is
 * `pg_ctl stop -m immediate` (a crash), `start()` is `pg_ctl start`.
 */
export type ThrowawayPostgres = ThrowawayServer;

/** The directory of the PostgreSQL server binaries (`initdb`, `pg_ctl`): the newest under /usr/lib/postgresql, else PATH. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Runs a PostgreSQL binary (as the `postgres` OS user when this process is root); throws on failure. */
function runPg(
  binDir: string | undefined,
  tool: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): string {
  const binary = binDir ? path.join(binDir, tool) : tool;
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: timeoutMs, cwd: os.tmpdir(), env });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} failed (${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * Creates and starts a throw-away PostgreSQL cluster on a spare port.
 * @throws when the binaries are missing, or initdb or the start fails (whatever was created is removed).
 */
export async function startThrowawayPostgres(options: ThrowawayOptions): Promise<ThrowawayPostgres> {
  const binDir = postgresBinDir();
  const env = options.env ?? process.env;
  const dir = path.join(options.parentDir, 'postgres');
  mkdirSync(dir, { recursive: true });
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('no `postgres` OS user to run initdb as');
    chownSync(dir, uid, gid);
  }

  const postmasterPid = (): number | undefined => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const exitCleanup = (): void => {
    const pid = postmasterPid();
    // SIGQUIT = immediate shutdown of this cluster's postmaster (and its backends).
    if (isRunning(pid) && pid !== undefined) process.kill(pid, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };

  const start = async (): Promise<void> => {
    runPg(binDir, 'pg_ctl', [
      'start', '-w', '-t', '60', '-D', dataDir, '-l', logFile,
      // fsync off: a process crash loses nothing committed (commits still reach the OS); only a machine crash would.
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    ], env);
  };
  const stop = async (): Promise<void> => {
    if (!isRunning(postmasterPid())) return;
    runPg(binDir, 'pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', dataDir], env);
  };

  try {
    runPg(binDir, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--no-instructions'], env, 120_000);
    await start();
  } catch (error) {
    exitCleanup();
    throw error;
  }
  let cleaned: Promise<void> | undefined;
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    get pid() {
      const pid = postmasterPid();
      return isRunning(pid) ? pid : undefined;
    },
    stop,
    start,
    cleanup: () =>
      (cleaned ??= (async () => {
        await stop().catch(() => undefined);
        exitCleanup();
      })()),
  };
}
