/**
 * The service skeleton as an operator and a client see it: health, the error format, migrations, the
 * outbox → bus → consumer path with exactly-once effects, and auth. Runs on in-memory PGlite and, for the
 * database port, on the machine's PostgreSQL.
 */
import { defineConsumer } from '../src/consumers';
import { defineEvent } from '@formloom/contracts/events/define';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { InProcessBus } from '../src/bus/in-process';
import { createService, type FormloomService, type ServiceDefinition } from '../src/service';
import { rowsOf, type Migration } from '../src/db';
import { requireWorkspaceAccess } from '../src/auth';
import { notFound } from '../src/errors';
import { createTestIssuer, type TestIssuer } from '../src/testing';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';

const migrations: Migration[] = [
  { id: '0001_notes', sql: 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)' },
  { id: '0002_effects', sql: 'CREATE TABLE effects (event_id uuid NOT NULL, body text NOT NULL)' },
];

/** Failed deliveries per poison event id. */
const poisonFailures = new Map<string, number>();
/** The number of events of each `handleBatch` call. */
const batchSizes: number[] = [];

/** An event of `note.created` with its own key, as another replica's relay would publish it. */
function noteEvent(body: string): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'note.created',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: randomUUID(),
    tenant: { organizationId: 1, workspaceId: 1 },
    data: { body },
  };
}

/** The test service's event: `note.created` v1 with the note's body. */
const noteCreated = defineEvent({ type: 'note.created', version: 1, data: z.object({ body: z.string() }) });

const definition: ServiceDefinition = {
  name: 'kit-test',
  migrations,
  routes: [],
  // Test routes (outside the catalogue) are raw Fastify routes registered as plugins.
  plugins(app, ctx) {
    app.post(
      '/notes',
      { schema: { body: z.object({ body: z.string().min(1).max(100), fail: z.boolean().optional() }) } },
      async (request, reply) => {
        const id = await ctx.transact(async (tx, emit) => {
          const rows = rowsOf<{ id: number }>(
            await tx.execute(sql`INSERT INTO notes (body) VALUES (${request.body.body}) RETURNING id`),
          );
          await emit({
            type: 'note.created',
            version: 1,
            key: 'k',
            tenant: { organizationId: 1, workspaceId: 1 },
            data: { body: request.body.body },
          });
          if (request.body.fail) throw notFound('rolled back');
          return rows[0]!.id;
        });
        return reply.code(201).send({ id });
      },
    );
    // The whole change in one statement with its event (writeWithEvents); `fail` makes the statement fail.
    app.post(
      '/notes/one-statement',
      { schema: { body: z.object({ body: z.string().min(1).max(100), fail: z.boolean().optional() }) } },
      async (request, reply) => {
        const body = request.body.fail ? null : request.body.body;
        try {
          const [row] = await ctx.writeWithEvents<{ id: number }>(sql`INSERT INTO notes (body) VALUES (${body}) RETURNING id`, [
            {
              event: {
                type: 'note.created',
                version: 1,
                key: randomUUID(),
                tenant: { organizationId: 1, workspaceId: 1 },
                data: { body: request.body.body },
              },
            },
          ]);
          return reply.code(201).send({ id: row!.id });
        } catch {
          return reply.code(409).send({ error: { code: 'conflict', message: 'not written' } });
        }
      },
    );
    app.get('/workspaces/:id', { schema: { params: z.object({ id: z.coerce.number().int() }) } }, async (request) => {
      return { accessLevel: requireWorkspaceAccess(request, request.params.id, 'view') };
    });
    app.post('/workspaces/:id', { schema: { params: z.object({ id: z.coerce.number().int() }) } }, async (request) => {
      return { accessLevel: requireWorkspaceAccess(request, request.params.id, 'change') };
    });
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
  },
  consumers: () => [
    defineConsumer({
      event: noteCreated,
      async handle(event, tx) {
        const data = event.data;
        // A "poison" event fails its first two deliveries (a bug fixed meanwhile, say).
        if (data.body.startsWith('poison')) {
          const failures = poisonFailures.get(event.id) ?? 0;
          if (failures < 2) {
            poisonFailures.set(event.id, failures + 1);
            throw new Error('cannot apply this event yet');
          }
        }
        await tx.execute(sql`INSERT INTO effects (event_id, body) VALUES (${event.id}, ${data.body})`);
      },
      // Set-based: one insert for the events applied together; any poison fails the batch (then `handle`
      // applies them one by one).
      async handleBatch(events, tx) {
        batchSizes.push(events.length);
        if (events.some(({ event }) => event.data.body.startsWith('poison'))) {
          throw new Error('a poison event in the batch');
        }
        const rows = events.map(({ event }) => ({ id: event.id, body: event.data.body }));
        await tx.execute(
          sql`INSERT INTO effects (event_id, body) SELECT id, body FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, body text)`,
        );
      },
    }),
  ],
};

async function count(service: FormloomService, table: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await service.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)));
  return rows[0]!.n;
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

async function waitFor(predicate: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each([
  ['PGlite', { DATABASE_URL: 'memory://' }],
  ['PostgreSQL', { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/formloom_kit_test_${process.pid}` }],
])('a service on %s', (_name, env) => {
  let service: FormloomService;
  let bus: InProcessBus;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await createTestIssuer();
    bus = new InProcessBus();
    service = await createService(definition, {
      env: { ...env, LOG_LEVEL: 'silent', OUTBOX_POLL_MS: '50' },
      bus,
      jwks: issuer.jwks,
      logger: false,
    });
    await service.start();
    await service.ctx.db.execute(sql`TRUNCATE notes, effects, outbox, inbox`);
  });
  afterAll(async () => {
    await service?.close();
    await bus?.close();
    if (env.DATABASE_URL.startsWith('postgres')) await dropDatabase(env.DATABASE_URL);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await service.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await service.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: true, bus: true } });
  });

  it('applies migrations once, even when asked again', async () => {
    const { migrate } = await import('../src/db');
    expect(await migrate(service.database, migrations)).toEqual([]);
    const applied = rowsOf<{ id: string }>(await service.ctx.db.execute(sql`SELECT id FROM _migrations ORDER BY id`));
    expect(applied.map((r) => r.id)).toEqual(['0001_notes', '0002_effects', 'kit_0001_outbox_inbox']);
  });

  it('writes state and event together, publishes after commit, and applies the event once', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/notes', payload: { body: 'hello' } });
    expect(response.statusCode).toBe(201);
    await waitFor(async () => (await count(service, 'effects')) === 1);
    const [row] = rowsOf<{ published: boolean }>(
      await service.ctx.db.execute(sql`SELECT published_at IS NOT NULL AS published FROM outbox`),
    );
    expect(row?.published).toBe(true);

    // The broker delivers the same event again: the inbox makes it a no-op.
    const [envelope] = rowsOf<{ envelope: EventEnvelope }>(await service.ctx.db.execute(sql`SELECT envelope FROM outbox`));
    await bus.publish([envelope!.envelope]);
    await bus.publish([{ ...envelope!.envelope, id: randomUUID() }]);
    await waitFor(async () => (await count(service, 'effects')) === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(await count(service, 'effects')).toBe(2);
  });

  it('applies the events delivered together in one transaction, each once', async () => {
    const events = Array.from({ length: 12 }, (_, index) => noteEvent(`batch-${index}`));
    // One delivered twice in the same batch (a redelivery racing the first delivery).
    await bus.publish([...events, events[0]!]);
    await waitFor(async () => (await count(service, "effects WHERE body LIKE 'batch-%'")) === 12);
    await new Promise((r) => setTimeout(r, 100));
    const [row] = rowsOf<{ effects: number; transactions: number }>(
      await service.ctx.db.execute(
        sql`SELECT count(*)::int AS effects, count(DISTINCT xmin::text)::int AS transactions FROM effects WHERE body LIKE 'batch-%'`,
      ),
    );
    expect(row).toEqual({ effects: 12, transactions: 1 });
    expect(batchSizes).toContain(12);
    expect(await count(service, `inbox WHERE event_id IN (${events.map((e) => `'${e.id}'`).join(',')})`)).toBe(12);
  });

  it('lets a failing event fail alone: the others of its batch are applied, it is retried until it applies', async () => {
    const events = ['fine-1', 'poison-1', 'fine-2', 'fine-3'].map(noteEvent);
    await bus.publish(events);
    await waitFor(async () => (await count(service, "effects WHERE body LIKE 'fine-%'")) === 3, 2000);
    await waitFor(async () => (await count(service, "effects WHERE body LIKE 'poison-%'")) === 1);
    expect(poisonFailures.get(events[1]!.id)).toBe(2);
    expect(await count(service, "effects WHERE body LIKE 'fine-%' OR body LIKE 'poison-%'")).toBe(4);
  });

  it('parses each delivery with the consumer\'s event definition: another version or bad data is skipped once, never handled', async () => {
    const wrongVersion = { ...noteEvent('v2-note'), version: 2 };
    const badData = { ...noteEvent('ignored'), data: { body: 42 } };
    const good = noteEvent('after-invalid');
    await bus.publish([wrongVersion, badData, good]);
    await waitFor(async () => (await count(service, "effects WHERE body = 'after-invalid'")) === 1);
    // Acknowledged with their inbox rows (a redelivery would find them), no effect written.
    await waitFor(async () => (await count(service, `inbox WHERE event_id IN ('${wrongVersion.id}', '${badData.id}')`)) === 2);
    expect(await count(service, `effects WHERE event_id IN ('${wrongVersion.id}', '${badData.id}')`)).toBe(0);
    await bus.publish([wrongVersion]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await count(service, `effects WHERE event_id = '${wrongVersion.id}'`)).toBe(0);
  });

  it('writes a one-statement change and its event together, or neither', async () => {
    const written = await service.app.inject({ method: 'POST', url: '/notes/one-statement', payload: { body: 'solo' } });
    expect(written.statusCode).toBe(201);
    await waitFor(async () => (await count(service, "effects WHERE body = 'solo'")) === 1);
    expect(await count(service, "notes WHERE body = 'solo'")).toBe(1);

    const before = { notes: await count(service, 'notes'), outbox: await count(service, 'outbox') };
    const refused = await service.app.inject({ method: 'POST', url: '/notes/one-statement', payload: { body: 'never', fail: true } });
    expect(refused.statusCode).toBe(409);
    expect({ notes: await count(service, 'notes'), outbox: await count(service, 'outbox') }).toEqual(before);
  });

  it('rolls back the state and the event together when the handler fails', async () => {
    const before = { notes: await count(service, 'notes'), outbox: await count(service, 'outbox') };
    const response = await service.app.inject({ method: 'POST', url: '/notes', payload: { body: 'x', fail: true } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'rolled back' } });
    expect(await count(service, 'notes')).toBe(before.notes);
    expect(await count(service, 'outbox')).toBe(before.outbox);
  });

  it('answers bad input with 4xx in the one error format', async () => {
    const malformed = await service.app.inject({
      method: 'POST',
      url: '/notes',
      headers: { 'content-type': 'application/json' },
      payload: '{"body": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');

    const wrongType = await service.app.inject({ method: 'POST', url: '/notes', payload: { body: 42 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({ code: 'validation_error', details: [{ path: 'body.body' }] });

    const tooLarge = await service.app.inject({
      method: 'POST',
      url: '/notes',
      payload: { body: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('payload_too_large');

    const unknown = await service.app.inject({ url: '/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('hides internal errors behind a generic 500', async () => {
    const response = await service.app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(JSON.stringify(response.json())).not.toContain('secret');
    expect(response.json().error.code).toBe('internal_error');
  });

  it('passes the request id through', async () => {
    const response = await service.app.inject({ url: '/healthz', headers: { 'x-request-id': 'req-123' } });
    expect(response.headers['x-request-id']).toBe('req-123');
  });

  it('checks workspace access from verified JWT claims', async () => {
    const writer = await issuer.headers({ id: 1, organizationId: 1, workspaces: { 7: 'write' } });
    const reader = await issuer.headers({ id: 2, organizationId: 1, workspaces: { 7: 'read' } });
    const stranger = await issuer.headers({ id: 3, organizationId: 2, workspaces: { 9: 'write' } });

    expect((await service.app.inject({ url: '/workspaces/7' })).statusCode).toBe(401);
    expect((await service.app.inject({ url: '/workspaces/7', headers: writer })).json()).toEqual({ accessLevel: 'write' });
    expect((await service.app.inject({ url: '/workspaces/7', headers: reader })).statusCode).toBe(200);
    expect((await service.app.inject({ method: 'POST', url: '/workspaces/7', headers: reader })).statusCode).toBe(403);
    const hidden = await service.app.inject({ url: '/workspaces/7', headers: stranger });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('Workspace not found');

    const forged = await service.app.inject({ url: '/workspaces/7', headers: { authorization: 'Bearer not-a-jwt' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('a service that fails to start', () => {
  it('reports the error and releases its database, so the same data directory opens again', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-kit-'));
    const broken: ServiceDefinition = {
      name: 'kit-broken',
      migrations,
      routes: [],
      plugins() {
        throw new Error('route setup failed');
      },
    };
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    await expect(createService(broken, { env, logger: false })).rejects.toThrow('route setup failed');
    const healthy = await createService({ ...broken, plugins: undefined }, { env, logger: false });
    expect((await healthy.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await healthy.close();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 unavailable (retryable), not 500', async () => {
    const { toErrorResponse } = await import('../src/http');
    const driverError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Failed query: insert into …'), { cause: driverError });
    expect(toErrorResponse(wrapped)).toMatchObject({ status: 503, body: { error: { code: 'unavailable' } } });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(toErrorResponse(shutdown).status).toBe(503);
    expect(toErrorResponse(new Error('something else')).status).toBe(500);
  });
});
