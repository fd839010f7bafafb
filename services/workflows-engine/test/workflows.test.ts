/**
 * The workflow calls of spec 001 §7 against a real flows service: create (flow lookup, limits), save, publish
 * (execution checks and the spec 001 §5 texts), enableOrDisable, list, get, delete, and access on every route.
 */
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import * as copy from '@formloom/contracts/copy';
import { type WorkflowResponse, type WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import { MAX_WORKFLOW_ACTIONS, MAX_WORKFLOWS_PER_FLOW } from '@formloom/contracts/limits';
import { call, createWorkflow, exampleWorkflow, finishedRuns, liveWorkflow, publishedForm, setup, submit, WS, type Harness, type UserKey } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

/** The example workflow with its email node's template replaced by `email` merged over the original. */
function withEmail(form: string, change: (email: Record<string, unknown>) => void): WorkflowTemplate {
  const template = exampleWorkflow(form);
  change((template.nodes.n1 as { template: Record<string, unknown> }).template);
  return template;
}

/** A template with `count` email nodes chained n0 → n1 → … */
function chain(form: string, count: number): WorkflowTemplate {
  const node = exampleWorkflow(form).nodes.n1;
  const nodes: WorkflowTemplate['nodes'] = {};
  for (let i = 0; i < count; i += 1) nodes[`n${i}`] = { ...structuredClone(node!), nextNodeId: i + 1 < count ? `n${i + 1}` : null };
  return { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: 'n0' }, nodes };
}

describe('POST /admin/workflows', () => {
  it('creates an inactive, unpublished workflow on the trigger’s form', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { template: exampleWorkflow(form), isHidden: true, name: 'Thanks' });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    expect(workflow).toEqual({
      id: expect.stringMatching(UUID_V7),
      name: 'Thanks',
      template: exampleWorkflow(form),
      isHidden: true,
      isActive: false,
      flowPublicIdentifier: form,
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const fetched = await call(h, 'GET', `/admin/workflows/${workflow.id}`, 'reader');
    expect(fetched.json()).toEqual({ workflow });
  });

  it('refuses anonymous callers with the sign-up reason', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', null, { template: exampleWorkflow(form), name: 'x' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(copy.workflows.signUpToCreate);
  });

  it('refuses a malformed template with details (400)', async () => {
    const form = await publishedForm(h);
    const template = exampleWorkflow(form) as unknown as { trigger: { type: string } };
    template.trigger.type = 'whenever';
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { template, name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'template.trigger.type', message: copy.validation.invalidValue }]);

    const noFlow = await call(h, 'POST', '/admin/workflows', 'writer', {
      template: { trigger: { type: 'formSubmission', template: {}, nextNodeId: null }, nodes: {} },
      name: 'x',
    });
    expect(noFlow.statusCode).toBe(400);
    expect(noFlow.json().error.details).toEqual([{ path: 'template.trigger.template.flowPublicIdentifier', message: copy.workflows.flowRequired }]);
  });

  it(`allows ${MAX_WORKFLOW_ACTIONS} actions and refuses more with the spec text`, async () => {
    const form = await publishedForm(h);
    const ok = await call(h, 'POST', '/admin/workflows', 'writer', { template: chain(form, MAX_WORKFLOW_ACTIONS), name: 'Twenty' });
    expect(ok.statusCode).toBe(200);
    const tooMany = await call(h, 'POST', '/admin/workflows', 'writer', { template: chain(form, MAX_WORKFLOW_ACTIONS + 1), name: 'x' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(copy.workflows.maxActions);
  });

  it('answers 404 for an unknown form, a form of another organization, and 403 for a read member', async () => {
    const unknown = await call(h, 'POST', '/admin/workflows', 'writer', { template: exampleWorkflow('nope-nope'), name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(copy.flows.flowNotFound);

    const theirs = await publishedForm(h, 'outsider', WS.other);
    const foreign = await call(h, 'POST', '/admin/workflows', 'writer', { template: exampleWorkflow(theirs), name: 'x' });
    expect(foreign.statusCode).toBe(404);

    const form = await publishedForm(h);
    const reader = await call(h, 'POST', '/admin/workflows', 'reader', { template: exampleWorkflow(form), name: 'x' });
    expect(reader.statusCode).toBe(403);
  });

  it(`stops at ${MAX_WORKFLOWS_PER_FLOW} workflows per form with the spec text`, async () => {
    const form = await publishedForm(h);
    for (let i = 0; i < MAX_WORKFLOWS_PER_FLOW; i += 1) await createWorkflow(h, exampleWorkflow(form));
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { template: exampleWorkflow(form), name: 'one more' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(copy.workflows.maxWorkflows);
    const list = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'writer');
    expect(list.json<WorkflowsResponse>().workflows).toHaveLength(MAX_WORKFLOWS_PER_FLOW);
  });
});

describe('save and publish', () => {
  it('save stores the draft only; publish stores it as the live template', async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    const draft = withEmail(form, (t) => ((t.email as { subject: string }).subject = 'Draft subject'));
    const saved = await call(h, 'POST', '/admin/workflows/save', 'writer', { id, template: draft });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<WorkflowResponse>().workflow).toMatchObject({ template: draft, publishedAt: null });

    const published = await call(h, 'POST', '/admin/workflows/publish', 'writer', { id, template: draft });
    expect(published.statusCode).toBe(200);
    expect(published.json<WorkflowResponse>().workflow.publishedAt).toEqual(expect.any(String));

    // The live template is the published one: a later draft does not change what runs.
    const later = withEmail(form, (t) => ((t.email as { subject: string }).subject = 'Unpublished subject'));
    await call(h, 'POST', '/admin/workflows/save', 'writer', { id, template: later });
    await call(h, 'POST', '/admin/workflows/enableOrDisable', 'writer', { id, isActive: true });
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    const [run] = (await finishedRuns(h, id, 1)).runs;
    expect(run?.steps[0]?.output).toMatchObject({ subject: 'Draft subject' });
  });

  it('refuses to move a workflow to another form', async () => {
    const form = await publishedForm(h);
    const other = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    for (const url of ['/admin/workflows/save', '/admin/workflows/publish']) {
      const response = await call(h, 'POST', url, 'writer', { id, template: exampleWorkflow(other) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        { path: 'template.trigger.template.flowPublicIdentifier', message: copy.workflows.flowChanged },
      ]);
    }
  });

  it("publish refuses a bad recipient with 'Invalid email: nope'", async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    const template = withEmail(form, (t) => ((t.recipients as { list: unknown[] }).list = [{ email: 'nope' }]));
    expect((await call(h, 'POST', '/admin/workflows/save', 'writer', { id, template })).statusCode).toBe(200);
    const response = await call(h, 'POST', '/admin/workflows/publish', 'writer', { id, template });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'Invalid email: nope',
        details: [{ path: 'template.nodes.n1.template.recipients.list.0.email', message: 'Invalid email: nope' }],
      },
    });
    const fetched = await call(h, 'GET', `/admin/workflows/${id}`, 'writer');
    expect(fetched.json<WorkflowResponse>().workflow.publishedAt).toBeNull();
  });

  it("publish refuses a missing sender ('Choose Send email from'), subject and recipients", async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    const template = withEmail(form, (t) => {
      const email = t.email as Record<string, unknown>;
      delete email.from;
      email.subject = '  ';
      t.recipients = { type: 'string', list: [] };
    });
    const response = await call(h, 'POST', '/admin/workflows/publish', 'writer', { id, template });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'template.nodes.n1.template.email.subject', message: copy.workflows.subjectRequired },
      { path: 'template.nodes.n1.template.email.from', message: copy.workflows.chooseSendFrom },
      { path: 'template.nodes.n1.template.recipients.list', message: copy.workflows.recipientsRequired },
    ]);
  });

  it('publish refuses a nextNodeId naming no node and a loop', async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    const dangling = chain(form, 2);
    (dangling.nodes.n1 as { nextNodeId: string | null }).nextNodeId = 'ghost';
    const first = await call(h, 'POST', '/admin/workflows/publish', 'writer', { id, template: dangling });
    expect(first.statusCode).toBe(400);
    expect(first.json().error.details).toEqual([{ path: 'template.nodes.n1.nextNodeId', message: copy.workflows.unknownNode('ghost') }]);

    const loop = chain(form, 3);
    (loop.nodes.n2 as { nextNodeId: string | null }).nextNodeId = 'n0';
    const second = await call(h, 'POST', '/admin/workflows/publish', 'writer', { id, template: loop });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toBe(copy.workflows.loopDetected);
    expect(second.json().error.details.map((d: { path: string }) => d.path)).toEqual([
      'template.nodes.n0.nextNodeId',
      'template.nodes.n1.nextNodeId',
      'template.nodes.n2.nextNodeId',
    ]);
  });
});

describe('enableOrDisable, list and delete', () => {
  it('lists the form’s workflows newest first, toggles isActive, and deletes', async () => {
    const form = await publishedForm(h);
    const first = await createWorkflow(h, exampleWorkflow(form), 'writer', 'First');
    const second = await createWorkflow(h, exampleWorkflow(form), 'writer', 'Second');
    const toggled = await call(h, 'POST', '/admin/workflows/enableOrDisable', 'writer', { id: first, isActive: true });
    expect(toggled.json()).toEqual({ success: true });

    const list = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'reader');
    expect(list.statusCode).toBe(200);
    const workflows = list.json<WorkflowsResponse>().workflows;
    expect(workflows.map((w) => [w.name, w.isActive])).toEqual([
      ['Second', false],
      ['First', true],
    ]);

    const deleted = await call(h, 'DELETE', `/admin/workflows/${second}`, 'writer');
    expect(deleted.json()).toEqual({ success: true });
    expect((await call(h, 'GET', `/admin/workflows/${second}`, 'writer')).statusCode).toBe(404);
    expect((await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'writer')).json<WorkflowsResponse>().workflows).toHaveLength(1);
  });

  it('deleting a workflow deletes its runs', async () => {
    const form = await publishedForm(h);
    const id = await liveWorkflow(h, exampleWorkflow(form));
    await submit(h, form, { w1: 'Ada', w2: 'ada@example.com' });
    await finishedRuns(h, id, 1);
    expect((await call(h, 'DELETE', `/admin/workflows/${id}`, 'writer')).statusCode).toBe(200);
    expect((await call(h, 'GET', `/admin/workflows/${id}/runs`, 'writer')).statusCode).toBe(404);
  });
});

describe('access on every workflow route', () => {
  /** Every route on one workflow: [method, url, body]. */
  function routes(id: string, form: string): Array<['GET' | 'POST' | 'DELETE', string, unknown, 'view' | 'change']> {
    const template = exampleWorkflow(form);
    return [
      ['GET', `/admin/workflows/${id}`, undefined, 'view'],
      ['GET', `/admin/workflows/${id}/runs`, undefined, 'view'],
      ['POST', '/admin/workflows/save', { id, template }, 'change'],
      ['POST', '/admin/workflows/publish', { id, template }, 'change'],
      ['POST', '/admin/workflows/enableOrDisable', { id, isActive: true }, 'change'],
      ['DELETE', `/v1/admin/flow/${form}/workflowRuns/${id}?mode=edit`, undefined, 'change'],
      ['DELETE', `/admin/workflows/${id}`, undefined, 'change'],
    ];
  }

  it("answers 404 'Workflow not found' to another organization on every route, and hides it from lists", async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    for (const [method, url, body] of routes(id, form)) {
      const response = await call(h, method, url, 'outsider', body);
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        404,
        { error: { code: 'not_found', message: copy.workflows.workflowNotFound } },
      ]);
    }
    const list = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'outsider');
    expect(list.json()).toEqual({ workflows: [] });
    expect((await call(h, 'GET', `/admin/workflows/${id}`, 'writer')).statusCode).toBe(200);
  });

  it('lets a read member view but answers 403 to every change', async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    for (const [method, url, body, need] of routes(id, form)) {
      const response = await call(h, method, url, 'reader', body);
      expect([url, response.statusCode]).toEqual([url, need === 'view' ? 200 : 403]);
    }
    expect((await call(h, 'GET', `/admin/workflows/${id}`, 'writer')).statusCode).toBe(200);
  });

  it('answers 401 to anonymous callers', async () => {
    const form = await publishedForm(h);
    const id = await createWorkflow(h, exampleWorkflow(form));
    for (const [method, url, body] of routes(id, form)) {
      expect([url, (await call(h, method, url, null as UserKey | null, body)).statusCode]).toEqual([url, 401]);
    }
    expect((await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, null)).statusCode).toBe(401);
  });
});
