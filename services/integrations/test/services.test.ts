/**
 * Connected accounts end to end (spec 000 §3 "Service connection", §4 "Service connect form", §6 reconnecting): the
 * integrations service on PGlite calling fake Airtable and Notion servers over HTTP. What a user and an operator
 * notice: the credentials are checked with the provider before anything is stored, never come back, cannot be read
 * from the database, and a revoked token shows up as a broken connection.
 */
import { sql } from 'drizzle-orm';
import {
  checkService,
  createService,
  deleteService,
  getService,
  listServices,
  updateService,
} from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { AIRTABLE_CONNECT_TEXT } from '@formloom/contracts/integrations/connect/airtable';
import { NOTION_CONNECT_TEXT } from '@formloom/contracts/integrations/connect/notion';
import { rowsOf } from '@formloom/kit/db';
import { AIRTABLE_TOKEN, NOTION_TOKEN, startHarness, type Harness } from './helpers';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** Every stored column of every connection, as text. */
async function storedText(): Promise<string> {
  return JSON.stringify(rowsOf(await h.service.database.db.execute(sql`SELECT * FROM service_connections`)));
}

describe('connecting an account', () => {
  it('checks an Airtable token with Airtable, stores the connection and names the first one after the service', async () => {
    const { status, body } = await h.call('member', createService, {
      body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN }, source: 'settings' },
    });
    expect(status).toBe(201);
    expect(body.service).toMatchObject({
      type: 'airtable',
      name: copy.integrations.firstConnection('Airtable'),
      config: {},
      secretsSet: ['apiKey'],
      sessionState: { email: 'ada@example.com', scopes: ['data.records:read', 'data.records:write', 'schema.bases:read'] },
      userId: 1,
      hasConnectedOAuth: false,
      status: 'connected',
      statusDetail: null,
    });
    expect(JSON.stringify(body)).not.toContain(AIRTABLE_TOKEN);
    // Airtable saw exactly one call, with the token as a bearer token.
    expect(h.airtable.requests.map((request) => [request.method, request.path, request.token === AIRTABLE_TOKEN])).toEqual([['GET', '/v0/meta/whoami', true]]);

    const second = await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } });
    expect(second.body.service.name).toBe(copy.integrations.nthConnection('Airtable', 2));
    const named = await h.call('member', createService, { body: { serviceType: 'airtable', serviceName: '  Sales base  ', config: { apiKey: AIRTABLE_TOKEN } } });
    expect(named.body.service.name).toBe('Sales base');
  });

  it('checks a Notion secret through the Notion SDK and keeps who the integration belongs to', async () => {
    const { status, body } = await h.call('member', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } });
    expect(status).toBe(201);
    expect(body.service).toMatchObject({
      name: 'First Notion connection',
      secretsSet: ['token'],
      sessionState: { firstName: 'Ada Lovelace', email: 'ada@example.com', workspaceName: 'Acme HQ' },
    });
    const [request] = h.notion.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/users/me', token: NOTION_TOKEN });
    expect(request!.headers['notion-version']).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('refuses a malformed config with the field\'s message, without calling the provider', async () => {
    const missing = await h.call('member', createService, { body: { serviceType: 'airtable', config: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'config.apiKey', message: AIRTABLE_CONNECT_TEXT.apiKeyRequired }]);
    const pasted = await h.call('member', createService, { body: { serviceType: 'notion', config: { token: 'app1234567890' } } });
    expect(pasted.status).toBe(400);
    expect(pasted.body.error.details).toEqual([{ path: 'config.token', message: NOTION_CONNECT_TEXT.tokenShape }]);
    const unknown = await h.call('member', createService, { body: { serviceType: 'myspace', config: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0]?.message).toBe(copy.integrations.unknownServiceType('myspace'));
    const notYet = await h.call('member', createService, { body: { serviceType: 'hubspot', config: {} } });
    expect(notYet.status).toBe(400);
    expect(notYet.body.error.message).toBe(copy.integrations.notConnectableYet('HubSpot'));
    expect(h.airtable.requests).toHaveLength(0);
    expect(h.notion.requests).toHaveLength(0);
  });

  it('stores nothing when the provider refuses the token, and says what it answered', async () => {
    const { status, body } = await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: 'patNotAValidToken.123' } } });
    expect(status).toBe(422);
    expect(body.error.message).toBe(copy.integrations.credentialsRejected('Airtable', 'Authentication required'));
    const notion = await h.call('member', createService, { body: { serviceType: 'notion', config: { token: 'ntn_revoked' } } });
    expect(notion.status).toBe(422);
    expect(notion.body.error.message).toBe(copy.integrations.credentialsRejected('Notion', 'API token is invalid.'));
    expect((await h.call('member', listServices)).body.services).toEqual([]);
  });

  it('answers 503 when the provider limits requests or cannot be reached, and stores nothing', async () => {
    h.airtable.rateLimitNext(1, 30);
    const limited = await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } });
    expect(limited.status).toBe(503);
    expect(limited.body.error.message).toBe(copy.integrations.providerRateLimited('Airtable'));
    h.notion.rateLimitNext(1, 2);
    const notionLimited = await h.call('member', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } });
    expect(notionLimited.status).toBe(503);
    expect(notionLimited.body.error.message).toBe(copy.integrations.providerRateLimited('Notion'));
    await h.airtable.close();
    const down = await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } });
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe(copy.integrations.providerUnreachable('Airtable'));
    expect((await h.call('member', listServices)).body.services).toEqual([]);
  });

  it('keeps the token unreadable in the database: no column holds it, and it opens only with the service\'s key', async () => {
    await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } });
    await h.call('member', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } });
    const stored = await storedText();
    expect(stored).not.toContain(AIRTABLE_TOKEN);
    expect(stored).not.toContain(AIRTABLE_TOKEN.slice(3, 20));
    expect(stored).not.toContain(NOTION_TOKEN);
    expect(stored).not.toContain(NOTION_TOKEN.slice(4, 20));
  });
});

describe('an organization\'s connections', () => {
  it('are listed to its members (by type too), and to no other organization', async () => {
    const airtable = (await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body.service;
    const notion = (await h.call('admin', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } })).body.service;
    const all = await h.call('colleague', listServices);
    expect(all.body.services.map((service: { id: string }) => service.id)).toEqual([notion.id, airtable.id]);
    expect((await h.call('colleague', listServices, { query: { type: 'airtable' } })).body.services.map((s: { id: string }) => s.id)).toEqual([airtable.id]);
    expect((await h.call('colleague', getService, { params: { serviceId: airtable.id } })).body.service.id).toBe(airtable.id);

    expect((await h.call('outsider', listServices)).body.services).toEqual([]);
    const foreign = await h.call('outsider', getService, { params: { serviceId: airtable.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(copy.integrations.serviceNotFound);
    expect((await h.call('outsider', deleteService, { params: { serviceId: airtable.id } })).status).toBe(404);
    expect((await h.call('outsider', checkService, { params: { serviceId: airtable.id } })).status).toBe(404);
  });

  it('are changed or disconnected only by the member who connected them or an admin', async () => {
    const { service } = (await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body;
    const params = { serviceId: service.id };
    const refused = await h.call('colleague', updateService, { params, body: { serviceName: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(copy.integrations.notYours);
    expect((await h.call('colleague', deleteService, { params })).status).toBe(403);

    expect((await h.call('member', updateService, { params, body: { serviceName: 'Sales' } })).body.service.name).toBe('Sales');
    expect((await h.call('admin', updateService, { params, body: { serviceName: 'Sales base' } })).body.service.name).toBe('Sales base');
    expect((await h.call('admin', deleteService, { params })).body).toEqual({ success: true });
    expect((await h.call('member', getService, { params })).status).toBe(404);
    expect(await storedText()).toBe('[]');
  });

  it('cannot share a name within a service type', async () => {
    await h.call('member', createService, { body: { serviceType: 'airtable', serviceName: 'Sales', config: { apiKey: AIRTABLE_TOKEN } } });
    const taken = await h.call('member', createService, { body: { serviceType: 'airtable', serviceName: 'sales', config: { apiKey: AIRTABLE_TOKEN } } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(copy.integrations.nameTaken);
    // Another type may use it.
    expect((await h.call('member', createService, { body: { serviceType: 'notion', serviceName: 'Sales', config: { token: NOTION_TOKEN } } })).status).toBe(201);
  });
});

describe('a revoked token', () => {
  it('shows up as a broken connection on a check, and saving a new token reconnects it', async () => {
    const { service } = (await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body;
    const params = { serviceId: service.id };
    expect((await h.call('colleague', checkService, { params })).body.service.status).toBe('connected');

    h.airtable.revoke(AIRTABLE_TOKEN);
    const broken = (await h.call('colleague', checkService, { params })).body.service;
    expect(broken).toMatchObject({ status: 'broken', statusDetail: copy.integrations.credentialsRejected('Airtable', 'Authentication required') });
    expect((await h.call('member', getService, { params })).body.service.status).toBe('broken');

    // A wrong new token leaves it as it was; a valid one reconnects it.
    const wrong = await h.call('member', updateService, { params, body: { config: { apiKey: 'patStillWrong.1' } } });
    expect(wrong.status).toBe(422);
    expect((await h.call('member', getService, { params })).body.service.status).toBe('broken');
    const fresh = 'patFreshToken1234.abcdef';
    h.airtable.addToken(fresh, { id: 'usrAda', scopes: ['data.records:read'] });
    const reconnected = (await h.call('member', updateService, { params, body: { config: { apiKey: fresh } } })).body.service;
    expect(reconnected).toMatchObject({ status: 'connected', statusDetail: null, sessionState: { scopes: ['data.records:read'] } });
    expect(h.airtable.requests.at(-1)?.token).toBe(fresh);
  });

  it('a rename keeps the stored token without asking for it again', async () => {
    const { service } = (await h.call('member', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } })).body;
    const calls = h.notion.requests.length;
    const renamed = await h.call('member', updateService, { params: { serviceId: service.id }, body: { serviceName: 'Wiki', config: { token: '' } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.service).toMatchObject({ name: 'Wiki', secretsSet: ['token'], status: 'connected' });
    // The empty secret kept the stored one, which the provider checked again.
    expect(h.notion.requests.slice(calls).map((request) => request.token)).toEqual([NOTION_TOKEN]);
  });
});
