/**
 * Outgoing webhooks, as an integrator and an operator see them: a real flows service and the engine (PGlite), a
 * receiver that is a real HTTP server on 127.0.0.1 let through by WEBHOOK_ALLOWED_HOSTS. Subscribing returns a
 * secret that verifies the signature of every POST; a failing receiver is retried with backoff and the delivery
 * log shows the attempts; private addresses are refused when saving; deleting stops deliveries; other
 * organizations and read-only members are kept out; one submission is posted once however often its event
 * arrives.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  type CreateWebhookResponse,
  type ListWebhooksResponse,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
} from '@formloom/contracts/api/workflows-engine/webhooks';
import * as copy from '@formloom/contracts/copy';
import { MAX_WEBHOOKS_PER_FORM } from '@formloom/contracts/limits';
import { verifyWebhookSignature } from '@formloom/contracts/rules/webhook-signature';
import { uuidv7 } from '@formloom/kit/ids';
import { endpointRequest } from '@formloom/kit/testing';
import { engineSql, eventually, publishedForm, setup, submit, WS, type Harness, type UserKey } from './helpers';

/** One request the receiver got. */
interface Received {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The receiver's clock when it arrived (Unix seconds). */
  atSeconds: number;
}

/** A local receiver: records every request; answers each path from its queue of statuses (then 200). */
interface Receiver {
  url(path: string): string;
  received: Received[];
  /** The statuses `path` answers next, in order (afterwards 200). */
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
      const path = request.url ?? '/';
      received.push({
        path,
        method: request.method ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        atSeconds: Math.floor(Date.now() / 1000),
      });
      const status = queues.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, statuses) => void queues.set(path, [...statuses]),
    forPath: (path) => received.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let h: Harness;
let receiver: Receiver;
let paths = 0;
/** A fresh receiver path per subscription, so tests do not see each other's requests. */
const nextPath = () => `/hooks/${++paths}`;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await setup({
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_RETRY_MAX_MS: '400',
    WEBHOOK_MAX_ATTEMPTS: '3',
  });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

function create(user: UserKey | null, body: { formId: string; url: string }) {
  return h.engine.app.inject(endpointRequest(createWebhook, { headers: user ? h.headers[user] : {}, body }));
}

/** Subscribes `url` to `formId` as the writer; fails the test unless 201. */
async function subscribe(formId: string, url: string): Promise<CreateWebhookResponse> {
  const response = await create('writer', { formId, url });
  if (response.statusCode !== 201) throw new Error(`webhook create failed: ${response.statusCode} ${response.body}`);
  return response.json<CreateWebhookResponse>();
}

function deliveriesCall(user: UserKey, webhookId: string, query: { limit?: number; offset?: number } = {}) {
  return h.engine.app.inject(endpointRequest(listWebhookDeliveries, { params: { webhookId }, query, headers: h.headers[user] }));
}

async function deliveriesOf(webhookId: string): Promise<WebhookDelivery[]> {
  const response = await deliveriesCall('writer', webhookId);
  if (response.statusCode !== 200) throw new Error(`deliveries failed: ${response.statusCode} ${response.body}`);
  return response.json<WebhookDeliveriesResponse>().deliveries;
}

/** Waits until the receiver got `count` requests on `path`. */
function receivedOn(path: string, count: number): Promise<Received[]> {
  return eventually(async () => receiver.forPath(path), (requests) => requests.length >= count, `${count} requests on ${path}`);
}

const answers = { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' };

describe('a subscribed receiver', () => {
  it('gets one signed POST per submission, in Fillout’s shape, that verifies with the secret it was given', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    const { id, secret } = await subscribe(form, receiver.url(path));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const submissionId = await submit(h, form, answers);
    const [request, ...others] = await receivedOn(path, 1);
    expect(others).toHaveLength(0);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Formloom-Webhooks/1',
      'formloom-webhook-id': id,
    });
    const signature = request?.headers['formloom-signature'];
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const raw = request?.rawBody ?? '';
    expect(verifyWebhookSignature(secret, signature, raw, request?.atSeconds ?? 0)).toBe(true);
    // Another secret, a changed body or a replay after the window do not verify.
    const other = await subscribe(form, receiver.url(nextPath()));
    expect(verifyWebhookSignature(other.secret, signature, raw, request?.atSeconds ?? 0)).toBe(false);
    expect(verifyWebhookSignature(secret, signature, raw.replace('Ada', 'Eve'), request?.atSeconds ?? 0)).toBe(false);
    expect(verifyWebhookSignature(secret, signature, raw, (request?.atSeconds ?? 0) + 301)).toBe(false);

    const body = JSON.parse(raw) as {
      formId: string;
      formName: string;
      submission: { submissionId: string; submissionTime: string; questions: Array<{ id: string; name: string; value: unknown }>; urlParameters: unknown[] };
    };
    expect(body.formId).toBe(form);
    expect(body.formName).toBe('Contact');
    expect(body.submission.submissionId).toBe(submissionId);
    expect(Number.isNaN(Date.parse(body.submission.submissionTime))).toBe(false);
    expect(body.submission.questions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'w1', name: 'Name', value: 'Ada Lovelace' })]),
    );
    expect(body.submission.urlParameters).toEqual([]);

    const log = await eventually(() => deliveriesOf(id), ([first]) => first?.status === 'delivered', 'the delivery logged as delivered');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ submissionId, status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(log[0]?.deliveredAt).not.toBeNull();
    expect(request?.headers['formloom-delivery-id']).toBe(log[0]?.id);
  });

  it('lists the form’s webhooks without their secrets, and keeps the secrets encrypted at rest', async () => {
    const form = await publishedForm(h);
    const first = await subscribe(form, receiver.url(nextPath()));
    const second = await subscribe(form, receiver.url(nextPath()));
    const response = await h.engine.app.inject(endpointRequest(listWebhooks, { query: { formId: form }, headers: h.headers.writer }));
    expect(response.statusCode).toBe(200);
    const { webhooks } = response.json<ListWebhooksResponse>();
    expect(webhooks.map((webhook) => webhook.id)).toEqual([first.id, second.id]);
    expect(webhooks[0]).toEqual({ id: first.id, formId: form, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/\d+$/), createdAt: expect.any(String) });
    expect(response.body).not.toContain(first.secret);
    const [stored] = await engineSql(h, sql`SELECT secret_encrypted FROM webhook_subscriptions WHERE id = ${first.id}::uuid`);
    expect(String(stored?.secret_encrypted)).toMatch(/^v1\./);
    expect(String(stored?.secret_encrypted)).not.toContain(first.secret.slice('whsec_'.length));
  });

  it('is retried with backoff after a 500 and the delivery log shows the attempts', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    receiver.answer(path, [500]);
    const { id } = await subscribe(form, receiver.url(path));
    const submissionId = await submit(h, form, answers);

    const [failedAttempt, retried] = await receivedOn(path, 2);
    expect(retried?.headers['formloom-delivery-id']).toBe(failedAttempt?.headers['formloom-delivery-id']);
    // The retry is signed again, and verifies.
    expect(retried?.rawBody).toBe(failedAttempt?.rawBody);
    const [delivery] = await eventually(() => deliveriesOf(id), ([first]) => first?.status === 'delivered', 'the retried delivery delivered');
    expect(delivery).toMatchObject({ submissionId, status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(receiver.forPath(path)).toHaveLength(2);
  });

  it('shows a failed attempt in the log while the next one waits, and gives up after WEBHOOK_MAX_ATTEMPTS', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    receiver.answer(path, [503, 503, 503, 503]);
    const { id } = await subscribe(form, receiver.url(path));
    await submit(h, form, answers);

    const [waiting] = await eventually(() => deliveriesOf(id), ([first]) => (first?.attempts ?? 0) >= 1 && first?.lastStatusCode === 503, 'a failed attempt');
    if (waiting?.status === 'pending') {
      expect(waiting.lastError).toBe(copy.webhooks.receiverAnswered(503));
    }
    const [gaveUp] = await eventually(() => deliveriesOf(id), ([first]) => first?.status === 'failed', 'the delivery given up');
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 503, lastError: copy.webhooks.receiverAnswered(503), nextAttemptAt: null, deliveredAt: null });
    expect(receiver.forPath(path)).toHaveLength(3);
    // Final deliveries keep no copy of the answers.
    const [row] = await engineSql(h, sql`SELECT payload FROM webhook_deliveries WHERE id = ${gaveUp?.id ?? ''}::uuid`);
    expect(row?.payload).toBeNull();
  });

  it('posts one submission once, however often its event arrives (same id, or a copy under a new id)', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    await subscribe(form, receiver.url(path));
    const submissionId = await submit(h, form, answers);
    await receivedOn(path, 1);
    const envelope = await eventually(
      async () => h.submitted.find((event) => (event.data as { submissionId?: string }).submissionId === submissionId),
      (found) => found !== undefined,
      'the captured form.submitted envelope',
    );
    if (!envelope) throw new Error('no envelope');

    await h.bus.publish([envelope]);
    await h.bus.publish([envelope]);
    const copyId = uuidv7();
    await h.bus.publish([{ ...envelope, id: copyId }]);
    await eventually(
      () => engineSql(h, sql`SELECT 1 FROM inbox WHERE event_id = ${copyId}::uuid`),
      (rows) => rows.length === 1,
      'the copy in the inbox',
    );
    // A later submission is delivered after anything the duplicates could have caused.
    const later = await submit(h, form, { ...answers, w1: 'Grace' });
    const requests = await receivedOn(path, 2);
    const bodies = requests.map((request) => (JSON.parse(request.rawBody) as { submission: { submissionId: string } }).submission.submissionId);
    expect(bodies.filter((id) => id === submissionId)).toHaveLength(1);
    expect(bodies).toContain(later);
  });
});

describe('durability', () => {
  it('sends a delivery left claimed by a worker that stopped mid-send once its claim expires, with the same delivery id', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    const { id, secret } = await subscribe(form, receiver.url(path));
    // As a crashed worker leaves it: claimed (attempt 1 counted), no outcome, its claim over.
    const deliveryId = uuidv7();
    const submissionId = uuidv7();
    const payload = {
      flowId: 1,
      flowPublicIdentifier: form,
      flowName: 'Contact',
      submissionId,
      submissionTime: new Date().toISOString(),
      answers: { w1: 'Ada' },
      questions: [{ id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada', displayValue: 'Ada' }],
      calculations: [{ id: 'c1', name: 'Score', type: 'number', value: 3 }],
      quiz: { score: 2, maxScore: 5 },
    };
    await engineSql(
      h,
      sql`INSERT INTO webhook_deliveries (id, subscription_id, organization_id, submission_id, event_id, payload, status,
                                          attempts, next_attempt_at)
          VALUES (${deliveryId}::uuid, ${id}::uuid, 1, ${submissionId}, ${uuidv7()}::uuid, ${JSON.stringify(payload)}::jsonb,
                  'pending', 1, now() - interval '1 second')`,
    );
    const [request] = await receivedOn(path, 1);
    expect(request?.headers['formloom-delivery-id']).toBe(deliveryId);
    expect(verifyWebhookSignature(secret, request?.headers['formloom-signature'], request?.rawBody ?? '', request?.atSeconds ?? 0)).toBe(true);
    expect(JSON.parse(request?.rawBody ?? '{}')).toEqual({
      formId: form,
      formName: 'Contact',
      submission: {
        submissionId,
        submissionTime: payload.submissionTime,
        questions: payload.questions,
        urlParameters: [],
        calculations: payload.calculations,
        quiz: payload.quiz,
      },
    });
    const [delivery] = await eventually(() => deliveriesOf(id), ([first]) => first?.status === 'delivered', 'the reclaimed delivery delivered');
    expect(delivery).toMatchObject({ id: deliveryId, attempts: 2, lastStatusCode: 200 });
  });
});

describe('saving a URL', () => {
  it.each([
    ['a loopback address not allowed by the operator', 'http://127.0.0.2:8080/hook', /127\.0\.0\.2/],
    ['localhost', 'http://localhost:8080/hook', /localhost/],
    ['a private network address', 'https://10.1.2.3/hook', /10\.1\.2\.3/],
    ['an IPv6 loopback address', 'https://[::1]/hook', /::1/],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data', /metadata/],
    ['another scheme', 'ftp://example.com/hook', /http/],
    ['a user name in the URL', 'https://user:pass@93.184.216.34/hook', /user name or password/],
    ['no URL at all', 'not a url', /not valid/],
    ['plain http to a public host', 'http://93.184.216.34/hook', /https/],
  ])('refuses %s with 400 and says why', async (_what, url, message) => {
    const form = await publishedForm(h);
    const response = await create('writer', { formId: form, url });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; message: string; details: Array<{ path: string; message: string }> } }>();
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(message);
    expect(error.details).toEqual([{ path: 'url', message: error.message }]);
    const list = await h.engine.app.inject(endpointRequest(listWebhooks, { query: { formId: form }, headers: h.headers.writer }));
    expect(list.json<ListWebhooksResponse>().webhooks).toEqual([]);
  });

  it('refuses a body without formId or url with 400 details', async () => {
    const response = await create('writer', { formId: '', url: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_error');
  });

  it(`allows at most ${MAX_WEBHOOKS_PER_FORM} webhooks per form (409), and a deleted one frees its place`, async () => {
    const form = await publishedForm(h);
    const ids: string[] = [];
    for (let index = 0; index < MAX_WEBHOOKS_PER_FORM; index++) ids.push((await subscribe(form, receiver.url(nextPath()))).id);
    const refused = await create('writer', { formId: form, url: receiver.url(nextPath()) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(copy.webhooks.maxWebhooks(MAX_WEBHOOKS_PER_FORM));
    const deleted = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: ids[0] ?? '' } }));
    expect(deleted.statusCode).toBe(200);
    expect((await create('writer', { formId: form, url: receiver.url(nextPath()) })).statusCode).toBe(201);
  });
});

describe('deleting a webhook', () => {
  it('stops deliveries: later submissions are not posted to it, and a second delete is 404', async () => {
    const form = await publishedForm(h);
    const gonePath = nextPath();
    const livePath = nextPath();
    const gone = await subscribe(form, receiver.url(gonePath));
    const live = await subscribe(form, receiver.url(livePath));
    const response = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: gone.id } }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});

    const submissionId = await submit(h, form, answers);
    await receivedOn(livePath, 1);
    await eventually(() => deliveriesOf(live.id), ([first]) => first?.status === 'delivered', 'the live webhook delivered');
    expect(receiver.forPath(gonePath)).toHaveLength(0);
    const rows = await engineSql(h, sql`SELECT 1 FROM webhook_deliveries WHERE subscription_id = ${gone.id}::uuid AND submission_id = ${submissionId}`);
    expect(rows).toHaveLength(0);

    const again = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: gone.id } }));
    expect(again.statusCode).toBe(404);
    expect(again.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'not_found', message: copy.webhooks.webhookNotFound });
    expect((await deliveriesCall('writer', gone.id)).statusCode).toBe(404);
    const list = await h.engine.app.inject(endpointRequest(listWebhooks, { query: { formId: form }, headers: h.headers.writer }));
    expect(list.json<ListWebhooksResponse>().webhooks.map((webhook) => webhook.id)).toEqual([live.id]);
  });

  it('fails its pending deliveries instead of sending them', async () => {
    const form = await publishedForm(h);
    const path = nextPath();
    const { id } = await subscribe(form, receiver.url(path));
    // A delivery waiting for its next attempt (staged: the worker's retries are too quick to catch one here).
    const deliveryId = uuidv7();
    await engineSql(
      h,
      sql`INSERT INTO webhook_deliveries (id, subscription_id, organization_id, submission_id, event_id, payload, status,
                                          attempts, next_attempt_at, last_status_code, last_error)
          VALUES (${deliveryId}::uuid, ${id}::uuid, 1, ${uuidv7()}, ${uuidv7()}::uuid, '{}'::jsonb, 'pending', 1,
                  now() + interval '1 hour', 500, ${copy.webhooks.receiverAnswered(500)})`,
    );
    const deleted = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: id } }));
    expect(deleted.statusCode).toBe(200);
    const [row] = await engineSql(h, sql`SELECT status, last_error, next_attempt_at, payload FROM webhook_deliveries WHERE id = ${deliveryId}::uuid`);
    expect(row).toEqual({ status: 'failed', last_error: copy.webhooks.deletedBeforeDelivery, next_attempt_at: null, payload: null });
    expect(receiver.forPath(path)).toHaveLength(0);
  });

  it('refuses an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: uuidv7() } }));
    expect(unknown.statusCode).toBe(404);
    const malformed = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.writer, body: { webhookId: '42' } }));
    expect(malformed.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('keeps other organizations out (404) and read-only members from changing or reading (403); anonymous is 401', async () => {
    const form = await publishedForm(h);
    const { id } = await subscribe(form, receiver.url(nextPath()));
    const url = receiver.url(nextPath());

    expect((await create(null, { formId: form, url })).statusCode).toBe(401);
    const outsider = await create('outsider', { formId: form, url });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json<{ error: { message: string } }>().error.message).toBe('Form not found');
    expect((await create('reader', { formId: form, url })).statusCode).toBe(403);

    const outsiderList = await h.engine.app.inject(endpointRequest(listWebhooks, { query: { formId: form }, headers: h.headers.outsider }));
    expect(outsiderList.statusCode).toBe(404);
    expect((await deliveriesCall('outsider', id)).statusCode).toBe(404);
    expect((await deliveriesCall('reader', id)).statusCode).toBe(403);
    const outsiderDelete = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.outsider, body: { webhookId: id } }));
    expect(outsiderDelete.statusCode).toBe(404);
    const readerDelete = await h.engine.app.inject(endpointRequest(deleteWebhook, { headers: h.headers.reader, body: { webhookId: id } }));
    expect(readerDelete.statusCode).toBe(403);
    // Still there for its owner.
    const list = await h.engine.app.inject(endpointRequest(listWebhooks, { query: { formId: form }, headers: h.headers.writer }));
    expect(list.json<ListWebhooksResponse>().webhooks.map((webhook) => webhook.id)).toEqual([id]);
  });

  it('answers 404 for a form that does not exist', async () => {
    const response = await create('writer', { formId: 'nosuchform12', url: receiver.url(nextPath()) });
    expect(response.statusCode).toBe(404);
  });

  it('never sends another organization’s submissions (the outsider’s form is in workspace 2)', async () => {
    const mine = await publishedForm(h);
    const theirs = await publishedForm(h, 'outsider', WS.other);
    const path = nextPath();
    await subscribe(mine, receiver.url(path));
    await submit(h, theirs, answers);
    const submissionId = await submit(h, mine, answers);
    const [request, ...others] = await receivedOn(path, 1);
    expect(others).toHaveLength(0);
    expect((JSON.parse(request?.rawBody ?? '{}') as { submission: { submissionId: string } }).submission.submissionId).toBe(submissionId);
  });
});

describe('the delivery log', () => {
  it('is newest first and paged with limit and offset', async () => {
    const form = await publishedForm(h);
    const { id } = await subscribe(form, receiver.url(nextPath()));
    const first = await submit(h, form, answers);
    await eventually(() => deliveriesOf(id), (log) => log.length === 1, 'the first delivery');
    const second = await submit(h, form, answers);
    await eventually(() => deliveriesOf(id), (log) => log.length === 2, 'the second delivery');
    expect((await deliveriesOf(id)).map((delivery) => delivery.submissionId)).toEqual([second, first]);
    const page = await deliveriesCall('writer', id, { limit: 1, offset: 1 });
    expect(page.json<WebhookDeliveriesResponse>().deliveries.map((delivery) => delivery.submissionId)).toEqual([first]);
    expect((await deliveriesCall('writer', id, { limit: 0 })).statusCode).toBe(400);
  });
});
