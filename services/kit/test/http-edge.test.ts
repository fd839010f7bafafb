/**
 * The HTTP edge every service (and the gateway) gets from the kit's skeleton, as a client or an attacker sees
 * it on a real service (in-memory PGlite): characters PostgreSQL cannot store and JSON nested too deep are
 * refused with 400 before any handler runs (never a 500, never a row); bodies are JSON or nothing (415);
 * paths with backslashes or dot segments are refused; security headers are on every answer; the client address
 * is the one the gateway sent; and requests that arrive too slowly are cut off with 408.
 */
import http from 'node:http';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import * as copy from '@formloom/contracts/copy';
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_IDLE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  JSON_MAX_DEPTH,
} from '@formloom/contracts/limits';
import { parseConfig, parseTrustProxy, ConfigError } from '../src/config';
import { rowsOf } from '../src/db';
import { createHttpApp, type ZodFastify } from '../src/http';
import { API_CSP, HSTS_HEADER, PERMISSIONS_POLICY } from '../src/security-headers';
import { createService, type FormloomService, type ServiceDefinition } from '../src/service';

const definition: ServiceDefinition = {
  name: 'edge-test',
  migrations: [{ id: '0001_things', sql: 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL, data jsonb)' }],
  routes: [],
  // Test routes (outside the catalogue) are raw Fastify routes registered as plugins.
  plugins(app, ctx) {
    app.post(
      '/things',
      { schema: { body: z.object({ name: z.string().max(100), data: z.unknown().optional() }) } },
      async (request, reply) => {
        const { name, data } = request.body;
        await ctx.db.execute(sql`INSERT INTO things (name, data) VALUES (${name}, ${JSON.stringify(data ?? null)}::jsonb)`);
        return reply.code(201).send({ ok: true });
      },
    );
    app.get(
      '/things/:name',
      { schema: { params: z.object({ name: z.string() }), querystring: z.object({ q: z.string().optional() }) } },
      async (request) => {
        const rows = rowsOf<{ n: number }>(
          await ctx.db.execute(sql`SELECT count(*)::int AS n FROM things WHERE name = ${request.params.name} OR name = ${request.query.q ?? ''}`),
        );
        return { count: rows[0]?.n ?? 0 };
      },
    );
    // A bodiless state change, like `POST /auth/logout` or `POST /admin/flows/:id/publish`.
    app.post('/things/:name/touch', async (_request, reply) => reply.code(204).send());
    app.get('/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  },
};

let service: FormloomService;

beforeAll(async () => {
  service = await createService(definition, { env: { DATABASE_URL: 'memory://' }, logger: false });
});
afterAll(async () => {
  await service?.close();
});

async function countThings(): Promise<number> {
  return rowsOf<{ n: number }>(await service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM things`))[0]?.n ?? 0;
}

function postJson(url: string, payload: string) {
  return service.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
}

/** `[[[…1…]]]` nested `depth` arrays deep (the outermost is depth 1). */
function nested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe('characters PostgreSQL cannot store', () => {
  it.each([
    ['U+0000 in a string', '{"name":"a\\u0000b"}', 'body.name'],
    ['U+0000 in a key of a JSONB value', '{"name":"a","data":{"k\\u0000":1}}', 'body.data.k\u0000'],
    ['an unpaired high surrogate', '{"name":"a","data":{"list":["ok","\\ud800"]}}', 'body.data.list.1'],
    ['an unpaired low surrogate', '{"name":"\\udc00x"}', 'body.name'],
    ['a reversed surrogate pair', '{"name":"\\udc00\\ud800"}', 'body.name'],
  ])('refuses %s in a JSON body with 400 and stores nothing', async (_case, payload, path) => {
    const before = await countThings();
    const response = await postJson('/things', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: copy.errors.invalidCharacter,
        details: [{ path, message: copy.errors.invalidCharacter }],
      },
    });
    expect(await countThings()).toBe(before);
  });

  it('stores text with surrogate pairs (emoji) and other control characters', async () => {
    const response = await postJson('/things', JSON.stringify({ name: 'Ada 🧵 \t\u0001', data: { note: '𝔉' } }));
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a path parameter', '/things/a%00b'],
    ['a query value', '/things/a?q=x%00'],
    ['a query key', '/things/a?%00=1'],
  ])('refuses U+0000 in %s with 400', async (_case, url) => {
    const response = await service.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_error', message: copy.errors.invalidCharacter, details: [{ path: 'url', message: copy.errors.invalidCharacter }] },
    });
  });
});

describe('JSON nesting', () => {
  it(`accepts a body nested ${JSON_MAX_DEPTH} levels deep`, async () => {
    const response = await postJson('/things', `{"name":"deep","data":${nested(JSON_MAX_DEPTH - 1)}}`);
    expect(response.statusCode).toBe(201);
  });

  it.each([JSON_MAX_DEPTH, 5_000, 100_000])(
    'refuses a JSONB value nested %i levels below the body with 400 and stores nothing',
    async (depth) => {
      const before = await countThings();
      const response = await postJson('/things', `{"name":"deep","data":${nested(depth)}}`);
      expect(response.statusCode).toBe(400);
      const { error } = response.json() as { error: { code: string; message: string; details: { path: string }[] } };
      expect(error.code).toBe('validation_error');
      expect(error.message).toBe(copy.errors.nestedTooDeeply(JSON_MAX_DEPTH));
      expect(error.details[0]?.path).toBe(['body', 'data', ...Array<string>(JSON_MAX_DEPTH - 1).fill('0')].join('.'));
      expect(await countThings()).toBe(before);
    },
  );

  it('still refuses prototype poisoning and malformed JSON as before', async () => {
    expect((await postJson('/things', '{"name":"a","__proto__":{"x":1}}')).statusCode).toBe(400);
    const malformed = await postJson('/things', '{"name":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');
  });
});

describe('request bodies are JSON or nothing', () => {
  const unsupported = { error: { code: 'unsupported_media_type', message: copy.errors.unsupportedMediaType } };

  it.each([
    ['a bodiless text/plain POST (what a cross-site fetch sends)', { 'content-type': 'text/plain' }, undefined],
    ['a text/plain body', { 'content-type': 'text/plain;charset=UTF-8' }, '{"name":"csrf"}'],
    ['an HTML form', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=csrf'],
    ['a multipart form', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\n\r\nname\r\n--x--'],
    ['a body without a content type', {}, '{"name":"csrf"}'],
  ])('refuses %s with 415', async (_case, headers, payload) => {
    for (const url of ['/things', '/things/a/touch']) {
      const response = await service.app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 415, body: unsupported });
    }
  });

  it('accepts JSON (with a charset) and a bodiless request without a content type', async () => {
    const json = await service.app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"name":"ok"}',
    });
    expect(json.statusCode).toBe(201);
    expect((await service.app.inject({ method: 'POST', url: '/things/a/touch' })).statusCode).toBe(204);
  });
});

describe('request paths', () => {
  let port: string;
  beforeAll(async () => {
    port = new URL(await service.app.listen({ host: '127.0.0.1', port: 0 })).port;
  });

  /** GET `path` exactly as written (fetch and inject would resolve backslashes and dot segments first). */
  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  }

  it.each(['/things/x\\..\\..\\metrics', '/things/x%5c..%5cmetrics', '/things/%2e%2e/metrics', '/things/..', '/things/./a', '/things/a/%2E'])(
    'refuses %s with 400',
    async (path) => {
      const response = await rawGet(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(response.body).error).toEqual({
        code: 'validation_error',
        message: copy.errors.unsafePath,
        details: [{ path: 'url', message: copy.errors.unsafePath }],
      });
    },
  );

  it('accepts dots inside names (/.well-known, a...b, a.b)', async () => {
    expect((await rawGet('/things/a...b')).status).toBe(200);
    expect((await rawGet('/things/a.b')).status).toBe(200);
    expect((await rawGet('/.well-known/x')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on answers, errors and 404s', async () => {
    for (const [method, url] of [['GET', '/things/a'], ['GET', '/healthz'], ['GET', '/nowhere'], ['POST', '/things']] as const) {
      const response = await service.app.inject({ method, url });
      expect({ url, csp: response.headers['content-security-policy'] }).toEqual({ url, csp: API_CSP });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('add HSTS only when the request came over TLS, as the trusted hop in front says', async () => {
    const viaTls = await service.app.inject({ method: 'GET', url: '/things/a', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTls.headers['strict-transport-security']).toBe(HSTS_HEADER);
    const edge = createHttpApp({ name: 'edge', logLevel: 'silent', trustProxy: false, logger: false });
    edge.get('/x', async () => ({}));
    try {
      const forged = await edge.inject({ method: 'GET', url: '/x', headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await edge.close();
    }
  });
});

describe('client address', () => {
  it('is the address the gateway sent (one trusted hop), never one the client put further left', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.9', protocol: 'http' });
  });

  it('parses TRUST_PROXY as false, hops (true = 1) or addresses/CIDRs, and refuses anything else', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(1);
    expect(['false', '0', 'true', '2', ' loopback, 10.0.0.0/8 '].map(parseTrustProxy)).toEqual([
      false,
      false,
      1,
      2,
      ['loopback', '10.0.0.0/8'],
    ]);
    for (const bad of ['yes', '10.0.0.0/99', '11', ',']) {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });
});

describe('timeouts', () => {
  it('are the limits of contracts by default', async () => {
    const app = createHttpApp({ name: 'defaults', logLevel: 'silent', trustProxy: false, logger: false });
    try {
      expect({
        headers: app.server.headersTimeout,
        request: app.server.requestTimeout,
        idle: app.server.timeout,
      }).toEqual({ headers: HTTP_HEADERS_TIMEOUT_MS, request: HTTP_REQUEST_TIMEOUT_MS, idle: HTTP_IDLE_TIMEOUT_MS });
    } finally {
      await app.close();
    }
  });

  /** What a raw client saw: the bytes answered and how many bytes of its own it had sent by then. */
  interface Trickled {
    answer: string;
    sentBodyBytes: number;
  }

  /**
   * Sends `head` and then the body one byte at a time (every 50 ms), as slow clients and slowloris attacks do,
   * until the server answers or closes the connection.
   */
  function trickle(port: number, head: string, bodyBytes: number): Promise<Trickled> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent < bodyBytes && socket.writable) {
            socket.write('a');
            sent += 1;
          }
        }, 50);
      });
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, sentBodyBytes: sent });
      });
      setTimeout(() => reject(new Error('the server kept the connection open')), 20_000).unref();
    });
  }

  let slow: ZodFastify;
  let port: number;
  beforeAll(async () => {
    slow = createHttpApp({
      name: 'slow',
      logLevel: 'silent',
      trustProxy: false,
      logger: false,
      timeouts: { headersMs: 300, requestMs: 600, idleMs: 10_000, checkIntervalMs: 50 },
    });
    slow.post('/things', async () => ({ ok: true }));
    await slow.listen({ host: '127.0.0.1', port: 0 });
    port = (slow.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('cut off a body trickled one byte at a time with 408 in the error format', async () => {
    const head = 'POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, sentBodyBytes } = await trickle(port, head, 1000);
    expect(sentBodyBytes).toBeLessThan(1000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_timeout', message: copy.errors.requestTimeout },
    });
  });

  it('cut off headers trickled one byte at a time with 408', async () => {
    const { answer } = await trickle(port, 'POST /things HTTP/1.1\r\nHost: x\r\nX-Slow: ', 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
