/**
 * The `limited` access level (spec 000 §6 tooltip: 'create or view all forms'; docs/architecture.md §5 "Access
 * levels"): such a member creates forms, sees and changes the forms they created, and nothing else of the workspace —
 * another member's form answers 404 'Form not found' on every route, as a form of another organization does, and is
 * never in their lists.
 */
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import {
  duplicateFlow,
  fetchFlow,
  listFlows,
  moveFlow,
  publishFlow,
  renameFlow,
  saveFlowTemplate,
  starFlow,
  trashFlow,
} from '@formloom/contracts/api/flows/flows';
import { getInternalFlow } from '@formloom/contracts/api/flows/internal';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import { createFlow, exampleTemplate, INTERNAL_TOKEN, setup, WS, type FlowJson, type Harness, type UserKey } from './helpers';

let h: Harness;
/** The writer's form in the limited member's workspace 1. */
let othersForm: FlowJson;
/** The limited member's own form there. */
let ownForm: FlowJson;

beforeAll(async () => {
  h = await setup();
  othersForm = await createFlow(h, { name: 'Salaries 2026', flowTemplate: exampleTemplate() });
  ownForm = await createFlow(h, { name: 'My survey', flowTemplate: exampleTemplate() }, 'limited');
});
afterAll(async () => {
  await h.service.close();
});

function listNames(user: UserKey, query: Record<string, unknown> = {}) {
  return h.service.app
    .inject(endpointRequest(listFlows, { headers: h.headers[user], query: { limit: 100, ...query } }))
    .then((response) => {
      expect(response.statusCode).toBe(200);
      return response.json<{ flows: FlowJson[] }>().flows.map((flow) => `${flow.name} (${flow.accessLevel})`);
    });
}

describe('a limited member', () => {
  it('creates a form in the workspace and may change it', async () => {
    expect(ownForm.workspaceId).toBe(WS.main);
    expect(ownForm.accessLevel).toBe('write');
    const saved = await h.service.app.inject(
      endpointRequest(saveFlowTemplate, { params: { publicIdentifier: ownForm.publicIdentifier }, headers: h.headers.limited, body: { template: exampleTemplate() } }),
    );
    expect(saved.statusCode).toBe(200);
    const published = await h.service.app.inject(
      endpointRequest(publishFlow, { params: { publicIdentifier: ownForm.publicIdentifier }, headers: h.headers.limited }),
    );
    expect(published.statusCode).toBe(200);
    const fetched = await h.service.app.inject(endpointRequest(fetchFlow, { params: { publicIdentifier: ownForm.publicIdentifier }, headers: h.headers.limited }));
    expect(fetched.json<{ flow: FlowJson }>().flow.accessLevel).toBe('write');
  });

  it('lists only their own forms of the workspace, in every view and sort', async () => {
    for (const sort of ['createdDate', 'lastViewed', 'lastEdited', 'submissionCount', 'alphabetical', 'unread']) {
      expect(await listNames('limited', { workspaceId: WS.main, sort })).toEqual(['My survey (write)']);
    }
    expect(await listNames('limited', { workspaceId: WS.main, view: 'trash' })).toEqual([]);
  });

  it('sees every form of a workspace where they have write access, next to their own limited ones', async () => {
    const inSecond = await createFlow(h, { name: 'Team roster', workspaceId: WS.second });
    expect(await listNames('limited')).toEqual(['Team roster (write)', 'My survey (write)']);
    await h.service.app.inject({ method: 'DELETE', url: `/admin/flows/${inSecond.publicIdentifier}`, headers: h.headers.writer });
  });

  it("gets 404 'Form not found' for another member's form on every route, and changes nothing", async () => {
    const params = { publicIdentifier: othersForm.publicIdentifier };
    const headers = h.headers.limited;
    const calls = [
      endpointRequest(fetchFlow, { params, headers }),
      endpointRequest(saveFlowTemplate, { params, headers, body: { template: exampleTemplate() } }),
      endpointRequest(publishFlow, { params, headers }),
      endpointRequest(renameFlow, { params, headers, body: { name: 'Mine now' } }),
      endpointRequest(duplicateFlow, { params, headers }),
      endpointRequest(trashFlow, { params, headers }),
      endpointRequest(starFlow, { params, headers, body: { starred: true } }),
      endpointRequest(moveFlow, { params, headers, body: { workspaceId: WS.second } }),
      endpointRequest(listSubmissions, { params, headers }),
      endpointRequest(getPublicTemplate, { params, headers, query: { mode: 'edit' } }),
    ];
    for (const request of calls) {
      const response = await h.service.app.inject(request);
      expect({ url: request.url, status: response.statusCode, body: response.json() }).toEqual({
        url: request.url,
        status: 404,
        body: { error: { code: 'not_found', message: copy.flows.flowNotFound } },
      });
      expect(response.body).not.toContain('Salaries');
    }
    const fetched = await h.service.app.inject(endpointRequest(fetchFlow, { params, headers: h.headers.writer }));
    expect(fetched.json<{ flow: FlowJson }>().flow).toMatchObject({ name: 'Salaries 2026', workspaceId: WS.main, isPublished: false });
  });

  it('duplicates their own form: the copy is theirs too', async () => {
    const response = await h.service.app.inject(
      endpointRequest(duplicateFlow, { params: { publicIdentifier: ownForm.publicIdentifier }, headers: h.headers.limited }),
    );
    expect(response.statusCode).toBe(201);
    const copyOf = response.json<{ flow: FlowJson }>().flow;
    expect(copyOf.accessLevel).toBe('write');
    expect(await listNames('limited', { workspaceId: WS.main })).toEqual([`${copy.flows.copyOfName('My survey')} (write)`, 'My survey (write)']);
    await h.service.app.inject({ method: 'DELETE', url: `/admin/flows/${copyOf.publicIdentifier}`, headers: h.headers.limited });
  });

  it('moves their own form out and back in; never moves another member\'s form into their limited workspace', async () => {
    const move = (publicIdentifier: string, workspaceId: number) =>
      h.service.app.inject(endpointRequest(moveFlow, { params: { publicIdentifier }, headers: h.headers.limited, body: { workspaceId } }));
    expect((await move(ownForm.publicIdentifier, WS.second)).statusCode).toBe(200);
    expect((await move(ownForm.publicIdentifier, WS.main)).statusCode).toBe(200);

    const teamForm = await createFlow(h, { name: 'Team form', workspaceId: WS.second });
    const refused = await move(teamForm.publicIdentifier, WS.main);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.writeAccessRequired } });
    const fetched = await h.service.app.inject(endpointRequest(fetchFlow, { params: { publicIdentifier: teamForm.publicIdentifier }, headers: h.headers.writer }));
    expect(fetched.json<{ flow: FlowJson }>().flow.workspaceId).toBe(WS.second);
  });
});

describe('the other members', () => {
  it("see the limited member's form with their own level", async () => {
    expect(await listNames('writer', { workspaceId: WS.main })).toEqual(['My survey (write)', 'Salaries 2026 (write)']);
    expect(await listNames('reader', { workspaceId: WS.main })).toEqual(['My survey (read)', 'Salaries 2026 (read)']);
  });

  it('a read-only member still may not create', async () => {
    const response = await h.service.app.inject({ method: 'POST', url: '/admin/flows', headers: h.headers.reader, payload: { workspaceId: WS.main } });
    expect(response.statusCode).toBe(403);
  });
});

it('another service learns who created a form (its access checks need it)', async () => {
  const lookup = (publicIdentifier: string) =>
    h.service.app.inject(endpointRequest(getInternalFlow, { params: { publicIdentifier }, headers: { 'x-internal-token': INTERNAL_TOKEN } }));
  expect((await lookup(ownForm.publicIdentifier)).json<{ flow: { createdBy: number } }>().flow.createdBy).toBe(4);
  expect((await lookup(othersForm.publicIdentifier)).json<{ flow: { createdBy: number } }>().flow.createdBy).toBe(1);
});
