/**
 * The workflow `slack` node end to end (spec 001 §3, §4, §8): real flows, engine and integrations services on PGlite
 * and a fake Slack that speaks Slack's OAuth v2 and Web API (`@formloom/integrations/testing/fake-slack`). A member
 * connects Slack, a workflow posts each submission to #leads through the integrations service — which holds the
 * token — with the step's idempotency key: the message is posted once even when the step is run again. A step
 * without an account, or whose channel Slack does not know, fails with the reason; a disconnected app fails the step
 * and marks the account broken.
 */
import { OAUTH_RESULT_PARAMS, startServiceOAuth } from '@formloom/contracts/api/integrations/oauth';
import { runServiceAction } from '@formloom/contracts/api/integrations/internal';
import { deleteService, getService } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { buildApp as buildIntegrations } from '@formloom/integrations/app';
import { startFakeSlack, type FakeSlack } from '@formloom/integrations/testing/fake-slack';
import { endpointRequest, freePort } from '@formloom/kit/testing';
import { finishedRuns, INTERNAL_TOKEN, liveWorkflow, publishedForm, setup, submit, type Harness } from './helpers';

let slack: FakeSlack;
let h: Harness;
let integrations: Awaited<ReturnType<typeof buildIntegrations>>;
let serviceId: string;

beforeEach(async () => {
  slack = await startFakeSlack();
  const port = await freePort();
  const integrationsUrl = `http://127.0.0.1:${port}`;
  h = await setup({ INTEGRATIONS_URL: integrationsUrl });
  integrations = await buildIntegrations({
    env: {
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: 'http://formloom.test',
      OAUTH_CLIENTS: `slack=${slack.client.id}:${slack.client.secret}`,
      PROVIDER_API_URLS: `slack=${slack.url}`,
    },
    jwks: h.issuer.jwks,
    logger: false,
  });
  await integrations.listen();
  // The writer connects Slack (the browser's round trip through the fake Slack and the callback).
  const started = await integrations.app.inject(endpointRequest(startServiceOAuth, { params: { serviceType: 'slack' }, headers: h.headers.writer, body: { returnTo: '/home/integrations' } }));
  const callback = new URL((await fetch(started.json<{ authorizationUrl: string }>().authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
  const landed = await integrations.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  serviceId = new URL(landed.headers.location as string).searchParams.get(OAUTH_RESULT_PARAMS.connected)!;
});
afterEach(async () => {
  await h.close();
  await integrations.close();
  await slack.close();
});

/** A workflow posting `message` (or all fields) to `channel` with the account `account`. */
function slackWorkflow(publicIdentifier: string, options: { account?: string | null; channel?: string; message?: string }): WorkflowTemplate {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: publicIdentifier }, nextNodeId: 's1' },
    nodes: {
      s1: {
        type: 'slack',
        nextNodeId: null,
        template: {
          serviceId: options.account === undefined ? serviceId : options.account,
          integrationId: null,
          config: options.message
            ? { messageType: 'custom_message', message: options.message, channel: options.channel ?? '#leads' }
            : { messageType: 'send_all_fields', message: '', channel: options.channel ?? '#leads' },
        },
      },
    },
  } as WorkflowTemplate;
}

it('posts each submission to the channel once, through the integrations service', async () => {
  const form = await publishedForm(h);
  const workflowId = await liveWorkflow(h, slackWorkflow(form, { message: 'New lead: {{answers.w1}} <{{answers.w2}}>' }));
  await submit(h, form, { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o1' });
  const { runs } = await finishedRuns(h, workflowId, 1);
  expect(runs[0]).toMatchObject({ status: 'succeeded' });
  expect(slack.posted).toEqual([expect.objectContaining({ channel: 'C0LEADS01', text: 'New lead: Ada Lovelace <ada@example.com>' })]);
  expect(runs[0]!.steps[0]).toMatchObject({ nodeId: 's1', output: { channel: 'C0LEADS01', ts: slack.posted[0]!.ts, text: 'New lead: Ada Lovelace <ada@example.com>' } });

  // The same step asking again (the engine stopped before committing it): the first post's answer, no second post.
  const repeat = await integrations.app.inject({
    ...endpointRequest(runServiceAction, {
      params: { serviceId },
      body: { action: 'slack.postMessage', organizationId: 1, idempotencyKey: `${runs[0]!.id}:s1`, input: { channel: '#leads', text: 'again' } },
    }),
    headers: { 'x-internal-token': INTERNAL_TOKEN },
  });
  expect(repeat.json()).toMatchObject({ replayed: true });
  expect(slack.posted).toHaveLength(1);
});

it('sends every answered field when the step sends all fields', async () => {
  const form = await publishedForm(h);
  const workflowId = await liveWorkflow(h, slackWorkflow(form, {}));
  await submit(h, form, { w1: 'Grace Hopper', w2: 'grace@example.com', w3: 'o2' });
  await finishedRuns(h, workflowId, 1);
  expect(slack.posted).toHaveLength(1);
  expect(slack.posted[0]!.text).toBe('Form: Contact\nName: Grace Hopper\nEmail: grace@example.com\nPlan: Pro');
});

it('fails the step with the reason: a channel Slack does not know, an app removed from Slack, an account disconnected', async () => {
  const form = await publishedForm(h);
  const unknownChannel = await liveWorkflow(h, slackWorkflow(form, { channel: '#nowhere', message: 'Hi' }));
  await submit(h, form, { w1: 'Ada', w2: 'ada@example.com', w3: 'o1' });
  const [run] = (await finishedRuns(h, unknownChannel, 1)).runs;
  expect(run).toMatchObject({ status: 'failed', error: copy.integrations.requestRefused('Slack', 'channel_not_found') });

  slack.uninstall();
  await submit(h, form, { w1: 'Grace', w2: 'grace@example.com', w3: 'o2' });
  const runs = (await finishedRuns(h, unknownChannel, 2)).runs;
  expect(runs.map((candidate) => candidate.error)).toContain(copy.integrations.credentialsRejected('Slack', 'invalid_refresh_token'));
  const account = await integrations.app.inject(endpointRequest(getService, { params: { serviceId }, headers: h.headers.writer }));
  expect(account.json<{ service: { status: string } }>().service.status).toBe('broken');
  expect(slack.posted).toEqual([]);

  // Disconnected: the step says the account is gone.
  const removed = await integrations.app.inject(endpointRequest(deleteService, { params: { serviceId }, headers: h.headers.writer }));
  expect(removed.statusCode).toBe(200);
  await submit(h, form, { w1: 'Alan', w2: 'alan@example.com', w3: 'o1' });
  const last = (await finishedRuns(h, unknownChannel, 3)).runs;
  expect(last.map((candidate) => candidate.error)).toContain(copy.integrations.serviceNotFound);
});
