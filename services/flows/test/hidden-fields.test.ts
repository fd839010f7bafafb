/**
 * Hidden fields (`urlParams`, contracts `rules/url-params.ts`): a form keeps the declared parameters of its link
 * with each submission, gives them back in Fillout's `urlParameters` shape, in the `form.submitted` event and in
 * the export; undeclared ones are dropped, overlong or duplicate ones refused. Against the real service on PGlite.
 */
import { parse } from 'csv-parse/sync';
import { exportSubmissions, listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { publishFlow } from '@formloom/contracts/api/flows/flows';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { URL_PARAM_VALUE_MAX_LENGTH } from '@formloom/contracts/limits';
import { endpointRequest } from '@formloom/kit/testing';
import { countRows, createFlow, exampleTemplate, outboxRows, setup, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

function withHiddenFields(): FlowTemplate {
  return { ...exampleTemplate(), urlParams: [{ id: 'h1', name: 'utm_source' }, { id: 'h2', name: 'ref' }] };
}

async function published(template: FlowTemplate): Promise<string> {
  const flow = await createFlow(h, { flowTemplate: template });
  const response = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers.writer }));
  expect(response.statusCode).toBe(200);
  return flow.publicIdentifier;
}

function submitWith(publicIdentifier: string, urlParameters: unknown) {
  return h.service.app.inject(
    endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers: { w1: 'Ada', w2: 'ada@example.com' }, urlParameters } as never }),
  );
}

it('keeps the declared parameters with the submission, in the list, the event and the export', async () => {
  const id = await published(withHiddenFields());
  const response = await submitWith(id, { utm_source: 'newsletter', other: 'dropped' });
  expect(response.statusCode).toBe(201);
  const { submissionId } = response.json<{ submission: { submissionId: string } }>().submission;

  const listed = await h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier: id }, query: {}, headers: h.headers.writer }));
  expect(listed.json<{ responses: Array<{ urlParameters: unknown }> }>().responses[0]!.urlParameters).toEqual([
    { id: 'h1', name: 'utm_source', value: 'newsletter' },
    { id: 'h2', name: 'ref', value: '' },
  ]);

  const event = (await outboxRows(h, 'form.submitted')).find((row) => row.key === submissionId)!;
  expect(event.envelope.data.urlParameters).toEqual([
    { id: 'h1', name: 'utm_source', value: 'newsletter' },
    { id: 'h2', name: 'ref', value: '' },
  ]);
  expect(event.envelope.data.answers).toMatchObject({ h1: 'newsletter' });
  expect(event.envelope.data.answers).not.toHaveProperty('other');

  const file = await h.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier: id }, query: {}, headers: h.headers.writer }));
  const [header, row] = parse(file.rawPayload.subarray(3)) as string[][];
  expect(header!.slice(-2)).toEqual(['utm_source', 'ref']);
  expect(row!.slice(-2)).toEqual(['newsletter', '']);
});

it('drops parameters a form without hidden fields receives', async () => {
  const id = await published(exampleTemplate());
  const response = await submitWith(id, { utm_source: 'newsletter' });
  expect(response.statusCode).toBe(201);
  const listed = await h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier: id }, query: {}, headers: h.headers.writer }));
  expect(listed.json<{ responses: Array<{ urlParameters: unknown }> }>().responses[0]!.urlParameters).toEqual([]);
});

it('refuses an overlong value with a 400 at its path, and stores nothing', async () => {
  const id = await published(withHiddenFields());
  const before = await countRows(h, 'submissions');
  const response = await submitWith(id, { utm_source: 'x'.repeat(URL_PARAM_VALUE_MAX_LENGTH + 1) });
  expect(response.statusCode).toBe(400);
  expect(JSON.stringify(response.json())).toContain('urlParameters.utm_source');
  expect(await countRows(h, 'submissions')).toBe(before);
});

it('refuses to save a template with two hidden fields of one name, or an id a question has', async () => {
  const twice = { ...exampleTemplate(), urlParams: [{ id: 'h1', name: 'ref' }, { id: 'h2', name: 'REF' }] };
  await expect(createFlow(h, { flowTemplate: twice })).rejects.toThrow(/"path":"flowTemplate\.urlParams\.1\.name","message":"There is already a hidden field named/);
  const clash = { ...exampleTemplate(), urlParams: [{ id: 'w1', name: 'ref' }] };
  await expect(createFlow(h, { flowTemplate: clash })).rejects.toThrow(/"path":"flowTemplate\.urlParams\.0\.id","message":"The id/);
  const badName = { ...exampleTemplate(), urlParams: [{ id: 'h1', name: 'has space' }] };
  await expect(createFlow(h, { flowTemplate: badName })).rejects.toThrow(/flowTemplate\.urlParams\.0\.name/);
});
