/**
 * The Results' summary (`GET /admin/flows/:publicIdentifier/submissions/summary`): per question of the live form, in
 * page order, how many answered and the summary of its kind — counts per option (removed options apart, renamed
 * ones under their new label), a Matrix's rows, averages and scales with the Net Promoter Score, buckets of free
 * numbers, the latest texts, the earliest and latest dates — over the responses the Results' filters keep. Access as
 * the list's. Against the real service on PGlite.
 */
import { sql } from 'drizzle-orm';
import { publishFlow, saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import type { QuestionSummary, SubmissionsSummaryResponse } from '@formloom/contracts/api/flows/summary';
import * as copy from '@formloom/contracts/copy';
import { EXAMPLE_SURVEY, exampleSurveyTemplate } from '@formloom/contracts/example-forms';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { endpointRequest } from '@formloom/kit/testing';
import { createFlow, setup, type Harness, type UserKey } from './helpers';

const Q = EXAMPLE_SURVEY.questions;

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

/** `GET …/submissions/summary?<query>` as `user` (writer by default). */
function summary(publicIdentifier: string, query: Record<string, string> = {}, user: UserKey = 'writer') {
  const search = new URLSearchParams(query).toString();
  return h.service.app.inject({ method: 'GET', url: `/admin/flows/${publicIdentifier}/submissions/summary${search ? `?${search}` : ''}`, headers: h.headers[user] });
}

/** The summary's body for `query`, failing the test unless 200. */
async function summaryOf(publicIdentifier: string, query: Record<string, string> = {}): Promise<SubmissionsSummaryResponse> {
  const response = await summary(publicIdentifier, query);
  expect(response.statusCode).toBe(200);
  return response.json<SubmissionsSummaryResponse>();
}

/** The summary of question `id` in `body`. */
function question(body: SubmissionsSummaryResponse, id: string): QuestionSummary {
  const found = body.questions.find((q) => q.id === id);
  if (!found) throw new Error(`no summary of ${id}`);
  return found;
}

/** Saves `template` as the draft of `publicIdentifier` and publishes it. */
async function publish(publicIdentifier: string, template?: FlowTemplate) {
  if (template) {
    const saved = await h.service.app.inject(endpointRequest(saveFlowTemplate, { params: { publicIdentifier }, body: { template }, headers: h.headers.writer }));
    expect(saved.statusCode).toBe(200);
  }
  const published = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers: h.headers.writer }));
  expect(published.statusCode).toBe(200);
}

/** A published survey (`exampleSurveyTemplate`) with `answers` submitted in order; its id and the submission ids. */
async function survey(answers: Array<Record<string, unknown>>): Promise<{ id: string; submissions: string[] }> {
  const flow = await createFlow(h, { flowTemplate: exampleSurveyTemplate() });
  await publish(flow.publicIdentifier);
  const submissions: string[] = [];
  for (const body of answers) submissions.push(await submitted(flow.publicIdentifier, body));
  return { id: flow.publicIdentifier, submissions };
}

/** Submits `answers`; the submission's id. */
async function submitted(publicIdentifier: string, answers: Record<string, unknown>): Promise<string> {
  const response = await h.service.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers } }));
  expect(response.statusCode).toBe(201);
  return response.json<{ submission: { submissionId: string } }>().submission.submissionId;
}

/** Sets the submission time of `submissionId`. */
async function setTime(submissionId: string, time: string) {
  await h.service.ctx.db.execute(sql`UPDATE submissions SET submission_time = ${time}::timestamptz WHERE id = ${submissionId}::uuid`);
}

const ANSWERS: Array<Record<string, unknown>> = [
  { [Q.name]: 'Ada', [Q.plan]: 'pro', [Q.features]: ['forms', 'workflows'], [Q.newsletter]: true, [Q.rating]: 5, [Q.recommend]: 10, [Q.seats]: 3, [Q.budget]: '120.50', [Q.aspects]: { speed: 'great', price: 'good' }, [Q.start]: '2026-03-05', [Q.comments]: 'Love it' },
  { [Q.name]: 'Grace', [Q.plan]: 'pro', [Q.features]: ['forms'], [Q.newsletter]: false, [Q.rating]: 4, [Q.recommend]: 9, [Q.seats]: 12, [Q.budget]: 80, [Q.aspects]: { speed: 'good' }, [Q.start]: '2025-11-20' },
  { [Q.name]: 'Alan', [Q.plan]: 'free', [Q.features]: ['payments', 'forms'], [Q.rating]: 2, [Q.recommend]: 3, [Q.seats]: 1, [Q.comments]: 'Too slow' },
  { [Q.name]: 'Edsger', [Q.recommend]: 7, [Q.seats]: 40, [Q.start]: '2026-01-02' },
];

describe('a survey with four responses', () => {
  let id: string;
  let body: SubmissionsSummaryResponse;
  let submissions: string[];
  beforeAll(async () => {
    ({ id, submissions } = await survey(ANSWERS));
    body = await summaryOf(id);
  });

  it('lists every question of the live form in page order, with how many answered it', () => {
    expect(body.totalResponses).toBe(4);
    expect(body.questions.map((q) => [q.id, q.pageId, q.answered])).toEqual([
      [Q.name, 'about', 4],
      [Q.email, 'about', 0],
      [Q.plan, 'about', 3],
      [Q.features, 'about', 3],
      [Q.newsletter, 'about', 2],
      [Q.rating, 'opinion', 3],
      [Q.recommend, 'opinion', 4],
      [Q.seats, 'opinion', 4],
      [Q.budget, 'opinion', 2],
      [Q.aspects, 'opinion', 2],
      [Q.start, 'opinion', 3],
      [Q.comments, 'opinion', 2],
    ]);
    expect(question(body, Q.plan)).toMatchObject({ name: 'Plan', type: 'MultipleChoice' });
  });

  it('counts each option of a choice, in the question’s order', () => {
    expect(question(body, Q.plan).summary).toEqual({
      kind: 'choices',
      multiple: false,
      options: [
        { id: 'free', label: 'Free', count: 1 },
        { id: 'pro', label: 'Pro', count: 2 },
        { id: 'team', label: 'Team', count: 0 },
      ],
      removed: 0,
    });
  });

  it('counts every option a list answer holds', () => {
    expect(question(body, Q.features).summary).toEqual({
      kind: 'choices',
      multiple: true,
      options: [
        { id: 'forms', label: 'Forms', count: 3 },
        { id: 'workflows', label: 'Workflows', count: 1 },
        { id: 'payments', label: 'Payments', count: 1 },
        { id: 'scheduling', label: 'Scheduling', count: 0 },
      ],
      removed: 0,
    });
  });

  it('counts a checkbox’s Yes and No', () => {
    expect(question(body, Q.newsletter).summary).toMatchObject({ kind: 'choices', options: [{ id: 'yes', label: 'Yes', count: 1 }, { id: 'no', label: 'No', count: 1 }] });
  });

  it('gives a star rating’s average, bounds and a count per star', () => {
    expect(question(body, Q.rating).summary).toEqual({
      kind: 'scale',
      values: [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value), count: [0, 1, 0, 1, 1][value - 1] })),
      stats: { average: 11 / 3, min: 2, max: 5, averageText: '3.67', minText: '2', maxText: '5' },
      nps: null,
    });
  });

  it('gives the Net Promoter Score of a 0–10 opinion scale', () => {
    const recommend = question(body, Q.recommend).summary;
    expect(recommend).toMatchObject({ kind: 'scale', stats: { average: 7.25, min: 3, max: 10 } });
    // Promoters 10 and 9, a passive 7, a detractor 3: (2 − 1) / 4 = 25.
    expect(recommend.kind === 'scale' && recommend.nps).toEqual({ score: 25, promoters: 2, passives: 1, detractors: 1 });
    expect(recommend.kind === 'scale' && recommend.values.map((v) => v.count)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1]);
  });

  it('puts free numbers into round buckets, and writes amounts in their currency', () => {
    expect(question(body, Q.seats).summary).toEqual({
      kind: 'numbers',
      stats: { average: 14, min: 1, max: 40, averageText: '14', minText: '1', maxText: '40' },
      buckets: [
        { from: 0, to: 5, toIncluded: false, label: '0–4', count: 2 },
        { from: 5, to: 10, toIncluded: false, label: '5–9', count: 0 },
        { from: 10, to: 15, toIncluded: false, label: '10–14', count: 1 },
        ...[15, 20, 25, 30, 35].map((from) => ({ from, to: from + 5, toIncluded: false, label: `${from}–${from + 4}`, count: 0 })),
        { from: 40, to: 45, toIncluded: false, label: '40–44', count: 1 },
      ],
    });
    expect(question(body, Q.budget).summary).toMatchObject({
      kind: 'numbers',
      stats: { average: 100.25, averageText: 'USD 100.25', minText: 'USD 80.00', maxText: 'USD 120.50' },
    });
  });

  it('counts a Matrix’s columns per row', () => {
    expect(question(body, Q.aspects).summary).toEqual({
      kind: 'matrix',
      columns: [
        { id: 'poor', label: 'Poor' },
        { id: 'fair', label: 'Fair' },
        { id: 'good', label: 'Good' },
        { id: 'great', label: 'Great' },
      ],
      rows: [
        { id: 'speed', label: 'Speed', answered: 2, counts: [0, 0, 1, 1] },
        { id: 'price', label: 'Price', answered: 1, counts: [0, 0, 1, 0] },
        { id: 'support', label: 'Support', answered: 0, counts: [0, 0, 0, 0] },
      ],
    });
  });

  it('gives the latest texts, newest first, with their responses', () => {
    expect(question(body, Q.comments).summary).toEqual({
      kind: 'texts',
      latest: [
        { submissionId: submissions[2], submissionTime: expect.any(String), text: 'Too slow' },
        { submissionId: submissions[0], submissionTime: expect.any(String), text: 'Love it' },
      ],
    });
    expect(question(body, Q.email).summary).toEqual({ kind: 'texts', latest: [] });
  });

  it('gives the earliest and the latest date as people read them', () => {
    expect(question(body, Q.start).summary).toEqual({ kind: 'dates', earliest: 'November 20, 2025', latest: 'March 5, 2026' });
  });

  it('lets a read-only member read it, and hides it from another organization', async () => {
    expect((await summary(id, {}, 'reader')).statusCode).toBe(200);
    const outsider = await summary(id, {}, 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: { code: 'not_found', message: copy.flows.flowNotFound } });
  });
});

describe('the Results’ filters', () => {
  let id: string;
  beforeAll(async () => {
    const { id: form, submissions } = await survey(ANSWERS);
    id = form;
    const times = ['2026-01-10T00:00:00Z', '2026-02-10T00:00:00Z', '2026-03-10T00:00:00Z', '2026-04-10T00:00:00Z'];
    for (const [index, submissionId] of submissions.entries()) await setTime(submissionId, times[index]!);
  });

  it('keeps only the responses whose texts contain the search', async () => {
    const body = await summaryOf(id, { search: 'pro' });
    expect(body.totalResponses).toBe(2);
    expect(question(body, Q.plan).summary).toMatchObject({ options: [{ count: 0 }, { count: 2 }, { count: 0 }] });
    expect(question(body, Q.recommend).summary).toMatchObject({ nps: { score: 100, promoters: 2, passives: 0, detractors: 0 } });
  });

  it('keeps only the responses whose answers match the answer filter, as the table does', async () => {
    const body = await summaryOf(id, { filter: JSON.stringify({ equals: [{ var: `answers.${Q.plan}` }, 'pro'] }) });
    expect(body.totalResponses).toBe(2);
    expect(question(body, Q.plan).summary).toMatchObject({ options: [{ count: 0 }, { count: 2 }, { count: 0 }] });
    const refused = await summary(id, { filter: JSON.stringify({ equals: [{ var: 'answers.nope' }, 'x'] }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'querystring.filter', message: copy.results.filterUnknownQuestion }]);
  });

  it('keeps only the responses of the date range (`from` included, `to` excluded)', async () => {
    const body = await summaryOf(id, { from: '2026-02-10T00:00:00Z', to: '2026-04-10T00:00:00Z' });
    expect(body.totalResponses).toBe(2);
    expect(question(body, Q.name).summary).toEqual({ kind: 'texts', latest: [expect.objectContaining({ text: 'Alan' }), expect.objectContaining({ text: 'Grace' })] });
    expect(question(body, Q.seats).summary).toMatchObject({ stats: { min: 1, max: 12 } });
  });

  it('summarizes respondents’ progress with status=in_progress', async () => {
    const started = await h.service.app.inject(
      endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: { answers: { [Q.name]: 'Zed', [Q.plan]: 'team' }, stepId: 'opinion' } }),
    );
    expect(started.statusCode).toBe(200);
    const body = await summaryOf(id, { status: 'in_progress' });
    expect(body.totalResponses).toBe(1);
    expect(question(body, Q.plan).summary).toMatchObject({ options: [{ count: 0 }, { count: 0 }, { id: 'team', count: 1 }] });
    expect((await summaryOf(id)).totalResponses).toBe(4);
  });

  it('answers nothing but zeros when the filters keep no response', async () => {
    const body = await summaryOf(id, { search: 'nobody-answered-this' });
    expect(body.totalResponses).toBe(0);
    expect(body.questions.every((q) => q.answered === 0)).toBe(true);
    expect(question(body, Q.seats).summary).toEqual({ kind: 'numbers', stats: null, buckets: [] });
    expect(question(body, Q.recommend).summary).toMatchObject({ stats: null, nps: null });
    expect(question(body, Q.start).summary).toEqual({ kind: 'dates', earliest: null, latest: null });
  });

  it.each([
    ['to before from', { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'querystring.to'],
    ['a blank search', { search: '  ' }, 'querystring.search'],
    ['an unknown status', { status: 'abandoned' }, 'querystring.status'],
  ])('refuses %s with 400 at the field', async (_name, query, path) => {
    const response = await summary(id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', details: [{ path }] });
  });
});

describe('a form that changed since its answers were given', () => {
  it('counts a renamed option under its new label and a removed one apart; a removed question is left out', async () => {
    const { id } = await survey([
      { [Q.plan]: 'team', [Q.features]: ['scheduling', 'forms'], [Q.comments]: 'Old form' },
      { [Q.plan]: 'pro', [Q.features]: ['forms'] },
    ]);
    const template = exampleSurveyTemplate();
    const about = template.steps.about;
    const opinion = template.steps.opinion;
    if (about?.type !== 'form' || opinion?.type !== 'form') throw new Error('unexpected template');
    about.template.widgets = about.template.widgets.map((widget) => {
      if (widget.type === 'MultipleChoice') return { ...widget, template: { ...widget.template, options: [{ id: 'free', label: 'Starter' }, { id: 'pro', label: 'Professional' }] } };
      if (widget.type === 'Checkboxes') return { ...widget, template: { ...widget.template, options: widget.template.options.filter((option) => option.id !== 'scheduling') } };
      return widget;
    });
    opinion.template.widgets = opinion.template.widgets.filter((widget) => widget.id !== Q.comments);
    await publish(id, template);

    const body = await summaryOf(id);
    expect(question(body, Q.plan).summary).toEqual({
      kind: 'choices',
      multiple: false,
      options: [
        { id: 'free', label: 'Starter', count: 0 },
        { id: 'pro', label: 'Professional', count: 1 },
      ],
      removed: 1,
    });
    expect(question(body, Q.features).summary).toMatchObject({ options: [{ id: 'forms', count: 2 }, { count: 0 }, { count: 0 }], removed: 1 });
    expect(body.questions.map((q) => q.id)).not.toContain(Q.comments);
  });
});

it('counts decimal answers in the right buckets, exactly', async () => {
  const template = exampleSurveyTemplate();
  const flow = await createFlow(h, { flowTemplate: template });
  await publish(flow.publicIdentifier);
  const budgets = [0.1, 0.3, 0.3, 0.7];
  for (const budget of budgets) await submitted(flow.publicIdentifier, { [Q.budget]: budget });
  const body = await summaryOf(flow.publicIdentifier);
  expect(question(body, Q.budget).summary).toMatchObject({
    kind: 'numbers',
    stats: { average: 0.35, min: 0.1, max: 0.7, averageText: 'USD 0.35' },
    buckets: [
      { from: 0.1, to: 0.2, label: 'USD 0.10–USD 0.20', count: 1 },
      { from: 0.2, to: 0.3, count: 0 },
      { from: 0.3, to: 0.4, count: 2 },
      { from: 0.4, to: 0.5, count: 0 },
      { from: 0.5, to: 0.6, count: 0 },
      { from: 0.6, to: 0.7, toIncluded: true, count: 1 },
    ],
  });
});

it('reads questions whose ids are longer than an SQL name the same way', async () => {
  const long = (prefix: string) => `${prefix}${'x'.repeat(64 - prefix.length)}`;
  const template = exampleSurveyTemplate();
  const about = template.steps.about;
  if (about?.type !== 'form') throw new Error('unexpected template');
  about.template.widgets = [
    { id: long('plan'), name: 'Plan', type: 'MultipleChoice', template: { label: 'Plan', required: false, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }] } },
    { id: long('seats'), name: 'Seats', type: 'NumberInput', template: { label: 'Seats', required: false } },
    { id: long('when'), name: 'When', type: 'DatePicker', template: { label: 'When', required: false } },
  ];
  const flow = await createFlow(h, { flowTemplate: template });
  await publish(flow.publicIdentifier);
  await submitted(flow.publicIdentifier, { [long('plan')]: 'a', [long('seats')]: 2, [long('when')]: '2026-01-02' });
  await submitted(flow.publicIdentifier, { [long('plan')]: 'b', [long('seats')]: 4 });
  await submitted(flow.publicIdentifier, { [long('plan')]: 'a' });
  const body = await summaryOf(flow.publicIdentifier);
  expect(question(body, long('plan'))).toMatchObject({ answered: 3, summary: { options: [{ count: 2 }, { count: 1 }], removed: 0 } });
  expect(question(body, long('seats'))).toMatchObject({ answered: 2, summary: { stats: { average: 3, min: 2, max: 4 } } });
  expect(question(body, long('when'))).toMatchObject({ answered: 1, summary: { earliest: 'January 2, 2026', latest: 'January 2, 2026' } });
});

it('lists the draft’s questions, with no answers, before the first publish', async () => {
  const flow = await createFlow(h, { flowTemplate: exampleSurveyTemplate() });
  const body = await summaryOf(flow.publicIdentifier);
  expect(body.totalResponses).toBe(0);
  expect(body.questions).toHaveLength(12);
});
