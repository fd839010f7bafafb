/**
 * Edit links (`domain/edit-submissions.ts`): a submission's link opens it with its answers and saves an edit over
 * it, checked as a new submission is; a wrong token, another form's link or a closed form changes nothing.
 */
import * as copy from '@formloom/contracts/copy';
import { publishedExample, setup, submit, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

/** Submits to form `id` and reads the edit link of the answer. */
async function submitted(id: string, answers: Record<string, unknown>) {
  const response = await submit(h, id, answers);
  expect(response.statusCode).toBe(201);
  const { submission } = response.json<{ submission: { submissionId: string; submissionTime: string; editLink: string } }>();
  const link = new URL(submission.editLink);
  expect(link.pathname).toBe(`/t/${id}`);
  expect(link.searchParams.get('edit')).toBe(submission.submissionId);
  return { ...submission, token: link.searchParams.get('token')! };
}

const open = (id: string, submissionId: string, token: string) =>
  h.service.app.inject({ method: 'GET', url: `/public/flows/${id}/submissions/${submissionId}?token=${encodeURIComponent(token)}` });
const save = (id: string, submissionId: string, body: Record<string, unknown>) => h.service.app.inject({ method: 'PUT', url: `/public/flows/${id}/submissions/${submissionId}`, payload: body });

async function listed(id: string) {
  const response = await h.service.app.inject({ method: 'GET', url: `/admin/flows/${id}/submissions`, headers: h.headers.writer });
  return response.json<{ responses: Array<{ submissionId: string; submissionTime: string; lastUpdatedAt: string; questions: Array<{ id: string; value: unknown }> }> }>().responses;
}

it('opens the submission with its answers and saves the edit over it, keeping its id and first time', async () => {
  const id = await publishedExample(h);
  const first = await submitted(id, { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' });

  const opened = await open(id, first.submissionId, first.token);
  expect(opened.statusCode).toBe(200);
  expect(opened.json().submission).toMatchObject({ submissionId: first.submissionId, answers: { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' }, urlParameters: {} });

  const saved = await save(id, first.submissionId, { token: first.token, answers: { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' } });
  expect(saved.statusCode).toBe(200);
  const [row] = await listed(id);
  expect(row).toMatchObject({ submissionId: first.submissionId, submissionTime: first.submissionTime, lastUpdatedAt: saved.json().submission.lastUpdatedAt });
  expect(row!.questions.map((q) => q.value)).toEqual(['Ada Lovelace', 'ada@example.com', 'o2']);
  expect(Date.parse(row!.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(row!.submissionTime));
});

it('refuses an edit the form refuses, and changes nothing', async () => {
  const id = await publishedExample(h);
  const first = await submitted(id, { w1: 'Grace', w2: 'grace@example.com' });
  const refused = await save(id, first.submissionId, { token: first.token, answers: { w1: '', w2: 'not an email' } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details).toEqual([
    { path: 'answers.w1', message: copy.answers.required },
    { path: 'answers.w2', message: copy.answers.invalidEmail },
  ]);
  expect((await listed(id))[0]!.questions.map((q) => q.value)).toEqual(['Grace', 'grace@example.com', null]);
});

it('answers the same 404 for a wrong token, another form’s link or an unknown submission', async () => {
  const id = await publishedExample(h);
  const other = await publishedExample(h);
  const first = await submitted(id, { w1: 'Ada', w2: 'ada@example.com' });
  const wrongToken = `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`;
  for (const response of [
    await open(id, first.submissionId, wrongToken),
    await open(other, first.submissionId, first.token),
    await open(id, '01890000-0000-7000-8000-000000000000', first.token),
    await save(id, first.submissionId, { token: wrongToken, answers: { w1: 'Mallory', w2: 'm@example.com' } }),
  ]) {
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(copy.publicForm.editLinkInvalid);
  }
  const malformed = await open(id, first.submissionId, 'short');
  expect(malformed.statusCode).toBe(400);
  expect((await listed(id))[0]!.questions[0]!.value).toBe('Ada');
});

it('a closed form takes no edits', async () => {
  const id = await publishedExample(h);
  const first = await submitted(id, { w1: 'Ada', w2: 'ada@example.com' });
  expect((await h.service.app.inject({ method: 'POST', url: `/admin/flows/${id}/unpublish`, headers: h.headers.writer })).statusCode).toBe(200);
  const closed = await save(id, first.submissionId, { token: first.token, answers: { w1: 'Late', w2: 'ada@example.com' } });
  expect(closed.statusCode).toBe(404);
  expect(closed.json().error.message).toBe(copy.publicForm.formClosed);
});
