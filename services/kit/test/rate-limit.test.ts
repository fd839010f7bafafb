/**
 * The shared rate limiter (`src/rate-limit.ts`): in memory, on the machine's Redis (`REDIS_URL`, default
 * redis://127.0.0.1:6379; each test under its own key prefix `test:<uuid>:rl:`, deleted afterwards), and with
 * Redis unreachable. Routes are exercised through a real Fastify app with the kit's error format.
 */
import { createService } from '../src/service';
import { Redis } from 'ioredis';
import { v4 as uuidv4 } from 'uuid';
import * as copy from '@formloom/contracts/copy';
import { createHttpApp, type ZodFastify } from '../src/http';
import { Registry } from '../src/metrics';
import {
  createRateLimiter,
  rateLimitStoreOf,
  type RateLimiter,
  type RateLimitRule,
} from '../src/rate-limit';
import { freePort, metricValue, parseMetrics } from '../src/testing';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  return {
    lines,
    warn: (_context: object, message: string) => lines.push({ level: 'warn', message }),
    info: (_context: object, message: string) => lines.push({ level: 'info', message }),
  };
}

/** An app whose `POST /submit` is limited by `rule` per client address, in one line. */
async function appWith(limiter: RateLimiter, rule: RateLimitRule): Promise<ZodFastify> {
  const app = createHttpApp({ name: 'rate-limit-test', logLevel: 'silent', trustProxy: true, logger: false });
  const perAddress = limiter.limit(rule);
  app.post('/submit', async (request, reply) => {
    await perAddress.enforce(reply, request.ip);
    return { ok: true };
  });
  await app.ready();
  return app;
}

function submitFrom(app: ZodFastify, address: string) {
  return app.inject({ method: 'POST', url: '/submit', remoteAddress: address, payload: {} });
}

describe('store choice', () => {
  it('is RATE_LIMIT_STORE when set, else Redis with the Redis bus, else memory', () => {
    expect(rateLimitStoreOf({ EVENT_BUS: 'in-process', RATE_LIMIT_STORE: undefined })).toBe('memory');
    expect(rateLimitStoreOf({ EVENT_BUS: 'redis', RATE_LIMIT_STORE: undefined })).toBe('redis');
    expect(rateLimitStoreOf({ EVENT_BUS: 'kafka', RATE_LIMIT_STORE: undefined })).toBe('memory');
    expect(rateLimitStoreOf({ EVENT_BUS: 'kafka', RATE_LIMIT_STORE: 'redis' })).toBe('redis');
    expect(rateLimitStoreOf({ EVENT_BUS: 'redis', RATE_LIMIT_STORE: 'memory' })).toBe('memory');
  });

  it('refuses malformed rules', () => {
    const limiter = createRateLimiter({ store: 'memory', log: recordingLog() });
    expect(() => limiter.limit({ name: 'Bad Name', points: 1, durationMs: 1000 })).toThrow(/name/);
    expect(() => limiter.limit({ name: 'x', points: 0, durationMs: 1000 })).toThrow(/points/);
    expect(() => limiter.limit({ name: 'x', points: 1, durationMs: 1500 })).toThrow(/durationMs/);
    expect(() => limiter.limit({ name: 'x', points: 1, durationMs: 30 * 24 * 60 * 60 * 1000 })).toThrow(/durationMs/);
  });
});

describe('in memory', () => {
  let limiter: RateLimiter;
  let app: ZodFastify;
  beforeEach(async () => {
    limiter = createRateLimiter({ store: 'memory', log: recordingLog() });
    app = await appWith(limiter, { name: 'submit', points: 3, durationMs: 60_000 });
  });
  afterEach(async () => {
    await app.close();
    await limiter.close();
  });

  it('answers 429 rate_limited with Retry-After (seconds) once an address used its points; other addresses pass', async () => {
    for (let i = 0; i < 3; i++) expect((await submitFrom(app, '203.0.113.7')).statusCode).toBe(200);
    const refused = await submitFrom(app, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: copy.errors.rateLimited } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await submitFrom(app, '203.0.113.8')).statusCode).toBe(200);
  });

  it('peeks without counting, and reset starts a key over', async () => {
    const limit = limiter.limit({ name: 'peek', points: 2, durationMs: 60_000 });
    expect(await limit.peek('k')).toBe(0);
    expect(await limit.hit('k')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limit.peek('k')).toBe(1);
    expect(await limit.peek('k')).toBe(1);
    await limit.hit('k');
    expect((await limit.hit('k')).allowed).toBe(false);
    await limit.reset('k');
    expect(await limit.hit('k')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('uses the rule message and counts refusals in formloom_rate_limited_total', async () => {
    const registry = new Registry();
    const counted = createRateLimiter({ store: 'memory', log: recordingLog(), registry });
    const limited = await appWith(counted, { name: 'signup', points: 1, durationMs: 3_600_000, message: copy.auth.tooManyAttemptsLater });
    try {
      await submitFrom(limited, '198.51.100.1');
      const refused = await submitFrom(limited, '198.51.100.1');
      expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: copy.auth.tooManyAttemptsLater } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      const samples = parseMetrics(await registry.metrics());
      expect(metricValue(samples, 'formloom_rate_limited_total', { limit: 'signup' })).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('on Redis', () => {
  let admin: Redis;
  let prefix: string;
  const opened: RateLimiter[] = [];
  beforeAll(() => {
    admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await admin.quit();
  });
  beforeEach(() => {
    prefix = `test:${uuidv4()}:rl:`;
  });
  afterEach(async () => {
    for (const limiter of opened.splice(0)) await limiter.close();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  });

  function replica(log = recordingLog()): RateLimiter {
    const limiter = createRateLimiter({ store: 'redis', redisUrl: REDIS_URL, keyPrefix: prefix, log });
    opened.push(limiter);
    return limiter;
  }

  it('counts across replicas: two processes share one window', async () => {
    const rule = { name: 'login', points: 3, durationMs: 60_000 };
    const a = await appWith(replica(), rule);
    const b = await appWith(replica(), rule);
    try {
      expect((await submitFrom(a, '192.0.2.1')).statusCode).toBe(200);
      expect((await submitFrom(b, '192.0.2.1')).statusCode).toBe(200);
      expect((await submitFrom(a, '192.0.2.1')).statusCode).toBe(200);
      const refused = await submitFrom(b, '192.0.2.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await submitFrom(b, '192.0.2.2')).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('stores hashed keys under its prefix, with the window as their expiry', async () => {
    const limit = replica().limit({ name: 'signup', points: 5, durationMs: 3_600_000 });
    await limit.hit('ada@example.com|192.0.2.1');
    const keys = await admin.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix}signup:[A-Za-z0-9_-]{32}$`));
    expect(keys[0]).not.toContain('ada');
    expect(keys[0]).not.toContain('192.0.2.1');
    const ttl = await admin.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('peek and reset reach the shared counters', async () => {
    const one = replica().limit({ name: 'known', points: 1, durationMs: 60_000 });
    const other = replica().limit({ name: 'known', points: 1, durationMs: 60_000 });
    await one.hit('pair');
    expect(await other.peek('pair')).toBe(1);
    await other.reset('pair');
    expect(await one.peek('pair')).toBe(0);
  });
});

describe('with Redis unreachable', () => {
  it('keeps limiting in process memory, warns once and counts the store errors', async () => {
    const log = recordingLog();
    const registry = new Registry();
    const limiter = createRateLimiter({
      store: 'redis',
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      log,
      registry,
      redisTimeoutMs: 200,
    });
    const app = await appWith(limiter, { name: 'submit', points: 2, durationMs: 60_000 });
    try {
      expect((await submitFrom(app, '192.0.2.9')).statusCode).toBe(200);
      expect((await submitFrom(app, '192.0.2.9')).statusCode).toBe(200);
      const refused = await submitFrom(app, '192.0.2.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');

      expect(log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
      const samples = parseMetrics(await registry.metrics());
      expect(metricValue(samples, 'formloom_rate_limit_store_errors_total', { limit: 'submit' })).toBe(3);
    } finally {
      await app.close();
      await limiter.close();
    }
  });
});

describe("a service's rate limits (ctx.rateLimits)", () => {
  it('uses the configured store, opens it at the first limit and closes it with the service', async () => {
    const service = await createService(
      { name: 'rate-limit-test', migrations: [], routes: [] },
      {
        env: { DATABASE_URL: 'memory://', EVENT_BUS: 'in-process', RATE_LIMIT_STORE: 'redis', RATE_LIMIT_KEY_PREFIX: `test:${uuidv4()}:rl:`, REDIS_URL },
        logger: false,
      },
    );
    expect(service.ctx.rateLimits.store).toBe('redis');
    const limit = service.ctx.rateLimits.limit({ name: 'close', points: 1, durationMs: 1000 });
    expect((await limit.hit('x')).allowed).toBe(true);
    expect((await limit.hit('x')).allowed).toBe(false);
    await service.close();
    // The connection is gone: a later hit is counted in memory.
    expect((await limit.hit('y')).allowed).toBe(true);
  });
});
