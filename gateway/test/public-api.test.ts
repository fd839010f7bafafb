/**
 * The public REST API end to end (every service and the gateway in one process, `startEmbedded`), as an integrator
 * uses it: an admin makes an API key in the product, and a script reads the forms and submissions with
 * `Authorization: Bearer <key>`, creates and deletes submissions, and subscribes a webhook that receives the next
 * submission signed; a missing, wrong or revoked key, or one that does not reach the form's workspace, gets nothing.
 * The webhook's receiver is a local HTTP server the operator setting `WEBHOOK_ALLOWED_HOSTS` lets through.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiKey, revokeApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { createWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import type { ApiFormResponse, ApiFormsResponse } from '@formloom/contracts/api/flows/public-api';
import type { SubmissionsResponse } from '@formloom/contracts/api/flows/submissions';
import type { Submission } from '@formloom/contracts/entities/flow';
import * as copy from '@formloom/contracts/copy';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '@formloom/contracts/rules/webhook-signature';
import { startEmbedded, type EmbeddedProduct } from '@formloom/scripts/embedded';
import { ProductClient, type PublishedForm } from '@formloom/scripts/product-client';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

let product: EmbeddedProduct;
let dataDir: string;
let owner: ProductClient;
let form: PublishedForm;
/** The integrator's webhook receiver: every request's headers and raw body. */
let receiver: Server;
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-public-api-'));
  product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent', env: { ...process.env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: '100' } });
  owner = await ProductClient.signUp(product.url, 'integrator@example.com');
  form = await owner.publishFormWithEmailWorkflow('Leads', { emailWidgetId: 'w2' });
  const respondent = ProductClient.anonymous(product.url);
  await respondent.call(submitAnswers, { params: { publicIdentifier: form.publicIdentifier }, body: { answers: { w1: 'Ada', w2: 'ada@example.com' } } });
});

afterAll(async () => {
  await product?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Calls the public API with `key` (no cookie), as an integrator's script does. */
async function api<T = Record<string, unknown>>(key: string | undefined, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(product.url + url, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

it('reads forms and submissions, creates and deletes a submission, with the key an admin made', async () => {
  const { key } = await owner.call(createApiKey, { body: { name: 'CRM sync' } });
  const base = `/v1/api/forms/${form.publicIdentifier}`;

  const forms = await api<ApiFormsResponse>(key, 'GET', '/v1/api/forms');
  expect(forms.status).toBe(200);
  expect(forms.body).toEqual([{ name: 'Leads', formId: form.publicIdentifier }]);

  const metadata = await api<ApiFormResponse>(key, 'GET', base);
  expect(metadata.body).toMatchObject({ id: form.publicIdentifier, name: 'Leads', questions: [{ id: 'w1', name: 'Name', type: 'ShortAnswer' }, { id: 'w2', name: 'Email', type: 'EmailInput' }], quiz: { enabled: false } });

  const made = await api<{ submissions: Array<{ submissionId: string }> }>(key, 'POST', `${base}/submissions`, {
    submissions: [{ questions: [{ id: 'w1', value: 'Grace' }, { id: 'w2', value: 'grace@example.com' }] }],
  });
  expect(made.status).toBe(201);
  const [{ submissionId }] = made.body.submissions as [{ submissionId: string }];

  const list = await api<SubmissionsResponse>(key, 'GET', `${base}/submissions?sort=asc`);
  expect(list.body.totalResponses).toBe(2);
  expect(list.body.responses.map((response) => response.questions.find((q) => q.id === 'w1')?.value)).toEqual(['Ada', 'Grace']);
  const later = await api<SubmissionsResponse>(key, 'GET', `${base}/submissions?afterDate=${encodeURIComponent(list.body.responses[1]!.submissionTime)}`);
  expect(later.body.responses.map((response) => response.submissionId)).toEqual([submissionId]);

  const one = await api<{ submission: Submission }>(key, 'GET', `${base}/submissions/${submissionId}`);
  expect(one.body.submission.questions.find((q) => q.id === 'w2')).toMatchObject({ value: 'grace@example.com', displayValue: 'grace@example.com' });

  // Refused answers store nothing, and say where.
  const refused = await api<{ error: { message: string; details: unknown } }>(key, 'POST', `${base}/submissions`, {
    submissions: [{ questions: [{ id: 'w1', value: 'Ok' }, { id: 'w2', value: 'ok@example.com' }] }, { questions: [{ id: 'w1', value: 'No email' }] }],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error.details).toEqual([{ path: 'body.submissions.1.questions.w2', message: copy.answers.required }]);
  expect((await api<SubmissionsResponse>(key, 'GET', `${base}/submissions`)).body.totalResponses).toBe(2);

  expect((await api(key, 'DELETE', `${base}/submissions/${submissionId}`)).status).toBe(200);
  const gone = await api<{ error: { message: string } }>(key, 'GET', `${base}/submissions/${submissionId}`);
  expect(gone.status).toBe(404);
  expect(gone.body.error.message).toBe(copy.flows.submissionNotFound);
});

it('refuses a missing, wrong or revoked key with 401, and a key of another workspace sees no form', async () => {
  const missing = await api<{ error: { message: string } }>(undefined, 'GET', '/v1/api/forms');
  expect(missing.status).toBe(401);
  expect(missing.body.error.message).toBe(copy.auth.apiKeyRefused);
  expect((await api(`fl_${'x'.repeat(43)}`, 'GET', '/v1/api/forms')).status).toBe(401);

  const { apiKey, key } = await owner.call(createApiKey, { body: { name: 'Soon revoked' } });
  expect((await api(key, 'GET', '/v1/api/forms')).status).toBe(200);
  await owner.call(revokeApiKey, { params: { apiKeyId: apiKey.id } });
  // The gateway may reuse a token it got up to 10 s before; a fresh gateway cache would refuse at once.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  expect((await api(key, 'GET', '/v1/api/forms')).status).toBe(401);

  const { workspace } = await owner.call(createWorkspace, { body: { name: 'Elsewhere' } });
  const scoped = await owner.call(createApiKey, { body: { name: 'Elsewhere only', workspaceIds: [workspace.id] } });
  expect((await api(scoped.key, 'GET', '/v1/api/forms')).body).toEqual([]);
  const hidden = await api<{ error: { message: string } }>(scoped.key, 'GET', `/v1/api/forms/${form.publicIdentifier}/submissions`);
  expect(hidden.status).toBe(404);
  expect(hidden.body.error.message).toBe(copy.flows.flowNotFound);

  // A key opens the public API only, never the app's own routes.
  const admin = await api(key, 'GET', `/admin/flows/${form.publicIdentifier}/submissions`);
  expect(admin.status).toBe(401);
});

it('subscribes a webhook with the key, and the next submission arrives signed with its secret', async () => {
  const { key } = await owner.call(createApiKey, { body: { name: 'Webhooks' } });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/formloom`;
  const created = await api<{ id: string; secret: string }>(key, 'POST', '/v1/api/webhook/create', { formId: form.publicIdentifier, url });
  expect(created.status).toBe(201);

  const respondent = ProductClient.anonymous(product.url);
  const { submission } = await respondent.call(submitAnswers, { params: { publicIdentifier: form.publicIdentifier }, body: { answers: { w1: 'Hedy', w2: 'hedy@example.com' } } });
  const deadline = Date.now() + 20_000;
  while (!received.some((request) => request.body.includes(submission.submissionId)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const delivery = received.find((request) => request.body.includes(submission.submissionId));
  expect(delivery).toBeDefined();
  const header = delivery!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
  expect(verifyWebhookSignature(created.body.secret, header, delivery!.body, Math.floor(Date.now() / 1000))).toBe(true);
  expect(verifyWebhookSignature('whsec_not-the-secret', header, delivery!.body, Math.floor(Date.now() / 1000))).toBe(false);
  expect(JSON.parse(delivery!.body)).toMatchObject({ formId: form.publicIdentifier, submission: { submissionId: submission.submissionId } });
});
