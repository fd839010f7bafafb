/**
 * The base of the fake providers (`fake-*.ts`): a local HTTP server on 127.0.0.1 that answers a provider's
 * documented routes, for tests and local runs. Third-party APIs are faked only at this network edge
 * (docs/architecture.md §10): our connectors make real HTTP calls to it, through the same code (and SDKs) that call
 * the provider in production.
 *
 * Every fake shares the same controls: which tokens are valid and who they belong to, `revoke(token)` (the next calls
 * with it are refused as the provider refuses a revoked token), `rateLimitNext(n, retryAfterSeconds)` (the next n
 * calls answer 429 with `Retry-After`), and `requests` (what was asked, for assertions). Tests in another process
 * (the web app's, against a product started once) use the same controls over HTTP, under {@link FAKE_CONTROL_PREFIX}
 * (not a provider route): `POST /__fake/revoke {token}`, `POST /__fake/tokens {token, account}`,
 * `POST /__fake/rate-limit {count, retryAfterSeconds}`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The path prefix of the fakes' own control routes (never a provider's). */
export const FAKE_CONTROL_PREFIX = '/__fake/';

/** One request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  /** The bearer token sent, if any (tests compare it; never logged). */
  token: string | undefined;
  /** The query parameters. */
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What a route handler answers: a status, a JSON body, headers. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route of a fake: method, a path pattern (`:name` segments), and its handler. */
export interface FakeRoute {
  method: string;
  path: string;
  /** Answered without a valid token (an OAuth authorize or token endpoint). */
  public?: boolean;
  handle(request: FakeRequest, params: Record<string, string>): FakeAnswer | Promise<FakeAnswer>;
}

/** What a provider's fake says when it refuses: its error body for 401 and 429. */
export interface FakeDialect {
  unauthorized(request: FakeRequest): FakeAnswer;
  rateLimited(retryAfterSeconds: number): FakeAnswer;
  notFound(request: FakeRequest): FakeAnswer;
}

/** A running fake provider. */
export interface FakeProvider<Account> {
  /** Its base URL (`http://127.0.0.1:<port>`): what `PROVIDER_API_URLS` points the connector at. */
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Makes `token` valid, for `account`. */
  addToken(token: string, account: Account): void;
  /** The account of a valid token. */
  accountOf(token: string | undefined): Account | undefined;
  /** Revokes `token`: later calls with it answer 401. */
  revoke(token: string): void;
  /** The next `count` calls answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

/** `path` matched against `pattern` (`/v0/:baseId/:table`): its params, or `null`. */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** Reads a request's JSON or form body (a form as an object of its fields; `undefined` when empty or neither). */
async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Starts a fake provider: `routes(fake)` are answered for a valid bearer token (others get the dialect's 401), after
 * the rate limit the test set (the dialect's 429).
 */
export async function startFakeProvider<Account>(dialect: FakeDialect, routes: (fake: FakeProvider<Account>) => FakeRoute[]): Promise<FakeProvider<Account>> {
  const tokens = new Map<string, Account>();
  let limited = { count: 0, retryAfterSeconds: 0 };
  const fake: FakeProvider<Account> = {
    url: '',
    requests: [],
    addToken: (token, account) => void tokens.set(token, account),
    accountOf: (token) => (token === undefined ? undefined : tokens.get(token)),
    revoke: (token) => void tokens.delete(token),
    rateLimitNext: (count, retryAfterSeconds) => void (limited = { count, retryAfterSeconds }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const table = routes(fake);
  const control = (request: FakeRequest): FakeAnswer => {
    const body = (request.body ?? {}) as { token?: string; account?: Account; count?: number; retryAfterSeconds?: number };
    const action = request.path.slice(FAKE_CONTROL_PREFIX.length);
    if (action === 'revoke' && body.token) fake.revoke(body.token);
    else if (action === 'tokens' && body.token && body.account) fake.addToken(body.token, body.account);
    else if (action === 'rate-limit' && body.count !== undefined) fake.rateLimitNext(body.count, body.retryAfterSeconds ?? 1);
    else return { status: 400, body: { error: `unknown control ${action}` } };
    return { status: 204 };
  };
  const answer = async (request: FakeRequest): Promise<FakeAnswer> => {
    if (request.method === 'POST' && request.path.startsWith(FAKE_CONTROL_PREFIX)) return control(request);
    if (limited.count > 0) {
      limited.count -= 1;
      return dialect.rateLimited(limited.retryAfterSeconds);
    }
    const route = table.find((candidate) => candidate.method === request.method && match(candidate.path, request.path));
    if (!route) return fake.accountOf(request.token) === undefined ? dialect.unauthorized(request) : dialect.notFound(request);
    if (!route.public && fake.accountOf(request.token) === undefined) return dialect.unauthorized(request);
    return route.handle(request, match(route.path, request.path)!);
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const authorization = request.headers.authorization;
      const received: FakeRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        token: authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined,
        query: url.searchParams,
        headers: request.headers,
        body: await readBody(request),
      };
      if (!received.path.startsWith(FAKE_CONTROL_PREFIX)) fake.requests.push(received);
      const { status, body, headers } = await answer(received);
      response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...headers });
      response.end(body === undefined ? '' : JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
