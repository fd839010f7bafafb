/**
 * The fake providers of the web tests' product (`global-setup.ts` starts them; `services/integrations/src/testing/`):
 * Airtable and Notion speaking their documented APIs on 127.0.0.1, with one valid token each. A test breaks a token
 * through the fake's control route ({@link revokeToken}), as a user revoking it at the provider would.
 */
import { FAKE_CONTROL_PREFIX } from '@formloom/integrations/testing/fake-server';

/** Where each fake listens (set by `global-setup.ts`). */
export const PROVIDERS_ENV = { airtable: 'FORMLOOM_WEB_TEST_FAKE_AIRTABLE', notion: 'FORMLOOM_WEB_TEST_FAKE_NOTION' } as const;

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
