/**
 * Routes from the endpoint catalogue (`src/routes.ts`): a handler registered for an endpoint object gets its
 * parsed input, answers with the endpoint's success status through its success schema, and never runs for a
 * caller the endpoint's `access` refuses. A file endpoint's handler streams its own answer, whole. A service that
 * leaves an endpoint of the catalogue without a handler does not start.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { defineEndpoint, errorResponse, fileResponse, okResponse } from '@formloom/contracts/api/endpoint';
import { notFound } from '../src/errors';
import type { ServiceName } from '@formloom/contracts/services';
import { createService, type FormloomService } from '../src/service';
import { defineRoutes } from '../src/routes';
import { createTestIssuer, endpointRequest, type TestIssuer } from '../src/testing';

const SERVICE = 'kit-routes-test' as ServiceName;
const INTERNAL_TOKEN = 'an-internal-token-of-the-test';

const createNote = defineEndpoint({
  id: 'test.createNote',
  service: SERVICE,
  method: 'POST',
  path: '/test/notes/:folder',
  access: 'public',
  summary: 'Create a note',
  params: z.object({ folder: z.string().min(2) }),
  query: z.object({ pin: z.coerce.boolean().default(false) }),
  body: z.object({ text: z.string().min(1), size: z.number().int().default(1) }),
  responses: { 201: okResponse(z.object({ id: z.string(), folder: z.string(), text: z.string(), pin: z.boolean() })) },
});

const whoAmI = defineEndpoint({
  id: 'test.whoAmI',
  service: SERVICE,
  method: 'GET',
  path: '/test/me',
  access: 'session',
  summary: 'Who am I',
  unauthorizedMessage: 'Sign in to see who you are',
  responses: { 200: okResponse(z.object({ userId: z.string() })), 404: errorResponse('never') },
});

const secret = defineEndpoint({
  id: 'test.secret',
  service: SERVICE,
  method: 'GET',
  path: '/internal/test/secret',
  access: 'internal',
  summary: 'A secret',
  responses: { 200: okResponse(z.object({ secret: z.string() })) },
});

const download = defineEndpoint({
  id: 'test.download',
  service: SERVICE,
  method: 'GET',
  path: '/test/files/:name',
  access: 'public',
  summary: 'Download a file',
  params: z.object({ name: z.enum(['lines', 'missing', 'forgotten']) }),
  responses: { 200: fileResponse(['text/plain; charset=utf-8'], 'The file.'), 404: errorResponse('No such file.') },
});

/** The lines the `lines` file streams, one chunk each (about 290 KB in all). */
const LINES = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'·'.repeat(25)}\n`);

const foreign = defineEndpoint({
  id: 'test.foreign',
  service: 'flows',
  method: 'GET',
  path: '/test/foreign',
  access: 'public',
  summary: 'Not ours',
  responses: { 200: okResponse(z.object({})) },
});

let calls = 0;
const testRoutes = defineRoutes<unknown>((router) => {
  router.handle(createNote, async ({ params, query, body }) => {
    calls += 1;
    // `leaked` is not in the success schema: serialization drops it.
    return { id: 'n1', folder: params.folder, text: `${body.text} x${body.size}`, pin: query.pin, leaked: 'secret' } as never;
  });
  router.handle(whoAmI, async ({ auth }) => {
    calls += 1;
    return { userId: auth.sub };
  });
  router.handle(secret, async () => {
    calls += 1;
    return { secret: 'internal only' };
  });
  router.handle(download, async ({ params, reply }) => {
    calls += 1;
    if (params.name === 'missing') throw notFound('No such file');
    if (params.name === 'forgotten') return undefined as never;
    // Chunks produced one at a time, as an export reads its rows.
    const lines = Readable.from((async function* () {
      for (const line of LINES) {
        await new Promise((resolve) => setImmediate(resolve));
        yield line;
      }
    })());
    return reply.type('text/plain; charset=utf-8').header('content-disposition', 'attachment; filename="lines.txt"').send(lines);
  });
});

let service: FormloomService<unknown, unknown>;
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await createTestIssuer();
  service = await createService(
    { name: SERVICE, migrations: [], routes: [testRoutes] },
    { env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', INTERNAL_TOKEN }, jwks: issuer.jwks, logger: false },
  );
});

afterAll(async () => service?.close());

beforeEach(() => {
  calls = 0;
});

describe('a route registered for an endpoint', () => {
  it('gets the parsed input and answers the success status through the success schema', async () => {
    const response = await service.app.inject(
      endpointRequest(createNote, { params: { folder: 'inbox' }, query: { pin: 'true' }, body: { text: 'hello' } }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'n1', folder: 'inbox', text: 'hello x1', pin: true });
  });

  it('refuses bad params, query or body with 400 in the error format before the handler runs', async () => {
    for (const call of [
      { params: { folder: 'x' }, body: { text: 'hello' } },
      { params: { folder: 'inbox' }, body: { text: '' } },
      { params: { folder: 'inbox' }, body: { text: 'hello', size: 1.5 } },
    ]) {
      const response = await service.app.inject(endpointRequest(createNote, call));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
    }
    expect(calls).toBe(0);
  });

  it('answers 401 with the endpoint\'s message to an anonymous caller of a session endpoint', async () => {
    const anonymous = await service.app.inject(endpointRequest(whoAmI));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to see who you are' } });
    expect(calls).toBe(0);
    const headers = await issuer.headers({ id: 7, organizationId: 1, workspaces: {} });
    const signedIn = await service.app.inject(endpointRequest(whoAmI, { headers }));
    expect(signedIn.json()).toEqual({ userId: '7' });
  });

  it('requires the internal token on an internal endpoint', async () => {
    expect((await service.app.inject(endpointRequest(secret))).statusCode).toBe(401);
    expect((await service.app.inject(endpointRequest(secret, { headers: { 'x-internal-token': 'wrong-token-of-some-length' } }))).statusCode).toBe(401);
    expect(calls).toBe(0);
    const allowed = await service.app.inject(endpointRequest(secret, { headers: { 'x-internal-token': INTERNAL_TOKEN } }));
    expect(allowed.json()).toEqual({ secret: 'internal only' });
  });

  it('records the endpoints a service serves and serves their OpenAPI document', async () => {
    expect(service.endpoints.map((endpoint) => endpoint.id)).toEqual(['test.createNote', 'test.whoAmI', 'test.secret', 'test.download']);
    const document = (await service.app.inject({ url: '/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths).sort()).toEqual(['/internal/test/secret', '/test/files/{name}', '/test/me', '/test/notes/{folder}']);
  });
});

describe('a file endpoint', () => {
  it('sends the stream its handler sent, whole, with the success status and its headers', async () => {
    const response = await service.app.inject(endpointRequest(download, { params: { name: 'lines' } }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="lines.txt"');
    expect(response.body).toBe(LINES.join(''));
  });

  it('answers an error its handler throws before sending in the error format', async () => {
    const response = await service.app.inject(endpointRequest(download, { params: { name: 'missing' } }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such file' } });
  });

  it('answers 500 when its handler sent nothing, never an empty file', async () => {
    const response = await service.app.inject(endpointRequest(download, { params: { name: 'forgotten' } }));
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  });

  it('is documented as a binary body of its media types', async () => {
    const document = (await service.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
    }>();
    const responses = document.paths['/test/files/{name}']!.get.responses;
    expect(responses['200']?.content).toEqual({ 'text/plain; charset=utf-8': { schema: { type: 'string', format: 'binary' } } });
    expect(Object.keys(responses['404']?.content ?? {})).toEqual(['application/json']);
  });
});

describe('a service and the catalogue', () => {
  it('cannot register an endpoint of another service', async () => {
    const stray = defineRoutes<unknown>((router) => router.handle(foreign, async () => ({})));
    await expect(
      createService({ name: SERVICE, migrations: [], routes: [stray] }, { env: { DATABASE_URL: 'memory://' }, logger: false }),
    ).rejects.toThrow(/cannot serve test.foreign: it belongs to flows/);
  });

  it('does not start while an endpoint of the catalogue it owns has no handler', async () => {
    await expect(
      createService({ name: 'flows', migrations: [], routes: [] }, { env: { DATABASE_URL: 'memory://' }, logger: false }),
    ).rejects.toThrow(/flows does not serve these endpoints of the catalogue: .*flows\.create \(POST \/admin\/flows\)/);
  });
});
