/**
 * The session → access token cache: how long an exchanged token is reused, LRU bounds, refused sessions and
 * invalidation, against a small stand-in of workspaces-auth's exchange endpoint (with a controllable clock).
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { SessionTokens } from '../src/sessions';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';

let server: FastifyInstance;
let authUrl: string;
/** Session token → seconds the issued access token lives (`expiresIn`). */
const lifetimes = new Map<string, number>();
let exchanges = 0;
let now = 0;

beforeAll(async () => {
  server = Fastify({ logger: false });
  server.post<{ Body: { sessionToken: string } }>('/internal/sessions/exchange', async (request, reply) => {
    if (request.headers['x-internal-token'] !== INTERNAL_TOKEN) return reply.code(401).send({});
    const expiresIn = lifetimes.get(request.body.sessionToken);
    if (expiresIn === undefined) return reply.code(401).send({});
    exchanges += 1;
    return { accessToken: `jwt-${exchanges}`, expiresIn };
  });
  authUrl = await server.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  lifetimes.clear();
  exchanges = 0;
  now = 1_000_000;
});

function tokens(extra: { maxEntries?: number } = {}): SessionTokens {
  return new SessionTokens({ authUrl, internalToken: INTERNAL_TOKEN, now: () => now, ...extra });
}

it('reuses a token for 10 s at most', async () => {
  lifetimes.set('s', 300);
  const cache = tokens();
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-1');
  now += 9_999;
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-1');
  now += 2;
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-2');
});

it('stops reusing a token 30 s before it expires', async () => {
  lifetimes.set('s', 35);
  const cache = tokens();
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-1');
  now += 5_001;
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-2');

  lifetimes.set('short', 20);
  await cache.accessTokenFor('short', 'r');
  await cache.accessTokenFor('short', 'r');
  expect(exchanges).toBe(4);
});

it('shares one exchange between concurrent requests of a session', async () => {
  lifetimes.set('s', 300);
  const cache = tokens();
  const results = await Promise.all([1, 2, 3, 4].map(() => cache.accessTokenFor('s', 'r')));
  expect(results).toEqual(['jwt-1', 'jwt-1', 'jwt-1', 'jwt-1']);
  expect(exchanges).toBe(1);
});

it('answers null for a refused session', async () => {
  expect(await tokens().accessTokenFor('unknown', 'r')).toBeNull();
});

it('exchanges again after invalidate, and never caches an exchange that started before it', async () => {
  lifetimes.set('s', 300);
  const cache = tokens();
  const running = cache.accessTokenFor('s', 'r');
  cache.invalidate('s');
  expect(await running).toBe('jwt-1');
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-2');
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-2');
  cache.invalidate('s');
  expect(await cache.accessTokenFor('s', 'r')).toBe('jwt-3');
});

it('keeps at most maxEntries sessions, evicting the least recently used', async () => {
  for (const s of ['a', 'b', 'c']) lifetimes.set(s, 300);
  const cache = tokens({ maxEntries: 2 });
  await cache.accessTokenFor('a', 'r'); // jwt-1
  await cache.accessTokenFor('b', 'r'); // jwt-2
  await cache.accessTokenFor('a', 'r'); // a is now the most recent
  await cache.accessTokenFor('c', 'r'); // jwt-3 evicts b
  expect(await cache.accessTokenFor('a', 'r')).toBe('jwt-1');
  expect(await cache.accessTokenFor('b', 'r')).toBe('jwt-4');
});

it('throws unavailable (503 at the edge) when workspaces-auth cannot be reached', async () => {
  const cache = new SessionTokens({ authUrl: 'http://127.0.0.1:1', internalToken: INTERNAL_TOKEN });
  await expect(cache.accessTokenFor('s', 'r')).rejects.toMatchObject({ name: 'DomainError', kind: 'unavailable' });
});
