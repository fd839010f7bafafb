/**
 * Test harness: the REAL integrations service on in-memory PGlite, and the fake providers it calls over HTTP
 * (`src/testing/fake-*.ts`: local servers that speak Airtable's and Notion's documented APIs). Nothing of ours is
 * mocked.
 */
import { InProcessBus } from '@formloom/kit/bus/in-process';
import { createTestIssuer, endpointRequest, type EndpointCall, type TestIssuer } from '@formloom/kit/testing';
import type { Endpoint, ResponseOf } from '@formloom/contracts/api/endpoint';
import { startServiceOAuth } from '@formloom/contracts/api/integrations/oauth';
import { buildApp } from '../src/app';
import { startFakeAirtable, type FakeAirtable } from '../src/testing/fake-airtable';
import { notionBot, startFakeNotion, type FakeNotion } from '../src/testing/fake-notion';

/** Test users: organization 1 (a member, another member, an admin) and organization 2. */
export const users = {
  member: { id: 1, organizationId: 1, email: 'ada@example.com', workspaces: { 1: 'write' as const } },
  colleague: { id: 2, organizationId: 1, workspaces: { 1: 'read' as const } },
  admin: { id: 3, organizationId: 1, isAdmin: true, workspaces: { 1: 'write' as const } },
  outsider: { id: 4, organizationId: 2, isAdmin: true, workspaces: { 2: 'write' as const } },
};
/** A user key of {@link users}. */
export type UserKey = keyof typeof users;

/** A valid Airtable token of the fake, and a valid Notion secret. */
export const AIRTABLE_TOKEN = 'patAbCdEfGhIjKlMn.0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
export const NOTION_TOKEN = 'ntn_4151234567890abcdefghijklmnopqrstuvwxyz0123';

/** An answer: the success body, or (by its status) the one error format's `error`. */
export interface Answer<E extends Endpoint> {
  status: number;
  body: ResponseOf<E> & { error: { code: string; message: string; details: { path: string; message: string }[] } };
}

/** The service, the fakes, and a call helper. */
export interface Harness {
  service: Awaited<ReturnType<typeof buildApp>>;
  airtable: FakeAirtable;
  notion: FakeNotion;
  issuer: TestIssuer;
  /** Calls `endpoint` as `user`; answers the status and the parsed body. */
  call<E extends Endpoint>(user: UserKey, endpoint: E, call?: EndpointCall<E>): Promise<Answer<E>>;
  close(): Promise<void>;
}

/**
 * Starts the fakes (with one valid token each) and the service pointed at them; `env` adds to its environment (its
 * `PROVIDER_API_URLS` adds to the fakes').
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const [airtable, notion, issuer] = await Promise.all([startFakeAirtable(), startFakeNotion(), createTestIssuer()]);
  airtable.addToken(AIRTABLE_TOKEN, { id: 'usrAda', email: 'ada@example.com', scopes: ['data.records:read', 'data.records:write', 'schema.bases:read'] });
  notion.addToken(NOTION_TOKEN, notionBot('Formloom forms', 'Acme HQ', { name: 'Ada Lovelace', email: 'ada@example.com' }));
  const service = await buildApp({
    env: {
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      PROVIDER_TIMEOUT_MS: '10000',
      ...env,
      // The harness's fakes, and any the test adds (a fake Slack …).
      PROVIDER_API_URLS: [`airtable=${airtable.url}`, `notion=${notion.url}`, ...(env.PROVIDER_API_URLS ? [env.PROVIDER_API_URLS] : [])].join(','),
    },
    jwks: issuer.jwks,
    bus: new InProcessBus(),
    logger: false,
  });
  await service.start();
  return {
    service,
    airtable,
    notion,
    issuer,
    async call(user, endpoint, call = {}) {
      const request = endpointRequest(endpoint, call);
      const response = await service.app.inject({ ...request, headers: { ...(request.headers as Record<string, string>), ...(await issuer.headers(users[user])) } });
      return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
    },
    async close() {
      await service.close();
      await Promise.all([airtable.close(), notion.close()]);
    },
  };
}

/**
 * What a browser does after 'Connect with {service}' (an OAuth service the harness's provider fake approves at once):
 * goes to the authorization URL, follows the provider's redirect to the callback, and lands where the callback sends
 * it. Answers that final URL (on `PUBLIC_URL`).
 */
export async function connectInBrowser(
  h: Harness,
  body: { returnTo: string; serviceName?: string; serviceId?: string },
  user: UserKey = 'member',
  serviceType: 'slack' = 'slack',
): Promise<URL> {
  const started = await h.call(user, startServiceOAuth, { params: { serviceType }, body });
  if (started.status !== 200) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.body)}`);
  const atProvider = await fetch(started.body.authorizationUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  const answer = await h.service.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  if (answer.statusCode !== 303) throw new Error(`the callback answered ${answer.statusCode}`);
  return new URL(answer.headers.location as string);
}
