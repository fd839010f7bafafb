/**
 * The gateway's edge as an attacker on another port of the same host, a browser and an operator see it:
 * state-changing requests from other origins are refused (CSRF), non-JSON bodies too; every answer carries the
 * security headers, the web app's pages their own CSP (the public form may be framed, nothing else); the
 * services see exactly the client address the gateway determined, whatever a client writes in
 * `X-Forwarded-For`; paths that would resolve to a service's `/metrics` or `/internal/…` are refused; and the
 * gateway's server has the HTTP timeouts of contracts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as copy from '@formloom/contracts/copy';
import { HTTP_HEADERS_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS } from '@formloom/contracts/limits';
import type { ServiceName } from '@formloom/contracts/services';
import { parseConfig } from '@formloom/kit/config';
import { createHttpApp, type ZodFastify } from '@formloom/kit/http';
import { API_CSP, HSTS_HEADER, PERMISSIONS_POLICY } from '@formloom/kit/security-headers';
import type { GatewayOptions } from '../src/app';
import { parseGatewayEdgeEnv } from '../src/edge-config';
import { PUBLIC_FORM_ROOT, WEB_APP_REFERRER_POLICY, webAppCsp } from '../src/web';
import { echoOf, gatewayFixture, rawRequest, upstreamUrls } from './helpers';

const REPO = path.resolve(__dirname, '..', '..');

const fx = gatewayFixture();

/** Runs `check` against a gateway built with `options`, then closes it. */
async function withGateway(options: Partial<GatewayOptions>, check: (url: string) => Promise<void>): Promise<void> {
  const { app, url } = await fx.start(options);
  try {
    await check(url);
  } finally {
    await app.close();
  }
}

const refused = { error: { code: 'forbidden', message: copy.errors.crossOriginRefused } };

describe('cross-site request forgery', () => {
  /** Requests an attacker's page on another port of the same host makes a browser send. */
  const attacks: [string, string, string, Record<string, string>][] = [
    ['logout from another port', 'POST', '/auth/logout', { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' }],
    ['publish from another port', 'POST', '/admin/flows/abc/publish', { origin: 'http://localhost:3000' }],
    ['a JSON change from another site', 'PUT', '/admin/flows/abc/template', { origin: 'https://evil.example', 'content-type': 'application/json' }],
    ['a delete from a sandboxed frame', 'DELETE', '/admin/workflows/abc', { origin: 'null' }],
    ['a same-site request without Origin', 'POST', '/auth/logout', { 'sec-fetch-site': 'same-site' }],
    ['a cross-site request without Origin', 'PATCH', '/admin/workspaces/1', { 'sec-fetch-site': 'cross-site' }],
  ];

  it.each(attacks)('refuses %s with 403 before any service sees it', async (_case, method, url, headers) => {
    const seenBefore = Object.values(fx.upstreams).map((upstream) => upstream.seen.length);
    const response = await fetch(fx.base + url, {
      method,
      headers: { cookie: 'formloom_session=victim', ...headers },
      body: headers['content-type'] ? '{}' : undefined,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(refused);
    expect(Object.values(fx.upstreams).map((upstream) => upstream.seen.length)).toEqual(seenBefore);
  });

  it('lets the app itself, non-browser clients and safe methods through', async () => {
    const cases: Record<string, string>[] = [
      { origin: fx.base },
      { 'sec-fetch-site': 'same-origin' },
      { origin: fx.base, 'sec-fetch-site': 'same-origin' },
      // A user typing or bookmarking a URL.
      { 'sec-fetch-site': 'none' },
      // curl, a server, a webhook sender.
      {},
    ];
    for (const headers of cases) {
      const echo = await echoOf(await fetch(`${fx.base}/admin/flows/abc/publish`, { method: 'POST', headers }));
      expect(echo.url).toBe('/admin/flows/abc/publish');
    }
    const read = await fetch(`${fx.base}/admin/flows/abc`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('lets the origins of ALLOWED_ORIGINS through, and only those', async () => {
    const { ALLOWED_ORIGINS } = parseGatewayEdgeEnv({ ALLOWED_ORIGINS: 'http://localhost:5173, https://forms.example.com' });
    expect(ALLOWED_ORIGINS).toEqual(['http://localhost:5173', 'https://forms.example.com']);
    await withGateway({ allowedOrigins: ALLOWED_ORIGINS }, async (url) => {
      for (const origin of ['http://localhost:5173', 'https://forms.example.com']) {
        expect((await fetch(`${url}/auth/logout`, { method: 'POST', headers: { origin } })).status).toBe(200);
      }
      const other = await fetch(`${url}/auth/logout`, { method: 'POST', headers: { origin: 'http://localhost:5174' } });
      expect(other.status).toBe(403);
    });
    expect(() => parseGatewayEdgeEnv({ ALLOWED_ORIGINS: 'https://forms.example.com/path' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseGatewayEdgeEnv({ ALLOWED_ORIGINS: '*' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('knows its public origin from a trusted proxy only', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'forms.example.com' };
    const post = (url: string, origin: string) =>
      fetch(`${url}/auth/logout`, { method: 'POST', headers: { ...forwarded, origin } });
    await withGateway({ trustProxy: 1 }, async (url) => {
      expect((await post(url, 'https://forms.example.com')).status).toBe(200);
      expect((await post(url, 'http://forms.example.com')).status).toBe(403);
    });
    // The gateway is the edge: a client cannot claim to be on the page's origin with forged headers.
    expect((await post(fx.base, 'https://forms.example.com')).status).toBe(403);
  });

  it('refuses what a cross-site form or no-cors fetch sends without a preflight with 415', async () => {
    const seenBefore = fx.upstreams['workspaces-auth'].seen.length;
    for (const [contentType, body] of [
      ['text/plain', undefined],
      ['text/plain;charset=UTF-8', '{"email":"a@b.c"}'],
      ['application/x-www-form-urlencoded', 'email=a%40b.c'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const response = await fetch(`${fx.base}/auth/logout`, { method: 'POST', headers: { 'content-type': contentType }, body });
      expect({ contentType, status: response.status }).toEqual({ contentType, status: 415 });
      expect(await response.json()).toEqual({
        error: { code: 'unsupported_media_type', message: copy.errors.unsupportedMediaType },
      });
    }
    expect(fx.upstreams['workspaces-auth'].seen.length).toBe(seenBefore);
  });
});

describe('security headers', () => {
  function expectApiHeaders(response: Response, label: string): void {
    expect({ label, csp: response.headers.get('content-security-policy') }).toEqual({ label, csp: API_CSP });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  }

  it('are on proxied answers, the gateway’s own answers and errors', async () => {
    const json = { accept: 'application/json' };
    for (const url of ['/admin/flows/abc', '/healthz', '/readyz', '/nowhere', '/internal/flows/x', '/admin/flows/x%00']) {
      const response = await fetch(fx.base + url, { headers: json });
      expectApiHeaders(response, url);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('add HSTS only when the request arrived over TLS as a trusted proxy says', async () => {
    const tls = { 'x-forwarded-proto': 'https' };
    expect((await fetch(`${fx.base}/admin/flows/abc`, { headers: tls })).headers.get('strict-transport-security')).toBeNull();
    await withGateway({ trustProxy: ['127.0.0.1'] }, async (url) => {
      const response = await fetch(`${url}/admin/flows/abc`, { headers: tls });
      expect(response.headers.get('strict-transport-security')).toBe(HSTS_HEADER);
      expect((await fetch(`${url}/admin/flows/abc`)).headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('give the web app’s pages their CSP, and let no page but the public form be framed', async () => {
    const html = { accept: 'text/html' };
    for (const url of ['/', '/home', '/editor/abc/edit', '/login']) {
      const response = await fetch(fx.base + url, { headers: html });
      expect(response.headers.get('content-type')).toContain('text/html');
      expect({ url, csp: response.headers.get('content-security-policy') }).toEqual({ url, csp: webAppCsp('app') });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe(WEB_APP_REFERRER_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const form = await fetch(`${fx.base}/t/abcDEF123456`, { headers: html });
    expect(form.headers.get('content-security-policy')).toBe(webAppCsp('publicForm'));
    expect(form.headers.get('x-frame-options')).toBeNull();
    expect(webAppCsp('publicForm')).toContain('frame-ancestors *');
    expect(webAppCsp('app')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    // The bot challenge (Turnstile, hCaptcha) may load on the public form only.
    expect(webAppCsp('publicForm')).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com [^;]*https:\/\/\*\.hcaptcha\.com;/);
    expect(webAppCsp('publicForm')).toMatch(/frame-src https:\/\/challenges\.cloudflare\.com/);
    expect(webAppCsp('app')).not.toMatch(/cloudflare|hcaptcha|frame-src/);
    // An ImageChoice's cards load from any HTTPS address on the public form; app pages load their own images only.
    expect(webAppCsp('publicForm')).toContain("img-src 'self' https:;");
    expect(webAppCsp('app')).toContain("img-src 'self';");
  });

  it('stay the page’s when the browser revalidates it (304: the browser keeps the headers of the 304)', async () => {
    for (const [url, csp] of [
      ['/home', webAppCsp('app')],
      ['/t/abcDEF123456', webAppCsp('publicForm')],
    ] as const) {
      // One request id for both: the form page embeds the (echo) flows service's answer, which repeats it.
      const first = await fetch(fx.base + url, { headers: { accept: 'text/html', 'x-request-id': 'revalidate' } });
      const etag = first.headers.get('etag') ?? '';
      const again = await rawRequest(fx.base, { path: url, headers: { accept: 'text/html', 'if-none-match': etag, 'x-request-id': 'revalidate' } });
      expect({ url, status: again.status, csp: again.headers['content-security-policy'] }).toEqual({ url, status: 304, csp });
    }
  });

  it('follow the web app’s public form route', () => {
    // Every client route of the web app is defined in its paths module (read as text: it is browser code).
    const paths = readFileSync(path.join(REPO, 'web/src/config/paths.ts'), 'utf8');
    expect(paths).toContain(`'/${PUBLIC_FORM_ROOT}/:flowPublicIdentifier'`);
  });

  it('are the same in the Kubernetes web image (nginx)', () => {
    const dockerfile = readFileSync(path.join(REPO, 'web/Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`add_header Content-Security-Policy "${webAppCsp('app')}" always;`);
    expect(dockerfile).toContain(`add_header Content-Security-Policy "${webAppCsp('publicForm')}" always;`);
    expect(dockerfile).toContain(`add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
  });
});

describe('the client address the services see', () => {
  let service: ZodFastify;
  let serviceUrl: string;

  beforeAll(async () => {
    // A service's skeleton with the kit's default TRUST_PROXY: what workspaces-auth keys its login limits on.
    service = createHttpApp({ name: 'ip-echo', logLevel: 'silent', logger: false, trustProxy: parseConfig({}).TRUST_PROXY });
    service.get('/admin/flows/*', async (request) => ({ ip: request.ip }));
    serviceUrl = await service.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await service?.close();
  });

  async function ipsSeen(options: Partial<GatewayOptions>, forwardedFor: string[]): Promise<string[]> {
    const { app, url } = await fx.start({ ...options, services: { ...urlsOf(), flows: serviceUrl } });
    try {
      const ips: string[] = [];
      for (const header of forwardedFor) {
        const response = await fetch(`${url}/admin/flows/x`, { headers: { 'x-forwarded-for': header } });
        ips.push(((await response.json()) as { ip: string }).ip);
      }
      return ips;
    } finally {
      await app.close();
    }
  }

  function urlsOf(): Record<ServiceName, string> {
    return upstreamUrls(fx.upstreams);
  }

  const rotating = ['1.1.1.1, 203.0.113.9', '2.2.2.2, 203.0.113.9', '3.3.3.3, 3.3.3.4, 203.0.113.9'];

  it('is the one an ingress in front reported, whatever the client put before it (TRUST_PROXY=1, or true)', async () => {
    expect(await ipsSeen({ trustProxy: 1 }, rotating)).toEqual(['203.0.113.9', '203.0.113.9', '203.0.113.9']);
    expect(await ipsSeen({ trustProxy: true }, rotating)).toEqual(['203.0.113.9', '203.0.113.9', '203.0.113.9']);
  });

  it('follows a list of trusted proxy addresses, and two hops', async () => {
    expect(await ipsSeen({ trustProxy: ['127.0.0.1', '203.0.113.0/24'] }, ['6.6.6.6, 198.51.100.7, 203.0.113.9'])).toEqual(['198.51.100.7']);
    expect(await ipsSeen({ trustProxy: 2 }, ['6.6.6.6, 198.51.100.7, 203.0.113.9'])).toEqual(['198.51.100.7']);
    expect(await ipsSeen({ trustProxy: 2 }, ['6.6.6.6, 203.0.113.9'])).toEqual(['6.6.6.6']);
  });

  it('is the socket’s peer when the gateway is the edge', async () => {
    expect(await ipsSeen({}, rotating)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('parses TRUST_PROXY for the gateway (default false) like the services', () => {
    expect(parseGatewayEdgeEnv({}).TRUST_PROXY).toBe(false);
    expect(parseGatewayEdgeEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseGatewayEdgeEnv({ TRUST_PROXY: '10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => parseGatewayEdgeEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('paths', () => {
  it.each([
    '/auth/x\\..\\..\\metrics',
    '/admin/flows/x\\..\\..\\..\\internal/sessions/exchange',
    '/auth/x/%2e%2e/%2e%2e/metrics',
    '/auth/..%2f..%2fmetrics',
    '/admin/flows/abc%00',
  ])('refuses %s with 400 and never reaches a service', async (url) => {
    const seenBefore = Object.values(fx.upstreams).map((upstream) => upstream.seen.length);
    const response = await rawRequest(fx.base, { path: url, headers: { accept: 'application/json' } });
    expect({ url, status: response.status }).toEqual({ url, status: 400 });
    expect(JSON.parse(response.body).error.code).toBe('validation_error');
    expect(Object.values(fx.upstreams).map((upstream) => upstream.seen.length)).toEqual(seenBefore);
  });
});

describe('timeouts', () => {
  it('are the limits of contracts', () => {
    expect({
      headers: fx.gateway.server.headersTimeout,
      request: fx.gateway.server.requestTimeout,
      idle: fx.gateway.server.timeout,
    }).toEqual({ headers: HTTP_HEADERS_TIMEOUT_MS, request: HTTP_REQUEST_TIMEOUT_MS, idle: HTTP_IDLE_TIMEOUT_MS });
  });
});
