/**
 * The edge of the whole product (every service and the gateway in one process, `startEmbedded`), as the
 * security review tried it on loopback: values PostgreSQL cannot store (U+0000, unpaired surrogates) and JSON
 * nested thousands of levels deep get 400 `validation_error` on every kind of route — sign-up, forms, templates,
 * public submissions, workflows, workspaces, path parameters — never a 500; and a page on another port of the
 * same host cannot log a user out or publish a form with the user's cookie.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fetchFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { startEmbedded, type EmbeddedProduct } from '@formloom/scripts/embedded';
import { ProductClient, type PublishedForm } from '@formloom/scripts/product-client';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

let product: EmbeddedProduct;
let dataDir: string;
let owner: ProductClient;
let form: PublishedForm;
let workspaceId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-edge-'));
  product = await startEmbedded({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent' });
  owner = await ProductClient.signUp(product.url, 'owner@example.com');
  form = await owner.publishFormWithEmailWorkflow('Edge form', { emailWidgetId: 'w2' });
  workspaceId = (await owner.call(getMe)).workspaces[0]!.id;
});

afterAll(async () => {
  await product?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** JSON text of `[[[…"leaf"…]]]` nested `depth` arrays deep (built as text: JSON.stringify would overflow). */
function nested(depth: number): string {
  return `${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`;
}

/** JSON text of `value`, where `{ $raw: text }` stands for JSON text inserted as it is. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => (isRaw(item) ? `@raw${raws.push(item.$raw) - 1}@` : item));
  return text.replace(/"@raw(\d+)@"/g, (_match, index: string) => raws[Number(index)]!);
}

function isRaw(value: unknown): value is { $raw: string } {
  return typeof value === 'object' && value !== null && '$raw' in value;
}

/** Sends `body` (JSON text) with the owner's session, as the web app does. */
async function send(method: string, url: string, body: string | undefined): Promise<{ status: number; code?: string }> {
  const response = await fetch(product.url + url, {
    method,
    headers: { cookie: `formloom_session=${owner.session}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  });
  const answer = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: answer.error?.code };
}

/** The example form with `text` at the start of its first question's label. */
function templateWithLabel(text: string): unknown {
  const json = JSON.stringify(exampleFormTemplate({ withPlan: false }));
  // JSON.stringify keeps an unpaired surrogate as a `\udxxx` escape and NUL as `\u0000`: both survive the trip.
  const escaped = JSON.stringify(text).slice(1, -1);
  return JSON.parse(json.replace('"label":"', `"label":"${escaped}`)) as unknown;
}

/** The form's thank-you workflow with JSON nested 5,000 deep in its trigger's (free-form) template. */
function deepWorkflowTemplate(): unknown {
  const template = thankYouEmailTemplate({ flowPublicIdentifier: form.publicIdentifier, emailWidgetId: 'w2' });
  return { ...template, trigger: { ...template.trigger, template: { ...template.trigger.template, deep: { $raw: nested(5_000) } } } };
}

describe('values PostgreSQL cannot store, and deep JSON, on every kind of route', () => {
  const NUL = 'a\u0000b';
  const LONE = 'a\ud800b';
  const cases: [string, string, () => string, () => unknown][] = [
    ['sign-up name (NUL)', 'POST', () => '/auth/signup', () => ({ email: 'x@example.com', password: 'correct-horse-battery', firstName: NUL, lastName: 'L' })],
    ['sign-up name (unpaired surrogate)', 'POST', () => '/auth/signup', () => ({ email: 'y@example.com', password: 'correct-horse-battery', firstName: LONE, lastName: 'L' })],
    ['login email', 'POST', () => '/auth/login', () => ({ email: `owner${NUL}@example.com`, password: 'x' })],
    ['new form name', 'POST', () => '/admin/flows', () => ({ workspaceId, name: NUL })],
    ['form template label (NUL)', 'PUT', () => `/admin/flows/${form.publicIdentifier}/template`, () => ({ template: templateWithLabel(NUL) })],
    ['form template label (surrogate)', 'PUT', () => `/admin/flows/${form.publicIdentifier}/template`, () => ({ template: templateWithLabel(LONE) })],
    ['form template settings nested 5,000 deep', 'PUT', () => `/admin/flows/${form.publicIdentifier}/template`, () => ({ template: { ...exampleFormTemplate({ withPlan: false }), settings: { deep: { $raw: nested(5_000) } } } })],
    ['public submission answer (NUL)', 'POST', () => `/public/flows/${form.publicIdentifier}/submissions`, () => ({ answers: { w1: NUL, w2: 'a@example.com' } })],
    ['public submission answer (surrogate)', 'POST', () => `/public/flows/${form.publicIdentifier}/submissions`, () => ({ answers: { w1: LONE, w2: 'a@example.com' } })],
    ['workflow name', 'POST', () => '/admin/workflows', () => ({ template: thankYouEmailTemplate({ flowPublicIdentifier: form.publicIdentifier, emailWidgetId: 'w2' }), isHidden: false, name: NUL })],
    ['workflow trigger template nested 5,000 deep', 'POST', () => '/admin/workflows/save', () => ({ id: form.workflowId, template: deepWorkflowTemplate() })],
    ['workspace name', 'POST', () => '/admin/workspaces', () => ({ name: NUL })],
    ['form path parameter', 'GET', () => '/admin/flows/fetch/abc%00', () => undefined],
    ['public form path parameter', 'GET', () => '/public/flows/templates/%00abc', () => undefined],
    ['runs query', 'GET', () => `/v1/admin/flow/${form.flowId}/workflowRuns/${form.workflowId}?mode=%00`, () => undefined],
  ];

  it.each(cases)('%s: 400 validation_error', async (_case, method, url, body) => {
    const value = body();
    expect(await send(method, url(), value === undefined ? undefined : jsonText(value))).toEqual({
      status: 400,
      code: 'validation_error',
    });
  });

  it('leaves the data as it was', async () => {
    const { flow } = await owner.call(fetchFlow, { params: { publicIdentifier: form.publicIdentifier } });
    expect(flow.name).toBe('Edge form');
  });
});

describe('requests from another port of the same host (CSRF)', () => {
  const attacker = 'http://127.0.0.1:3000';

  it('cannot log the user out nor publish, with or without a text/plain body', async () => {
    const headers = { cookie: `formloom_session=${owner.session}`, origin: attacker, 'sec-fetch-site': 'same-site' };
    for (const url of ['/auth/logout', `/admin/flows/${form.publicIdentifier}/publish`]) {
      const response = await fetch(product.url + url, { method: 'POST', headers });
      expect({ url, status: response.status }).toEqual({ url, status: 403 });
      expect(await response.json()).toEqual({ error: { code: 'forbidden', message: copy.errors.crossOriginRefused } });
      const plain = await fetch(product.url + url, {
        method: 'POST',
        headers: { cookie: headers.cookie, 'content-type': 'text/plain' },
      });
      expect({ url, status: plain.status }).toEqual({ url, status: 415 });
    }
    // The session still works.
    expect((await owner.request('GET', '/auth/me')).status).toBe(200);
  });

  it('lets the app itself publish', async () => {
    const response = await fetch(`${product.url}/admin/flows/${form.publicIdentifier}/publish`, {
      method: 'POST',
      headers: { cookie: `formloom_session=${owner.session}`, origin: product.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
  });
});
