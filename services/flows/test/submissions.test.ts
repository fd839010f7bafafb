/**
 * Submissions: the public submit (validated against the LIVE snapshot, stored with its `form.submitted` outbox
 * row in one transaction) and the admin list in Fillout's shape (docs/product-rules.md §3).
 */
import { sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX } from '@formloom/contracts/limits';
import { everyWidgetTemplate } from '@formloom/contracts/widgets/samples';
import { InProcessBus } from '@formloom/kit/bus/in-process';
import { rowsOf } from '@formloom/kit/db';
import { countRows, createFlow, everyWidgetAnswersUploaded, everyWidgetTexts, exampleTemplate, outboxRows, publishedExample, setup, submit, type Harness } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

interface ListJson {
  responses: Array<{
    submissionId: string;
    submissionTime: string;
    lastUpdatedAt: string;
    questions: Array<{ id: string; name: string; type: string; value: unknown; displayValue: string }>;
  }>;
  totalResponses: number;
  pageCount: number;
}

function list(publicIdentifier: string, query = '') {
  return h.service.app.inject({
    method: 'GET',
    url: `/admin/flows/${publicIdentifier}/submissions${query}`,
    headers: h.headers.writer,
  });
}

/** Counts of submissions and outbox rows, to prove a refused request stored nothing. */
async function stored() {
  return { submissions: await countRows(h, 'submissions'), outbox: await countRows(h, 'outbox') };
}

describe('POST /public/flows/:publicIdentifier/submissions', () => {
  it('stores valid answers (201) and the submission appears in the list in Fillout’s shape', async () => {
    const id = await publishedExample(h);
    const response = await submit(h, id, { w1: 'Ada Lovelace', w2: ' ada@example.com ', w3: 'o2' });
    expect(response.statusCode).toBe(201);
    const { submission } = response.json<{ submission: { submissionId: string; submissionTime: string } }>();
    expect(submission.submissionId).toMatch(UUID_V7);
    expect(new Date(submission.submissionTime).toISOString()).toBe(submission.submissionTime);

    const listed = await list(id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      responses: [
        {
          submissionId: submission.submissionId,
          submissionTime: submission.submissionTime,
          lastUpdatedAt: submission.submissionTime,
          questions: [
            { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada Lovelace', displayValue: 'Ada Lovelace' },
            { id: 'w2', name: 'Email', type: 'EmailInput', value: 'ada@example.com', displayValue: 'ada@example.com' },
            { id: 'w3', name: 'Plan', type: 'MultipleChoice', value: 'o2', displayValue: 'Pro' },
          ],
          urlParameters: [],
          calculations: [],
        },
      ],
      totalResponses: 1,
      pageCount: 1,
      nextCursor: null,
      // The columns of the form's current version: its three questions, each with its question.
      columns: [
        expect.objectContaining({ id: 'w1', name: 'Name', kind: 'question', widget: expect.objectContaining({ type: 'ShortAnswer' }) }),
        expect.objectContaining({ id: 'w2', name: 'Email', kind: 'question', widget: expect.objectContaining({ type: 'EmailInput' }) }),
        expect.objectContaining({ id: 'w3', name: 'Plan', kind: 'question', widget: expect.objectContaining({ type: 'MultipleChoice' }) }),
      ],
    });
  });

  it('refuses invalid answers with 400, listing every widget in error, and stores nothing', async () => {
    const id = await publishedExample(h);
    const before = await stored();
    const response = await submit(h, id, { w1: 123, w2: 'not-an-email', w3: 'o9', w9: 'stray' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: copy.flows.submissionInvalid,
        details: [
          { path: 'answers.w1', message: copy.answers.invalidText },
          { path: 'answers.w2', message: copy.answers.invalidEmail },
          { path: 'answers.w3', message: copy.answers.invalidOption },
          { path: 'answers.w9', message: copy.answers.unknownQuestion },
        ],
      },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses empty required answers', async () => {
    const id = await publishedExample(h);
    const before = await stored();
    const response = await submit(h, id, { w1: '   ', w2: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'answers.w1', message: copy.answers.required },
      { path: 'answers.w2', message: copy.answers.required },
    ]);
    const nothing = await submit(h, id, {});
    expect(nothing.json().error.details).toEqual([
      { path: 'answers.w1', message: copy.answers.required },
      { path: 'answers.w2', message: copy.answers.required },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for an unknown or unpublished flow and stores nothing', async () => {
    const before = await stored();
    const unknown = await submit(h, 'doesnotexist', { w1: 'x', w2: 'x@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(copy.flows.flowNotFound);

    const draftOnly = await createFlow(h, { flowTemplate: exampleTemplate() });
    const unpublished = await submit(h, draftOnly.publicIdentifier, { w1: 'x', w2: 'x@example.com' });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().error.message).toBe(copy.publicForm.flowNotPublished);
    expect(await stored()).toEqual({ ...before, outbox: before.outbox + 1 /* flow.created of draftOnly */ });
  });

  it('refuses answers that are not an object', async () => {
    const id = await publishedExample(h);
    const before = await stored();
    for (const answers of [[], 'text', 42, null]) {
      const response = await submit(h, id, answers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([expect.objectContaining({ path: 'body.answers' })]);
    }
    const noAnswers = await h.service.app.inject({ method: 'POST', url: `/public/flows/${id}/submissions`, payload: {} });
    expect(noAnswers.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('takes a publish into account at the next submission, also one made through another replica', async () => {
    const id = await publishedExample(h);
    expect((await submit(h, id, { w1: 'A', w2: 'a@example.com' })).statusCode).toBe(201); // the flow is now cached
    const withAge = exampleTemplate();
    const s1 = withAge.steps.s1;
    if (s1?.type === 'form') s1.template.widgets.push({ id: 'w4', name: 'Age', type: 'NumberInput', template: { label: 'Age', required: true } });
    // Published by another replica (straight into the shared database: this replica's cache is not told).
    await h.service.ctx.db.execute(sql`
      WITH snapshot AS (
        INSERT INTO flow_snapshots (flow_id, version, template)
        SELECT id, 99, ${JSON.stringify(withAge)}::jsonb FROM flows WHERE public_identifier = ${id}
        RETURNING id, flow_id)
      UPDATE flows SET live_snapshot_id = snapshot.id FROM snapshot WHERE flows.id = snapshot.flow_id`);
    // The cached live form does not know w4: the answers are checked again against a fresh lookup.
    const accepted = await submit(h, id, { w1: 'B', w2: 'b@example.com', w4: 30 });
    expect(accepted.statusCode).toBe(201);
    const { submissionId } = accepted.json<{ submission: { submissionId: string } }>().submission;
    const [row] = rowsOf<{ version: number }>(
      await h.service.ctx.db.execute(
        sql`SELECT fs.version FROM submissions s JOIN flow_snapshots fs ON fs.id = s.snapshot_id WHERE s.id = ${submissionId}::uuid`,
      ),
    );
    expect(row?.version).toBe(99);
    // And from now on the required w4 is asked for.
    const missing = await submit(h, id, { w1: 'C', w2: 'c@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'answers.w4', message: expect.any(String) }]);
  });

  it('validates against the LIVE snapshot, not the draft', async () => {
    const id = await publishedExample(h);
    const draft = exampleTemplate();
    const s1 = draft.steps.s1;
    if (s1?.type === 'form') s1.template.widgets.push({ id: 'w4', name: 'Age', type: 'NumberInput', template: { label: 'Age', required: true } });
    const saved = await h.service.app.inject({
      method: 'PUT',
      url: `/admin/flows/${id}/template`,
      headers: h.headers.writer,
      payload: { template: draft },
    });
    expect(saved.statusCode).toBe(200);
    // The draft's new required question is not on the live form yet.
    expect((await submit(h, id, { w1: 'A', w2: 'a@example.com' })).statusCode).toBe(201);
    const stray = await submit(h, id, { w1: 'A', w2: 'a@example.com', w4: 30 });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error.details).toEqual([{ path: 'answers.w4', message: copy.answers.unknownQuestion }]);
  });

  it('writes the form.submitted outbox row with the submission in one transaction', async () => {
    const id = await publishedExample(h);
    const response = await submit(h, id, { w1: 'Grace', w2: 'grace@example.com' });
    const { submissionId, submissionTime } = response.json<{ submission: { submissionId: string; submissionTime: string } }>().submission;
    const rows = (await outboxRows(h, 'form.submitted')).filter((r) => r.envelope.data.submissionId === submissionId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.key).toBe(submissionId);
    expect(row?.envelope.tenant).toEqual({ organizationId: 1, workspaceId: 1 });
    expect(row?.envelope.data).toEqual({
      flowId: expect.any(Number),
      flowPublicIdentifier: id,
      flowName: 'My form',
      submissionId,
      submissionTime,
      answers: { w1: 'Grace', w2: 'grace@example.com' },
      questions: [
        { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Grace', displayValue: 'Grace' },
        { id: 'w2', name: 'Email', type: 'EmailInput', value: 'grace@example.com', displayValue: 'grace@example.com' },
        { id: 'w3', name: 'Plan', type: 'MultipleChoice', value: null, displayValue: '' },
      ],
      urlParameters: [],
      calculations: [],
      editLink: expect.stringMatching(new RegExp(`^http://localhost:8080/t/${id}\\?edit=${submissionId}&token=[A-Za-z0-9_-]{43}$`)),
    });
  });

  it('stores no submission when its event cannot be written', async () => {
    const id = await publishedExample(h);
    const before = await stored();
    await h.service.ctx.db.execute(sql`ALTER TABLE outbox RENAME TO outbox_away`);
    try {
      const response = await submit(h, id, { w1: 'Lost', w2: 'lost@example.com' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'internal_error', message: copy.errors.internal } });
    } finally {
      await h.service.ctx.db.execute(sql`ALTER TABLE outbox_away RENAME TO outbox`);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('GET /admin/flows/:publicIdentifier/submissions', () => {
  let id: string;
  const names = ['s1', 's2', 's3', 's4', 's5'];
  beforeAll(async () => {
    id = await publishedExample(h);
    for (const name of names) {
      expect((await submit(h, id, { w1: name, w2: `${name}@example.com` })).statusCode).toBe(201);
    }
  });

  const firstAnswers = (body: ListJson) => body.responses.map((r) => r.questions[0]?.value);

  it('pages newest first by default, with totalResponses and pageCount', async () => {
    const page1 = (await list(id, '?limit=2')).json<ListJson>();
    expect(page1).toMatchObject({ totalResponses: 5, pageCount: 3 });
    expect(firstAnswers(page1)).toEqual(['s5', 's4']);
    const page3 = (await list(id, '?limit=2&offset=4')).json<ListJson>();
    expect(firstAnswers(page3)).toEqual(['s1']);
    const beyond = (await list(id, '?limit=2&offset=10')).json<ListJson>();
    expect(beyond).toMatchObject({ responses: [], totalResponses: 5, pageCount: 3, nextCursor: null });
  });

  it('sorts oldest first with sort=asc', async () => {
    const body = (await list(id, '?sort=asc')).json<ListJson>();
    expect(firstAnswers(body)).toEqual(names);
    const times = body.responses.map((r) => r.submissionTime);
    expect([...times].sort()).toEqual(times);
  });

  it('defaults the limit to 50 and accepts 1 and 150', async () => {
    const many = await publishedExample(h);
    for (let i = 0; i < SUBMISSIONS_PAGE_DEFAULT + 1; i++) {
      expect((await submit(h, many, { w1: `n${i}`, w2: 'n@example.com' })).statusCode).toBe(201);
    }
    const byDefault = (await list(many)).json<ListJson>();
    expect(byDefault.responses).toHaveLength(SUBMISSIONS_PAGE_DEFAULT);
    expect(byDefault).toMatchObject({ totalResponses: SUBMISSIONS_PAGE_DEFAULT + 1, pageCount: 2 });
    expect((await list(many, '?limit=1')).json<ListJson>().responses).toHaveLength(1);
    expect((await list(many, `?limit=${SUBMISSIONS_PAGE_MAX}`)).json<ListJson>().responses).toHaveLength(SUBMISSIONS_PAGE_DEFAULT + 1);
  });

  it.each([['limit=0'], ['limit=151'], ['limit=abc'], ['limit=2.5'], ['offset=-1'], ['sort=sideways']])(
    'refuses %s with 400',
    async (query) => {
      const response = await list(id, `?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
      expect(response.json().error.details[0].path).toBe(`querystring.${query.split('=')[0]}`);
    },
  );

  it('gives each submission the questions of the snapshot it was made against', async () => {
    const flowId = await publishedExample(h);
    expect((await submit(h, flowId, { w1: 'Before', w2: 'b@example.com' })).statusCode).toBe(201);
    const next: FlowTemplate = exampleTemplate();
    const s1 = next.steps.s1;
    if (s1?.type === 'form') {
      s1.template.widgets[0]!.name = 'Full name';
      s1.template.widgets.push({ id: 'w4', name: 'Stars', type: 'StarRating', template: { label: 'Stars', required: false } });
    }
    const headers = h.headers.writer;
    expect((await h.service.app.inject({ method: 'PUT', url: `/admin/flows/${flowId}/template`, headers, payload: { template: next } })).statusCode).toBe(200);
    expect((await h.service.app.inject({ method: 'POST', url: `/admin/flows/${flowId}/publish`, headers })).statusCode).toBe(200);
    expect((await submit(h, flowId, { w1: 'After', w2: 'a@example.com', w4: 5 })).statusCode).toBe(201);

    const body = (await list(flowId, '?sort=asc')).json<ListJson>();
    expect(body.responses.map((r) => r.questions.map((q) => `${q.id}:${q.name}:${String(q.value)}`))).toEqual([
      ['w1:Name:Before', 'w2:Email:b@example.com', 'w3:Plan:null'],
      ['w1:Full name:After', 'w2:Email:a@example.com', 'w3:Plan:null', 'w4:Stars:5'],
    ]);
  });
});

describe('displayValue: the answer as a person reads it', () => {
  /** Creates and publishes a flow with `template`; returns its public identifier. */
  async function published(template: FlowTemplate): Promise<string> {
    const flow = await createFlow(h, { flowTemplate: template });
    await publish(flow.publicIdentifier);
    return flow.publicIdentifier;
  }

  async function publish(publicIdentifier: string): Promise<void> {
    const response = await h.service.app.inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/publish`, headers: h.headers.writer });
    expect(response.statusCode).toBe(200);
  }

  const texts = (questions: ReadonlyArray<{ id: string; displayValue?: string }>) =>
    Object.fromEntries(questions.map((question) => [question.id, question.displayValue]));

  it('every question type: the submissions list and the form.submitted event carry the same text per question', async () => {
    const id = await published(everyWidgetTemplate());
    // File questions name files uploaded first; their texts carry the files' links.
    const answers = await everyWidgetAnswersUploaded(h, id);
    const response = await submit(h, id, answers);
    expect(response.statusCode).toBe(201);
    const { submissionId } = response.json<{ submission: { submissionId: string } }>().submission;

    const [listed] = (await list(id)).json<ListJson>().responses;
    expect(texts(listed?.questions ?? [])).toEqual(everyWidgetTexts(id, answers));

    const [row] = (await outboxRows(h, 'form.submitted')).filter((r) => r.envelope.data.submissionId === submissionId);
    expect(texts((row?.envelope.data as unknown as FormSubmittedData).questions)).toEqual(everyWidgetTexts(id, answers));
  });

  it('unanswered questions read as an empty text', async () => {
    const id = await published(everyWidgetTemplate());
    expect((await submit(h, id, { shortanswer: 'Only this' })).statusCode).toBe(201);
    const [listed] = (await list(id)).json<ListJson>().responses;
    expect(listed?.questions.filter((question) => question.displayValue !== '').map((question) => question.id)).toEqual(['shortanswer']);
  });

  it('shows the option label the respondent saw, even after the choice is renamed', async () => {
    const id = await publishedExample(h);
    expect((await submit(h, id, { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' })).statusCode).toBe(201);
    const renamed = exampleTemplate();
    const s1 = renamed.steps.s1;
    if (s1?.type === 'form' && s1.template.widgets[2]?.type === 'MultipleChoice') s1.template.widgets[2].template.options[1]!.label = 'Pro plan';
    const saved = await h.service.app.inject({ method: 'PUT', url: `/admin/flows/${id}/template`, headers: h.headers.writer, payload: { template: renamed } });
    expect(saved.statusCode).toBe(200);
    await publish(id);
    expect((await submit(h, id, { w1: 'Grace', w2: 'grace@example.com', w3: 'o2' })).statusCode).toBe(201);

    const body = (await list(id, '?sort=asc')).json<ListJson>();
    expect(body.responses.map((response) => response.questions.find((question) => question.id === 'w3')?.displayValue)).toEqual(['Pro', 'Pro plan']);
  });
});

describe('form.submitted on the bus', () => {
  it('reaches an InProcessBus subscriber once, after start()', async () => {
    const bus = new InProcessBus();
    const harness = await setup({ bus });
    const received: Array<EventEnvelope<FormSubmittedData>> = [];
    const subscription = await bus.subscribe({
      group: 'flows-test-consumer',
      types: ['form.submitted'],
      handler: async (event) => {
        received.push(event as EventEnvelope<FormSubmittedData>);
      },
    });
    try {
      const id = await publishedExample(harness);
      const response = await submit(harness, id, { w1: 'Bus', w2: 'bus@example.com' });
      const { submissionId } = response.json<{ submission: { submissionId: string } }>().submission;
      await new Promise((resolve) => setImmediate(resolve));
      expect(received).toHaveLength(0); // the relay publishes only once started

      await harness.service.start();
      await waitFor(async () => received.length >= 1 && (await harness.service.relay.backlog()).count === 0);
      await harness.service.relay.stop();
      await new Promise((resolve) => setImmediate(resolve));

      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ type: 'form.submitted', version: 1, key: submissionId, data: { submissionId } });
    } finally {
      await subscription.close();
      await harness.service.close();
      await bus.close();
    }
  });
});

/** Polls `condition` until it holds; fails after `attempts` polls of `intervalMs`. */
async function waitFor(condition: () => Promise<boolean> | boolean, attempts = 200, intervalMs = 25): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error('condition not met');
}
