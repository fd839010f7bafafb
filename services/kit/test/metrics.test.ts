/**
 * `GET /metrics` as an operator's Prometheus scrapes it: RED metrics per route pattern (never per raw id),
 * the outbox backlog until the relay publishes, consumer outcomes (processed, duplicate, failed) and lag,
 * process metrics, every series labelled `service`; and the Redis Streams bus's lag and dead letters on the
 * machine's Redis (a key prefix of its own, deleted afterwards).
 */
import { defineConsumer } from '../src/consumers';
import { defineEvent } from '@formloom/contracts/events/define';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { InProcessBus } from '../src/bus/in-process';
import type { EventBus, SubscribeOptions } from '../src/bus/types';
import { RedisStreamsBus } from '../src/bus/redis-streams';
import { createService, type FormloomService, type ServiceDefinition } from '../src/service';
import { metricValue as valueOf, parseMetrics as parseExposition, type MetricSample as Sample } from '../src/testing';
import { makeEvent, waitFor } from './bus-contract';

const SERVICE = 'kit-metrics';
const ITEM_CREATED = 'item.created';

/** A gate the consumer waits on: closed until `open()`. */
function gate(): { wait: () => Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open: () => open() };
}

/** What the test's consumer saw and does. */
interface ConsumerState {
  /** Item ids whose first delivery throws. */
  failOnce: Set<string>;
  seen: EventEnvelope[];
}

/**
 * An in-process bus whose deliveries wait at `gate` before the kit's handler runs: events stay delivered and
 * unacknowledged without holding a database transaction open (PGlite has one connection).
 */
function gatedBus(inner: InProcessBus, held: { wait: () => Promise<void> }): EventBus {
  return {
    kind: inner.kind,
    durable: inner.durable,
    publish: (events) => inner.publish(events),
    subscribe: (options: SubscribeOptions) =>
      inner.subscribe({
        ...options,
        handler: async (event) => {
          await held.wait();
          await options.handler(event);
        },
      }),
    isReady: () => inner.isReady(),
    lag: () => inner.lag(),
    close: () => inner.close(),
  };
}

function definition(state: ConsumerState): ServiceDefinition {
  return {
    name: SERVICE,
    migrations: [],
    routes: [],
  // Test routes (outside the catalogue) are raw Fastify routes registered as plugins.
  plugins(app, ctx) {
      const params = z.object({ id: z.string().min(1) });
      app.get('/items/:id', { schema: { params } }, async (request) => ({ id: request.params.id }));
      app.post('/items/:id', { schema: { params } }, async (request, reply) => {
        await ctx.transact(async (_tx, emit) => {
          await emit({
            type: ITEM_CREATED,
            version: 1,
            key: request.params.id,
            tenant: { organizationId: 1, workspaceId: 1 },
            data: { id: request.params.id },
          });
        });
        return reply.code(201).send({ id: request.params.id });
      });
    },
    consumers: () => [
      defineConsumer({
        event: defineEvent({ type: ITEM_CREATED, version: 1, data: z.object({ id: z.string() }) }),
        async handle(event) {
          const { id } = event.data;
          if (state.failOnce.delete(id)) throw new Error(`first delivery of ${id} fails`);
          state.seen.push(event);
        },
      }),
    ],
  };
}

const ENV = { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', OUTBOX_POLL_MS: '50' };

describe('GET /metrics of a service', () => {
  let service: FormloomService;
  let bus: InProcessBus;
  const held = gate();
  const state: ConsumerState = { failOnce: new Set(), seen: [] };

  beforeAll(async () => {
    bus = new InProcessBus({ retryInitialMs: 10, retryMaxMs: 50 });
    service = await createService(definition(state), { env: ENV, bus: gatedBus(bus, held), logger: false });
  });

  afterAll(async () => {
    held.open();
    await service?.close();
    await bus?.close();
  });

  async function scrape(): Promise<Sample[]> {
    const response = await service.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(response.body);
  }

  it('counts requests and their durations per route pattern, method and status, never per raw id', async () => {
    for (const id of ['a1', 'b2', 'c3']) {
      expect((await service.app.inject({ method: 'GET', url: `/items/${id}` })).statusCode).toBe(200);
    }
    expect((await service.app.inject({ method: 'GET', url: '/nowhere/d4' })).statusCode).toBe(404);
    const samples = await scrape();

    const route = { method: 'GET', route: '/items/:id', status_code: '200' };
    expect(valueOf(samples, 'formloom_http_requests_total', route)).toBe(3);
    expect(valueOf(samples, 'formloom_http_request_duration_seconds_count', route)).toBe(3);
    expect(valueOf(samples, 'formloom_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(valueOf(samples, 'formloom_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    // Raw paths never become labels; /metrics itself is not counted.
    const routes = new Set(samples.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].sort()).toEqual(['/items/:id', 'unmatched']);
    await scrape();
    expect(valueOf(await scrape(), 'formloom_http_requests_total', { route: '/metrics' })).toBeUndefined();
  });

  it('labels every series with the service, process metrics included', async () => {
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.filter((sample) => sample.labels.service !== SERVICE)).toEqual([]);
    expect(valueOf(samples, 'formloom_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'formloom_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the outbox backlog and its age until the relay publishes it', async () => {
    // Not started yet: nothing publishes.
    for (const id of ['k1', 'k2']) {
      expect((await service.app.inject({ method: 'POST', url: `/items/${id}` })).statusCode).toBe(201);
    }
    let samples = await scrape();
    expect(valueOf(samples, 'formloom_outbox_backlog_events')).toBe(2);
    expect(valueOf(samples, 'formloom_outbox_oldest_event_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'formloom_outbox_published_total')).toBe(0);

    await service.start();
    await waitFor(async () => valueOf(await scrape(), 'formloom_outbox_published_total') === 2, 10_000, 'published');
    samples = await scrape();
    expect(valueOf(samples, 'formloom_outbox_backlog_events')).toBe(0);
    expect(valueOf(samples, 'formloom_outbox_oldest_event_age_seconds')).toBe(0);
  });

  it('shows the consumer lag while events wait, then counts them processed', async () => {
    // The consumer is held at its gate: both events are delivered and not acknowledged.
    const lag = { group: SERVICE, type: ITEM_CREATED };
    await waitFor(async () => valueOf(await scrape(), 'formloom_consumer_lag_events', lag) === 2, 10_000, 'lag 2');
    expect(valueOf(await scrape(), 'formloom_consumer_events_total', { ...lag, outcome: 'processed' })).toBeUndefined();

    held.open();
    await waitFor(async () => valueOf(await scrape(), 'formloom_consumer_lag_events', lag) === 0, 10_000, 'lag 0');
    const samples = await scrape();
    expect(valueOf(samples, 'formloom_consumer_events_total', { ...lag, outcome: 'processed' })).toBe(2);
    expect(state.seen).toHaveLength(2);
  });

  it('counts a redelivered event as duplicate and a failed attempt as failed', async () => {
    const labels = { group: SERVICE, type: ITEM_CREATED };
    const first = state.seen[0];
    if (!first) throw new Error('the previous test did not finish');
    await bus.publish([first]);
    await waitFor(
      async () => valueOf(await scrape(), 'formloom_consumer_events_total', { ...labels, outcome: 'duplicate' }) === 1,
      10_000,
      'one duplicate',
    );

    state.failOnce.add('k3');
    expect((await service.app.inject({ method: 'POST', url: '/items/k3' })).statusCode).toBe(201);
    await waitFor(
      async () => valueOf(await scrape(), 'formloom_consumer_events_total', { ...labels, outcome: 'processed' }) === 3,
      10_000,
      'k3 processed after its retry',
    );
    const samples = await scrape();
    expect(valueOf(samples, 'formloom_consumer_events_total', { ...labels, outcome: 'failed' })).toBe(1);
    expect(valueOf(samples, 'formloom_consumer_events_total', { ...labels, outcome: 'duplicate' })).toBe(1);
    expect(valueOf(samples, 'formloom_outbox_published_total')).toBe(3);
    expect(state.seen).toHaveLength(3);
  });
});

describe('GET /metrics while the database is down', () => {
  it('still answers, with the last outbox figures and everything else', async () => {
    const service = await createService(definition({ failOnce: new Set(), seen: [] }), { env: ENV, logger: false });
    try {
      const before = parseExposition((await service.app.inject({ method: 'GET', url: '/metrics' })).body);
      expect(valueOf(before, 'formloom_outbox_backlog_events')).toBe(0);
      await service.database.close();
      const response = await service.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      const after = parseExposition(response.body);
      expect(valueOf(after, 'formloom_outbox_backlog_events')).toBe(0);
      expect(valueOf(after, 'formloom_http_requests_total', { route: '/metrics' })).toBeUndefined();
      expect(valueOf(after, 'formloom_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    } finally {
      await service.close().catch(() => undefined);
    }
  });
});

describe('METRICS_ENABLED=false', () => {
  it('serves no /metrics', async () => {
    const service = await createService(definition({ failOnce: new Set(), seen: [] }), {
      env: { ...ENV, METRICS_ENABLED: 'false' },
      logger: false,
    });
    try {
      const response = await service.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('the Redis Streams bus', () => {
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `test:${randomUUID()}:`;
  let admin: Redis;
  let bus: RedisStreamsBus;
  const deadLetters: string[] = [];

  beforeAll(() => {
    admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    bus = new RedisStreamsBus({
      url: REDIS_URL,
      streamPrefix: prefix,
      blockMs: 200,
      claimIdleMs: 1_000,
      onDeadLetter: (type) => deadLetters.push(type),
    });
  });

  afterAll(async () => {
    await bus?.close();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('reports per group and type the events not yet acknowledged, and counts dead letters', async () => {
    const held = gate();
    const handled: string[] = [];
    await bus.subscribe({
      group: 'engine',
      types: [ITEM_CREATED],
      handler: async (event) => {
        await held.wait();
        handled.push(event.id);
      },
    });
    const events = ['a', 'b', 'c'].map((key) => makeEvent(ITEM_CREATED, key, { key }));
    await bus.publish(events);
    // Delivered or not, none is acknowledged while the handler waits.
    expect(await bus.lag()).toEqual([{ group: 'engine', type: ITEM_CREATED, lag: 3 }]);

    held.open();
    await waitFor(async () => (await bus.lag())[0]?.lag === 0, 10_000, 'lag 0');
    expect(handled).toHaveLength(3);

    await admin.xadd(`${prefix}${ITEM_CREATED}`, '*', 'e', 'not json');
    await waitFor(() => deadLetters.length === 1, 10_000, 'a dead letter');
    expect(deadLetters).toEqual([ITEM_CREATED]);
    await waitFor(async () => (await bus.lag())[0]?.lag === 0, 10_000, 'lag 0 after the dead letter');
  });
});
