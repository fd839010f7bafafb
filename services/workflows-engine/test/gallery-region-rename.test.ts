/**
 * The gallery in the `EU_AGENT` data region (spec 001 §2: the AI category is hidden there — the engine refuses its
 * templates for a caller whose token carries `reg: 'EU_AGENT'`), and `POST /admin/workflows/rename` (the workflow
 * list's 'Rename'), and the new form of `new_form` per category. The real engine and flows services on PGlite.
 */
import * as copy from '@formloom/contracts/copy';
import type { WorkflowResponse, WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import { call, publishedForm, setup, users, WS, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.close();
});

async function listed(form: string) {
  const response = await call(h, 'GET', `/admin/workflows?flowPublicIdentifier=${form}`, 'writer');
  return response.json<WorkflowsResponse>().workflows;
}

describe('the gallery in the EU_AGENT region', () => {
  it('refuses the AI templates and creates nothing, but creates the others', async () => {
    const form = await publishedForm(h);
    const euHeaders = await h.issuer.headers({ ...users.writer, dataRegion: 'EU_AGENT' });
    for (const galleryTemplate of ['summarize_submission_and_email', 'classify_and_route', 'ai_thank_you_email']) {
      const refused = await h.engine.app.inject({ method: 'POST', url: '/admin/workflows', headers: euHeaders, payload: { galleryTemplate, flowPublicIdentifier: form } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(copy.ai.notInRegion);
    }
    expect(await listed(form)).toEqual([]);

    const thankYou = await h.engine.app.inject({ method: 'POST', url: '/admin/workflows', headers: euHeaders, payload: { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form } });
    expect(thankYou.statusCode).toBe(200);
    // The default region gets the AI templates.
    const ai = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'classify_and_route', flowPublicIdentifier: form });
    expect(ai.statusCode).toBe(200);
    expect((await listed(form)).map((workflow) => workflow.name).sort()).toEqual([copy.galleryTitles.classify_and_route, copy.galleryTitles.thank_you_email].sort());
  });
});

describe('a new form from the gallery', () => {
  it('is a scheduling form for the Scheduling category, a form otherwise (spec 001 §4)', async () => {
    const typeOf = async (galleryTemplate: string) => {
      const response = await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate, flowPublicIdentifier: 'new_form', workspaceId: WS.main });
      expect(response.statusCode).toBe(200);
      const flow = response.json<WorkflowResponse>().workflow.flowPublicIdentifier!;
      const found = await h.flows.app.inject({ url: `/admin/flows/fetch/${flow}`, headers: h.headers.writer });
      return found.json<{ flow: { type: string; name: string } }>().flow;
    };
    expect(await typeOf('scheduling_reminder_email_host')).toMatchObject({ type: 'scheduling', name: expect.stringMatching(/^New form/) });
    expect(await typeOf('email_form_abandonment')).toMatchObject({ type: 'form' });
  });
});

describe('POST /admin/workflows/rename', () => {
  it('renames a workflow (trimmed), keeping its template', async () => {
    const form = await publishedForm(h);
    const created = (await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form })).json<WorkflowResponse>().workflow;
    const renamed = await call(h, 'POST', '/admin/workflows/rename', 'writer', { id: created.id, name: '  Receipts  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<WorkflowResponse>().workflow).toMatchObject({ id: created.id, name: 'Receipts', template: created.template });
    expect((await listed(form)).find((workflow) => workflow.id === created.id)?.name).toBe('Receipts');
  });

  it('refuses an empty name (400), a read-only member (403) and another organization (404)', async () => {
    const form = await publishedForm(h);
    const created = (await call(h, 'POST', '/admin/workflows', 'writer', { galleryTemplate: 'thank_you_email', flowPublicIdentifier: form })).json<WorkflowResponse>().workflow;
    const empty = await call(h, 'POST', '/admin/workflows/rename', 'writer', { id: created.id, name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].path).toBe('body.name');
    expect((await call(h, 'POST', '/admin/workflows/rename', 'reader', { id: created.id, name: 'X' })).statusCode).toBe(403);
    const outsider = await call(h, 'POST', '/admin/workflows/rename', 'outsider', { id: created.id, name: 'X' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(copy.workflows.workflowNotFound);
    expect((await listed(form)).find((workflow) => workflow.id === created.id)?.name).toBe(copy.galleryTitles.thank_you_email);
  });
});
