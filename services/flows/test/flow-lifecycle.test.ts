/**
 * A form's life after creation (docs/product-rules.md §3): publish checks, unpublished changes, rename,
 * duplicate, close (unpublish) and reopen, delete forever — each with its access rules, against the real
 * service on PGlite.
 */
import type { InjectOptions } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { countRows, createFlow, exampleTemplate, outboxRows, publishedExample, setup, submit, WS, type Harness } from './helpers';

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
const writer = () => h.headers.writer;
const publish = (id: string) => inject({ method: 'POST', url: `/admin/flows/${id}/publish`, headers: writer() });
const unpublish = (id: string, headers = writer()) => inject({ method: 'POST', url: `/admin/flows/${id}/unpublish`, headers });
const fetchFlow = async (id: string) =>
  (await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: writer() })).json<{ flow: Record<string, unknown> }>().flow;
const saveDraft = (id: string, template: unknown) =>
  inject({ method: 'PUT', url: `/admin/flows/${id}/template`, headers: writer(), payload: { template } });
const answers = { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' };

describe('publish checks', () => {
  it('refuses a form without questions, and names every blank label, blank or repeated choice', async () => {
    const empty = await createFlow(h);
    const refused = await publish(empty.publicIdentifier);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'validation_error',
        message: copy.flows.publishNotReady,
        details: [{ path: 'template', message: copy.flows.publishNeedsQuestion }],
      },
    });

    const template = exampleTemplate();
    const page = template.steps.s1!;
    if (page.type !== 'form') throw new Error('s1 is a page');
    page.template.widgets[0]!.template.label = '   ';
    const plan = page.template.widgets[2]!;
    if (plan.type !== 'MultipleChoice') throw new Error('w3 is a choice');
    plan.template.options = [
      { id: 'a', label: 'Pro' },
      { id: 'b', label: ' pro ' },
      { id: 'c', label: '' },
    ];
    const flow = await createFlow(h, { flowTemplate: template });
    const response = await publish(flow.publicIdentifier);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'template.steps.s1.template.widgets.0.template.label', message: copy.flows.publishEmptyLabel },
      { path: 'template.steps.s1.template.widgets.2.template.options.1.label', message: copy.flows.publishDuplicateOption('pro') },
      { path: 'template.steps.s1.template.widgets.2.template.options.2.label', message: copy.flows.publishBlankOption },
    ]);
    // Nothing went live.
    expect((await fetchFlow(flow.publicIdentifier)).publishedAt).toBeNull();
    expect((await inject({ method: 'GET', url: `/public/flows/templates/${flow.publicIdentifier}` })).statusCode).toBe(404);
  });
});

describe('unpublished changes', () => {
  it('says when the saved draft differs from the live version, and not after publishing it', async () => {
    const id = await publishedExample(h);
    expect(await fetchFlow(id)).toMatchObject({ isPublished: true, hasUnpublishedChanges: false, closedAt: null });
    const edited: FlowTemplate = exampleTemplate();
    edited.steps.s1!.name = 'Your details';
    expect((await saveDraft(id, edited)).json().flow.hasUnpublishedChanges).toBe(true);
    const listed = await inject({ method: 'GET', url: `/admin/flows?workspaceId=${WS.main}`, headers: writer() });
    expect(listed.json().flows.find((flow: { publicIdentifier: string }) => flow.publicIdentifier === id)).toMatchObject({
      hasUnpublishedChanges: true,
    });
    expect((await publish(id)).json().flow.hasUnpublishedChanges).toBe(false);
    // Saving the live version back is no change.
    expect((await saveDraft(id, edited)).json().flow.hasUnpublishedChanges).toBe(false);
  });

  it('is false before the first publish', async () => {
    expect((await createFlow(h)).hasUnpublishedChanges).toBe(false);
  });
});

describe('PATCH /admin/flows/:publicIdentifier (rename)', () => {
  it('renames (trimmed), refuses a blank name, and needs write access', async () => {
    const flow = await createFlow(h, { name: 'Old name' });
    const renamed = await inject({ method: 'PATCH', url: `/admin/flows/${flow.publicIdentifier}`, headers: writer(), payload: { name: '  New name ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().flow).toMatchObject({ name: 'New name', publicIdentifier: flow.publicIdentifier });
    expect((await fetchFlow(flow.publicIdentifier)).name).toBe('New name');

    const blank = await inject({ method: 'PATCH', url: `/admin/flows/${flow.publicIdentifier}`, headers: writer(), payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(copy.flows.nameRequired);

    const reader = await inject({ method: 'PATCH', url: `/admin/flows/${flow.publicIdentifier}`, headers: h.headers.reader, payload: { name: 'Mine' } });
    expect(reader.statusCode).toBe(403);
    const outsider = await inject({ method: 'PATCH', url: `/admin/flows/${flow.publicIdentifier}`, headers: h.headers.outsider, payload: { name: 'Mine' } });
    expect(outsider.statusCode).toBe(404);
    expect((await fetchFlow(flow.publicIdentifier)).name).toBe('New name');
  });
});

describe('POST /admin/flows/:publicIdentifier/duplicate', () => {
  it('copies the draft, settings and theme into the workspace under a unique name; not published, no submissions', async () => {
    const id = await publishedExample(h);
    expect((await submit(h, id, answers)).statusCode).toBe(201);
    await inject({ method: 'PATCH', url: `/admin/flows/${id}`, headers: writer(), payload: { name: 'Survey' } });

    const first = await inject({ method: 'POST', url: `/admin/flows/${id}/duplicate`, headers: writer() });
    expect(first.statusCode).toBe(201);
    const copyFlow = first.json().flow;
    expect(copyFlow).toMatchObject({ name: 'Survey (copy)', workspaceId: WS.main, isPublished: false, publishedAt: null });
    expect(copyFlow.publicIdentifier).not.toBe(id);
    const draft = await inject({ method: 'GET', url: `/admin/flows/fetch/${copyFlow.publicIdentifier}`, headers: writer() });
    expect(draft.json().flowSnapshot.template).toEqual(exampleTemplate());
    const listed = await inject({ method: 'GET', url: `/admin/flows?workspaceId=${WS.main}`, headers: writer() });
    expect(listed.json().flows.find((flow: { publicIdentifier: string }) => flow.publicIdentifier === copyFlow.publicIdentifier)).toMatchObject({
      submissionCount: 0,
    });

    const second = await inject({ method: 'POST', url: `/admin/flows/${id}/duplicate`, headers: writer() });
    expect(second.json().flow.name).toBe('Survey (copy) (2)');
    const created = await outboxRows(h, 'flow.created');
    expect(created.map((row) => row.key)).toContain(copyFlow.publicIdentifier);

    expect((await inject({ method: 'POST', url: `/admin/flows/${id}/duplicate`, headers: h.headers.reader })).statusCode).toBe(403);
  });
});

describe('POST /admin/flows/:publicIdentifier/unpublish (close)', () => {
  it('closes the live form: the link says so and refuses submissions until the next publish reopens it', async () => {
    const id = await publishedExample(h);
    const closed = await unpublish(id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().flow).toMatchObject({ isPublished: false, closedAt: expect.any(String), publishedAt: expect.any(String) });

    const live = await inject({ method: 'GET', url: `/public/flows/templates/${id}` });
    expect(live.statusCode).toBe(404);
    expect(live.json()).toEqual({ error: { code: 'not_found', message: copy.publicForm.formClosed } });
    const refused = await submit(h, id, answers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(copy.publicForm.formClosed);

    // Again: nothing changes (the first close time is kept).
    expect((await unpublish(id)).json().flow.closedAt).toBe(closed.json().flow.closedAt);

    const reopened = await publish(id);
    expect(reopened.json().flow).toMatchObject({ isPublished: true, closedAt: null });
    expect((await submit(h, id, answers)).statusCode).toBe(201);
  });

  it('leaves a never-published form a draft, and needs write access', async () => {
    const flow = await createFlow(h);
    expect((await unpublish(flow.publicIdentifier)).json().flow).toMatchObject({ isPublished: false, closedAt: null, publishedAt: null });
    const id = await publishedExample(h);
    expect((await unpublish(id, h.headers.reader)).statusCode).toBe(403);
    expect((await fetchFlow(id)).isPublished).toBe(true);
  });
});

describe('DELETE /admin/flows/:publicIdentifier', () => {
  it('deletes the form with its versions and submissions, emits flow.deleted, and the link stops working', async () => {
    const id = await publishedExample(h);
    expect((await submit(h, id, answers)).statusCode).toBe(201);
    const before = { submissions: await countRows(h, 'submissions'), snapshots: await countRows(h, 'flow_snapshots') };

    expect((await inject({ method: 'DELETE', url: `/admin/flows/${id}`, headers: h.headers.reader })).statusCode).toBe(403);
    expect((await inject({ method: 'DELETE', url: `/admin/flows/${id}`, headers: h.headers.outsider })).statusCode).toBe(404);

    const deleted = await inject({ method: 'DELETE', url: `/admin/flows/${id}`, headers: writer() });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await countRows(h, 'submissions')).toBe(before.submissions - 1);
    expect(await countRows(h, 'flow_snapshots')).toBe(before.snapshots - 1);
    expect((await inject({ method: 'GET', url: `/admin/flows/fetch/${id}`, headers: writer() })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/public/flows/templates/${id}` })).statusCode).toBe(404);
    expect((await submit(h, id, answers)).statusCode).toBe(404);

    const events = (await outboxRows(h, 'flow.deleted')).filter((row) => row.key === id);
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope.data).toMatchObject({ flowPublicIdentifier: id, workspaceId: WS.main });

    expect((await inject({ method: 'DELETE', url: `/admin/flows/${id}`, headers: writer() })).statusCode).toBe(404);
  });

  it('deletes a draft that was never published', async () => {
    const flow = await createFlow(h, { flowTemplate: blankFlowTemplate() });
    expect((await inject({ method: 'DELETE', url: `/admin/flows/${flow.publicIdentifier}`, headers: writer() })).statusCode).toBe(200);
  });
});
