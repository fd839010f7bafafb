/**
 * The `limited` access level in the engine (spec 000 §6; contracts `rules/access.ts`): a limited member reaches the
 * workflows of the forms they created — creates, changes, runs them — and another member's workflows are 'Workflow
 * not found' to them, as if they did not exist. The engine learns who created a form from flows at creation.
 */
import * as copy from '@formloom/contracts/copy';
import type { WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import { call, createWorkflow, exampleWorkflow, publishedForm, setup, WS, type Harness } from './helpers';

let h: Harness;
let othersForm: string;
let othersWorkflow: string;
let ownForm: string;

beforeAll(async () => {
  h = await setup();
  othersForm = await publishedForm(h, 'writer');
  othersWorkflow = await createWorkflow(h, exampleWorkflow(othersForm), 'writer', 'Payroll alerts');
  ownForm = await publishedForm(h, 'limited');
});
afterAll(async () => {
  await h.close();
});

it("creates, saves and publishes a workflow on their own form, and lists it", async () => {
  const id = await createWorkflow(h, exampleWorkflow(ownForm), 'limited', 'My receipts');
  const template = exampleWorkflow(ownForm);
  expect((await call(h, 'POST', '/admin/workflows/save', 'limited', { id, template })).statusCode).toBe(200);
  expect((await call(h, 'POST', '/admin/workflows/publish', 'limited', { id, template })).statusCode).toBe(200);
  const listed = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${ownForm}`, 'limited');
  expect(listed.json<{ workflows: { name: string }[] }>().workflows.map((workflow) => workflow.name)).toEqual(['My receipts']);
  // The form's other members see it too.
  const byWriter = await call(h, 'GET', `/admin/workflows/${id}`, 'writer');
  expect(byWriter.statusCode).toBe(200);
});

it("gets 'Workflow not found' for another member's workflow, and never sees it listed", async () => {
  for (const [method, url, payload] of [
    ['GET', `/admin/workflows/${othersWorkflow}`, undefined],
    ['GET', `/admin/workflows/${othersWorkflow}/runs`, undefined],
    ['POST', '/admin/workflows/rename', { id: othersWorkflow, name: 'Mine' }],
    ['POST', '/admin/workflows/enableOrDisable', { id: othersWorkflow, isActive: false }],
    ['DELETE', `/admin/workflows/${othersWorkflow}`, undefined],
  ] as const) {
    const response = await call(h, method, url, 'limited', payload);
    expect({ url, status: response.statusCode, body: response.json() }).toEqual({
      url,
      status: 404,
      body: { error: { code: 'not_found', message: copy.workflows.workflowNotFound } },
    });
  }
  const listed = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${othersForm}`, 'limited');
  expect(listed.json()).toEqual({ workflows: [] });
  expect((await call(h, 'GET', `/admin/workflows/${othersWorkflow}`, 'writer')).json<WorkflowResponse>().workflow.name).toBe('Payroll alerts');
});

it("may not add a workflow to another member's form ('Form not found')", async () => {
  const response = await call(h, 'POST', '/admin/workflows', 'limited', { template: exampleWorkflow(othersForm), isHidden: false, name: 'Sneaky' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.flowNotFound } });
  const gallery = await call(h, 'POST', '/admin/workflows', 'limited', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: othersForm });
  expect(gallery.statusCode).toBe(404);
});

it('creates a gallery workflow on a new form: the form is theirs and shows in their list', async () => {
  const response = await call(h, 'POST', '/admin/workflows', 'limited', {
    galleryTemplate: 'thank_you_email',
    flowPublicIdentifier: 'new_form',
    workspaceId: WS.main,
  });
  expect(response.statusCode).toBe(200);
  const { workflow } = response.json<WorkflowResponse>();
  expect((await call(h, 'GET', `/admin/workflows/${workflow.id}`, 'limited')).statusCode).toBe(200);
  const forms = await h.flows.app.inject({ url: `/admin/flows?workspaceId=${WS.main}`, headers: h.headers.limited });
  expect(forms.json<{ flows: { name: string; publicIdentifier: string }[] }>().flows.map((flow) => flow.publicIdentifier)).toContain(
    workflow.flowPublicIdentifier,
  );
  expect(forms.json<{ flows: { publicIdentifier: string }[] }>().flows.map((flow) => flow.publicIdentifier)).not.toContain(othersForm);
});
