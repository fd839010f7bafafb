/**
 * The gateway's transport (`src/proxy.ts`) against a raw Node HTTP upstream whose answers each test writes by
 * hand: large and unknown-length bodies stream through intact and stop upstream when the client leaves,
 * hop-by-hop headers stop at the gateway, an upstream that answers nothing in time gives 504 and one that drops
 * the connection 503 — in the error format.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startGateway, startUpstreams, closeUpstreams, type Upstream } from './helpers';
import type { ServiceName } from '@formloom/contracts/services';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

let upstreams: Record<ServiceName, Upstream>;
let flows: http.Server;
let handler: Handler = (_request, response) => response.end();
let gateway: { app: FastifyInstance; url: string };

beforeAll(async () => {
  upstreams = await startUpstreams();
  flows = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => flows.listen(0, '127.0.0.1', resolve));
  const flowsUrl = `http://127.0.0.1:${(flows.address() as AddressInfo).port}`;
  // The flows stand-in is this raw server; the others echo.
  gateway = await startGateway({ ...upstreams, flows: { ...upstreams.flows, url: flowsUrl } }, {
    upstreamTimeouts: { headersTimeoutMs: 500, bodyTimeoutMs: 500 },
  });
});

afterAll(async () => {
  await gateway?.app.close();
  flows?.closeAllConnections();
  await new Promise((resolve) => flows?.close(resolve));
  await closeUpstreams(upstreams);
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

it('streams a large answer of known length through intact, with its Content-Length', async () => {
  const payload = randomBytes(3 * 1024 * 1024);
  handler = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': payload.length });
    // In pieces, as a service writing an export would.
    for (let at = 0; at < payload.length; at += 64 * 1024) response.write(payload.subarray(at, at + 64 * 1024));
    response.end();
  };
  const response = await fetch(`${gateway.url}/admin/flows/export`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-length')).toBe(String(payload.length));
  expect(response.headers.get('content-type')).toBe('text/csv');
  expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(payload));
});

it('streams an answer of unknown length (chunked upstream) through intact', async () => {
  const pieces = Array.from({ length: 20 }, (_, i) => `line ${i}\n`.repeat(1000));
  handler = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    let i = 0;
    const next = () => {
      if (i === pieces.length) return response.end();
      response.write(pieces[i++]);
      setImmediate(next);
    };
    next();
  };
  const response = await fetch(`${gateway.url}/admin/flows/stream`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(pieces.join(''));
});

it('stops the upstream answer as soon as the client goes away in the middle of a download', async () => {
  // A long body timeout: only the client's leaving can end the upstream answer within the test.
  const patient = await startGateway({ ...upstreams, flows: { ...upstreams.flows, url: `http://127.0.0.1:${(flows.address() as AddressInfo).port}` } }, {
    upstreamTimeouts: { headersTimeoutMs: 500, bodyTimeoutMs: 30_000 },
  });
  let upstreamClosed!: () => void;
  const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
  let written = 0;
  handler = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv' });
    // An endless export: a chunk whenever there is room, until the connection is gone.
    const more = () => {
      while (!response.destroyed && response.write(randomBytes(16 * 1024))) written += 16 * 1024;
      if (!response.destroyed) response.once('drain', more);
    };
    response.on('close', () => upstreamClosed());
    more();
  };
  try {
    // The client reads the first bytes, then drops the connection.
    const started = await new Promise<number>((resolve, reject) => {
      const request = http.get(`${patient.url}/admin/flows/export`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve(Date.now());
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    // Nothing near an endless amount was produced: the upstream was held back, then stopped.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  } finally {
    await patient.app.close();
  }
});

it('passes the status and end-to-end headers back, never the upstream’s hop-by-hop ones', async () => {
  handler = (_request, response) => {
    response.writeHead(409, {
      'content-type': 'application/json',
      'x-custom': 'kept',
      'set-cookie': ['a=1; HttpOnly', 'b=2; HttpOnly'],
      'keep-alive': 'timeout=999',
      'proxy-connection': 'keep-alive',
    });
    response.end('{"error":{"code":"conflict","message":"Taken"}}');
  };
  const response = await fetch(`${gateway.url}/admin/flows/x`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  expect(response.status).toBe(409);
  expect(await response.json()).toEqual({ error: { code: 'conflict', message: 'Taken' } });
  expect(response.headers.get('x-custom')).toBe('kept');
  expect(response.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
  expect(response.headers.get('keep-alive')).not.toBe('timeout=999');
  expect(response.headers.get('proxy-connection')).toBeNull();
});

it('answers 504 in the error format when the service sends no answer in time', async () => {
  handler = () => {
    // Never answers.
  };
  const response = await fetch(`${gateway.url}/admin/flows/slow`);
  expect(response.status).toBe(504);
  expect(await response.json()).toEqual({ error: { code: 'unavailable', message: 'The service is temporarily unavailable' } });
});

it('answers 503 in the error format when the service drops the connection without answering', async () => {
  handler = (request) => request.socket.destroy();
  const response = await fetch(`${gateway.url}/admin/flows/x`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ error: { code: 'unavailable', message: 'The service is temporarily unavailable' } });
  // The next request gets a fresh connection and its answer.
  handler = (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  expect(await (await fetch(`${gateway.url}/admin/flows/x`)).json()).toEqual({ ok: true });
});
