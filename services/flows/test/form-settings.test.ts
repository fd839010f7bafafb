/**
 * Form settings (`PATCH /admin/flows/:publicIdentifier/settings`, `FormSettings` of contracts): a closing time, a
 * response limit and one response per browser are enforced by the service — the public link shows the closed
 * state with the owner's message and submissions are refused — and the redirect and the closed message reach the
 * public form. Against the real service on PGlite.
 */
import type { InjectOptions } from 'fastify';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { publishedExample, setup, submit, type Harness } from './helpers';

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
const answers = { w1: 'Ada', w2: 'ada@example.com', w3: 'o2' };
const updateSettings = (id: string, payload: unknown, headers = h.headers.writer) =>
  inject({ method: 'PATCH', url: `/admin/flows/${id}/settings`, headers, payload: payload as Record<string, unknown> });
const liveForm = (id: string) => inject({ method: 'GET', url: `/public/flows/templates/${id}` });
const submitFrom = (id: string, respondentId: string) =>
  inject(endpointRequest(submitAnswers, { params: { publicIdentifier: id }, body: { answers, respondentId } }));

it('closes the form at its closing time, with the owner’s message, and reopens when the time is moved', async () => {
  const id = await publishedExample(h);
  const past = new Date(Date.now() - 60_000).toISOString();
  const updated = await updateSettings(id, { closesAt: past, closedMessage: '  Registration ended on Friday.  ' });
  expect(updated.statusCode).toBe(200);
  expect(updated.json().flow.settings).toEqual({ closesAt: past, closedMessage: 'Registration ended on Friday.' });

  const live = await liveForm(id);
  expect(live.statusCode).toBe(404);
  expect(live.json()).toEqual({ error: { code: 'not_found', message: copy.publicForm.formClosed, details: { closedMessage: 'Registration ended on Friday.' } } });
  const refused = await submit(h, id, answers);
  expect(refused.statusCode).toBe(404);
  expect(refused.json().error.message).toBe(copy.publicForm.formClosed);

  await updateSettings(id, { closesAt: new Date(Date.now() + 3_600_000).toISOString() });
  expect((await liveForm(id)).statusCode).toBe(200);
  expect((await submit(h, id, answers)).statusCode).toBe(201);
});

it('takes responses up to its limit, then closes; raising the limit reopens it', async () => {
  const id = await publishedExample(h);
  await updateSettings(id, { responseLimit: 2 });
  expect((await submit(h, id, answers)).statusCode).toBe(201);
  expect((await submit(h, id, answers)).statusCode).toBe(201);
  const third = await submit(h, id, answers);
  expect(third.statusCode).toBe(404);
  expect(third.json().error.message).toBe(copy.publicForm.formClosed);
  expect((await liveForm(id)).statusCode).toBe(404);

  await updateSettings(id, { responseLimit: null });
  expect((await submit(h, id, answers)).statusCode).toBe(201);
});

it('takes one response per browser when asked to, and any number otherwise', async () => {
  const id = await publishedExample(h);
  const browser = 'browser-0123456789abcdef';
  expect((await submitFrom(id, browser)).statusCode).toBe(201);
  expect((await submitFrom(id, browser)).statusCode).toBe(201);

  await updateSettings(id, { oneResponsePerBrowser: true });
  expect((await liveForm(id)).json().flow.settings).toMatchObject({ oneResponsePerBrowser: true });
  expect((await submitFrom(id, browser)).statusCode).toBe(201);
  const again = await submitFrom(id, browser);
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ error: { code: 'conflict', message: copy.publicForm.alreadyResponded } });
  // Two browsers at once: one each.
  const [a, b] = await Promise.all([submitFrom(id, 'browser-aaaaaaaaaaaaaaaa'), submitFrom(id, 'browser-bbbbbbbbbbbbbbbb')]);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect((await submitFrom(id, 'browser-aaaaaaaaaaaaaaaa')).statusCode).toBe(409);
});

it('refuses settings that are not valid, and a reader', async () => {
  const id = await publishedExample(h);
  const bad = await updateSettings(id, { redirectUrl: 'javascript:alert(1)', closesAt: 'next friday', responseLimit: 0 });
  expect(bad.statusCode).toBe(400);
  const paths = (bad.json().error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]);
  expect(paths).toEqual(
    expect.arrayContaining([
      ['body.redirectUrl', copy.flows.redirectUrlInvalid],
      ['body.closesAt', copy.flows.closesAtInvalid],
      ['body.responseLimit', expect.any(String)],
    ]),
  );
  expect((await updateSettings(id, { redirectUrl: 'https://example.com/thanks' }, h.headers.reader)).statusCode).toBe(403);
  const saved = await updateSettings(id, { redirectUrl: 'https://example.com/thanks' });
  expect(saved.json().flow.settings).toEqual({ redirectUrl: 'https://example.com/thanks' });
  expect((await liveForm(id)).json().flow.settings).toEqual({ redirectUrl: 'https://example.com/thanks' });
});
