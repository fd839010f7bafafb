/**
 * Flows' internal `GET /internal/flows/:publicIdentifier/submissionEvent` (workflows-engine's test runs start from
 * it): a stored submission's `form.submitted` data — the latest, or the one named — as the submit path built it, the
 * internal token required, `data: null` for a form nobody submitted, 404 for a submission that is not the form's.
 */
import { getInternalSubmissionEvent, type InternalSubmissionEventResponse } from '@formloom/contracts/api/flows/internal';
import * as copy from '@formloom/contracts/copy';
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { endpointRequest } from '@formloom/kit/testing';
import { outboxRows, publishedExample, setup, submit, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

/** Asks for the submission event of `publicIdentifier` (the latest without `submissionId`) with `token`. */
function ask(publicIdentifier: string, submissionId?: string, token = 'flows-test-internal-token') {
  return h.service.app.inject(
    endpointRequest(getInternalSubmissionEvent, {
      params: { publicIdentifier },
      query: submissionId === undefined ? {} : { submissionId },
      headers: { [INTERNAL_TOKEN_HEADER]: token },
    }),
  );
}

it('gives the latest or the named submission’s form.submitted data, as the event carried it', async () => {
  const form = await publishedExample(h);
  expect((await ask(form)).json<InternalSubmissionEventResponse>()).toMatchObject({ flow: { publicIdentifier: form }, data: null });

  const ada = (await submit(h, form, { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' })).json<{ submission: { submissionId: string } }>().submission.submissionId;
  const bob = (await submit(h, form, { w1: 'Bob', w2: 'bob@example.com' })).json<{ submission: { submissionId: string } }>().submission.submissionId;

  const latest = (await ask(form)).json<InternalSubmissionEventResponse>();
  expect(latest.data?.submissionId).toBe(bob);
  const named = await ask(form, ada);
  expect(named.statusCode).toBe(200);
  const { data } = named.json<InternalSubmissionEventResponse>();
  // The same data the submit path sent on the bus, but the edit link (only its hash is kept).
  const sent = (await outboxRows(h, 'form.submitted')).find((row) => row.envelope.data.submissionId === ada)?.envelope.data ?? {};
  const { editLink: _editLink, ...withoutLink } = sent as { editLink?: string };
  expect(data).toEqual(withoutLink);
  expect(data?.questions.find((question) => question.id === 'w3')?.displayValue).toBe('Pro');
});

it('answers 404 for a submission that is not the form’s, an unknown form, and 401 without the token', async () => {
  const form = await publishedExample(h);
  const other = await publishedExample(h);
  const theirs = (await submit(h, other, { w1: 'Eve', w2: 'eve@example.com' })).json<{ submission: { submissionId: string } }>().submission.submissionId;
  for (const response of [await ask(form, theirs), await ask(form, 'not-a-uuid')]) {
    expect([response.statusCode, response.json().error.message]).toEqual([404, copy.flows.submissionNotFound]);
  }
  expect((await ask('nope')).statusCode).toBe(404);
  expect((await ask(form, undefined, 'wrong-token-wrong-token')).statusCode).toBe(401);
});
