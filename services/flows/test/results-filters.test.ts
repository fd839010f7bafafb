/**
 * The Results' filters and delete (`GET /admin/flows/:publicIdentifier/submissions` with `search`, `from`/`to` and
 * `status`; `DELETE …/submissions/:submissionId`; the export with the same filters): a search matches what people
 * read — a choice's label, a hidden field's value — never a stored id, and follows edits and finished progress;
 * `totalResponses` counts what the filters keep; bad input is a 400 in the error format. Against the real service
 * on PGlite.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { publishFlow } from '@formloom/contracts/api/flows/flows';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { deleteSubmission, exportSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { createFlow, exampleTemplate, publishedExample, setup, submit, type Harness, type UserKey } from './helpers';

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
    questions: Array<{ id: string; value: unknown; displayValue: string }>;
    urlParameters: Array<{ id: string; name: string; value: string }>;
  }>;
  totalResponses: number;
  pageCount: number;
}

/** `GET /admin/flows/:id/submissions?<query>` as `user` (writer by default). */
function list(publicIdentifier: string, query: Record<string, string> = {}, user: UserKey = 'writer') {
  const search = new URLSearchParams(query).toString();
  return h.service.app.inject({ method: 'GET', url: `/admin/flows/${publicIdentifier}/submissions${search ? `?${search}` : ''}`, headers: h.headers[user] });
}

/** The names (`w1`) of the responses the list gives for `query`, with its `totalResponses`. */
async function names(publicIdentifier: string, query: Record<string, string> = {}): Promise<{ names: unknown[]; total: number }> {
  const response = await list(publicIdentifier, { sort: 'asc', ...query });
  expect(response.statusCode).toBe(200);
  const body = response.json<ListJson>();
  return { names: body.responses.map((r) => r.questions.find((q) => q.id === 'w1')?.value), total: body.totalResponses };
}

/** Submits `answers` and returns the submission id and its edit token. */
async function submitted(publicIdentifier: string, answers: Record<string, unknown>, urlParameters?: Record<string, string>) {
  const response = await h.service.app.inject(
    endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers, ...(urlParameters ? { urlParameters } : {}) } }),
  );
  expect(response.statusCode).toBe(201);
  const { submission } = response.json<{ submission: { submissionId: string; editLink: string } }>();
  return { submissionId: submission.submissionId, token: new URL(submission.editLink).searchParams.get('token')! };
}

/** Sets the submission time of `submissionId` (to test the date range on known times). */
async function setTime(submissionId: string, time: string) {
  await h.service.ctx.db.execute(sql`UPDATE submissions SET submission_time = ${time}::timestamptz WHERE id = ${submissionId}::uuid`);
}

function remove(publicIdentifier: string, submissionId: string, user: UserKey = 'writer') {
  return h.service.app.inject({ method: 'DELETE', url: `/admin/flows/${publicIdentifier}/submissions/${submissionId}`, headers: h.headers[user] });
}

describe('search', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedExample(h);
    await submitted(id, { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' });
    await submitted(id, { w1: 'Grace', w2: 'grace@example.com', w3: 'o1' });
    await submitted(id, { w1: '100% Alan_T', w2: 'alan@example.com' });
  });

  it('finds a choice by its label, case-insensitively, and counts only the matches', async () => {
    expect(await names(id, { search: 'pro' })).toEqual({ names: ['Ada'], total: 1 });
    expect(await names(id, { search: '  PRO ' })).toEqual({ names: ['Ada'], total: 1 });
    expect(await names(id, { search: 'Free' })).toEqual({ names: ['Grace'], total: 1 });
    expect(await names(id, { search: 'example.com' })).toEqual({ names: ['Ada', 'Grace', '100% Alan_T'], total: 3 });
  });

  it('never matches a stored id', async () => {
    expect(await names(id, { search: 'o2' })).toEqual({ names: [], total: 0 });
    expect(await names(id, { search: 'w1' })).toEqual({ names: [], total: 0 });
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await names(id, { search: '%' })).toEqual({ names: ['100% Alan_T'], total: 1 });
    expect(await names(id, { search: '0% a' })).toEqual({ names: ['100% Alan_T'], total: 1 });
    expect(await names(id, { search: 'n_t' })).toEqual({ names: ['100% Alan_T'], total: 1 });
    expect(await names(id, { search: 'a_a' })).toEqual({ names: [], total: 0 });
    expect(await names(id, { search: '\\' })).toEqual({ names: [], total: 0 });
  });

  it('pages what it keeps: pageCount follows the matches', async () => {
    const response = await list(id, { search: 'example', limit: '2' });
    expect(response.json<ListJson>()).toMatchObject({ totalResponses: 3, pageCount: 2 });
    expect(response.json<ListJson>().responses).toHaveLength(2);
  });

  it('finds a hidden field’s value', async () => {
    const flow = await createFlow(h, { flowTemplate: { ...exampleTemplate(), urlParams: [{ id: 'h1', name: 'utm_source' }] } });
    await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers.writer }));
    await submitted(flow.publicIdentifier, { w1: 'Ada', w2: 'ada@example.com' }, { utm_source: 'Newsletter' });
    await submitted(flow.publicIdentifier, { w1: 'Eve', w2: 'eve@example.com' }, { utm_source: 'twitter' });
    expect(await names(flow.publicIdentifier, { search: 'newsletter' })).toEqual({ names: ['Ada'], total: 1 });
    expect(await names(flow.publicIdentifier, { search: 'utm_source' })).toEqual({ names: [], total: 0 });
  });

  it('follows an edit: the new label is found, the old one no more', async () => {
    const form = await publishedExample(h);
    const { submissionId, token } = await submitted(form, { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' });
    expect((await names(form, { search: 'free' })).total).toBe(1);
    const saved = await h.service.app.inject({
      method: 'PUT',
      url: `/public/flows/${form}/submissions/${submissionId}`,
      payload: { token, answers: { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await names(form, { search: 'free' })).total).toBe(0);
    expect(await names(form, { search: 'pro' })).toEqual({ names: ['Ada'], total: 1 });
  });

  it.each([
    ['a blank search', { search: '   ' }, 'querystring.search'],
    ['a search over 200 characters', { search: 'x'.repeat(201) }, 'querystring.search'],
    ['an unknown status', { status: 'abandoned' }, 'querystring.status'],
  ])('refuses %s with 400 at the field', async (_name, query, path) => {
    const response = await list(id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', details: [{ path }] });
  });
});

describe('the date range', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedExample(h);
    const times = ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'];
    for (const [i, w1] of ['jan', 'feb', 'mar'].entries()) {
      const { submissionId } = await submitted(id, { w1, w2: `${w1}@example.com`, w3: 'o2' });
      await setTime(submissionId, times[i]!);
    }
  });

  it('keeps `from` inclusive and `to` exclusive, counting only what it keeps', async () => {
    expect(await names(id, { from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })).toEqual({ names: ['feb'], total: 1 });
    expect(await names(id, { from: '2026-01-15T00:00:00Z' })).toEqual({ names: ['feb', 'mar'], total: 2 });
    expect(await names(id, { to: '2026-02-01T00:00:00Z' })).toEqual({ names: ['jan'], total: 1 });
    // Any offset: 01:00+01:00 is midnight UTC.
    expect(await names(id, { from: '2026-02-01T01:00:00+01:00', to: '2026-02-01T01:00:01+01:00' })).toEqual({ names: ['feb'], total: 1 });
  });

  it('combines with the search and the sort', async () => {
    expect(await names(id, { from: '2026-01-15T00:00:00Z', search: 'pro', sort: 'desc' })).toEqual({ names: ['mar', 'feb'], total: 2 });
  });

  it.each([
    ['to before from', { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'querystring.to'],
    ['to equal to from', { from: '2026-03-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'querystring.to'],
    ['a time without offset', { from: '2026-03-01T00:00:00' }, 'querystring.from'],
  ])('refuses %s with 400 at the field', async (_name, query, path) => {
    const response = await list(id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', details: [{ path }] });
  });
});

describe('status', () => {
  it('lists respondents’ progress with status=in_progress, in the same shape, with their answers so far', async () => {
    const id = await publishedExample(h);
    await submit(h, id, { w1: 'Done', w2: 'done@example.com' });
    const started = await h.service.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { w1: 'Zed', w2: 'zed@example.com', w3: 'o2' }, stepId: 'end' } }));
    expect(started.statusCode).toBe(200);
    const { progressId, progressToken } = started.json<{ progress: { progressId: string; progressToken: string } }>().progress;

    expect(await names(id)).toEqual({ names: ['Done'], total: 1 });
    const inProgress = await list(id, { status: 'in_progress' });
    expect(inProgress.statusCode).toBe(200);
    const body = inProgress.json<ListJson>();
    expect(body).toMatchObject({ totalResponses: 1, pageCount: 1 });
    expect(body.responses[0]).toEqual({
      submissionId: progressId,
      submissionTime: expect.any(String),
      lastUpdatedAt: expect.any(String),
      questions: [
        { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Zed', displayValue: 'Zed' },
        { id: 'w2', name: 'Email', type: 'EmailInput', value: 'zed@example.com', displayValue: 'zed@example.com' },
        { id: 'w3', name: 'Plan', type: 'MultipleChoice', value: 'o2', displayValue: 'Pro' },
      ],
      urlParameters: [],
      calculations: [],
    });
    // Its progress is searchable while in progress, and once finished under the finished ones.
    expect(await names(id, { status: 'in_progress', search: 'pro' })).toEqual({ names: ['Zed'], total: 1 });
    expect(await names(id, { search: 'zed' })).toEqual({ names: [], total: 0 });
    const finished = await h.service.app.inject(
      endpointRequest(submitAnswers, { params: { publicIdentifier: id }, body: { answers: { w1: 'Zed', w2: 'zed@example.com', w3: 'o1' }, progressId, progressToken } }),
    );
    expect(finished.json().submission.submissionId).toBe(progressId);
    expect(await names(id, { search: 'free' })).toEqual({ names: ['Zed'], total: 1 });
    expect(await names(id, { status: 'in_progress' })).toEqual({ names: [], total: 0 });
  });
});

describe('DELETE /admin/flows/:publicIdentifier/submissions/:submissionId', () => {
  it('deletes a submission for good: the list and the count drop it, a second delete is 404', async () => {
    const id = await publishedExample(h);
    await submitted(id, { w1: 'Kept', w2: 'kept@example.com' });
    const gone = await submitted(id, { w1: 'Gone', w2: 'gone@example.com' });
    const response = await h.service.app.inject(endpointRequest(deleteSubmission, { params: { publicIdentifier: id, submissionId: gone.submissionId }, headers: h.headers.writer }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await names(id)).toEqual({ names: ['Kept'], total: 1 });

    const again = await remove(id, gone.submissionId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: copy.flows.submissionNotFound } });
  });

  it('deletes a respondent’s progress too', async () => {
    const id = await publishedExample(h);
    const started = await h.service.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { w1: 'Zed' }, stepId: 's1' } }));
    const { progressId } = started.json<{ progress: { progressId: string } }>().progress;
    expect((await remove(id, progressId)).statusCode).toBe(200);
    expect(await names(id, { status: 'in_progress' })).toEqual({ names: [], total: 0 });
  });

  it('answers 404 for another form’s submission, 403 to a read-only member, 404 to another organization, 400 for a bad id', async () => {
    const id = await publishedExample(h);
    const other = await publishedExample(h);
    const { submissionId } = await submitted(id, { w1: 'Ada', w2: 'ada@example.com' });
    const elsewhere = await remove(other, submissionId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(copy.flows.submissionNotFound);
    expect((await remove(id, submissionId, 'reader')).statusCode).toBe(403);
    const outsider = await remove(id, submissionId, 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(copy.flows.flowNotFound);
    const bad = await remove(id, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('params.submissionId');
    expect(await names(id)).toEqual({ names: ['Ada'], total: 1 });
  });
});

describe('the export with the same filters', () => {
  /** The CSV of form `id` for `query`, its rows after the header. */
  async function csv(id: string, query: Record<string, string>): Promise<string[][]> {
    const response = await h.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier: id }, query: { sort: 'asc', ...query }, headers: h.headers.writer }));
    expect(response.statusCode).toBe(200);
    return (parse(response.rawPayload.subarray(3)) as string[][]).slice(1);
  }

  it('exports only what the search and the status keep', async () => {
    const id = await publishedExample(h);
    await submitted(id, { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' });
    await submitted(id, { w1: 'Grace', w2: 'grace@example.com', w3: 'o1' });
    await h.service.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { w1: 'Zed', w2: 'zed@example.com', w3: 'o2' }, stepId: 'end' } }));

    expect((await csv(id, { search: 'PRO' })).map((row) => row[2])).toEqual(['Ada']);
    expect((await csv(id, { search: 'o2' })).map((row) => row[2])).toEqual([]);
    expect((await csv(id, {})).map((row) => row[2])).toEqual(['Ada', 'Grace']);
    expect((await csv(id, { status: 'in_progress' })).map((row) => row[2])).toEqual(['Zed']);
    expect((await csv(id, { status: 'in_progress', search: 'free' })).map((row) => row[2])).toEqual([]);
  });

  it('refuses a blank search with 400 at querystring.search', async () => {
    const id = await publishedExample(h);
    const response = await h.service.app.inject({ method: 'GET', url: `/admin/flows/${id}/submissions/export?search=%20`, headers: h.headers.writer });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe('querystring.search');
  });
});
