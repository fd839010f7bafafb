/**
 * What the container images run (deploy/helm/formloom/README.md): each process's production bundle — `src/main.ts` bundled by
 * `scripts/src/build-service.ts` with our workspace packages inside and third-party packages left to
 * `node_modules` — starts with `node --enable-source-maps` and answers `/healthz` and `/readyz`; a service
 * bundle with `MIGRATE_ONLY=true` (the chart's migrations Job) applies its migrations and exits 0.
 *
 * The bundles are written under `<package>/dist/test-<pid>/` (so they resolve `node_modules` as the images do)
 * and removed afterwards; every process started here is stopped in `afterAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { SERVICES, serviceUrlVariable } from '@formloom/contracts/services';
import { buildService } from '@formloom/scripts/build-service';
import { runMigrations } from '@formloom/kit/main';
import { definition as workspacesAuth } from '@formloom/workspaces-auth/app';
import { waitFor } from '@formloom/scripts/wait-for';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const OUT_DIR = `test-${process.pid}`;

const children = new Set<ChildProcess>();

/** A started bundle: its output so far and a promise of its exit code. */
interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(bundle: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: path.dirname(path.dirname(path.dirname(bundle))),
    // Only what the image would have: no NODE_OPTIONS from npm (.npmrc), no jest variables.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** The URL the process logged once listening. */
async function listeningUrl(started: Started): Promise<string> {
  return waitFor(
    () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(started.output());
      if (!match && started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
      return match?.[1];
    },
    { timeoutMs: 30_000, description: 'the listening log line' },
  );
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

const bundles = new Map<string, string>();

beforeAll(async () => {
  for (const dir of ['services/workspaces-auth', 'services/flows', 'services/workflows-engine', 'gateway']) {
    const outfile = path.join(REPO, dir, 'dist', OUT_DIR, 'main.js');
    await buildService(path.join(REPO, dir), { outfile });
    bundles.set(dir, outfile);
  }
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const bundle of bundles.values()) rmSync(path.dirname(bundle), { recursive: true, force: true });
});

describe('production bundles', () => {
  it.each(['services/workspaces-auth', 'services/flows', 'services/workflows-engine'])(
    '%s starts on its own, answers /healthz and /readyz, and stops on SIGTERM',
    async (dir) => {
      const started = start(bundles.get(dir) ?? '', { DATABASE_URL: 'memory://' });
      const url = await listeningUrl(started);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ status: 'ready' });
      expect(await stop(started)).toBe(0);
    },
    45_000,
  );

  it('the gateway starts with its service URLs and reports its upstreams down', async () => {
    const started = start(bundles.get('gateway') ?? '', {
      ...Object.fromEntries(SERVICES.map((service) => [serviceUrlVariable(service), 'http://127.0.0.1:9'])),
      INTERNAL_TOKEN: 'bundle-test-internal-token',
    });
    const url = await listeningUrl(started);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect(await stop(started)).toBe(0);
  });

  it('a service with MIGRATE_ONLY=true applies its migrations and exits 0 without listening', async () => {
    // Every service whose main.ts calls the kit's runService behaves so; flows stands for them.
    const started = start(bundles.get('services/flows') ?? '', { DATABASE_URL: 'memory://', MIGRATE_ONLY: 'true' });
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"migrations applied"');
    expect(started.output()).toContain('kit_0001_outbox_inbox');
    expect(started.output()).not.toContain('listening');
  });
});

describe('runMigrations (what MIGRATE_ONLY runs)', () => {
  it('applies a service definition\'s migrations once, then none', async () => {
    const dataDir = path.join(REPO, 'services', 'workspaces-auth', 'dist', OUT_DIR, 'data');
    const env = { DATA_DIR: dataDir };
    const first = await runMigrations(workspacesAuth, env);
    expect(first).toEqual(expect.arrayContaining(['kit_0001_outbox_inbox']));
    expect(first.length).toBeGreaterThan(1);
    expect(await runMigrations(workspacesAuth, env)).toEqual([]);
  });
});
