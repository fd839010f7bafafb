/**
 * Workflows from the template gallery in ONE call (spec 001 §2, §4): `POST /admin/workflows` with a gallery
 * template id and a form (or `new_form`) generates the template against the form and creates the workflow —
 * published and active at once with `activate` — in one transaction; refusals create nothing.
 */
import * as copy from '@formloom/contracts/copy';
import { WORKFLOW_GALLERY_TEMPLATES } from '@formloom/contracts/workflow-templates';
import { nodeSetupStatus, triggerSetupStatus } from '@formloom/contracts/rules/workflow-status';
import type { WorkflowResponse, WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import { sql } from 'drizzle-orm';
import { call, engineSql, eventually, finishedRuns, mailOf, publishedForm, runsOf, setup, submit, users, WS, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

/** The workflows of a form, as the writer sees them. */
async function workflowsOf(flowPublicIdentifier: string): Promise<WorkflowsResponse['workflows']> {
  const response = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${flowPublicIdentifier}`, 'writer');
  return response.json<WorkflowsResponse>().workflows;
}

/** The flows of the main workspace, as the writer sees them. */
async function flowNames(): Promise<string[]> {
  const response = await h.flows.app.inject({ url: `/admin/flows?workspaceId=${WS.main}`, headers: h.headers.writer });
  return response.json<{ flows: { name: string }[] }>().flows.map((flow) => flow.name);
}

describe('a workflow from the gallery', () => {
  it('creates the thank-you email on a form, published and active in one call, and it runs', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', {
      galleryTemplate: 'thank_you_email',
      flowPublicIdentifier: form,
      activate: true,
    });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    expect(workflow).toMatchObject({ name: copy.galleryTitles.thank_you_email, isActive: true, flowPublicIdentifier: form });
    expect(workflow.publishedAt).not.toBeNull();
    // Generated against the form: the recipient is its Email question (w2).
    const node = Object.values(workflow.template.nodes)[0];
    expect(node?.template).toMatchObject({ recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] } });

    await submit(h, form, { w1: 'Grace', w2: 'grace@example.com' });
    const { runs } = await finishedRuns(h, workflow.id, 1);
    expect(runs[0]?.status).toBe('succeeded');
    const { messages } = await mailOf(h, 'admin', { limit: 1000 });
    expect(messages.find((message) => message.workflowRunId === runs[0]?.id)).toMatchObject({
      to: ['grace@example.com'],
      subject: copy.email.defaultSubject,
    });
  });

  it('creates an inactive draft without `activate`', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form, name: 'Receipts' });
    expect(response.json<WorkflowResponse>().workflow).toMatchObject({ name: 'Receipts', isActive: false, publishedAt: null });
  });

  it('creates a new form named "New form" for the placeholder new_form, emailing the creator (no Email question)', async () => {
    const before = await flowNames();
    const response = await call(h, 'POST', '/admin/workflows', 'writer', {
      galleryTemplate: 'thank_you_email',
      flowPublicIdentifier: 'new_form',
      workspaceId: WS.main,
      activate: true,
    });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    const after = await flowNames();
    const added = after.filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^New form( \(\d+\))?$/);
    expect(workflow.flowPublicIdentifier).not.toBe('new_form');
    expect(Object.values(workflow.template.nodes)[0]?.template).toMatchObject({
      recipients: { type: 'string', list: [{ email: users.writer.email }] },
    });
    expect(await workflowsOf(workflow.flowPublicIdentifier as string)).toHaveLength(1);
  });

  it('refuses new_form without a workspace, and in a workspace the caller may only read, creating no form', async () => {
    const before = await flowNames();
    const noWorkspace = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: 'new_form' });
    expect(noWorkspace.statusCode).toBe(400);
    expect(noWorkspace.json().error.details).toEqual([{ path: 'body.workspaceId', message: copy.workflows.workspaceRequiredForNewForm }]);
    const reader = await call(h, 'POST', '/admin/workflows', 'reader', {
      galleryTemplate: 'thank_you_email',
      flowPublicIdentifier: 'new_form',
      workspaceId: WS.main,
    });
    expect(reader.statusCode).toBe(403);
    const outsider = await call(h, 'POST', '/admin/workflows', 'outsider', {
      galleryTemplate: 'thank_you_email',
      flowPublicIdentifier: 'new_form',
      workspaceId: WS.main,
    });
    expect(outsider.statusCode).toBe(404);
    expect(await flowNames()).toEqual(before);
  });

  it('creates the email after a 30-minute delay: the run waits durably, then sends it', async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'email_with_delay', flowPublicIdentifier: form, activate: true });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    expect(workflow.publishedAt).not.toBeNull();
    const first = workflow.template.nodes[workflow.template.trigger.nextNodeId as string];
    expect(first).toMatchObject({ type: 'delay', template: { delay: 30, units: 'minutes' } });
    expect(workflow.template.nodes[first?.nextNodeId as string]?.template).toMatchObject({ recipients: { list: [{ email: { var: 'answers.w2' } }] } });

    await submit(h, form, { w1: 'Grace', w2: 'grace-delayed@example.com' });
    const waiting = await eventually(() => runsOf(h, workflow.id), (page) => page.runs[0]?.status === 'waiting', 'the run to wait');
    const runId = waiting.runs[0]?.id as string;
    expect(waiting.runs[0]?.steps).toEqual([expect.objectContaining({ type: 'delay', status: 'waiting', output: { until: expect.any(String) } })]);
    const [due] = await engineSql(h, sql`SELECT extract(epoch FROM due_at - created_at)::float8 AS seconds FROM workflow_runs WHERE id = ${runId}::uuid`);
    expect(Number(due?.seconds)).toBeGreaterThan(29 * 60);
    expect(Number(due?.seconds)).toBeLessThan(31 * 60);

    // Thirty minutes later (staged: the due time is moved to the past), the email goes.
    await engineSql(h, sql`UPDATE workflow_runs SET due_at = now() - interval '1 second' WHERE id = ${runId}::uuid`);
    const { runs } = await finishedRuns(h, workflow.id, 1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', steps: [{ type: 'delay', status: 'succeeded' }, { type: 'email', status: 'succeeded' }] });
    const { messages } = await mailOf(h, 'admin', { limit: 1000 });
    expect(messages.filter((message) => message.workflowRunId === runId).map((message) => message.to)).toEqual([['grace-delayed@example.com']]);
  });

  it("creates the email after a filter on the form's first choice question: its first option passes, another stops the run", async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'email_with_filter', flowPublicIdentifier: form, activate: true });
    expect(response.statusCode).toBe(200);
    const { workflow } = response.json<WorkflowResponse>();
    const first = workflow.template.nodes[workflow.template.trigger.nextNodeId as string];
    // The example form's Plan (w3): Free (o1), Pro (o2).
    expect(first).toMatchObject({ type: 'filter', template: { condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o1'] }] } } });

    await submit(h, form, { w1: 'Free', w2: 'free@example.com', w3: 'o1' });
    await submit(h, form, { w1: 'Pro', w2: 'pro@example.com', w3: 'o2' });
    const { runs } = await finishedRuns(h, workflow.id, 2);
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
    const stopped = runs.find((run) => run.steps.length === 1);
    expect(stopped?.steps[0]).toMatchObject({ type: 'filter', status: 'succeeded', output: { passed: false, message: 'Stopped by filter' } });
    const { messages } = await mailOf(h, 'admin', { limit: 1000 });
    const sent = messages.filter((message) => runs.some((run) => run.id === message.workflowRunId)).map((message) => message.to);
    expect(sent).toEqual([['free@example.com']]);
  });

  it('creates each of the 13 gallery templates on a form, steps that need an account left incomplete', async () => {
    const form = await publishedForm(h);
    for (const galleryTemplate of WORKFLOW_GALLERY_TEMPLATES) {
      const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate, flowPublicIdentifier: form });
      expect({ galleryTemplate, status: response.statusCode }).toEqual({ galleryTemplate, status: 200 });
      const { workflow } = response.json<WorkflowResponse>();
      expect(workflow.name).toBe(copy.galleryTitles[galleryTemplate]);
      // What needs a connected account (Slack) or a scheduling page says so; everything else is ready.
      const needsSetup = Object.values(workflow.template.nodes).filter((node) => nodeSetupStatus(node)?.complete === false).map((node) => node.type);
      const triggerReady = triggerSetupStatus(workflow.template.trigger)?.complete;
      expect({ galleryTemplate, needsSetup: needsSetup.sort(), triggerReady }).toEqual({
        galleryTemplate,
        needsSetup: galleryTemplate.includes('slack') ? ['slack'] : [],
        triggerReady: !galleryTemplate.startsWith('scheduling_'),
      });
    }
    expect(await workflowsOf(form)).toHaveLength(WORKFLOW_GALLERY_TEMPLATES.length);
  });

  it('refuses both a template and a gallery template, or neither', async () => {
    const form = await publishedForm(h);
    const neither = await call(h, 'POST', '/admin/workflows', 'writer', { name: 'x' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.details[0]).toEqual({ path: 'body.template', message: copy.workflows.templateOrGallery });
    const unknown = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'nope', flowPublicIdentifier: form });
    expect(unknown.statusCode).toBe(400);
    expect(await workflowsOf(form)).toEqual([]);
  });

  it("answers 404 for another organization's form", async () => {
    const form = await publishedForm(h);
    const response = await call(h, 'POST', '/admin/workflows', 'outsider', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form });
    expect(response.statusCode).toBe(404);
  });
});

