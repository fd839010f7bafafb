/**
 * The API reference against the running product (docs/architecture.md §4 "Endpoint catalogue"): the merged
 * document the gateway serves at `/api/openapi.json` validates as OpenAPI 3.1 (checked by an OpenAPI validator,
 * @seriousme/openapi-schema-validator) and holds exactly the routed endpoints; each service serves a valid
 * document of its own endpoints; every route a service registered is in the catalogue and every endpoint of the
 * catalogue is registered by its service; `/api/docs` serves the reference UI.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ENDPOINTS } from '@formloom/contracts/api/catalogue';
import { openApiPath } from '@formloom/contracts/api/endpoint';
import { SERVICES } from '@formloom/contracts/services';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

const run = promisify(execFile);
const VALIDATOR = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');

/** The kit's own routes on every service (health, readiness, metrics, its OpenAPI document). */
const KIT_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /metrics', 'GET /openapi.json'];

let dataDir: string;
let product: EmbeddedProduct;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-openapi-'));
  product = await startEmbedded({ dataDir, port: 0, logLevel: 'silent' });
}, 180_000);

afterAll(async () => {
  await product?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Validates `document` with the OpenAPI validator's command line; resolves its verdict. */
async function validate(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const file = path.join(dataDir, `document-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(document));
  // The command exits 1 for an invalid document; its verdict is on stdout either way.
  const stdout = await run(process.execPath, [VALIDATOR, file]).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  return JSON.parse(stdout) as { valid: boolean; errors?: unknown };
}

/** `METHOD /path/{param}` of every operation of a document. */
function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`))
    .sort();
}

describe('the API reference', () => {
  it('serves a valid OpenAPI 3.1 document of exactly the routed endpoints at /api/openapi.json', async () => {
    const response = await fetch(`${product.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(await validate(document)).toEqual({ valid: true });
    const routed = ENDPOINTS.filter((endpoint) => endpoint.access !== 'internal');
    expect(operationsOf(document)).toEqual(routed.map((endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`).sort());
    // Request and response schemas are in it: the submit call's body and its 201.
    const submit = document.paths['/public/flows/{publicIdentifier}/submissions']?.post as {
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, unknown>;
    };
    expect(submit.requestBody?.content['application/json']?.schema).toBeDefined();
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '429']));
  });

  it('refuses a broken document (the validator can fail)', async () => {
    const verdict = await validate({ openapi: '3.1.0', info: { title: 'x' }, paths: { '/a': { get: { responses: { 200: {} } } } } });
    expect(verdict.valid).toBe(false);
  });

  it('serves the reference UI at /api/docs', async () => {
    const response = await fetch(`${product.url}/api/docs/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
    // Swagger UI styles elements at run time; no inline script is ever allowed.
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });

  it.each(SERVICES)('%s serves a valid document of its own endpoints, internal ones included', async (name) => {
    const response = await fetch(`${product.services[name].url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(await validate(document)).toEqual({ valid: true });
    const own = ENDPOINTS.filter((endpoint) => endpoint.service === name);
    expect(operationsOf(document)).toEqual(own.map((endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`).sort());
  });

  it.each(SERVICES)('%s registers every endpoint of the catalogue it owns, and no other route', (name) => {
    const registered = product.services[name].service.routes.map((route) => `${route.method} ${route.url}`);
    const documented = ENDPOINTS.filter((endpoint) => endpoint.service === name).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(registered.sort()).toEqual([...documented, ...KIT_ROUTES].sort());
  });

  it('does not route a service document through the gateway', async () => {
    const response = await fetch(`${product.url}/openapi.json`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
  });
});
