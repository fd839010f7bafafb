/**
 * What the logs of a service show an operator, captured from the log stream of a real service: a failed INSERT
 * is logged with its SQL and PostgreSQL's error, never with its parameters (an email, a password hash) nor
 * PostgreSQL's `detail` line that echoes them — on PGlite and on the machine's PostgreSQL. And a developer at
 * a terminal gets one readable line per request.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { loggerOptions, serializeError } from '../src/logger';
import { createHttpApp } from '../src/http';
import { createService, type ServiceDefinition } from '../src/service';

const EMAIL = 'ada.lovelace@example.com';
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';

const definition: ServiceDefinition = {
  name: 'logger-test',
  migrations: [{ id: '0001_users', sql: 'CREATE TABLE users (id serial PRIMARY KEY, email text UNIQUE NOT NULL, hash text NOT NULL)' }],
  routes: [],
  // Test routes (outside the catalogue) are raw Fastify routes registered as plugins.
  plugins(app, ctx) {
    // No error mapping on purpose: a duplicate email fails the INSERT and becomes a logged 500.
    app.post('/users', { schema: { body: z.object({ email: z.string(), hash: z.string() }) } }, async (request, reply) => {
      await ctx.db.execute(sql`INSERT INTO users (email, hash) VALUES (${request.body.email}, ${request.body.hash})`);
      return reply.code(201).send({ ok: true });
    });
  },
};

/** A pino destination that keeps every line. */
function capture(): { stream: { write(line: string): void }; lines: string[] } {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

async function failedInsertLog(env: Record<string, string>): Promise<string> {
  const { stream, lines } = capture();
  const service = await createService(definition, { env, logger: { ...loggerOptions('logger-test', 'info'), stream } });
  try {
    const post = () =>
      service.app.inject({
        method: 'POST',
        url: '/users',
        headers: { 'content-type': 'application/json' },
        payload: { email: EMAIL, hash: HASH },
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(500);
  } finally {
    await service.close();
  }
  return lines.join('');
}

/** Checks what an operator needs is there and what must never be is not. */
function expectNoValues(log: string): void {
  const failure = log.split('\n').find((line) => line.includes('"request failed"'));
  expect(failure).toBeDefined();
  const entry = JSON.parse(failure!) as {
    err: { type: string; message: string; stack: string; cause: { message: string; code: string; constraint?: string } };
  };
  // Still useful: the statement (with placeholders), and PostgreSQL's message, SQLSTATE and constraint.
  expect(entry.err.message).toContain('INSERT INTO users (email, hash) VALUES ($1, $2)');
  expect(entry.err.cause.message).toContain('duplicate key value violates unique constraint');
  expect(entry.err.cause.code).toBe('23505');
  expect(entry.err.stack).toContain('    at ');
  // Never the values.
  expect(log).not.toContain(EMAIL);
  expect(log).not.toContain('argon2id');
  expect(log).not.toContain('params');
  expect(log).not.toContain('already exists');
}

describe('a failed INSERT in the logs', () => {
  it('shows the statement and the error, never the SQL parameters nor PostgreSQL detail (PGlite)', async () => {
    expectNoValues(await failedInsertLog({ DATABASE_URL: 'memory://' }));
  });

  it('shows the statement and the error, never the SQL parameters nor PostgreSQL detail (PostgreSQL)', async () => {
    const database = `formloom_logger_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
    try {
      expectNoValues(await failedInsertLog({ DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` }));
    } finally {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database}`);
      await client.end();
    }
  });

  it('never changes the error itself and scrubs causes and aggregated errors too', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    const failed = Object.assign(new Error(`Failed query: insert into users values ($1)\nparams: ${EMAIL},${HASH}`), {
      query: 'insert into users values ($1)',
      params: [EMAIL, HASH],
      cause,
    });
    const serialized = JSON.stringify(serializeError(new AggregateError([failed], 'batch failed', { cause: failed })));
    expect(serialized).not.toContain(EMAIL);
    expect(serialized).not.toContain(HASH);
    expect(serialized).toContain('insert into users values ($1)');
    expect(serialized).toContain('23505');
    expect(failed.params).toEqual([EMAIL, HASH]);
    expect(cause.detail).toContain(EMAIL);
  });

  it('logs errors whose message is a getter (DOMException: timeouts, aborts, WebCrypto) instead of throwing', async () => {
    const timeout = await fetch('http://127.0.0.1:9', { signal: AbortSignal.timeout(1) }).catch((error: unknown) => error);
    for (const error of [new DOMException('The operation was aborted', 'AbortError'), timeout]) {
      const serialized = serializeError(error) as { type: string; message: string };
      expect(serialized.message.length).toBeGreaterThan(0);
      expect(JSON.stringify(serialized)).toContain(serialized.message);
    }
  });
});

describe('developer logs at a terminal', () => {
  it('are one line per request with method, path, status, ms and the request id', async () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = createHttpApp({ name: 'pretty-test', logLevel: 'info', trustProxy: false, prettyLogs: { destination } });
    app.get('/flows/:id', async () => ({ ok: true }));
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ ok: true }));
    try {
      await app.inject({ method: 'GET', url: '/flows/abc?x=1', headers: { 'x-request-id': 'req-1' } });
      await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'req-2' } });
      await app.inject({ method: 'POST', url: '/flows/abc', headers: { 'content-type': 'text/plain', 'x-request-id': 'req-3' } });
      await app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      await app.close();
    }
    const lines = chunks.join('').split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[?\d\d:\d\d:\d\d\.\d{3}\]? INFO.*pretty-test GET \/flows\/abc\?x=1 200 \d+\.\d ms \(req-1\)$/);
    expect(lines[1]).toMatch(/pretty-test GET \/nowhere 404 \d+\.\d ms \(req-2\)$/);
    expect(lines[2]).toMatch(/pretty-test POST \/flows\/abc 415 \d+\.\d ms \(req-3\)$/);
    expect(lines.join('\n')).not.toMatch(/^\{/m);
  });
});

describe('request URLs in the logs', () => {
  it('never show the values of secret query parameters (an OAuth callback\'s code and state)', async () => {
    const { stream, lines } = capture();
    const app = createHttpApp({ name: 'url-test', logLevel: 'info', trustProxy: false, logger: { ...loggerOptions('url-test', 'info'), stream } });
    app.get('/public/callback', async () => ({ ok: true }));
    try {
      await app.inject({ method: 'GET', url: '/public/callback?code=s3cr3t-code&state=s3cr3t-state&page=2' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/public/callback?code=[redacted]&state=[redacted]&page=2');
    expect(log).not.toContain('s3cr3t');
  });
});
