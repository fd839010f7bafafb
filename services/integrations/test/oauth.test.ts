/**
 * Connecting Slack by OAuth (domain/oauth.ts; spec 000 §4 "For OAuth services a separate connect button replaces
 * it"), against a fake Slack that speaks Slack's OAuth v2 and Web API (src/testing/fake-slack.ts): the browser's round
 * trip (authorize → callback → back to the app), a refused or replayed authorization, the token refreshed before it
 * expires, an uninstalled app shown broken, and a reconnect keeping the same connection.
 */
import { sql } from 'drizzle-orm';
import { OAUTH_RESULT_PARAMS, serviceOAuthCallback, startServiceOAuth } from '@formloom/contracts/api/integrations/oauth';
import { checkService, createService, getService, listServices } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { startFakeSlack, type FakeSlack } from '../src/testing/fake-slack';
import { connectInBrowser, startHarness, type Harness } from './helpers';

const PUBLIC_URL = 'http://formloom.test';
let slack: FakeSlack;
let h: Harness;

beforeEach(async () => {
  slack = await startFakeSlack();
  h = await startHarness({
    PUBLIC_URL,
    OAUTH_CLIENTS: `slack=${slack.client.id}:${slack.client.secret}`,
    PROVIDER_API_URLS: `slack=${slack.url}`,
  });
});
afterEach(async () => {
  await h.close();
  await slack.close();
});

it('connects a Slack workspace through the OAuth round trip and keeps its token sealed', async () => {
  const started = await h.call('member', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '/home/integrations' } });
  const authorize = new URL(started.body.authorizationUrl);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
  expect(authorize.searchParams.get('client_id')).toBe(slack.client.id);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/public/services/oauth/callback`);
  expect(authorize.searchParams.get('scope')).toContain('chat:write');
  expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);

  const landed = await connectInBrowser(h, { returnTo: '/home/integrations?tab=all' });
  expect(landed.origin).toBe(PUBLIC_URL);
  expect(landed.pathname).toBe('/home/integrations');
  expect(landed.searchParams.get('tab')).toBe('all');
  const serviceId = landed.searchParams.get(OAUTH_RESULT_PARAMS.connected)!;
  const { service } = (await h.call('member', getService, { params: { serviceId } })).body;
  expect(service).toMatchObject({
    type: 'slack',
    name: copy.integrations.firstConnection('Slack'),
    userId: 1,
    hasConnectedOAuth: true,
    status: 'connected',
    sessionState: { workspaceName: 'Acme HQ', scopes: expect.arrayContaining(['chat:write']) },
  });
  const stored = JSON.stringify(rowsOf(await h.service.database.db.execute(sql`SELECT * FROM service_connections`)));
  for (const token of slack.issued) expect(stored).not.toContain(token);
  expect(JSON.stringify(service)).not.toContain('xoxe');

  // The check calls auth.test with the stored token.
  expect((await h.call('colleague', checkService, { params: { serviceId } })).body.service.status).toBe('connected');
  expect(slack.requests.filter((request) => request.path === '/api/auth.test').map((request) => request.token)).toEqual([slack.issued.at(-1)]);
});

it('sends the browser back with the reason when Slack access is refused, the state was used, or Slack is not set up', async () => {
  slack.denyNext();
  const denied = await connectInBrowser(h, { returnTo: '/home/integrations' });
  expect(denied.searchParams.get(OAUTH_RESULT_PARAMS.error)).toBe(copy.integrations.oauthDenied('Slack'));

  // A callback replayed (or forged) finds no state.
  const started = await h.call('member', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '/home/integrations' } });
  const callback = new URL((await fetch(started.body.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
  const first = await h.service.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(new URL(first.headers.location as string).searchParams.has(OAUTH_RESULT_PARAMS.connected)).toBe(true);
  const again = await h.service.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(new URL(again.headers.location as string).searchParams.get(OAUTH_RESULT_PARAMS.error)).toBe(copy.integrations.oauthExpired);
  const forged = await h.service.app.inject(endpointRequest(serviceOAuthCallback, { query: { code: 'x', state: 'made-up' } }));
  expect(new URL(forged.headers.location as string).searchParams.get(OAUTH_RESULT_PARAMS.error)).toBe(copy.integrations.oauthExpired);
  expect((await h.call('member', listServices)).body.services).toHaveLength(1);

  // Only a same-site path to return to; Slack is not connected with a form.
  const offSite = await h.call('member', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: 'https://evil.example/' } });
  expect(offSite.status).toBe(400);
  expect((await h.call('member', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '//evil.example/' } })).status).toBe(400);
  const form = await h.call('member', createService, { body: { serviceType: 'slack', config: {} } });
  expect(form.status).toBe(400);
  expect(form.body.error.message).toBe(copy.integrations.oauthOnly('Slack'));
});

it('refuses to start without the operator\'s Slack app', async () => {
  await h.close();
  h = await startHarness({ PUBLIC_URL, PROVIDER_API_URLS: `slack=${slack.url}` });
  const started = await h.call('member', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '/home/integrations' } });
  expect(started.status).toBe(503);
  expect(started.body.error.message).toBe(copy.integrations.oauthNotConfigured('Slack'));
  const notOAuth = await h.call('member', startServiceOAuth, { params: { serviceType: 'airtable' }, body: { returnTo: '/home/integrations' } });
  expect(notOAuth.status).toBe(400);
});

it('refreshes an access token about to expire, and shows an uninstalled app as broken until it is reconnected', async () => {
  // Tokens living one minute are within the refresh margin: every use refreshes first.
  slack.tokenLifetimeSeconds = 60;
  const serviceId = (await connectInBrowser(h, { returnTo: '/home/integrations' })).searchParams.get(OAUTH_RESULT_PARAMS.connected)!;
  const firstToken = slack.issued.at(-1);
  expect((await h.call('member', checkService, { params: { serviceId } })).body.service.status).toBe('connected');
  const refreshes = slack.requests.filter((request) => request.path === '/api/oauth.v2.access' && (request.body as { grant_type?: string }).grant_type === 'refresh_token');
  expect(refreshes).toHaveLength(1);
  expect(slack.issued).toHaveLength(2);
  expect(slack.requests.filter((request) => request.path === '/api/auth.test').map((request) => request.token)).toEqual([slack.issued[1]]);
  expect(slack.issued[1]).not.toBe(firstToken);

  // The app is removed from the workspace: the refresh is refused, the connection is broken.
  slack.uninstall();
  const broken = (await h.call('member', checkService, { params: { serviceId } })).body.service;
  expect(broken.status).toBe('broken');
  expect(broken.statusDetail).toBe(copy.integrations.credentialsRejected('Slack', 'invalid_refresh_token'));

  // Reconnecting keeps the connection (its id and name) and makes it work again.
  slack.tokenLifetimeSeconds = 43_200;
  const back = await connectInBrowser(h, { returnTo: `/home/integrations/edit/${serviceId}`, serviceId });
  expect(back.pathname).toBe(`/home/integrations/edit/${serviceId}`);
  expect(back.searchParams.get(OAUTH_RESULT_PARAMS.connected)).toBe(serviceId);
  const { services } = (await h.call('member', listServices)).body;
  expect(services).toHaveLength(1);
  expect(services[0]).toMatchObject({ id: serviceId, name: 'First Slack connection', status: 'connected', statusDetail: null });
  // Only its connector or an admin may reconnect it.
  const stranger = await h.call('colleague', startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '/home/integrations', serviceId } });
  expect(stranger.status).toBe(403);
});
