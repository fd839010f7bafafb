/**
 * Actions with a connected account for other services (domain/actions.ts; `POST /internal/services/:serviceId/
 * actions`): a Slack message posted once per idempotency key however often the step asks, the provider's refusal
 * with its words (and nothing kept, so a retry runs again), another organization's account not found, a revoked
 * app marking the connection broken, and a key still running refused until its lease ends.
 */
import { sql } from 'drizzle-orm';
import { OAUTH_RESULT_PARAMS } from '@formloom/contracts/api/integrations/oauth';
import { runServiceAction, type ServiceActionBody } from '@formloom/contracts/api/integrations/internal';
import { createService, getService } from '@formloom/contracts/api/integrations/services';
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import { SERVICE_ACTION_LEASE_MS } from '@formloom/contracts/limits';
import { endpointRequest } from '@formloom/kit/testing';
import { startFakeSlack, type FakeSlack } from '../src/testing/fake-slack';
import { AIRTABLE_TOKEN, connectInBrowser, startHarness, type Harness } from './helpers';

const INTERNAL_TOKEN = 'integrations-test-internal-token';
let slack: FakeSlack;
let h: Harness;
let serviceId: string;

beforeEach(async () => {
  slack = await startFakeSlack();
  h = await startHarness({
    INTERNAL_TOKEN,
    PUBLIC_URL: 'http://formloom.test',
    OAUTH_CLIENTS: `slack=${slack.client.id}:${slack.client.secret}`,
    PROVIDER_API_URLS: `slack=${slack.url}`,
  });
  serviceId = (await connectInBrowser(h, { returnTo: '/home/integrations' })).searchParams.get(OAUTH_RESULT_PARAMS.connected)!;
});
afterEach(async () => {
  await h.close();
  await slack.close();
});

/** Runs an action as the engine does (internal token). */
async function act(body: ServiceActionBody, id = serviceId) {
  const response = await h.service.app.inject({
    ...endpointRequest(runServiceAction, { params: { serviceId: id }, body }),
    headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

const post = (key: string, channel = '#leads', organizationId = 1): ServiceActionBody => ({
  action: 'slack.postMessage',
  organizationId,
  idempotencyKey: key,
  input: { channel, text: 'New lead: Ada Lovelace' },
});

it('posts once per idempotency key, answering a repeat with the first answer', async () => {
  const first = await act(post('run-1:slack-1'));
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ output: { channel: 'C0LEADS01', ts: expect.stringMatching(/^\d+\.\d{6}$/) }, replayed: false });
  const again = await act(post('run-1:slack-1'));
  expect(again.body).toEqual({ output: first.body.output, replayed: true });
  expect(slack.posted).toEqual([{ channel: 'C0LEADS01', text: 'New lead: Ada Lovelace', token: slack.issued.at(-1), ts: first.body.output.ts }]);
  // Another step posts again.
  expect((await act(post('run-2:slack-1'))).body.replayed).toBe(false);
  expect(slack.posted).toHaveLength(2);
  // Without the internal token: refused.
  const anonymous = await h.service.app.inject(endpointRequest(runServiceAction, { params: { serviceId }, body: post('run-3:slack-1') }));
  expect(anonymous.statusCode).toBe(401);
});

it('says what Slack refused and keeps nothing, so the step can run again once fixed', async () => {
  const refused = await act(post('run-1:slack-1', '#nowhere'));
  expect(refused.status).toBe(422);
  expect(refused.body.error.message).toBe(copy.integrations.requestRefused('Slack', 'channel_not_found'));
  expect((await h.call('member', getService, { params: { serviceId } })).body.service.status).toBe('connected');
  const retried = await act({ ...post('run-1:slack-1'), input: { channel: 'general', text: 'Hi' } });
  expect(retried.status).toBe(200);
  expect(slack.posted.map((message) => message.channel)).toEqual(['C0GENERAL']);
});

it('finds no account of another organization, refuses an action of another service, and marks a revoked app broken', async () => {
  expect((await act(post('run-1:slack-1', '#leads', 2))).status).toBe(404);
  expect((await act(post('run-1:slack-1'), '00000000-0000-7000-8000-000000000000')).status).toBe(404);
  const airtable = (await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body.service;
  const wrongType = await act(post('run-1:slack-1'), airtable.id);
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.error.message).toBe(copy.integrations.wrongActionType('slack.postMessage', 'Airtable'));

  // The app removed from the workspace: Slack refuses the token, then its refresh.
  slack.uninstall();
  const revoked = await act(post('run-1:slack-1'));
  expect(revoked.status).toBe(422);
  expect(revoked.body.error.message).toBe(copy.integrations.credentialsRejected('Slack', 'invalid_refresh_token'));
  expect((await h.call('member', getService, { params: { serviceId } })).body.service).toMatchObject({ status: 'broken' });
  expect(slack.posted).toEqual([]);
});

it('refuses a key that is still running, and runs it again once its lease is over', async () => {
  await h.service.database.db.execute(
    sql`INSERT INTO service_actions (idempotency_key, organization_id, service_id, action, status) VALUES ('run-1:slack-1', 1, ${serviceId}, 'slack.postMessage', 'running')`,
  );
  const busy = await act(post('run-1:slack-1'));
  expect(busy.status).toBe(409);
  expect(busy.body.error.message).toBe(copy.integrations.actionInProgress);
  await h.service.database.db.execute(
    sql`UPDATE service_actions SET started_at = now() - make_interval(secs => ${SERVICE_ACTION_LEASE_MS / 1000 + 1})`,
  );
  expect((await act(post('run-1:slack-1'))).status).toBe(200);
  expect(slack.posted).toHaveLength(1);
});
