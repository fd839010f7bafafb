/**
 * Uploads through the gateway (the whole product in one process, `startEmbedded`, over real HTTP): a respondent's
 * file larger than the gateway's JSON body limit (1 MiB) is streamed to flows and stored, the editor's
 * `POST /admin/fileupload` works with the session cookie, the owner downloads the file through the gateway,
 * multipart bodies are still refused on every other route, and an upload from another site's page is refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { adminFileUpload, downloadUpload, uploadFile } from '@formloom/contracts/api/flows/uploads';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { BODY_LIMIT_BYTES } from '@formloom/contracts/limits';
import { startEmbedded, type EmbeddedProduct } from '@formloom/scripts/embedded';
import { ProductClient } from '@formloom/scripts/product-client';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

let product: EmbeddedProduct;
let dataDir: string;
let owner: ProductClient;
let form: { publicIdentifier: string; id: number };

const template: FlowTemplate = {
  firstStep: 'p1',
  steps: {
    p1: {
      id: 'p1',
      name: 'Page 1',
      type: 'form',
      template: { widgets: [{ id: 'cv', name: 'CV', type: 'FileUpload', template: { label: 'Your CV', required: true, allowedTypes: ['pdf'], maxSizeMb: 3 } }] },
      nextStep: { defaultNextStep: 'end' },
    },
    end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
  },
};

/** A PDF-looking file of `size` bytes. */
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

function multipart(name: string, content: Uint8Array): FormData {
  const body = new FormData();
  body.append('file', new Blob([content], { type: 'application/pdf' }), name);
  return body;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-uploads-'));
  product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent' });
  owner = await ProductClient.signUp(product.url, 'uploads@example.com');
  const workspaceId = (await owner.call(getMe)).workspaces[0]!.id;
  const { flow } = await owner.call(createFlow, { body: { workspaceId, name: 'Uploads', flowTemplate: template } });
  await owner.call(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  form = { publicIdentifier: flow.publicIdentifier, id: flow.id };
});

afterAll(async () => {
  await product?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('streams a respondent’s file larger than the JSON body limit to flows, which stores it; the owner downloads it', async () => {
  const content = pdf(2 * BODY_LIMIT_BYTES + 17);
  const response = await fetch(`${product.url}${pathOf(uploadFile, form)}?fieldId=cv`, { method: 'POST', body: multipart('cv.pdf', content) });
  expect(response.status).toBe(201);
  const reference = (await response.json()) as UploadReference;
  expect(reference).toMatchObject({ name: 'cv.pdf', size: content.length, contentType: 'application/pdf' });

  const submitted = await fetch(product.url + pathOf(submitAnswers, form), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { cv: [reference] } }),
  });
  expect(submitted.status).toBe(201);

  const file = await fetch(product.url + pathOf(downloadUpload, { ...form, uploadId: reference.id }), { headers: { cookie: `formloom_session=${owner.session}` } });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="cv.pdf"');
  expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
  const anonymous = await fetch(product.url + pathOf(downloadUpload, { ...form, uploadId: reference.id }));
  expect(anonymous.status).toBe(401);
});

it('answers 413 in the error format for a file over the question’s maximum', async () => {
  const response = await fetch(`${product.url}${pathOf(uploadFile, form)}?fieldId=cv`, { method: 'POST', body: multipart('big.pdf', pdf(3 * 1024 * 1024 + 1)) });
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large', message: copy.uploads.fileTooLarge('3 MB') } });
});

it('takes the editor’s upload with the session cookie and the flow id header', async () => {
  const response = await fetch(product.url + pathOf(adminFileUpload), {
    method: 'POST',
    headers: { cookie: `formloom_session=${owner.session}`, 'x-flow-id': String(form.id), 'x-no-cdn': 'true' },
    body: multipart('brief.pdf', pdf(100)),
  });
  expect(response.status).toBe(201);
  expect(await response.json()).toMatchObject({ name: 'brief.pdf', size: 100 });
});

it('refuses multipart bodies on every other route, and an upload sent from another site’s page', async () => {
  const elsewhere = await fetch(product.url + pathOf(submitAnswers, form), { method: 'POST', body: multipart('cv.pdf', pdf(10)) });
  expect(elsewhere.status).toBe(415);
  const crossSite = await fetch(product.url + pathOf(adminFileUpload), {
    method: 'POST',
    headers: { cookie: `formloom_session=${owner.session}`, 'x-flow-id': String(form.id), origin: 'https://evil.example' },
    body: multipart('brief.pdf', pdf(100)),
  });
  expect(crossSite.status).toBe(403);
});
