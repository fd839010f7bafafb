/**
 * Partial submissions (`PUT /public/flows/:publicIdentifier/progress`): a respondent's progress is saved page by
 * page, kept out of the results and counts, updated only with its token, and becomes the submission — with its
 * `form.submitted` event, once — when the respondent finishes. Against the real service on PGlite.
 */
import type { InjectOptions } from 'fastify';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { FORM_SUBMITTED } from '@formloom/contracts/events/form-submitted';
import { FORM_PROGRESSED, FormProgressedData } from '@formloom/contracts/events/form-progressed';
import { endpointRequest } from '@formloom/kit/testing';
import { INTERNAL_TOKEN, outboxRows, publishedExample, setup, type Harness } from './helpers';

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
const save = (publicIdentifier: string, body: Record<string, unknown>) =>
  inject(endpointRequest(saveProgress, { params: { publicIdentifier }, body: body as never }));
const finish = (publicIdentifier: string, body: Record<string, unknown>) =>
  inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: body as never }));
const results = async (publicIdentifier: string) =>
  (await inject({ method: 'GET', url: `/admin/flows/${publicIdentifier}/submissions`, headers: h.headers.writer })).json<{ totalResponses: number; responses: { submissionId: string }[] }>();

it('saves the progress, keeps it out of the results, and makes it the submission when the respondent finishes', async () => {
  const id = await publishedExample(h);
  const started = await save(id, { answers: { w1: 'Ada' }, stepId: 's1' });
  expect(started.statusCode).toBe(200);
  const { progressId, progressToken } = started.json().progress as { progressId: string; progressToken: string };
  expect(progressToken).toHaveLength(43);
  expect((await results(id)).totalResponses).toBe(0);

  // Past the (only) page: its answers are checked and kept.
  const updated = await save(id, { answers: { w1: 'Ada', w2: 'ada@example.com' }, stepId: 'end', progressId, progressToken });
  expect(updated.statusCode).toBe(200);
  expect(updated.json().progress).toEqual({ progressId, lastUpdatedAt: expect.any(String) });

  const events = (await outboxRows(h, FORM_SUBMITTED)).length;
  const done = await finish(id, { answers: { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' }, progressId, progressToken });
  expect(done.statusCode).toBe(201);
  expect(done.json().submission.submissionId).toBe(progressId);
  const listed = await results(id);
  expect(listed.totalResponses).toBe(1);
  expect(listed.responses[0]!.submissionId).toBe(progressId);
  expect((await outboxRows(h, FORM_SUBMITTED)).length).toBe(events + 1);

  // Finished: the token no longer updates it; finishing again stores a new submission rather than losing answers.
  expect((await save(id, { answers: { w1: 'Eve' }, stepId: 's1', progressId, progressToken })).statusCode).toBe(404);
  const again = await finish(id, { answers: { w1: 'Ada', w2: 'ada@example.com' }, progressId, progressToken });
  expect(again.statusCode).toBe(201);
  expect(again.json().submission.submissionId).not.toBe(progressId);
});

it('updates a progress only with its own token', async () => {
  const id = await publishedExample(h);
  const { progressId } = (await save(id, { answers: { w1: 'Ada' }, stepId: 's1' })).json().progress as { progressId: string };
  const wrong = await save(id, { answers: { w1: 'Eve' }, stepId: 's1', progressId, progressToken: 'x'.repeat(43) });
  expect(wrong.statusCode).toBe(404);
  expect(wrong.json().error.message).toBe(copy.flows.progressNotFound);
  const otherForm = await publishedExample(h);
  const { progressToken } = (await save(otherForm, { answers: {}, stepId: 's1' })).json().progress as { progressToken: string };
  expect((await save(otherForm, { answers: {}, stepId: 's1', progressId, progressToken })).statusCode).toBe(404);
});

it('refuses answers of a completed page that would not pass it, and saves nothing', async () => {
  const id = await publishedExample(h);
  const refused = await save(id, { answers: { w1: 'Ada', w2: 'not-an-email' }, stepId: 'end' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details).toEqual([{ path: 'answers.w2', message: copy.answers.invalidEmail }]);
});

it('tells every save as a form.progressed event, with the answers so far, the page and the time, in the same transaction', async () => {
  const id = await publishedExample(h);
  const before = (await outboxRows(h, FORM_PROGRESSED)).length;
  const started = await save(id, { answers: { w1: 'Ada' }, stepId: 's1' });
  const { progressId, progressToken } = started.json().progress as { progressId: string; progressToken: string };
  await save(id, { answers: { w1: 'Ada', w2: 'ada@example.com' }, stepId: 'end', progressId, progressToken });
  const rows = (await outboxRows(h, FORM_PROGRESSED)).slice(before);
  expect(rows).toHaveLength(2);
  expect(rows.map((row) => row.key)).toEqual([progressId, progressId]);
  const [first, second] = rows.map((row) => FormProgressedData.parse(row.envelope.data));
  // On the first page nothing is completed yet: the answers kept are those of the pages before the one reached.
  expect(first).toMatchObject({ flowPublicIdentifier: id, submissionId: progressId, stepId: 's1', answers: {} });
  expect(second).toMatchObject({ stepId: 'end', answers: { w1: 'Ada', w2: 'ada@example.com' } });
  // The first save's time is the submission time of both; each carries its own save time.
  expect(second!.submissionTime).toBe(first!.submissionTime);
  expect(Date.parse(second!.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(first!.lastUpdatedAt));
  expect(second!.questions.find((question) => question.id === 'w2')?.displayValue).toBe('ada@example.com');

  // A refused save (wrong token) tells nothing.
  expect((await save(id, { answers: { w1: 'Eve' }, stepId: 's1', progressId, progressToken: 'x'.repeat(43) })).statusCode).toBe(404);
  expect((await outboxRows(h, FORM_PROGRESSED)).length).toBe(before + 2);
});

it('answers the engine whether a respondent is still in progress (internal, with the token only)', async () => {
  const id = await publishedExample(h);
  const started = await save(id, { answers: { w1: 'Ada' }, stepId: 's1' });
  const { progressId, progressToken } = started.json().progress as { progressId: string; progressToken: string };
  const status = (headers: Record<string, string> = { 'x-internal-token': INTERNAL_TOKEN }, submissionId = progressId) =>
    inject({ method: 'GET', url: `/internal/flows/${id}/submissions/${submissionId}/status`, headers });
  expect((await status()).json()).toEqual({ status: 'in_progress' });
  await finish(id, { answers: { w1: 'Ada', w2: 'ada@example.com' }, progressId, progressToken });
  expect((await status()).json()).toEqual({ status: 'finished' });
  expect((await status({}, progressId)).statusCode).toBe(401);
  expect((await status(undefined, '0190c9a4-7f00-7000-8000-000000000001')).statusCode).toBe(404);
  expect((await status(undefined, 'not-a-uuid')).statusCode).toBe(404);
});
