/**
 * The fake providers of the web tests' product (`global-setup.ts` starts them; `services/integrations/src/testing/`):
 * Airtable and Notion speaking their documented APIs on 127.0.0.1, with one valid token each, and Slack with its OAuth
 * flow ({@link connectSlack}). A test breaks a token through the fake's control route ({@link revokeToken}), as a user
 * revoking it at the provider would.
 */
import { OAUTH_RESULT_PARAMS, startServiceOAuth } from '@formloom/contracts/api/integrations/oauth';
import { FAKE_CONTROL_PREFIX } from '@formloom/integrations/testing/fake-server';
import { callEndpoint } from '../src/lib/api-client';

/** Where each fake listens (set by `global-setup.ts`). */
export const PROVIDERS_ENV = {
  airtable: 'FORMLOOM_WEB_TEST_FAKE_AIRTABLE',
  notion: 'FORMLOOM_WEB_TEST_FAKE_NOTION',
  slack: 'FORMLOOM_WEB_TEST_FAKE_SLACK',
} as const;

/** The fakes' valid tokens. */
export const WEB_TEST_AIRTABLE_TOKEN = 'patWebTest000000.0123456789abcdef0123456789abcdef';
export const WEB_TEST_NOTION_TOKEN = 'ntn_webtest0123456789abcdefghijklmnopqrstuv';

/** Calls a fake's control route `action` with `body` (e.g. `revoke`, `tokens`). */
async function control(provider: keyof typeof PROVIDERS_ENV, action: string, body: unknown): Promise<void> {
  const url = process.env[PROVIDERS_ENV[provider]];
  if (!url) throw new Error(`${PROVIDERS_ENV[provider]} is not set: run the web tests through jest (global-setup.ts)`);
  const response = await fetch(`${url}${FAKE_CONTROL_PREFIX}${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 204) throw new Error(`fake ${provider}: ${action} answered ${response.status}`);
}

/** Makes `token` valid at the fake Airtable, for an account with `email`. */
export function addAirtableToken(token: string, email: string): Promise<void> {
  return control('airtable', 'tokens', { token, account: { id: `usr${token.slice(3, 9)}`, email, scopes: ['data.records:read', 'data.records:write', 'schema.bases:read'] } });
}

/** Revokes `token` at the fake `provider`: its next calls answer 401. */
export function revokeToken(provider: keyof typeof PROVIDERS_ENV, token: string): Promise<void> {
  return control(provider, 'revoke', { token });
}

/**
 * Connects a Slack account for the signed-in user as a browser would: the start call, the fake Slack's approval, and
 * the product's callback (asked on the test product's own address: its public one is not reachable). Resolves the new
 * connection's id.
 */
export async function connectSlack(serviceName?: string): Promise<string> {
  const { authorizationUrl } = await callEndpoint(startServiceOAuth, { params: { serviceType: 'slack' }, body: { returnTo: '/home/integrations', ...(serviceName ? { serviceName } : {}) } });
  const callback = new URL((await fetch(authorizationUrl, { redirect: 'manual' })).headers.get('location') ?? '');
  const answer = await fetch(`${process.env.FORMLOOM_WEB_TEST_API_URL}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  const serviceId = new URL(answer.headers.get('location') ?? '', 'http://x').searchParams.get(OAUTH_RESULT_PARAMS.connected);
  if (!serviceId) throw new Error(`the Slack callback answered ${answer.status} ${answer.headers.get('location')}`);
  return serviceId;
}
