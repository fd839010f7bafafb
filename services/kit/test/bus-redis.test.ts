/**
 * The Redis Streams bus against the event bus contract, on the machine's Redis (`REDIS_URL`, default
 * redis://127.0.0.1:6379), each test under its own key prefix `test:<uuid>:` deleted afterwards; plus its
 * Redis-specific behaviours (layout, dead letters, outages). The restart test runs its own redis-server.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { v4 as uuidv4 } from 'uuid';
import { RedisStreamsBus } from '../src/bus/redis-streams';
import type { RedisStreamsBusOptions } from '../src/bus/redis-streams';
import type { EventBus } from '../src/bus/types';
import { describeBusContract, makeEvent, sleep, waitFor } from './bus-contract';
import { freePort } from '../src/testing';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Short timings so retries and take-overs happen within a test. */
const FAST: Omit<RedisStreamsBusOptions, 'url'> = {
  claimIdleMs: 200,
  retryInitialMs: 20,
  retryMaxMs: 200,
  blockMs: 1_000,
};

let admin: Redis;

beforeAll(() => {
  admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await admin.quit();
});

/** Deletes every key under `prefix`. */
async function deleteKeys(prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await admin.del(...keys);
  } while (cursor !== '0');
}

/** A fresh prefix, and buses on it that are all closed (and the keys deleted) by `cleanup`. */
function namespace(extra: Partial<RedisStreamsBusOptions> = {}): {
  prefix: string;
  open: () => RedisStreamsBus;
  cleanup: () => Promise<void>;
} {
  const prefix = `test:${uuidv4()}:`;
  const buses: RedisStreamsBus[] = [];
  return {
    prefix,
    open: () => {
      const bus = new RedisStreamsBus({ url: REDIS_URL, streamPrefix: prefix, ...FAST, ...extra });
      buses.push(bus);
      return bus;
    },
    cleanup: async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteKeys(prefix);
    },
  };
}

describeBusContract(
  'redis streams',
  async () => {
    const ns = namespace();
    return { bus: ns.open(), peer: async () => ns.open(), cleanup: ns.cleanup };
  },
  {
    deliversEventsPublishedBeforeSubscribe: true,
    crash: async (bus: EventBus) => {
      if (!(bus instanceof RedisStreamsBus)) throw new Error('not a RedisStreamsBus');
      await bus.destroy();
    },
    settleMs: 500,
  },
);

describe('RedisStreamsBus', () => {
  let ns: ReturnType<typeof namespace>;
  beforeEach(() => {
    ns = namespace();
  });
  afterEach(() => ns.cleanup());

  it('writes each event as one field `e` (the envelope as JSON) to the stream <prefix><type>', async () => {
    const bus = ns.open();
    const event = makeEvent('form.submitted', 'flow-1', { answer: 42 });
    await bus.publish([event]);
    const entries = await admin.xrange(`${ns.prefix}form.submitted`, '-', '+');
    expect(entries).toHaveLength(1);
    const [, fields] = entries[0] ?? ['', []];
    expect(fields[0]).toBe('e');
    expect(JSON.parse(fields[1] ?? 'null')).toEqual(event);
  });

  it('moves malformed entries to <prefix>dead with the reason, acks them, and goes on', async () => {
    const bus = ns.open();
    const stream = `${ns.prefix}form.submitted`;
    await admin.xadd(stream, '*', 'e', '{not json');
    await admin.xadd(stream, '*', 'e', JSON.stringify({ id: 'nope', type: 'form.submitted' }));
    await admin.xadd(stream, '*', 'other', 'x');
    const good = makeEvent('form.submitted', 'flow-1', {});
    await bus.publish([good]);

    const seen: string[] = [];
    await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });
    await waitFor(() => seen.length === 1);
    let deadEntries: Array<[string, string[]]> = [];
    await waitFor(async () => {
      deadEntries = await admin.xrange(`${ns.prefix}dead`, '-', '+');
      return deadEntries.length === 3;
    }, 5_000, 'three dead letters');
    const reasons = deadEntries.map(([, fields]) => fields[fields.indexOf('reason') + 1] ?? '');
    expect(reasons).toEqual([
      expect.stringContaining('invalid JSON'),
      expect.stringContaining('invalid envelope'),
      expect.stringContaining('no field "e"'),
    ]);
    expect(deadEntries[0]?.[1]).toEqual(expect.arrayContaining(['stream', stream, 'group', 'engine']));
    expect(seen).toEqual([good.id]);
    await waitFor(
      async () => ((await admin.xpending(stream, 'engine')) as [number, ...unknown[]])[0] === 0,
      5_000,
      'nothing left pending',
    );
  });

  it('reports ready while Redis answers and not after close()', async () => {
    const bus = ns.open();
    await expect(waitForReady(bus)).resolves.toBe(true);
    await bus.close();
    await expect(bus.isReady()).resolves.toBe(false);
  });

  it('fails publish instead of queueing it forever when Redis is unreachable', async () => {
    const port = await freePort();
    const bus = new RedisStreamsBus({ url: `redis://127.0.0.1:${port}`, ...FAST });
    try {
      await expect(bus.isReady()).resolves.toBe(false);
      await expect(bus.publish([makeEvent('form.submitted', 'flow-1', {})])).rejects.toThrow();
    } finally {
      await bus.close();
    }
  });

  it('gives a consumer restarted under the same name the entries it had not acknowledged, at once', async () => {
    // A take-over (claimIdleMs) would come far too late for this test: only the restart can deliver them.
    const restarted = namespace({ consumerName: 'engine-host-1', claimIdleMs: 120_000 });
    try {
      const crashed = restarted.open();
      const started: string[] = [];
      await crashed.subscribe({
        group: 'engine',
        types: ['form.submitted'],
        handler: (e) => {
          started.push(e.id);
          return new Promise<void>(() => undefined); // hangs until the crash
        },
      });
      const events = [makeEvent('form.submitted', 'flow-1', { n: 1 }), makeEvent('form.submitted', 'flow-2', { n: 2 })];
      await crashed.publish(events);
      await waitFor(() => started.length === 2, 5_000, 'both events handed to the first process');
      await crashed.destroy();

      const seen: string[] = [];
      await restarted
        .open()
        .subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });
      await waitFor(() => seen.length === 2, 5_000, 'the pending events delivered after the restart');
      expect(seen.sort()).toEqual(events.map((e) => e.id).sort());
      await waitFor(
        async () => ((await admin.xpending(`${restarted.prefix}form.submitted`, 'engine')) as [number])[0] === 0,
        5_000,
        'nothing left pending',
      );
    } finally {
      await restarted.cleanup();
    }
  });

  it('deletes its consumer from the group on a graceful close when nothing is pending', async () => {
    const bus = ns.open();
    const seen: string[] = [];
    const sub = await bus.subscribe({
      group: 'engine',
      types: ['form.submitted'],
      handler: async (e) => void seen.push(e.id),
    });
    await bus.publish([makeEvent('form.submitted', 'flow-1', {})]);
    await waitFor(() => seen.length === 1);
    await sub.close();
    const consumers = (await admin.call('XINFO', 'CONSUMERS', `${ns.prefix}form.submitted`, 'engine')) as unknown[];
    expect(consumers).toHaveLength(0);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

(hasRedisServer ? describe : describe.skip)('RedisStreamsBus across a Redis restart', () => {
  let server: ChildProcess | undefined;
  let port: number;
  afterEach(async () => {
    await stopServer(server);
  });

  it('resumes consuming by itself once Redis is back (even when Redis lost its data)', async () => {
    port = await freePort();
    server = await startServer(port);
    const bus = new RedisStreamsBus({ url: `redis://127.0.0.1:${port}`, ...FAST, blockMs: 200 });
    try {
      const seen: string[] = [];
      await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });
      const before = makeEvent('form.submitted', 'flow-1', { n: 1 });
      await bus.publish([before]);
      await waitFor(() => seen.length === 1, 5_000, 'event before the outage');

      await stopServer(server);
      await waitFor(async () => !(await bus.isReady()), 5_000, 'bus reports the outage');
      await expect(bus.publish([makeEvent('form.submitted', 'flow-1', { n: 0 })])).rejects.toThrow();

      server = await startServer(port);
      await waitForReady(bus, 10_000);
      const after = makeEvent('form.submitted', 'flow-1', { n: 2 });
      await bus.publish([after]);
      await waitFor(() => seen.length === 2, 10_000, 'event after the outage');
      expect(seen).toEqual([before.id, after.id]);
    } finally {
      await bus.close();
    }
  });
});

(hasRedisServer ? describe : describe.skip)('RedisStreamsBus started while Redis is down', () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    await stopServer(server);
  });

  it('subscribes anyway and starts consuming once Redis comes up', async () => {
    const port = await freePort();
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      error: () => undefined,
      warn: (_context: object, message?: string) => void warnings.push(message ?? ''),
    };
    const bus = new RedisStreamsBus({ url: `redis://127.0.0.1:${port}`, ...FAST, logger });
    try {
      const seen: string[] = [];
      await bus.subscribe({ group: 'engine', types: ['form.submitted'], handler: async (e) => void seen.push(e.id) });
      expect(warnings).toContain('could not create the consumer group yet; will retry when Redis answers');

      server = await startServer(port);
      await waitForReady(bus, 10_000);
      const event = makeEvent('form.submitted', 'flow-1', {});
      await bus.publish([event]);
      await waitFor(() => seen.length === 1, 10_000, 'event delivered');
      expect(seen).toEqual([event.id]);
    } finally {
      await bus.close();
    }
  });
});

/** Polls `bus.isReady()` until true; false after `timeoutMs`. */
async function waitForReady(bus: EventBus, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await bus.isReady()) return true;
    await sleep(20);
  }
  return false;
}


/** Starts a throw-away redis-server (no persistence) on `port`; resolves once it accepts connections. */
function startServer(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}: ${output}`));
    });
  });
}

/** Stops a server started by {@link startServer} and waits for it to exit. */
async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
