/**
 * The workflow `webhook` node end to end (spec 001 §3, §5, §8, §9; docs/architecture.md "The webhook node"): a real
 * flows service and the engine on PGlite, the receiver a real HTTP server on 127.0.0.1 let through by
 * WEBHOOK_ALLOWED_HOSTS.
 * - the simple mode POSTs the submission as the form's outgoing webhooks do; the advanced mode sends its method,
 *   query, headers, cookies and a JSON body with the answers in place; every request carries the step's
 *   `Idempotency-Key`, the same on a retried attempt; a later node reads the answer (`nodes.<id>.…`);
 * - 5xx is tried again, 4xx is not; a non-2xx final answer fails the step with 'Webhook answered <status>';
 * - save and publish refuse local, private and metadata URLs with the spec's text (the operator's allowed host
 *   passes), and publish refuses a name that does not resolve;
 * - at send time the guard checks the addresses a name resolves to: a name that resolves to 127.0.0.1 (public when
 *   saved) is refused unless the operator allows it (the run worker with a resolver of the test's);
 * - the panel's Test sends once through the engine and answers what the receiver said.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { testWebhookNode, type WebhookTestResponse } from '@formloom/contracts/api/workflows-engine/node-tests';
import { publishWorkflow, saveWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { migrate, openDatabase, rowsOf, type DatabaseHandle } from '@formloom/kit/db';
import { uuidv7 } from '@formloom/kit/ids';
import { createMailer } from '@formloom/kit/mail';
import { createTelemetry } from '@formloom/kit/telemetry';
import { endpointRequest } from '@formloom/kit/testing';
import { migrations } from '../src/db/migrations';
import { workflows } from '../src/db/schema';
import { queueSubmissionRuns } from '../src/domain/runs';
import { RunWorker } from '../src/worker';
import { createWorkflow, liveWorkflow, publishedForm, runsOf, setup, submit, type Harness } from './helpers';
import type { WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';

/**
 * Polls `read` until `done` holds (the helpers' `eventually` with a deadline for a busy machine: the webhook's
 * retries wait seconds by design). The deadline only stops a broken test from hanging.
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until a workflow has `count` finished runs and returns the runs page. */
function finishedRuns(h: Harness, workflowId: string, count: number): Promise<WorkflowRunsResponse> {
  return eventually(
    () => runsOf(h, workflowId),
    (page) => page.runs.filter((run) => run.status === 'succeeded' || run.status === 'failed').length >= count,
    `${count} finished runs of ${workflowId}`,
  );
}

/** One request the receiver got. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records requests; answers each path from its queue of statuses (then 200 with JSON). */
interface Receiver {
  port: number;
  url(path: string): string;
  received: Received[];
  answer(path: string, statuses: number[]): void;
  forPath(path: string): Received[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const queues = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      received.push({ method: request.method ?? '', url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const path = url.split('?')[0] ?? url;
      const status = queues.get(path)?.shift() ?? 200;
      response
        .writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'rcv-1', 'set-cookie': 'secret=1' })
        .end(JSON.stringify({ received: true, status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, statuses) => void queues.set(path, [...statuses]),
    forPath: (path) => received.filter((request) => (request.url.split('?')[0] ?? '') === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A workflow on `form`: the trigger leads to `first`. */
function workflow(form: string, nodes: WorkflowTemplate['nodes'], first: string): WorkflowTemplate {
  return { trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form }, nextNodeId: first }, nodes };
}

/** A simple webhook node to `url`. */
function simpleHook(url: string, nextNodeId: string | null = null): WorkflowTemplate['nodes'][string] {
  return { type: 'webhook', nextNodeId, template: { config: { webhookType: 'simple', simpleURL: { url } } } };
}

// The machine these tests run on may be busy; no assertion depends on time.
jest.setTimeout(240_000);

const ANSWERS = { w1: 'Ada "Countess" Lovelace', w2: 'ada@example.com', w3: 'o2' };

describe('the webhook node through the engine', () => {
  let h: Harness;
  let receiver: Receiver;
  let form: string;

  beforeAll(async () => {
    // A long lease: a busy machine must not let the run be reclaimed mid-step (that would repeat the request).
    h = await setup({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', NODE_TEST_RATE_LIMIT: '20', RUN_LEASE_MS: '60000' });
    receiver = await startReceiver();
    form = await publishedForm(h);
  }, 300_000);

  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('POSTs the submission in simple mode with the step’s Idempotency-Key, and a later node reads the answer', async () => {
    const id = await liveWorkflow(
      h,
      workflow(form, {
        hook: simpleHook(receiver.url('/simple'), 'read'),
        read: {
          type: 'code',
          nextNodeId: null,
          template: { codeString: 'return [input.nodes.hook.statusCode, input.nodes.hook.body.received]', outputType: 'array' },
        },
      }, 'hook'),
    );
    const submissionId = await submit(h, form, ANSWERS);
    const [run] = (await finishedRuns(h, id, 1)).runs;
    expect(run?.status).toBe('succeeded');

    const [request] = receiver.forPath('/simple');
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(`${run?.id}:hook`);
    expect(request?.headers['user-agent']).toBe('Formloom-Webhooks/1');
    const body = JSON.parse(request?.body ?? '{}') as { formId: string; formName: string; submission: { submissionId: string; questions: Array<{ id: string; value: unknown }> } };
    expect(body.formId).toBe(form);
    expect(body.formName).toBe('Contact');
    expect(body.submission.submissionId).toBe(submissionId);
    expect(body.submission.questions.map((question) => [question.id, question.value])).toEqual([
      ['w1', ANSWERS.w1],
      ['w2', ANSWERS.w2],
      ['w3', ANSWERS.w3],
    ]);

    const [hookStep, readStep] = run?.steps ?? [];
    expect(hookStep?.output).toEqual({
      statusCode: 200,
      body: { received: true, status: 200 },
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-request-id': 'rcv-1' }),
    });
    // Only the kept headers: a cookie the receiver sets is not stored with the run.
    expect(JSON.stringify(hookStep?.output)).not.toContain('secret=1');
    expect(readStep?.output).toEqual({ result: [200, true] });
  });

  it('sends the advanced request: method, query, headers, cookies and a JSON body with the answers in place', async () => {
    const id = await liveWorkflow(
      h,
      workflow(form, {
        get: {
          type: 'webhook',
          nextNodeId: 'post',
          template: {
            config: {
              webhookType: 'full',
              actionType: 'get',
              url: `${receiver.url('/lookup')}?fixed=1`,
              urlParameters: [
                { key: 'email', value: '{{answers.w2}}' },
                { key: '', value: '' },
              ],
              headers: [{ key: 'X-Name', value: 'Hi {{answers.w1}}' }],
              cookies: [{ key: 'plan', value: '{{answers.w3}} & more' }],
            },
          },
        },
        post: {
          type: 'webhook',
          nextNodeId: null,
          template: {
            config: {
              webhookType: 'full',
              actionType: 'post',
              url: receiver.url('/create'),
              headers: [{ key: 'Authorization', value: 'Bearer token-1' }],
              body: '{"name": "{{answers.w1}}", "greeting": "Dear {{answers.w1}}", "plan": "{{answers.w3}}", "lookup": "{{nodes.get.statusCode}}", "missing": "{{answers.nope}}"}',
            },
          },
        },
      }, 'get'),
    );
    await submit(h, form, ANSWERS);
    const [run] = (await finishedRuns(h, id, 1)).runs;
    expect(run?.status).toBe('succeeded');

    const [get] = receiver.forPath('/lookup');
    expect(get?.method).toBe('GET');
    const query = new URL(get?.url ?? '', 'http://x').searchParams;
    expect(query.get('fixed')).toBe('1');
    expect(query.get('email')).toBe(ANSWERS.w2);
    expect(get?.headers['x-name']).toBe(`Hi ${ANSWERS.w1}`);
    expect(get?.headers.cookie).toBe(`plan=${encodeURIComponent('o2 & more')}`);
    expect(get?.headers['idempotency-key']).toBe(`${run?.id}:get`);
    expect(get?.body).toBe('');

    const [post] = receiver.forPath('/create');
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers.authorization).toBe('Bearer token-1');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      name: ANSWERS.w1,
      greeting: `Dear ${ANSWERS.w1}`,
      plan: 'o2',
      lookup: 200,
      missing: null,
    });
  });

  it('tries a 5xx again with the same Idempotency-Key, and succeeds when the receiver recovers', async () => {
    receiver.answer('/flaky', [503]);
    const id = await liveWorkflow(h, workflow(form, { hook: simpleHook(receiver.url('/flaky')) }, 'hook'));
    await submit(h, form, ANSWERS);
    const [run] = (await finishedRuns(h, id, 1)).runs;
    expect(run?.status).toBe('succeeded');
    const attempts = receiver.forPath('/flaky');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers['idempotency-key']).toBe(`${run?.id}:hook`);
    expect(attempts[1]?.headers['idempotency-key']).toBe(attempts[0]?.headers['idempotency-key']);
    expect(attempts[0]?.body).toBe(attempts[1]?.body);
    expect(run?.steps[0]?.output).toMatchObject({ statusCode: 200 });
  });

  it('fails the step on a 4xx at once, and on a 5xx after its attempts', async () => {
    receiver.answer('/missing', [404]);
    receiver.answer('/down', [500, 502, 500]);
    const missing = await liveWorkflow(h, workflow(form, { hook: simpleHook(receiver.url('/missing')) }, 'hook'));
    const down = await liveWorkflow(h, workflow(form, { hook: simpleHook(receiver.url('/down')) }, 'hook'));
    await submit(h, form, ANSWERS);
    const [missingRun] = (await finishedRuns(h, missing, 1)).runs;
    const [downRun] = (await finishedRuns(h, down, 1)).runs;
    expect(missingRun).toMatchObject({ status: 'failed', error: 'Webhook answered 404', steps: [{ status: 'failed', error: 'Webhook answered 404' }] });
    expect(receiver.forPath('/missing')).toHaveLength(1);
    expect(downRun).toMatchObject({ status: 'failed', error: 'Webhook answered 500' });
    expect(receiver.forPath('/down')).toHaveLength(3);
  });

  it('refuses local, private and metadata URLs at save and publish with the spec’s text; the operator’s host passes', async () => {
    const id = await createWorkflow(h, workflow(form, { hook: simpleHook(receiver.url('/ok')) }, 'hook'));
    const save = (url: string) =>
      h.engine.app.inject(endpointRequest(saveWorkflow, { headers: h.headers.writer, body: { id, template: workflow(form, { hook: simpleHook(url) }, 'hook') } }));
    const publish = (url: string) =>
      h.engine.app.inject(endpointRequest(publishWorkflow, { headers: h.headers.writer, body: { id, template: workflow(form, { hook: simpleHook(url) }, 'hook') } }));

    for (const url of ['http://localhost:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:9/']) {
      for (const response of [await save(url), await publish(url)]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: 'validation_error',
            message: copy.webhookNode.publicUrlRequired,
            details: [{ path: 'template.nodes.hook.template.config.simpleURL.url', message: copy.webhookNode.publicUrlRequired }],
          },
        });
      }
    }
    const invalid = await publish('ftp://example.com/hook');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(copy.webhookNode.invalidUrl);

    // A name that does not resolve may be saved in a draft, not published.
    expect((await save('https://no-such-host.invalid/hook')).statusCode).toBe(200);
    const unresolved = await publish('https://no-such-host.invalid/hook');
    expect(unresolved.statusCode).toBe(400);
    expect(unresolved.json().error.details).toEqual([{ path: 'template.nodes.hook.template.config.simpleURL.url', message: copy.webhookNode.invalidUrl }]);

    // 127.0.0.1 is in WEBHOOK_ALLOWED_HOSTS: the server waives the editor's rule.
    expect((await save(receiver.url('/ok'))).statusCode).toBe(200);
    expect((await publish(receiver.url('/ok'))).statusCode).toBe(200);
  });

  describe('the panel’s Test (POST /admin/workflows/nodes/webhook/test)', () => {
    const test = (user: 'writer' | 'reader' | 'outsider' | 'admin', template: unknown, flowPublicIdentifier = form) =>
      h.engine.app.inject(endpointRequest(testWebhookNode, { headers: h.headers[user], body: { flowPublicIdentifier, template } }));

    it('sends once with a sample submission of the form and answers the receiver’s answer', async () => {
      const response = await test('writer', { config: { simpleURL: { url: receiver.url('/test-ok') } } });
      expect(response.statusCode).toBe(200);
      expect(response.json<WebhookTestResponse>()).toEqual({
        ok: true,
        statusCode: 200,
        body: { received: true, status: 200 },
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      });
      const [request] = receiver.forPath('/test-ok');
      expect(request?.headers['idempotency-key']).toMatch(/^test:/);
      const body = JSON.parse(request?.body ?? '{}') as { formId: string; submission: { submissionId: string; questions: Array<{ id: string; value: unknown }> } };
      expect(body.formId).toBe(form);
      expect(body.submission.submissionId).toBe('sample-submission');
      expect(body.submission.questions.find((question) => question.id === 'w2')?.value).toEqual(expect.stringContaining('@'));
    });

    it('reports a non-2xx answer without trying again', async () => {
      receiver.answer('/test-down', [503, 503]);
      const response = await test('writer', { config: { webhookType: 'full', url: receiver.url('/test-down'), actionType: 'get' } });
      expect(response.json<WebhookTestResponse>()).toMatchObject({ ok: false, statusCode: 503, error: 'Webhook answered 503', body: { status: 503 } });
      expect(receiver.forPath('/test-down')).toHaveLength(1);
    });

    it('refuses an incomplete node and a local URL with the rules’ texts; reports what cannot be reached', async () => {
      const empty = await test('writer', { config: { simpleURL: { url: '' } } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.details).toEqual([{ path: 'template.config.simpleURL.url', message: copy.webhookNode.urlRequired }]);
      const local = await test('writer', { config: { simpleURL: { url: 'http://localhost:9/' } } });
      expect(local.statusCode).toBe(400);
      expect(local.json().error.message).toBe(copy.webhookNode.publicUrlRequired);
      const nowhere = await test('writer', { config: { simpleURL: { url: 'https://no-such-host.invalid/' } } });
      expect(nowhere.statusCode).toBe(200);
      expect(nowhere.json<WebhookTestResponse>()).toMatchObject({ ok: false, error: expect.stringMatching(/^Webhook failed: /) });
    });

    it('is for those who may change the form', async () => {
      const template = { config: { simpleURL: { url: receiver.url('/test-access') } } };
      expect((await test('reader', template)).statusCode).toBe(403);
      expect((await test('outsider', template)).statusCode).toBe(404);
      expect((await test('writer', template, 'nope-nope')).statusCode).toBe(404);
      expect(receiver.forPath('/test-access')).toHaveLength(0);
    });

    it('limits how often one user tests', async () => {
      const template = { config: { simpleURL: { url: receiver.url('/test-limit') } } };
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await test('admin', template)).statusCode);
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });
});

describe('the webhook node’s guard at send time, after DNS resolution (run worker on PGlite)', () => {
  let handle: DatabaseHandle;
  let receiver: Receiver;
  const workers: RunWorker[] = [];
  /** The test's resolver: every name resolves to the receiver's address. */
  const lookup = async () => ['127.0.0.1'];

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrate(handle, migrations);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await handle.close();
    await receiver.close();
  });

  function startWorker(allowedHosts: Array<{ host: string }>): RunWorker {
    const worker = new RunWorker({
      db: handle.db,
      mailer: createMailer({ smtpUrl: undefined, timeoutMs: 1000 }),
      mailFrom: 'notifications@formloom.local',
      outbound: { allowedHosts, lookup, retryBaseMs: 10 },
      pollMs: 50,
      leaseMs: 5000,
      maxAttempts: 5,
      concurrency: 4,
      tracer: createTelemetry({ serviceName: 'workflows-engine-test' }).tracer,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  /** Inserts a live workflow posting to `url` and queues one submission's run; returns the run id. */
  async function runOf(url: string): Promise<string> {
    const form = `f${uuidv7().slice(-10)}`;
    const template = workflow(form, { hook: simpleHook(url) }, 'hook');
    await handle.db.insert(workflows).values({
      id: uuidv7(),
      organizationId: 1,
      workspaceId: 1,
      flowId: 1,
      flowPublicIdentifier: form,
      name: 'Hook',
      draftTemplate: template,
      publishedTemplate: template,
      isActive: true,
    });
    const data: FormSubmittedData = {
      flowId: 1,
      flowPublicIdentifier: form,
      flowName: 'Contact',
      submissionId: uuidv7(),
      submissionTime: new Date().toISOString(),
      answers: {},
      questions: [],
    };
    const event: EventEnvelope = {
      id: uuidv7(),
      type: 'form.submitted',
      version: 1,
      occurredAt: data.submissionTime,
      key: data.submissionId,
      tenant: { organizationId: 1, workspaceId: 1 },
      data,
    };
    const queued = await handle.db.transaction((tx) => queueSubmissionRuns(tx, [{ event, data }]));
    return queued.runIds[0]!;
  }

  async function finished(runId: string): Promise<Record<string, unknown>> {
    const rows = await eventually(
      async () => rowsOf(await handle.db.execute(sql`SELECT status, error FROM workflow_runs WHERE id = ${runId}::uuid`)),
      (found) => ['succeeded', 'failed'].includes(String(found[0]?.status)),
      'the run to finish',
    );
    return rows[0]!;
  }

  it('refuses a public-looking name that resolves to 127.0.0.1, unless the operator allows it', async () => {
    const url = `http://hooks.example.test:${receiver.port}/rebound`;
    const refusedRun = await runOf(url);
    const strict = startWorker([]);
    strict.kick();
    const refused = await finished(refusedRun);
    expect(refused.status).toBe('failed');
    expect(String(refused.error)).toMatch(/^Webhook refused: /);
    expect(String(refused.error)).toContain('hooks.example.test');
    expect(String(refused.error)).not.toContain('127.0.0.1');
    expect(receiver.forPath('/rebound')).toHaveLength(0);
    await strict.stop();

    const allowedRun = await runOf(url);
    const operator = startWorker([{ host: 'hooks.example.test' }]);
    operator.kick();
    expect((await finished(allowedRun)).status).toBe('succeeded');
    expect(receiver.forPath('/rebound')).toHaveLength(1);
  });
});
