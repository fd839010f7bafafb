/**
 * Flows: create, fetch, save the draft, publish, list, the public template and the internal route
 * (spec 000 §7; docs/product-rules.md §3).
 */
import type { InjectOptions } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import {
  countRows,
  createFlow,
  exampleTemplate,
  INTERNAL_TOKEN,
  outboxRows,
  publishedExample,
  setup,
  submit,
  WS,
  type FlowJson,
  type Harness,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

function inject(options: InjectOptions) {
  return h.service.app.inject(options);
}

async function fetchDraft(publicIdentifier: string) {
  const response = await inject({ method: 'GET', url: `/admin/flows/fetch/${publicIdentifier}`, headers: h.headers.writer });
  expect(response.statusCode).toBe(200);
  return response.json<{ flow: FlowJson; flowSnapshot: { template: FlowTemplate } }>();
}

function saveDraft(publicIdentifier: string, template: unknown) {
  return inject({
    method: 'PUT',
    url: `/admin/flows/${publicIdentifier}/template`,
    headers: h.headers.writer,
    payload: { template },
  });
}

function publish(publicIdentifier: string) {
  return inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/publish`, headers: h.headers.writer });
}

async function liveTemplate(publicIdentifier: string) {
  const response = await inject({ method: 'GET', url: `/public/flows/templates/${publicIdentifier}?mode=live` });
  expect(response.statusCode).toBe(200);
  return response.json<{ flowSnapshot: { template: FlowTemplate } }>().flowSnapshot.template;
}

describe('POST /admin/flows', () => {
  it('creates a form with the default name, a blank template and the caller’s access level', async () => {
    const response = await inject({
      method: 'POST',
      url: '/admin/flows',
      headers: h.headers.writer,
      payload: { workspaceId: WS.second },
    });
    expect(response.statusCode).toBe(201);
    const { flow } = response.json<{ flow: FlowJson }>();
    expect(flow).toMatchObject({
      name: copy.defaultNames.myForm,
      type: 'form',
      workspaceId: WS.second,
      accessLevel: 'write',
      isPublished: false,
      publishedAt: null,
      settings: {},
    });
    expect(flow.publicIdentifier).toMatch(/^[A-Za-z0-9]{12}$/);
    const { flowSnapshot } = await fetchDraft(flow.publicIdentifier);
    expect(flowSnapshot.template).toEqual(blankFlowTemplate());
  });

  it('names a quiz "My quiz" and keeps a given name, settings and theme', async () => {
    expect((await createFlow(h, { type: 'quiz' })).name).toBe(copy.defaultNames.myQuiz);
    const flow = await createFlow(h, { name: '  Signup  ', flowSettings: { locale: 'en' }, theme: 'dark', flowTemplate: exampleTemplate() });
    expect(flow).toMatchObject({ name: 'Signup', settings: { locale: 'en' } });
    expect((await publish(flow.publicIdentifier)).statusCode).toBe(200);
    const response = await inject({ method: 'GET', url: `/public/flows/templates/${flow.publicIdentifier}` });
    expect(response.json()).toMatchObject({ theme: { theme: { featuredThemeId: 'dark' } }, flow: { settings: { locale: 'en' } } });
  });

  it('de-duplicates the name within the workspace when dedupeFormName is true', async () => {
    // A fresh service, so that the workspace starts without a 'My form'.
    const fresh = await setup();
    try {
      const make = async (body: Record<string, unknown>) => {
        const response = await fresh.service.app.inject({
          method: 'POST',
          url: '/admin/flows',
          headers: fresh.headers.writer,
          payload: { workspaceId: WS.main, ...body },
        });
        expect(response.statusCode).toBe(201);
        return response.json<{ flow: FlowJson }>().flow.name;
      };
      expect(await make({ dedupeFormName: true })).toBe('My form');
      expect(await make({ dedupeFormName: true })).toBe('My form (2)');
      expect(await make({ dedupeFormName: true, name: 'my form' })).toBe('my form (3)');
      // Without dedupeFormName the name is kept as given.
      expect(await make({})).toBe('My form');
      // Another workspace has its own names.
      expect(await make({ dedupeFormName: true, workspaceId: WS.second })).toBe('My form');
      // Concurrent creations never pick the same name.
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => make({ dedupeFormName: true, name: 'Race' })));
      expect(new Set(concurrent).size).toBe(5);
      expect([...concurrent].sort()).toEqual(['Race', 'Race (2)', 'Race (3)', 'Race (4)', 'Race (5)']);
    } finally {
      await fresh.service.close();
    }
  });

  it('accepts a valid flowTemplate and refuses an invalid one with paths under flowTemplate', async () => {
    const flow = await createFlow(h, { flowTemplate: exampleTemplate() });
    expect((await fetchDraft(flow.publicIdentifier)).flowSnapshot.template).toEqual(exampleTemplate());

    const before = await countRows(h, 'flows');
    const bad = { ...exampleTemplate(), firstStep: 'nope' };
    const response = await inject({
      method: 'POST',
      url: '/admin/flows',
      headers: h.headers.writer,
      payload: { workspaceId: WS.main, flowTemplate: bad },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: copy.errors.validation,
        details: [{ path: 'flowTemplate.firstStep', message: copy.flows.unknownStep('nope') }],
      },
    });
    expect(await countRows(h, 'flows')).toBe(before);
  });

  it('requires workspaceId and refuses wrong types', async () => {
    const missing = await inject({ method: 'POST', url: '/admin/flows', headers: h.headers.writer, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_error');
    expect(missing.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.workspaceId' })]));

    const wrong = await inject({
      method: 'POST',
      url: '/admin/flows',
      headers: h.headers.writer,
      payload: { workspaceId: WS.main, name: 42, type: 'poll', dedupeFormName: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    const paths = wrong.json<{ error: { details: Array<{ path: string }> } }>().error.details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.type', 'body.dedupeFormName']));
  });

  it('emits flow.created in the outbox', async () => {
    const flow = await createFlow(h, { name: 'Evented' });
    const rows = await outboxRows(h, 'flow.created');
    const row = rows.find((r) => r.key === flow.publicIdentifier);
    expect(row?.envelope.data).toEqual({
      flowId: flow.id,
      flowPublicIdentifier: flow.publicIdentifier,
      name: 'Evented',
      type: 'form',
      workspaceId: WS.main,
    });
    expect(row?.envelope.tenant).toEqual({ organizationId: 1, workspaceId: WS.main });
  });
});

describe('GET /admin/flows/fetch/:publicIdentifier', () => {
  it('returns the flow and its draft', async () => {
    const flow = await createFlow(h, { name: 'Fetched' });
    const body = await fetchDraft(flow.publicIdentifier);
    expect(body.flow).toEqual(flow);
    expect(body.flowSnapshot.template.firstStep).toBe('page1');
  });

  it('answers 404 for an unknown flow', async () => {
    const response = await inject({ method: 'GET', url: '/admin/flows/fetch/nope', headers: h.headers.writer });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.flowNotFound } });
  });
});

describe('PUT /admin/flows/:publicIdentifier/template', () => {
  it('saves a valid template and returns it with the flow', async () => {
    const flow = await createFlow(h);
    const response = await saveDraft(flow.publicIdentifier, exampleTemplate());
    expect(response.statusCode).toBe(200);
    const body = response.json<{ flow: FlowJson; flowSnapshot: { template: FlowTemplate } }>();
    expect(body.flowSnapshot.template).toEqual(exampleTemplate());
    expect(body.flow.publicIdentifier).toBe(flow.publicIdentifier);
    expect((await fetchDraft(flow.publicIdentifier)).flowSnapshot.template).toEqual(exampleTemplate());
  });

  const invalid: Array<[string, (t: FlowTemplate) => unknown, string, string]> = [
    ['an unknown firstStep', (t) => ({ ...t, firstStep: 'ghost' }), 'template.firstStep', copy.flows.unknownStep('ghost')],
    [
      'an unknown defaultNextStep',
      (t) => {
        const s1 = t.steps.s1;
        if (s1?.type === 'form') s1.nextStep.defaultNextStep = 'ghost';
        return t;
      },
      'template.steps.s1.nextStep.defaultNextStep',
      copy.flows.unknownStep('ghost'),
    ],
    [
      'a repeated widget id',
      (t) => {
        const s1 = t.steps.s1;
        if (s1?.type === 'form' && s1.template.widgets[1]) s1.template.widgets[1].id = 'w1';
        return t;
      },
      'template.steps.s1.template.widgets.1.id',
      copy.flows.duplicateWidgetId('w1'),
    ],
    [
      'an unknown widget type',
      (t) => {
        const json = JSON.parse(JSON.stringify(t)) as { steps: { s1: { template: { widgets: Array<{ type: string }> } } } };
        json.steps.s1.template.widgets[2]!.type = 'Hologram';
        return json;
      },
      'template.steps.s1.template.widgets.2.type',
      copy.flows.unknownWidgetType('Hologram'),
    ],
  ];

  it.each(invalid)('refuses %s with 400 and the path, leaving the draft unchanged', async (_name, mutate, path, message) => {
    const flow = await createFlow(h, { flowTemplate: exampleTemplate() });
    const response = await saveDraft(flow.publicIdentifier, mutate(exampleTemplate()));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', message: copy.errors.validation });
    expect(response.json().error.details).toEqual([{ path, message }]);
    expect((await fetchDraft(flow.publicIdentifier)).flowSnapshot.template).toEqual(exampleTemplate());
  });

  it('refuses a body without a template object', async () => {
    const flow = await createFlow(h);
    const response = await saveDraft(flow.publicIdentifier, 'not a template');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ path: 'body.template' })]);
  });
});

describe('POST /admin/flows/:publicIdentifier/publish', () => {
  it('makes the draft live; later draft edits do not change the live form until the next publish', async () => {
    const flow = await createFlow(h, { flowTemplate: exampleTemplate() });
    const before = await inject({ method: 'GET', url: `/public/flows/templates/${flow.publicIdentifier}?mode=live` });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ error: { code: 'not_found', message: copy.publicForm.flowNotPublished } });

    const first = await publish(flow.publicIdentifier);
    expect(first.statusCode).toBe(200);
    expect(first.json().flow).toMatchObject({ publicIdentifier: flow.publicIdentifier, isPublished: true });
    expect(first.json().flow.publishedAt).toEqual(expect.any(String));
    expect(await liveTemplate(flow.publicIdentifier)).toEqual(exampleTemplate());

    const edited = exampleTemplate();
    const s1 = edited.steps.s1;
    if (s1?.type === 'form') s1.name = 'Edited page';
    expect((await saveDraft(flow.publicIdentifier, edited)).statusCode).toBe(200);
    expect(await liveTemplate(flow.publicIdentifier)).toEqual(exampleTemplate());

    expect((await publish(flow.publicIdentifier)).statusCode).toBe(200);
    expect(await liveTemplate(flow.publicIdentifier)).toEqual(edited);

    const published = await outboxRows(h, 'flow.published');
    const versions = published.filter((r) => r.key === flow.publicIdentifier).map((r) => r.envelope.data.version);
    expect(versions).toEqual([1, 2]);
  });
});

describe('GET /public/flows/templates/:publicIdentifier', () => {
  it('returns the live template, theme and settings without login; 404 for an unknown flow', async () => {
    const id = await publishedExample(h);
    const response = await inject({ method: 'GET', url: `/public/flows/templates/${id}?mode=live` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      flowSnapshot: { template: exampleTemplate() },
      theme: { theme: null },
      flow: { publicIdentifier: id, name: 'My form', type: 'form', settings: {} },
      challenge: null,
    });
    const unknown = await inject({ method: 'GET', url: '/public/flows/templates/unknown123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(copy.flows.flowNotFound);
  });

  it('returns the draft in edit mode only to a caller with view access', async () => {
    const flow = await createFlow(h);
    const url = `/public/flows/templates/${flow.publicIdentifier}?mode=edit`;
    expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url, headers: h.headers.outsider })).statusCode).toBe(404);
    const reader = await inject({ method: 'GET', url, headers: h.headers.reader });
    expect(reader.statusCode).toBe(200);
    expect(reader.json().flowSnapshot.template).toEqual(blankFlowTemplate());
  });

  it('refuses an unknown mode', async () => {
    const response = await inject({ method: 'GET', url: '/public/flows/templates/abc?mode=preview' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /admin/flows', () => {
  it('lists a workspace’s flows newest first with submissionCount', async () => {
    const fresh = await setup();
    try {
      const older = await createFlow(fresh, { name: 'Older' });
      const newer = await publishedExample(fresh);
      await createFlow(fresh, { name: 'Elsewhere', workspaceId: WS.second });
      expect((await submit(fresh, newer, { w1: 'Ada', w2: 'ada@example.com' })).statusCode).toBe(201);
      expect((await submit(fresh, newer, { w1: 'Bob', w2: 'bob@example.com' })).statusCode).toBe(201);

      const response = await fresh.service.app.inject({
        method: 'GET',
        url: `/admin/flows?workspaceId=${WS.main}`,
        headers: fresh.headers.writer,
      });
      expect(response.statusCode).toBe(200);
      const flows = response.json<{ flows: Array<FlowJson & { submissionCount: number }> }>().flows;
      expect(flows.map((f) => [f.publicIdentifier, f.submissionCount, f.isPublished])).toEqual([
        [newer, 2, true],
        [older.publicIdentifier, 0, false],
      ]);

      const all = await fresh.service.app.inject({ method: 'GET', url: '/admin/flows', headers: fresh.headers.writer });
      expect(all.json<{ flows: FlowJson[] }>().flows.map((f) => f.name)).toEqual(['Elsewhere', 'My form', 'Older']);

      // A read member sees only their workspace, with their access level.
      const reader = await fresh.service.app.inject({ method: 'GET', url: '/admin/flows', headers: fresh.headers.reader });
      const readerFlows = reader.json<{ flows: FlowJson[] }>().flows;
      expect(readerFlows.map((f) => f.name)).toEqual(['My form', 'Older']);
      expect(readerFlows.every((f) => f.accessLevel === 'read')).toBe(true);

      // Another organization's user sees none of them.
      const outsider = await fresh.service.app.inject({ method: 'GET', url: '/admin/flows', headers: fresh.headers.outsider });
      expect(outsider.json()).toEqual({ flows: [], nextCursor: null });
    } finally {
      await fresh.service.close();
    }
  });

  it('refuses a workspaceId that is not a positive integer', async () => {
    const response = await inject({ method: 'GET', url: '/admin/flows?workspaceId=abc', headers: h.headers.writer });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe('querystring.workspaceId');
  });
});

describe('GET /internal/flows/:publicIdentifier', () => {
  it('requires the internal token and returns the flow summary', async () => {
    const id = await publishedExample(h);
    const url = `/internal/flows/${id}`;
    expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url, headers: { 'x-internal-token': 'wrong-token-wrong-token' } })).statusCode).toBe(401);
    // A user's JWT is not the internal token.
    expect((await inject({ method: 'GET', url, headers: h.headers.writer })).statusCode).toBe(401);

    const response = await inject({ method: 'GET', url, headers: { 'x-internal-token': INTERNAL_TOKEN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      flow: {
        id: expect.any(Number),
        publicIdentifier: id,
        name: 'My form',
        type: 'form',
        workspaceId: WS.main,
        organizationId: 1,
        isPublished: true,
        createdBy: 1,
      },
    });
    const missing = await inject({ method: 'GET', url: '/internal/flows/nope', headers: { 'x-internal-token': INTERNAL_TOKEN } });
    expect(missing.statusCode).toBe(404);
  });
});
