/**
 * The public form's page (`/t/:flowPublicIdentifier`, `src/public-form-page.ts`): the gateway writes the live
 * form the flows service answers into the form's HTML shell, so the browser paints it without asking again.
 * A stand-in flows service answers the live-form call as the real one does (200 with the form, 404 for a closed
 * form), fails, or is slow; the other services are echo stand-ins (`helpers.ts`). The real product and browser
 * are in `web/e2e/main-job.test.ts`.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIVE_FORM_ELEMENT_ID, PUBLIC_FORM_ROUTES, type EmbeddedLiveForm } from '@formloom/contracts/api/public-form-routes';
import type { ServiceName } from '@formloom/contracts/services';
import { acceptedEncodings, jsonForScript, LIVE_FORM_EMBED_TIMEOUT_MS, renderFormPage } from '../src/public-form-page';
import { webAppCsp } from '../src/web';
import { closeUpstreams, FORM_SHELL, removeWebDist, startGateway, startUpstreams, writeWebDist, type Upstream } from './helpers';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A form whose name would end the data block and the title if it were written as it is. */
const TRICKY_NAME = 'Sign-up </script><script>alert(1)</script> & <b>"more"</b>';

let upstreams: Record<ServiceName, Upstream>;
let flows: FastifyInstance;
let webDist: string;
let gateway: { app: FastifyInstance; url: string };
/** What the stand-in flows service saw: path and the forwarded headers. */
const seen: { url: string; forwardedFor: unknown; requestId: unknown }[] = [];

beforeAll(async () => {
  upstreams = await startUpstreams();
  flows = Fastify({ logger: false });
  flows.get('/healthz', async () => ({ status: 'ok' }));
  flows.get(PUBLIC_FORM_ROUTES.liveForm.path, async (request, reply) => {
    const { publicIdentifier } = request.params as { publicIdentifier: string };
    seen.push({ url: request.url, forwardedFor: request.headers['x-forwarded-for'], requestId: request.headers['x-request-id'] });
    if (publicIdentifier === 'closed') return reply.code(404).send({ error: { code: 'not_found', message: 'This form is closed' } });
    if (publicIdentifier === 'broken') return reply.code(500).send({ error: { code: 'internal', message: 'boom' } });
    if (publicIdentifier === 'slow') await new Promise((resolve) => setTimeout(resolve, LIVE_FORM_EMBED_TIMEOUT_MS + 1_000));
    // A long enough body for the page to be worth compressing.
    return { flow: { publicIdentifier, name: publicIdentifier === 'tricky' ? TRICKY_NAME : 'Beta sign-up' }, flowSnapshot: { template: { padding: 'x'.repeat(4000) } } };
  });
  const flowsUrl = await flows.listen({ host: '127.0.0.1', port: 0 });
  webDist = await writeWebDist();
  gateway = await startGateway({ ...upstreams, flows: { ...upstreams.flows, url: flowsUrl } }, { webDist });
});

afterAll(async () => {
  await gateway?.app.close();
  await flows?.close();
  await closeUpstreams(upstreams);
  await removeWebDist(webDist);
});

/** GET `url` with `headers`, the body's bytes as they came (fetch would decode them). */
function rawBytes(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The embedded data block of a page, parsed as the browser's `JSON.parse(element.textContent)` would. */
function embeddedOf(page: string): EmbeddedLiveForm | undefined {
  const match = new RegExp(`<script type="application/json" id="${LIVE_FORM_ELEMENT_ID}">([^<]*)</script>`).exec(page);
  return match ? (JSON.parse(match[1]!) as EmbeddedLiveForm) : undefined;
}

it('embeds the live form in the page, titled with its name, and asks the flows service as the client', async () => {
  const response = await fetch(`${gateway.url}/t/live1`, { headers: { ...html, 'x-request-id': 'page-load-1' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('content-security-policy')).toBe(webAppCsp('publicForm'));
  const page = await response.text();
  expect(page).toContain('<title>Beta sign-up · Formloom</title>');
  expect(page).toContain('<script type="module" src="/assets/form-1234.js"></script>');
  const embedded = embeddedOf(page);
  expect(embedded).toMatchObject({ publicIdentifier: 'live1', status: 200, body: { flow: { name: 'Beta sign-up' } } });
  expect(seen.at(-1)).toEqual({ url: '/public/flows/templates/live1?mode=live', forwardedFor: '127.0.0.1', requestId: 'page-load-1' });
});

it('keeps a form name from ending the data block or the title', async () => {
  const page = await (await fetch(`${gateway.url}/t/tricky`, { headers: html })).text();
  expect(page.match(/<\/script>/g)).toHaveLength(2); // the module script's and the data block's own
  expect(embeddedOf(page)?.body).toMatchObject({ flow: { name: TRICKY_NAME } });
  expect(page).toContain('<title>Sign-up &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;b&#62;&#34;more&#34;&#60;/b&#62; · Formloom</title>');
});

it('answers 404 for a closed form, with the closed answer inside for the page to show', async () => {
  const response = await fetch(`${gateway.url}/t/closed`, { headers: html });
  expect(response.status).toBe(404);
  const page = await response.text();
  expect(embeddedOf(page)).toEqual({ publicIdentifier: 'closed', status: 404, body: { error: { code: 'not_found', message: 'This form is closed' } } });
  expect(page).toContain('<title>Formloom form</title>');
});

it('sends the bare shell when the flows service fails or is slow: the browser asks the API itself', async () => {
  expect(await (await fetch(`${gateway.url}/t/broken`, { headers: html })).text()).toBe(FORM_SHELL);
  const started = Date.now();
  const slow = await fetch(`${gateway.url}/t/slow`, { headers: html });
  expect(slow.status).toBe(200);
  expect(await slow.text()).toBe(FORM_SHELL);
  expect(Date.now() - started).toBeLessThan(LIVE_FORM_EMBED_TIMEOUT_MS + 1_000);
});

it('compresses the page with brotli or gzip as the browser accepts, and says it varies by encoding', async () => {
  const plain = await fetch(`${gateway.url}/t/live1`, { headers: { ...html, 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  const text = await plain.text();
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const raw = await rawBytes(`${gateway.url}/t/live1`, { ...html, 'accept-encoding': encoding });
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(raw.headers.vary).toContain('Accept-Encoding');
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(decode(raw.body).toString('utf8')).toBe(text);
  }
});

it('answers 304 to a browser revalidating an unchanged form page', async () => {
  const first = await fetch(`${gateway.url}/t/live1`, { headers: html });
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^W\/"/);
  const again = await fetch(`${gateway.url}/t/live1`, { headers: { ...html, 'if-none-match': etag! } });
  expect(again.status).toBe(304);
  expect(again.headers.get('content-security-policy')).toBe(webAppCsp('publicForm'));
});

it('answers a JSON request of a form page with the JSON 404, like any unknown path', async () => {
  const response = await fetch(`${gateway.url}/t/live1`, { headers: { accept: 'application/json' } });
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
});

describe('the helpers', () => {
  it('writes JSON that no HTML parser can end early, and that parses back unchanged', () => {
    const value = { name: '</script><!-- & \u2028\u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves the shell as it is without a live form', () => {
    expect(renderFormPage(FORM_SHELL, undefined)).toBe(FORM_SHELL);
  });

  it('reads Accept-Encoding with its weights (q=0 refuses a coding)', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=0.9')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
