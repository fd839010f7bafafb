/**
 * The whole product, embedded in this process, through the gateway only — HTTP with a cookie jar kept by
 * hand, as a browser would: sign up, build and publish the issue's form, submit answers (refused, then
 * accepted), read the results, automate a thank-you email and see it in the mail log with a succeeded run;
 * then stop and start again on the same data directory: the user can sign in and the submissions are there;
 * deleting a form takes its workflows with it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { deleteFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import { getWorkflow, listWorkflows } from '@formloom/contracts/api/workflows-engine/workflows';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded';
import { ProductClient } from '../src/product-client';
import { waitFor } from '../src/wait-for';

// The whole product starts in `beforeAll`: under a full parallel test run on two cores that alone can pass two minutes
// (the browser tests allow the same, web/e2e/harness.ts).
jest.setTimeout(240_000);

/** The example template of the issue, verbatim (JSON as the editor sends it). */
const ISSUE_TEMPLATE: unknown = JSON.parse(
  `{ "firstStep": "s1", "steps": { "s1": { "id": "s1", "name": "Page 1", "type": "form", "template": { "widgets": [ { "id": "w1", "name": "Name", "type": "ShortAnswer", "template": { "label": "Your name", "required": true } }, { "id": "w2", "name": "Email", "type": "EmailInput", "template": { "label": "Email", "required": true } }, { "id": "w3", "name": "Plan", "type": "MultipleChoice", "template": { "label": "Plan", "required": false, "options": [ { "id": "o1", "label": "Free" }, { "id": "o2", "label": "Pro" } ] } } ] }, "nextStep": { "defaultNextStep": "end" } }, "end": { "id": "end", "name": "Thank you", "type": "ending", "template": { "title": "Thanks!", "body": "We've received your submission." }, "nextStep": null } } }`,
);

/** A first start creates three PGlite databases (initdb each): allow for a slow, busy machine. */
const STARTUP_TIMEOUT_MS = 180_000;

const ADA = { email: 'ada@example.com', password: 'analytical-engine', firstName: 'Ada', lastName: 'Lovelace' };

/** A response as the test reads it. */
interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client: one base URL and a cookie jar kept by hand from `set-cookie`. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  /** Sends a JSON request; `body` is JSON-encoded when given. */
  async request<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) this.remember(line);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
  }

  private remember(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    const expired = attributes.some((a) => {
      const [key = '', v = ''] = a.split('=');
      if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

interface Flow {
  id: number;
  publicIdentifier: string;
  name: string;
  isPublished: boolean;
  workspaceId: number;
}

let dataDir: string;
let product: EmbeddedProduct | undefined;

async function start(): Promise<EmbeddedProduct> {
  product = await startEmbedded({ dataDir, port: 0, logLevel: 'silent' });
  return product;
}

/** What the first part of the story leaves for the restart check. */
const story: { flow?: Flow; submissionIds: string[] } = { submissionIds: [] };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-embedded-'));
});

afterAll(async () => {
  await product?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the whole product through the gateway', () => {
  it('lets a user sign up, build and publish a form, and collect valid submissions', async () => {
    const { url } = await start();
    const ada = new Browser(url);

    const signup = await ada.request<{ user: { email: string; isAdmin: boolean } }>('POST', '/auth/signup', ADA);
    expect(signup.status).toBe(201);
    expect(signup.body.user).toMatchObject({ email: ADA.email, firstName: 'Ada', isAdmin: true });
    expect(ada.cookies.has('formloom_session')).toBe(true);

    const me = await ada.request<{ user: { email: string }; workspaces: { id: number; accessLevel: string }[] }>(
      'GET',
      '/auth/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(ADA.email);
    const workspace = me.body.workspaces[0];
    expect(workspace?.accessLevel).toBe('write');

    const created = await ada.request<{ flow: Flow }>('POST', '/admin/flows', {
      workspaceId: workspace?.id,
      name: 'Newsletter signup',
      dedupeFormName: true,
    });
    expect(created.status).toBe(201);
    const flow = created.body.flow;
    expect(flow).toMatchObject({ name: 'Newsletter signup', workspaceId: workspace?.id, isPublished: false });

    const saved = await ada.request<{ flowSnapshot: { template: unknown } }>(
      'PUT',
      `/admin/flows/${flow.publicIdentifier}/template`,
      { template: ISSUE_TEMPLATE },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.flowSnapshot.template).toEqual(ISSUE_TEMPLATE);

    // Before publishing, the public form is not there.
    const respondent = new Browser(url);
    expect((await respondent.request('GET', `/public/flows/templates/${flow.publicIdentifier}`)).status).toBe(404);

    const published = await ada.request<{ flow: Flow }>('POST', `/admin/flows/${flow.publicIdentifier}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.flow.isPublished).toBe(true);

    const form = await respondent.request<{ flowSnapshot: { template: unknown }; flow: { name: string } }>(
      'GET',
      `/public/flows/templates/${flow.publicIdentifier}?mode=live`,
    );
    expect(form.status).toBe(200);
    expect(form.body.flowSnapshot.template).toEqual(ISSUE_TEMPLATE);
    expect(form.body.flow.name).toBe('Newsletter signup');

    const invalid = await respondent.request<{ error: { code: string; message: string; details: unknown[] } }>(
      'POST',
      `/public/flows/${flow.publicIdentifier}/submissions`,
      { answers: { w2: 'not an email' } },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'validation_error', message: 'Some answers need your attention' });
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'answers.w1', message: 'This question is required' },
        { path: 'answers.w2', message: 'Please enter a valid email address' },
      ]),
    );

    const valid = await respondent.request<{ submission: { submissionId: string } }>(
      'POST',
      `/public/flows/${flow.publicIdentifier}/submissions`,
      { answers: { w1: 'Grace Hopper', w2: 'grace@example.com', w3: 'o2' } },
    );
    expect(valid.status).toBe(201);
    story.submissionIds.push(valid.body.submission.submissionId);

    const results = await ada.request<{
      responses: { submissionId: string; questions: { id: string; value: unknown }[] }[];
      totalResponses: number;
    }>('GET', `/admin/flows/${flow.publicIdentifier}/submissions`);
    expect(results.status).toBe(200);
    expect(results.body.totalResponses).toBe(1);
    expect(results.body.responses[0]?.submissionId).toBe(valid.body.submission.submissionId);
    expect(results.body.responses[0]?.questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'w1', value: 'Grace Hopper' }),
        expect.objectContaining({ id: 'w2', value: 'grace@example.com' }),
      ]),
    );

    // The results are the owner's: a respondent without a session gets 401.
    expect((await respondent.request('GET', `/admin/flows/${flow.publicIdentifier}/submissions`)).status).toBe(401);
    story.flow = flow;
  }, STARTUP_TIMEOUT_MS);

  it('runs a published, enabled workflow on each submission: the email lands in the mail log', async () => {
    const flow = story.flow;
    if (!product || !flow) throw new Error('the previous step did not finish');
    const ada = new Browser(product.url);
    expect((await ada.request('POST', '/auth/login', { email: ADA.email, password: ADA.password })).status).toBe(200);

    const template = thankYouEmailTemplate({
      flowPublicIdentifier: flow.publicIdentifier,
      emailWidgetId: null,
      fallbackRecipients: ['ada@example.com'],
    });
    const emailNode = Object.values(template.nodes)[0];
    expect(emailNode?.template).toMatchObject({ recipients: { type: 'string', list: [{ email: 'ada@example.com' }] } });

    const created = await ada.request<{ workflow: { id: string } }>('POST', '/admin/workflows', {
      template,
      isHidden: false,
      name: 'Thank you email',
    });
    expect(created.status).toBe(200);
    const workflowId = created.body.workflow.id;
    const published = await ada.request('POST', '/admin/workflows/publish', { id: workflowId, template });
    expect(published.status).toBe(200);
    const enabled = await ada.request('POST', '/admin/workflows/enableOrDisable', { id: workflowId, isActive: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ success: true });

    const respondent = new Browser(product.url);
    const submitted = await respondent.request<{ submission: { submissionId: string } }>(
      'POST',
      `/public/flows/${flow.publicIdentifier}/submissions`,
      { answers: { w1: 'Alan Turing', w2: 'alan@example.com' } },
    );
    expect(submitted.status).toBe(201);
    story.submissionIds.push(submitted.body.submission.submissionId);

    const message = await waitFor(
      async () => {
        const mail = await ada.request<{ messages: { to: string[]; subject: string; text: string }[] }>(
          'GET',
          '/admin/mail',
        );
        expect(mail.status).toBe(200);
        return mail.body.messages.find((m) => m.to.includes('ada@example.com'));
      },
      { timeoutMs: 30_000, intervalMs: 200, description: 'the thank-you email in the mail log' },
    );
    expect(message.subject).toBe('Thank you for your submission');
    expect(message.text).toContain('Alan Turing');

    const runs = await waitFor(
      async () => {
        const answer = await ada.request<{ runs: { status: string }[]; total: number }>(
          'GET',
          `/admin/workflows/${workflowId}/runs`,
        );
        return answer.body.runs[0]?.status === 'succeeded' ? answer.body : undefined;
      },
      { timeoutMs: 30_000, description: 'the run to succeed' },
    );
    expect(runs.total).toBe(1);
  });

  it('keeps the data across a restart on the same data directory', async () => {
    const flow = story.flow;
    if (!product || !flow) throw new Error('the previous steps did not finish');
    await product.close();
    product = undefined;

    const { url } = await start();
    const ada = new Browser(url);
    const login = await ada.request<{ user: { email: string } }>('POST', '/auth/login', {
      email: ADA.email,
      password: ADA.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(ADA.email);

    const results = await ada.request<{ responses: { submissionId: string }[]; totalResponses: number }>(
      'GET',
      `/admin/flows/${flow.publicIdentifier}/submissions?sort=asc`,
    );
    expect(results.status).toBe(200);
    expect(results.body.totalResponses).toBe(2);
    expect(results.body.responses.map((r) => r.submissionId)).toEqual(story.submissionIds);

    const form = await new Browser(url).request('GET', `/public/flows/templates/${flow.publicIdentifier}`);
    expect(form.status).toBe(200);

    // Signing out ends the session at once, even for a service that only sees the gateway's cached token.
    const session = ada.cookies.get('formloom_session');
    expect(session).toBeTruthy();
    expect((await ada.request('GET', '/admin/flows')).status).toBe(200);
    expect((await ada.request('POST', '/auth/logout')).status).toBe(200);
    expect(ada.cookies.has('formloom_session')).toBe(false);
    const stolen = new Browser(url);
    stolen.cookies.set('formloom_session', session ?? '');
    expect((await stolen.request('GET', '/admin/flows')).status).toBe(401);
    expect((await stolen.request('GET', '/auth/me')).status).toBe(401);
  }, STARTUP_TIMEOUT_MS);

  it('deletes a form with its workflows: the engine follows flow.deleted', async () => {
    if (!product) throw new Error('the previous steps did not finish');
    const owner = await ProductClient.signUp(product.url, 'grace@example.com');
    const form = await owner.publishFormWithEmailWorkflow('Short-lived', { emailWidgetId: 'w2' });
    const params = { publicIdentifier: form.publicIdentifier };
    expect((await owner.send(getWorkflow, { params: { id: form.workflowId } })).status).toBe(200);

    expect(await owner.call(deleteFlow, { params })).toEqual({ success: true });
    expect((await owner.send(fetchFlow, { params })).status).toBe(404);
    await waitFor(async () => (await owner.send(getWorkflow, { params: { id: form.workflowId } })).status === 404 || undefined, {
      timeoutMs: 30_000,
      description: 'the form’s workflow to be deleted',
    });
    const listed = await owner.call(listWorkflows, { query: { flowPublicIdentifier: form.publicIdentifier } });
    expect(listed.workflows).toEqual([]);
  }, STARTUP_TIMEOUT_MS);
});
