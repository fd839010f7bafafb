/**
 * The gateway against real upstream HTTP servers on 127.0.0.1:0: small echo servers stand in for the three
 * services (they answer with what they received), and the workspaces-auth stand-in also answers the session
 * exchange (`helpers.ts`). The whole path with the real services is tested in `scripts/test/embedded.test.ts`;
 * the hardening of the edge (origins, headers, paths, timeouts) in `edge.test.ts`.
 */
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '@formloom/contracts/limits';
import { ROUTES, type RouteRow } from '@formloom/contracts/api/route-table';
import type { ServiceName } from '@formloom/contracts/services';
import { createHttpMetrics, createMetricsApp } from '@formloom/kit/metrics';
import type { GatewayOptions } from '../src/app';
import { WEB_NOT_BUILT_TEXT } from '../src/web';
import { deadUrl, echoOf, gatewayFixture, GOOD_SESSION, INTERNAL_TOKEN, OTHER_SESSION, upstreamUrls } from './helpers';

const fx = gatewayFixture();

function startGateway(overrides: Partial<GatewayOptions> = {}): Promise<{ app: FastifyInstance; url: string }> {
  return fx.start(overrides);
}

/**
 * A gateway in front of a built web app made of `files` (path → text), each written with the `.br` and `.gz`
 * copies the build makes.
 */
async function startGatewayWithDist(files: Record<string, string>) {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'formloom-web-compressed-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(webDist, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  const started = await startGateway({ webDist });
  return {
    url: started.url,
    app: {
      close: async () => {
        await started.app.close();
        await rm(webDist, { recursive: true, force: true });
      },
    },
  };
}

describe('routing', () => {
  it('sends each documented prefix to its service with the path and query unchanged', async () => {
    const cases: [string, ServiceName][] = [
      ['/auth/login', 'workspaces-auth'],
      ['/admin/workspaces/3', 'workspaces-auth'],
      ['/.well-known/jwks.json', 'workspaces-auth'],
      ['/admin/flows/fetch/abc?x=1&y=two', 'flows'],
      ['/public/flows/templates/abc?mode=live', 'flows'],
      ['/admin/workflows/save', 'workflows-engine'],
      ['/admin/mail', 'workflows-engine'],
      ['/v1/admin/flow/12/workflowRuns/7?mode=edit', 'workflows-engine'],
    ];
    for (const [url, service] of cases) {
      const echo = await echoOf(await fetch(fx.base + url));
      expect({ url, service: echo.service, seenUrl: echo.url }).toEqual({ url, service, seenUrl: url });
    }
  });

  it('lets the longest prefix win over a shorter one', async () => {
    const routes: RouteRow[] = [
      { prefix: '/admin/flows', service: 'flows' },
      { prefix: '/admin/flows/fromPdf', service: 'workflows-engine' },
      ...ROUTES.filter((row) => row.prefix !== '/admin/flows'),
    ];
    const { app, url } = await startGateway({ routes });
    try {
      expect((await echoOf(await fetch(`${url}/admin/flows/fromPdf`, { method: 'POST' }))).service).toBe('workflows-engine');
      expect((await echoOf(await fetch(`${url}/admin/flows/fromPdf/x`))).service).toBe('workflows-engine');
      expect((await echoOf(await fetch(`${url}/admin/flows/fromPdfX`))).service).toBe('flows');
      expect((await echoOf(await fetch(`${url}/admin/flows`))).service).toBe('flows');
    } finally {
      await app.close();
    }
  });

  it('does not treat a longer word as the prefix (/authority is not /auth)', async () => {
    const response = await fetch(`${fx.base}/authority`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(fx.upstreams['workspaces-auth'].seen.some((e) => e.url === '/authority')).toBe(false);
  });

  it('passes the request body through byte for byte with its content type', async () => {
    const body = '{"name":"My form","flowTemplate":{"firstStep":"s1"},"n":1.50}';
    const echo = await echoOf(
      await fetch(`${fx.base}/admin/flows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(echo.body).toBe(body);
    expect(echo.headers['content-type']).toBe('application/json');
    expect(echo.method).toBe('POST');
  });
});

describe('request ids and forwarding headers', () => {
  it('passes the client request id upstream and echoes it back', async () => {
    const response = await fetch(`${fx.base}/admin/flows/x`, { headers: { 'x-request-id': 'req-abc-123' } });
    const echo = await echoOf(response);
    expect(echo.headers['x-request-id']).toBe('req-abc-123');
    expect(response.headers.get('x-request-id')).toBe('req-abc-123');
  });

  it('assigns a request id when the client sends none, the same upstream and in the response', async () => {
    const response = await fetch(`${fx.base}/admin/flows/x`);
    const echo = await echoOf(response);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(echo.headers['x-request-id']).toBe(id);
  });

  it('sets X-Forwarded-* from what the gateway saw, ignoring forged ones when it is the edge', async () => {
    const echo = await echoOf(
      await fetch(`${fx.base}/admin/flows/x`, { headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.test' } }),
    );
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-host']).toBe(new URL(fx.base).host);
  });

  it('behind a trusted proxy, passes on exactly the client address, scheme and host the proxy reported', async () => {
    const { app, url } = await startGateway({ trustProxy: 1 });
    try {
      // The ingress (127.0.0.1 here) appended the client's address to a chain the client started with a lie.
      const echo = await echoOf(
        await fetch(`${url}/admin/flows/x`, {
          headers: {
            'x-forwarded-for': '6.6.6.6, 203.0.113.9',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'forms.example.com',
            forwarded: 'for=6.6.6.6',
            'x-real-ip': '6.6.6.6',
          },
        }),
      );
      expect(echo.headers['x-forwarded-for']).toBe('203.0.113.9');
      expect(echo.headers['x-forwarded-proto']).toBe('https');
      expect(echo.headers['x-forwarded-host']).toBe('forms.example.com');
      expect(echo.headers.forwarded).toBeUndefined();
      expect(echo.headers['x-real-ip']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('session cookie to bearer token', () => {
  it('swaps the session cookie for the exchanged access token on every service', async () => {
    const flows = await echoOf(await fetch(`${fx.base}/admin/flows/x`, { headers: { cookie: `formloom_session=${GOOD_SESSION}` } }));
    expect(flows.headers.authorization).toMatch(new RegExp(`^Bearer jwt-${GOOD_SESSION}-\\d+$`));
    const engine = await echoOf(
      await fetch(`${fx.base}/admin/workflows/x`, { headers: { cookie: `formloom_session=${GOOD_SESSION}` } }),
    );
    expect(engine.headers.authorization).toBe(flows.headers.authorization);
  });

  it('reuses the exchanged token for following reads (one exchange)', async () => {
    const cookie = `formloom_session=${OTHER_SESSION}`;
    const before = fx.upstreams['workspaces-auth'].exchanges;
    const first = await echoOf(await fetch(`${fx.base}/admin/flows/a`, { headers: { cookie } }));
    const second = await echoOf(await fetch(`${fx.base}/admin/flows/b`, { headers: { cookie } }));
    expect(second.headers.authorization).toBe(first.headers.authorization);
    expect(fx.upstreams['workspaces-auth'].exchanges).toBe(before + 1);
  });

  it('exchanges again after a change made through workspaces-auth, so new claims show at once', async () => {
    const cookie = `formloom_session=${GOOD_SESSION}`;
    const before = await echoOf(await fetch(`${fx.base}/admin/flows/a`, { headers: { cookie } }));
    await echoOf(
      await fetch(`${fx.base}/admin/workspaces`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{"name":"Sales"}',
      }),
    );
    const after = await echoOf(await fetch(`${fx.base}/admin/flows/a`, { headers: { cookie } }));
    expect(after.headers.authorization).not.toBe(before.headers.authorization);
  });

  it('forwards the cookie to workspaces-auth only', async () => {
    const cookie = `formloom_session=${GOOD_SESSION}; theme=dark`;
    const auth = await echoOf(await fetch(`${fx.base}/auth/me`, { headers: { cookie } }));
    expect(auth.headers.cookie).toBe(cookie);
    const flows = await echoOf(await fetch(`${fx.base}/admin/flows/x`, { headers: { cookie } }));
    expect(flows.headers.cookie).toBeUndefined();
    const engine = await echoOf(await fetch(`${fx.base}/admin/mail`, { headers: { cookie } }));
    expect(engine.headers.cookie).toBeUndefined();
  });

  it('passes a refused session on anonymously', async () => {
    const response = await fetch(`${fx.base}/admin/flows/x`, { headers: { cookie: 'formloom_session=forged-or-expired' } });
    const echo = await echoOf(response);
    expect(echo.headers.authorization).toBeUndefined();
  });

  it('drops client-supplied Authorization and x-internal-token headers', async () => {
    const forged = { authorization: 'Bearer forged.jwt.token', 'x-internal-token': INTERNAL_TOKEN };
    const anonymous = await echoOf(await fetch(`${fx.base}/admin/flows/x`, { headers: forged }));
    expect(anonymous.headers.authorization).toBeUndefined();
    expect(anonymous.headers['x-internal-token']).toBeUndefined();

    const signedIn = await echoOf(
      await fetch(`${fx.base}/auth/me`, { headers: { ...forged, cookie: `formloom_session=${GOOD_SESSION}` } }),
    );
    expect(signedIn.headers.authorization).toMatch(/^Bearer jwt-/);
    expect(signedIn.headers['x-internal-token']).toBeUndefined();
  });

  it('answers 503 in the error format when workspaces-auth cannot exchange the session', async () => {
    const { app, url } = await startGateway({
      services: upstreamUrls(fx.upstreams, { 'workspaces-auth': await deadUrl() }),
    });
    try {
      const response = await fetch(`${url}/admin/flows/x`, { headers: { cookie: `formloom_session=${GOOD_SESSION}` } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 'unavailable', message: 'The service is temporarily unavailable' },
      });
    } finally {
      await app.close();
    }
  });
});

describe('what is never proxied', () => {
  it('answers 404 for /internal/… on every method and never reaches a service', async () => {
    const seenBefore = fx.upstreams['workspaces-auth'].seen.length;
    for (const [method, url] of [
      ['POST', '/internal/sessions/exchange'],
      ['GET', '/internal/flows/abc'],
      ['GET', '/internal'],
    ] as const) {
      const response = await fetch(fx.base + url, {
        method,
        headers: { 'x-internal-token': INTERNAL_TOKEN, 'content-type': 'application/json', accept: 'text/html' },
        body: method === 'POST' ? JSON.stringify({ sessionToken: GOOD_SESSION }) : undefined,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect(fx.upstreams['workspaces-auth'].seen.length).toBe(seenBefore);
  });
});

describe('failures in the error format', () => {
  it('answers 503 unavailable when the service is down', async () => {
    const { app, url } = await startGateway({
      services: upstreamUrls(fx.upstreams, { flows: await deadUrl() }),
    });
    try {
      for (const init of [{ method: 'GET' }, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }]) {
        const response = await fetch(`${url}/admin/flows/x`, init);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          error: { code: 'unavailable', message: 'The service is temporarily unavailable' },
        });
        expect(response.headers.get('x-request-id')).toBeTruthy();
      }
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'not_ready',
        checks: { 'workspaces-auth': true, flows: false, 'workflows-engine': true },
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a body over 1 MiB with 413 and never sends it upstream', async () => {
    const seenBefore = fx.upstreams.flows.seen.length;
    const big = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) });
    const response = await fetch(`${fx.base}/admin/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large' },
    });
    expect(fx.upstreams.flows.seen.length).toBe(seenBefore);
  });

  it('refuses an oversized body sent without a content-length (chunked) with 413', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(120);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= BODY_LIMIT_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${fx.base}/admin/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('lets a body at the limit through whole', async () => {
    const body = `{"text":"${'a'.repeat(BODY_LIMIT_BYTES - '{"text":""}'.length)}"}`;
    expect(Buffer.byteLength(body)).toBe(BODY_LIMIT_BYTES);
    const echo = await echoOf(
      await fetch(`${fx.base}/admin/flows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(echo.bodyLength).toBe(BODY_LIMIT_BYTES);
  });
});

describe('health', () => {
  it('is live and ready when every upstream answers', async () => {
    expect(await (await fetch(`${fx.base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${fx.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { 'workspaces-auth': true, flows: true, 'workflows-engine': true, integrations: true },
    });
  });
});

describe('the web app', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('serves index.html at / and its built assets', async () => {
    const index = await fetch(`${fx.base}/`, { headers: html });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"></div>');
    const asset = await fetch(`${fx.base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(await asset.text()).toBe('console.log("formloom")');
  });

  it('answers client routes with index.html', async () => {
    for (const url of ['/home', '/home/3-sales', '/editor/abc/edit']) {
      const response = await fetch(fx.base + url, { headers: html });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('never answers an API path with index.html, even for a browser', async () => {
    for (const url of ['/admin/unknown', '/public/nothing', '/v1/unknown']) {
      const response = await fetch(fx.base + url, { headers: html });
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('answers 404 JSON to a non-HTML request of an unknown path', async () => {
    const response = await fetch(`${fx.base}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('never serves a file outside the web app directory', async () => {
    await writeFile(path.join(path.dirname(fx.webDist), `${path.basename(fx.webDist)}-secret.txt`), 'secret');
    // Dot segments are refused before any route (400; fetch itself resolves `/%2e%2e/` to `/`, and raw dot
    // segments are tested in edge.test.ts); a dot-file is simply not there (404).
    for (const [url, status] of [
      [`/..%2f${path.basename(fx.webDist)}-secret.txt`, 400],
      ['/%2e%2e/etc/passwd', 404],
      ['/.env', 404],
    ] as const) {
      const response = await fetch(fx.base + url, { headers: { accept: '*/*' } });
      expect({ url, status: response.status }).toEqual({ url, status });
      expect(await response.text()).not.toContain('secret');
    }
    await rm(path.join(path.dirname(fx.webDist), `${path.basename(fx.webDist)}-secret.txt`));
  });

  it('lets browsers revalidate files (ETag, 304) and caches hashed assets for good', async () => {
    const first = await fetch(`${fx.base}/assets/app-1234.js`);
    expect(first.headers.get('cache-control')).toContain('immutable');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch() adds `Cache-Control: no-cache` to conditional requests (Fetch spec), which forces a full
    // response; a browser revalidating a cached file sends only If-None-Match, as node:http does here.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${fx.base}/assets/app-1234.js`, { headers: { 'if-none-match': etag ?? '' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
    const page = await fetch(`${fx.base}/home`, { headers: html });
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the build’s brotli or gzip copy the browser accepts, with Vary, for files and client routes', async () => {
    // What `vite build` writes beside each text file (web/vite.config.ts `precompress`).
    const script = 'console.log("formloom");'.repeat(200);
    const page = '<!doctype html><title>Formloom</title><div id="root"></div>'.repeat(40);
    const { app, url } = await startGatewayWithDist({ 'index.html': page, 'assets/big-99.js': script });
    try {
      const get = (pathname: string, headers: http.OutgoingHttpHeaders) =>
        new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(`${url}${pathname}`, { headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      const br = await get('/assets/big-99.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(script);

      const gz = await get('/assets/big-99.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(script);

      const plain = await get('/assets/big-99.js', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      expect(plain.body.toString()).toBe(script);

      // A client route gets index.html, compressed too, never cached, with the page's CSP.
      const route = await get('/home', { accept: 'text/html', 'accept-encoding': 'br' });
      expect(route.status).toBe(200);
      expect(route.headers['content-encoding']).toBe('br');
      expect(route.headers['cache-control']).toBe('no-cache');
      expect(route.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(brotliDecompressSync(route.body).toString()).toBe(page);
    } finally {
      await app.close();
    }
  });

  it('explains how to build the web app when it is missing', async () => {
    const { app, url } = await startGateway({ webDist: path.join(fx.webDist, 'does-not-exist') });
    try {
      const response = await fetch(`${url}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(WEB_NOT_BUILT_TEXT);
      expect(WEB_NOT_BUILT_TEXT).toContain('npm run build:web');
      // The API still works.
      expect((await echoOf(await fetch(`${url}/admin/flows/x`))).service).toBe('flows');
    } finally {
      await app.close();
    }
  });
});

describe('telemetry', () => {
  const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

  it('continues the client’s trace upstream with a traceparent of its own span', async () => {
    const echo = await echoOf(
      await fetch(`${fx.base}/admin/flows/x`, {
        headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`, tracestate: 'vendor=forged' },
      }),
    );
    const traceparent = String(echo.headers.traceparent);
    expect(traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    // The gateway's span is the parent, not the client's.
    expect(traceparent).not.toContain('00f067aa0ba902b7');
    // A client without a trace gets one started here.
    const fresh = await echoOf(await fetch(`${fx.base}/admin/flows/y`));
    expect(String(fresh.headers.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(String(fresh.headers.traceparent)).not.toContain(TRACE_ID);
  });

  it('counts requests per route pattern and status on the metrics port, never on the public one', async () => {
    const metrics = createHttpMetrics('gateway');
    const { app, url } = await startGateway({ metrics });
    const metricsApp = await createMetricsApp(metrics, { name: 'gateway', logLevel: 'silent', logger: false });
    try {
      const metricsUrl = await metricsApp.listen({ host: '127.0.0.1', port: 0 });
      await fetch(`${url}/admin/workflows/abc-1`);
      await fetch(`${url}/admin/workflows/abc-2`);
      await fetch(`${url}/nowhere/at/all`, { method: 'DELETE' });
      const publicMetrics = await fetch(`${url}/metrics`, { headers: { accept: '*/*' } });
      expect(publicMetrics.status).toBe(404);
      expect(await publicMetrics.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });

      const response = await fetch(`${metricsUrl}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toMatch(
        /^formloom_http_requests_total\{method="GET",route="\/admin\/workflows\/\*",status_code="200",service="gateway"\} 2$/m,
      );
      expect(text).toMatch(
        /^formloom_http_requests_total\{method="DELETE",route="unmatched",status_code="404",service="gateway"\} 1$/m,
      );
      expect(text).toMatch(
        /^formloom_http_request_duration_seconds_count\{service="gateway",method="GET",route="\/admin\/workflows\/\*",status_code="200"\} 2$/m,
      );
      expect(text).not.toContain('abc-1');
      expect(text).not.toContain('route="/metrics"');
      expect(text).toMatch(/^formloom_process_cpu_user_seconds_total\{service="gateway"\} /m);
      // The metrics port serves nothing else.
      expect((await fetch(`${metricsUrl}/admin/workflows/abc-1`)).status).toBe(404);
    } finally {
      await app.close();
      await metricsApp.close();
    }
  });

  it('serves no /metrics on the public port, even to a browser', async () => {
    const { app, url } = await startGateway({ metrics: createHttpMetrics('gateway') });
    try {
      const response = await fetch(`${url}/metrics`, { headers: { accept: 'application/json' } });
      expect(response.status).toBe(404);
      const page = await fetch(`${url}/metrics`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toContain('formloom_http_requests_total');
    } finally {
      await app.close();
    }
  });
});
