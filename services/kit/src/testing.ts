/**
 * Test helpers: a throwaway EdDSA key pair that signs JWTs exactly as workspaces-auth does, so a service's
 * tests can authenticate requests without running workspaces-auth; the `inject` options of a call of a catalogue
 * endpoint; a span recorder that keeps the spans of the services it is given to (tracing tests); a reader of
 * `/metrics` text (metrics tests); and a spare port.
 */
import { createServer } from 'node:net';
import type { InjectOptions } from 'fastify';
import type { BodyInputOf, Endpoint, ParamsInputOf, QueryInputOf } from '@formloom/contracts/api/endpoint';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type AuthClaims } from '@formloom/contracts/auth';
import type { AccessLevel, DataRegion } from '@formloom/contracts/entities/identity';

/** A test issuer: its public `jwks` and a `token()` that signs claims. */
export interface TestIssuer {
  jwks: JSONWebKeySet;
  /**
   * Signs a JWT for a user; `workspaces` maps workspace id → access level; `emailVerified` becomes the `emv`
   * claim (omitted when not given, as in tokens of issuers that predate it); `dataRegion` the `reg` claim.
   */
  token(user: {
    id: number;
    organizationId: number;
    isAdmin?: boolean;
    email?: string;
    emailVerified?: boolean;
    dataRegion?: DataRegion;
    workspaces: Record<number, AccessLevel>;
  }): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for `inject`. */
  headers(user: Parameters<TestIssuer['token']>[0]): Promise<{ authorization: string }>;
}

/** Creates a test issuer with a fresh Ed25519 key. */
export async function createTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA', use: 'sig' };
  const issuer: TestIssuer = {
    jwks: { keys: [jwk] },
    async token(user) {
      const claims: Omit<AuthClaims, 'sub'> = {
        org: user.organizationId,
        adm: user.isAdmin ?? false,
        email: user.email ?? `user${user.id}@example.com`,
        ...(user.emailVerified === undefined ? {} : { emv: user.emailVerified }),
        ...(user.dataRegion === undefined ? {} : { reg: user.dataRegion }),
        ws: Object.fromEntries(Object.entries(user.workspaces).map(([k, v]) => [String(k), v])),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
        .setSubject(String(user.id))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    },
    async headers(user) {
      return { authorization: `Bearer ${await issuer.token(user)}` };
    },
  };
  return issuer;
}

/** A call of a catalogue endpoint in a test: its path parameters, query, body and headers. */
export interface EndpointCall<E extends Endpoint> {
  params?: ParamsInputOf<E>;
  query?: QueryInputOf<E>;
  /** The JSON body (a test of refusals may send anything). */
  body?: BodyInputOf<E> | Record<string, unknown>;
  headers?: Record<string, string>;
  /** The client address the request comes from (`request.ip`; rate limits key on it). */
  remoteAddress?: string;
}

/**
 * The `app.inject(…)` options of a call of `endpoint`: its method, its path built from the catalogue
 * (`pathOf`) with the query appended, the JSON body and the headers. Test helpers build every request this way:
 * no documented path is spelled outside the catalogue.
 */
export function endpointRequest<E extends Endpoint>(endpoint: E, call: EndpointCall<E> = {}): InjectOptions {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return {
    method: endpoint.method,
    url: `${pathOf(endpoint, (call.params ?? {}) as Record<string, string | number>)}${query ? `?${query}` : ''}`,
    headers: call.headers ?? {},
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
    ...(call.body === undefined ? {} : { payload: call.body as Record<string, unknown> }),
  };
}

/** Keeps finished spans in memory; pass `processor` as `spanProcessors: [processor]` to services/gateway. */
export interface SpanRecorder {
  /** The processor to hand to `createService` (ServiceOptions.spanProcessors), the gateway or startEmbedded. */
  processor: SimpleSpanProcessor;
  /** The spans finished so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** Forgets the spans recorded so far. */
  reset(): void;
}

/** Creates a {@link SpanRecorder} (an InMemorySpanExporter behind a SimpleSpanProcessor). */
export function createSpanRecorder(): SpanRecorder {
  const exporter = new InMemorySpanExporter();
  return {
    processor: new SimpleSpanProcessor(exporter),
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
  };
}

/** One sample of a Prometheus text exposition: metric name (with `_bucket`/`_sum`/`_count`), labels, value. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text format (what `GET /metrics` answers; comment lines skipped).
 * @throws Error naming the first line that is not a sample
 */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (key !== undefined && value !== undefined) labels[key] = value;
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the one sample named `name` whose labels include `labels` (other labels ignored), or
 * undefined when there is none.
 * @throws Error when several samples match (the test should name more labels)
 */
export function metricValue(samples: readonly MetricSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it; another process may take it
 * before the caller does, which tests accept). For servers a test starts, or an address that refuses connections.
 * @throws when no port can be bound
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
