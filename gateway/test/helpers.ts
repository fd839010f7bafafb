/**
 * Test helpers of the gateway's tests: stand-in upstreams on 127.0.0.1:0 (echo servers that answer with what
 * they received; the workspaces-auth one also answers the session exchange), a built web app in a temporary
 * directory, a gateway in front of them, and a raw HTTP request (a path sent exactly as written).
 */
import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { exchangeSession } from '@formloom/contracts/api/workspaces-auth/internal';
import { BODY_LIMIT_BYTES } from '@formloom/contracts/limits';
import { SERVICES, type ServiceName } from '@formloom/contracts/services';
import { buildGateway, type GatewayOptions } from '../src/app';

export const INTERNAL_TOKEN = 'test-internal-token-0123456789';
export const GOOD_SESSION = 'good-session-token';
export const OTHER_SESSION = 'other-session-token';

/** What an echo upstream saw. */
export interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyLength: number;
  body: string;
}

/** A stand-in upstream: echoes every request; workspaces-auth's also exchanges sessions. */
export interface Upstream {
  app: FastifyInstance;
  url: string;
  /** Requests seen (the exchange excluded). */
  seen: Echo[];
  /** Number of session exchanges answered. */
  exchanges: number;
}

/** Starts the stand-in of `service`. */
export async function startUpstream(service: ServiceName): Promise<Upstream> {
  const app = Fastify({ logger: false, bodyLimit: 10 * BODY_LIMIT_BYTES });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const upstream: Upstream = { app, url: '', seen: [], exchanges: 0 };
  app.get('/healthz', async () => ({ status: 'ok' }));
  if (service === 'workspaces-auth') {
    app.post(exchangeSession.path, async (request, reply) => {
      if (request.headers['x-internal-token'] !== INTERNAL_TOKEN) return reply.code(401).send({ error: 'no' });
      const { sessionToken } = JSON.parse(String(request.body)) as { sessionToken: string };
      if (sessionToken !== GOOD_SESSION && sessionToken !== OTHER_SESSION) return reply.code(401).send({ error: 'no' });
      upstream.exchanges += 1;
      return { accessToken: `jwt-${sessionToken}-${upstream.exchanges}`, expiresIn: 300 };
    });
  }
  app.all('/*', async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const echo: Echo = {
      service,
      method: request.method,
      url: request.url,
      headers: request.headers,
      bodyLength: body.length,
      body: body.length <= 10_000 ? body.toString('utf8') : '',
    };
    upstream.seen.push(echo);
    return echo;
  });
  upstream.url = await app.listen({ host: '127.0.0.1', port: 0 });
  return upstream;
}

/** Starts a stand-in for every service. */
export async function startUpstreams(): Promise<Record<ServiceName, Upstream>> {
  const entries = await Promise.all(SERVICES.map(async (service) => [service, await startUpstream(service)] as const));
  return Object.fromEntries(entries) as Record<ServiceName, Upstream>;
}

/** Every upstream's URL by service, `overrides` replacing some (a dead one …). */
export function upstreamUrls(upstreams: Record<ServiceName, Upstream>, overrides: Partial<Record<ServiceName, string>> = {}): Record<ServiceName, string> {
  return { ...(Object.fromEntries(SERVICES.map((service) => [service, upstreams[service].url])) as Record<ServiceName, string>), ...overrides };
}

/** Closes the stand-ins. */
export async function closeUpstreams(upstreams: Record<ServiceName, Upstream> | undefined): Promise<void> {
  for (const upstream of Object.values(upstreams ?? {})) await upstream.app.close();
}

/** A base URL where nothing listens (a port that was just closed). */
export async function deadUrl(): Promise<string> {
  const app = Fastify({ logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.close();
  return url;
}

/** The public form's page shell of {@link writeWebDist} (`form.html`, as the build writes it). */
export const FORM_SHELL = '<!doctype html><html><head><title>Formloom form</title><script type="module" src="/assets/form-1234.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A built web app in a temporary directory: `index.html`, the public form's `form.html` ({@link FORM_SHELL}) and
 * `assets/app-1234.js`. Remove it with `rm`.
 */
export async function writeWebDist(): Promise<string> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'formloom-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Formloom</title><div id="root"></div>');
  await writeFile(path.join(webDist, 'form.html'), FORM_SHELL);
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("formloom")');
  return webDist;
}

/** Removes a directory made by {@link writeWebDist}. */
export async function removeWebDist(webDist: string | undefined): Promise<void> {
  if (webDist) await rm(webDist, { recursive: true, force: true });
}

/** Builds a gateway in front of `upstreams` (logs off) and listens on 127.0.0.1:0. */
export async function startGateway(
  upstreams: Record<ServiceName, Upstream>,
  options: Partial<GatewayOptions> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildGateway({
    services: upstreamUrls(upstreams),
    internalToken: INTERNAL_TOKEN,
    logger: false,
    ...options,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/** The echo of a 200 answer (fails the test on another status). */
export async function echoOf(response: Response): Promise<Echo> {
  expect(response.status).toBe(200);
  return (await response.json()) as Echo;
}

/** An answer of {@link rawRequest}. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request with `path` exactly as written (fetch would resolve dot segments and backslashes first, as a
 * browser does; an attacker's client does not).
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A gateway in front of stand-in upstreams and a built web app, for one test file ({@link gatewayFixture}). */
export interface GatewayFixture {
  upstreams: Record<ServiceName, Upstream>;
  webDist: string;
  /** The shared gateway (default options). */
  gateway: FastifyInstance;
  /** Its base URL. */
  base: string;
  /** Starts another gateway in front of the same upstreams and web app (close it yourself). */
  start(options?: Partial<GatewayOptions>): Promise<{ app: FastifyInstance; url: string }>;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start the stand-in upstreams, a web app and a gateway, and close
 * them; the returned object is filled in by `beforeAll`.
 */
export function gatewayFixture(): GatewayFixture {
  const fixture = {
    start: (options: Partial<GatewayOptions> = {}) => startGateway(fixture.upstreams, { webDist: fixture.webDist, ...options }),
  } as GatewayFixture;
  beforeAll(async () => {
    fixture.upstreams = await startUpstreams();
    fixture.webDist = await writeWebDist();
    ({ app: fixture.gateway, url: fixture.base } = await fixture.start());
  });
  afterAll(async () => {
    await fixture.gateway?.close();
    await closeUpstreams(fixture.upstreams);
    await removeWebDist(fixture.webDist);
  });
  return fixture;
}
