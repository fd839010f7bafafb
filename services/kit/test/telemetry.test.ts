/**
 * Tracing as an operator configures it: with `OTEL_EXPORTER_OTLP_ENDPOINT` set, a service exports its spans
 * by OTLP/HTTP to the collector (here a local HTTP server), under its `service.name`, continuing the trace
 * of the caller's `traceparent`; without it nothing is exported, yet the caller's trace id still reaches the
 * events the service emits.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { InProcessBus } from '../src/bus/in-process';
import { createService, type ServiceDefinition } from '../src/service';
import { waitFor } from './bus-contract';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

const definition: ServiceDefinition = {
  name: 'kit-telemetry',
  migrations: [],
  routes: [],
  // Test routes (outside the catalogue) are raw Fastify routes registered as plugins.
  plugins(app, ctx) {
    app.post('/things', async (_request, reply) => {
      await ctx.transact(async (_tx, emit) => {
        await emit({ type: 'thing.created', version: 1, key: 't', tenant: { organizationId: 1, workspaceId: null }, data: {} });
      });
      return reply.code(201).send({});
    });
  },
};

/** An OTLP/HTTP collector stand-in: keeps the JSON bodies POSTed to /v1/traces. */
async function startCollector(): Promise<{ url: string; bodies: unknown[]; server: Server }> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

/** OTLP JSON: resourceSpans[].{resource.attributes, scopeSpans[].spans[]}. */
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }[] }[];
  }[];
}

describe('tracing', () => {
  it('exports spans by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, continuing the caller’s trace', async () => {
    const collector = await startCollector();
    try {
      const service = await createService(definition, {
        env: {
          DATABASE_URL: 'memory://',
          LOG_LEVEL: 'silent',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_SERVICE_NAME: 'things-api',
        },
        logger: false,
      });
      expect(service.ctx.telemetry.recording).toBe(true);
      const response = await service.app.inject({ method: 'POST', url: '/things', headers: { traceparent: TRACEPARENT } });
      expect(response.statusCode).toBe(201);
      // Closing flushes the batch.
      await service.close();

      await waitFor(() => collector.bodies.length > 0, 10_000, 'an OTLP export');
      const resources = (collector.bodies as OtlpBody[]).flatMap((body) => body.resourceSpans);
      const names = resources.map((r) => r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
      expect(new Set(names)).toEqual(new Set(['things-api']));
      const spans = resources.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans));
      const server = spans.find((span) => span.name === 'POST /things');
      expect(server).toMatchObject({ traceId: TRACE_ID, parentSpanId: CALLER_SPAN_ID });
      const emit = spans.find((span) => span.name === 'create thing.created');
      expect(emit?.traceId).toBe(TRACE_ID);
    } finally {
      await new Promise((resolve) => collector.server.close(resolve));
    }
  });

  it('exports nothing without an endpoint, yet carries the caller’s trace id into the events', async () => {
    const bus = new InProcessBus();
    const seen: EventEnvelope[] = [];
    await bus.subscribe({ group: 'observer', types: ['thing.created'], handler: async (event) => void seen.push(event) });
    const service = await createService(definition, {
      env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', OUTBOX_POLL_MS: '50' },
      bus,
      logger: false,
    });
    try {
      expect(service.ctx.telemetry.recording).toBe(false);
      await service.start();
      const response = await service.app.inject({ method: 'POST', url: '/things', headers: { traceparent: TRACEPARENT } });
      expect(response.statusCode).toBe(201);
      await waitFor(() => seen.length === 1, 10_000, 'the event');
      expect(seen[0]?.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

      // A request without a trace starts one (not sampled: nothing records it).
      await service.app.inject({ method: 'POST', url: '/things' });
      await waitFor(() => seen.length === 2, 10_000, 'the second event');
      expect(seen[1]?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      expect(seen[1]?.traceparent?.slice(3, 35)).not.toBe(TRACE_ID);
    } finally {
      await service.close();
      await bus.close();
    }
  });
});
