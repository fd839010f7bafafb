/**
 * A fake of Airtable's Web API (https://airtable.com/developers/web/api) on 127.0.0.1 (`fake-server.ts`): personal
 * access tokens as `Authorization: Bearer`, `GET /v0/meta/whoami`, and Airtable's error bodies — 401
 * `{"error": {"type": "AUTHENTICATION_REQUIRED", "message": "Authentication required"}}`, 404 `{"error": "NOT_FOUND"}`,
 * 429 `{"errors": [{"error": "RATE_LIMIT_REACHED", …}]}` (Airtable asks clients to wait 30 seconds).
 */
import { startFakeProvider, type FakeProvider } from './fake-server';

/** The account a token belongs to (`whoami`'s answer). */
export interface FakeAirtableAccount {
  id: string;
  email?: string;
  scopes: string[];
}

/** A running fake Airtable. */
export type FakeAirtable = FakeProvider<FakeAirtableAccount>;

/** Starts a fake Airtable (no valid token until `addToken`). */
export function startFakeAirtable(): Promise<FakeAirtable> {
  return startFakeProvider<FakeAirtableAccount>(
    {
      unauthorized: () => ({ status: 401, body: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } } }),
      rateLimited: (seconds) => ({
        status: 429,
        body: { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] },
        headers: { 'retry-after': String(seconds) },
      }),
      notFound: () => ({ status: 404, body: { error: 'NOT_FOUND' } }),
    },
    (fake) => [
      {
        method: 'GET',
        path: '/v0/meta/whoami',
        handle: (request) => {
          const account = fake.accountOf(request.token)!;
          return { status: 200, body: { id: account.id, scopes: account.scopes, ...(account.email ? { email: account.email } : {}) } };
        },
      },
    ],
  );
}
