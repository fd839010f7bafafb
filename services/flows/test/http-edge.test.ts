/**
 * The HTTP edge of the flows service: the one error format for malformed JSON, wrong types, oversized bodies
 * (kit body limit 1 MiB) and unknown routes — never a 500, never a half-written record.
 */
import * as copy from '@formloom/contracts/copy';
import { BODY_LIMIT_BYTES } from '@formloom/contracts/limits';
import { countRows, publishedExample, setup, WS, type Harness } from './helpers';

let h: Harness;
let flowId: string;
beforeAll(async () => {
  h = await setup();
  flowId = await publishedExample(h);
});
afterAll(async () => {
  await h.service.close();
});

describe.each([
  ['POST /admin/flows', 'POST', (): string => '/admin/flows', true],
  ['PUT template', 'PUT', (): string => `/admin/flows/${flowId}/template`, true],
  ['POST submissions', 'POST', (): string => `/public/flows/${flowId}/submissions`, false],
] as const)('%s', (_name, method, url, signedIn) => {
  const headers = () => ({ 'content-type': 'application/json', ...(signedIn ? h.headers.writer : {}) });

  it('answers 400 malformed_json to malformed JSON', async () => {
    const response = await h.service.app.inject({ method, url: url(), headers: headers(), payload: '{"answers": {' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'malformed_json', message: copy.errors.malformedJson } });
  });

  it('answers 413 to a body over 1 MiB and stores nothing', async () => {
    const before = { flows: await countRows(h, 'flows'), submissions: await countRows(h, 'submissions') };
    const payload = JSON.stringify({ workspaceId: WS.main, name: 'x', answers: { w1: 'a'.repeat(BODY_LIMIT_BYTES) } });
    const response = await h.service.app.inject({ method, url: url(), headers: headers(), payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: copy.errors.payloadTooLarge } });
    expect({ flows: await countRows(h, 'flows'), submissions: await countRows(h, 'submissions') }).toEqual(before);
  });

  it('answers 400 validation_error to a body of the wrong type', async () => {
    const response = await h.service.app.inject({ method, url: url(), headers: headers(), payload: '[1, 2, 3]' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });
});

it('answers 404 in the error format to an unknown route', async () => {
  const response = await h.service.app.inject({ method: 'GET', url: '/admin/flows/x/unknown' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.errors.notFound } });
});

it('answers 400 to a public identifier longer than 64 characters', async () => {
  const response = await h.service.app.inject({ method: 'GET', url: `/public/flows/templates/${'a'.repeat(65)}` });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details[0].path).toBe('params.publicIdentifier');
});
