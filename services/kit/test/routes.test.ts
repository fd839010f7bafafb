/**
 * Routes from the endpoint catalogue (`src/routes.ts`): a handler registered for an endpoint object gets its
 * parsed input, answers with the endpoint's success status through its success schema, and never runs for a
 * caller the endpoint's `access` refuses. A service that leaves an endpoint of the catalogue without a handler
 * does not start.
 */
import { z } from 'zod';
import { defineEndpoint, errorResponse, okResponse } from '@formloom/contracts/api/endpoint';
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
    expect(service.endpoints.map((endpoint) => endpoint.id)).toEqual(['test.createNote', 'test.whoAmI', 'test.secret']);
    const document = (await service.app.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).sort()).toEqual(['/internal/test/secret', '/test/me', '/test/notes/{folder}']);
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
