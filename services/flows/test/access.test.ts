/**
 * Workspace access on every admin route (spec 000 §6): a user of another organization gets 404 and never the
 * data; a read-only member may view but gets 403 on create, save and publish; an anonymous caller gets 401.
 */
import type { InjectOptions } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import { createTestIssuer } from '@formloom/kit/testing';
import { countRows, createFlow, exampleTemplate, publishedExample, setup, submit, WS, type Harness, type UserKey } from './helpers';

let h: Harness;
let flowId: string;
beforeAll(async () => {
  h = await setup();
  flowId = await publishedExample(h);
  expect((await submit(h, flowId, { w1: 'Secret', w2: 'secret@example.com' })).statusCode).toBe(201);
});
afterAll(async () => {
  await h.service.close();
});

type Call = { name: string; method: 'GET' | 'POST' | 'PUT'; url: () => string; payload?: InjectOptions['payload'] };

/** Every admin route, aimed at the writer's workspace 1 and its published flow. */
const adminCalls: Call[] = [
  { name: 'create', method: 'POST', url: () => '/admin/flows', payload: { workspaceId: WS.main } },
  { name: 'list one workspace', method: 'GET', url: () => `/admin/flows?workspaceId=${WS.main}` },
  { name: 'fetch', method: 'GET', url: () => `/admin/flows/fetch/${flowId}` },
  { name: 'save', method: 'PUT', url: () => `/admin/flows/${flowId}/template`, payload: { template: exampleTemplate() } },
  { name: 'publish', method: 'POST', url: () => `/admin/flows/${flowId}/publish` },
  { name: 'submissions', method: 'GET', url: () => `/admin/flows/${flowId}/submissions` },
  { name: 'summary', method: 'GET', url: () => `/admin/flows/${flowId}/submissions/summary` },
];

function call(c: Call, user?: UserKey) {
  const options: InjectOptions = { method: c.method, url: c.url() };
  if (user) options.headers = h.headers[user];
  if (c.payload !== undefined) options.payload = c.payload;
  return h.service.app.inject(options);
}

describe('a user of another organization', () => {
  it.each(adminCalls.map((c) => [c.name, c] as const))('gets 404 on %s, without the data', async (_name, c) => {
    const before = { flows: await countRows(h, 'flows'), snapshots: await countRows(h, 'flow_snapshots') };
    const response = await call(c, 'outsider');
    expect(response.statusCode).toBe(404);
    const expected = c.name === 'create' || c.name === 'list one workspace' ? copy.flows.workspaceNotFound : copy.flows.flowNotFound;
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expected } });
    expect(response.body).not.toContain('Secret');
    expect({ flows: await countRows(h, 'flows'), snapshots: await countRows(h, 'flow_snapshots') }).toEqual(before);
  });

  it('does not see the flow in the list of all their workspaces', async () => {
    const response = await h.service.app.inject({ method: 'GET', url: '/admin/flows', headers: h.headers.outsider });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ flows: [], nextCursor: null });
  });
});

describe('a read-only member', () => {
  it.each(['list one workspace', 'fetch', 'submissions', 'summary'])('may %s', async (name) => {
    const c = adminCalls.find((x) => x.name === name)!;
    const response = await call(c, 'reader');
    expect(response.statusCode).toBe(200);
  });

  it('sees the flow with accessLevel read', async () => {
    const response = await call(adminCalls.find((x) => x.name === 'fetch')!, 'reader');
    expect(response.json().flow.accessLevel).toBe('read');
  });

  it.each(['create', 'save', 'publish'])('gets 403 on %s and changes nothing', async (name) => {
    const c = adminCalls.find((x) => x.name === name)!;
    const before = { flows: await countRows(h, 'flows'), snapshots: await countRows(h, 'flow_snapshots') };
    const response = await call(c, 'reader');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.writeAccessRequired } });
    expect({ flows: await countRows(h, 'flows'), snapshots: await countRows(h, 'flow_snapshots') }).toEqual(before);
  });

  it('does not get a 403 for a workspace that is not theirs: 404', async () => {
    const response = await h.service.app.inject({
      method: 'POST',
      url: '/admin/flows',
      headers: h.headers.reader,
      payload: { workspaceId: WS.second },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('an anonymous caller', () => {
  it.each([...adminCalls.map((c) => [c.name, c] as const), ['list all', { name: 'list all', method: 'GET', url: () => '/admin/flows' } as Call] as const])(
    'gets 401 on %s',
    async (_name, c) => {
      const response = await call(c);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: copy.auth.signInRequired } });
    },
  );

  it('gets 401 with a token signed by another key', async () => {
    const stranger = await createTestIssuer();
    const response = await h.service.app.inject({
      method: 'GET',
      url: `/admin/flows/fetch/${flowId}`,
      headers: await stranger.headers({ id: 1, organizationId: 1, workspaces: { [WS.main]: 'write' } }),
    });
    expect(response.statusCode).toBe(401);
  });
});

it('a writer of another workspace of the same organization cannot reach a flow outside it', async () => {
  const flow = await createFlow(h, { workspaceId: WS.second });
  const response = await h.service.app.inject({ method: 'GET', url: `/admin/flows/fetch/${flow.publicIdentifier}`, headers: h.headers.reader });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.message).toBe(copy.flows.flowNotFound);
});
