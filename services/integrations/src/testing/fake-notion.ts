/**
 * A fake of Notion's API (https://developers.notion.com/reference) on 127.0.0.1 (`fake-server.ts`): integration
 * secrets as `Authorization: Bearer`, the required `Notion-Version` header (400 `missing_version` without it),
 * `GET /v1/users/me` (the integration's bot user), and Notion's error objects `{object: 'error', status, code,
 * message}` — 401 `unauthorized`, 404 `object_not_found`, 429 `rate_limited` with `Retry-After`. Its answers are
 * typed with the official SDK's response types, so they keep the SDK's shapes.
 */
import type { UserObjectResponse } from '@notionhq/client';
import { startFakeProvider, type FakeAnswer, type FakeProvider } from './fake-server';

/** The account a secret belongs to: the bot user `users.me` answers. */
export type FakeNotionAccount = UserObjectResponse;

/** A running fake Notion. */
export type FakeNotion = FakeProvider<FakeNotionAccount>;

/** Notion's error object. */
function notionError(status: number, code: string, message: string, headers?: Record<string, string>): FakeAnswer {
  return { status, body: { object: 'error', status, code, message, request_id: '00000000-0000-4000-8000-000000000000' }, headers };
}

/** A bot user as `users.me` answers it, owned by the workspace `workspaceName` (or by `owner`, a person). */
export function notionBot(name: string, workspaceName: string, owner?: { name: string; email: string }): FakeNotionAccount {
  return {
    object: 'user',
    id: '9a3b5ae0-c6e6-482d-b0e1-ed315ee6dc57',
    name,
    avatar_url: null,
    type: 'bot',
    bot: {
      owner: owner
        ? { type: 'user', user: { object: 'user', id: 'b5a8e4b2-2b43-4a5e-9c2b-6f1f0e6a1c11', name: owner.name, avatar_url: null, type: 'person', person: { email: owner.email } } }
        : { type: 'workspace', workspace: true },
      workspace_name: workspaceName,
      workspace_id: '3f2d8e1a-3a4e-4c51-9ad5-8d2a5d0f3e90',
      workspace_limits: { max_file_upload_size_in_bytes: 5_242_880 },
    },
  } satisfies FakeNotionAccount;
}

/** Starts a fake Notion (no valid secret until `addToken`). */
export function startFakeNotion(): Promise<FakeNotion> {
  return startFakeProvider<FakeNotionAccount>(
    {
      unauthorized: () => notionError(401, 'unauthorized', 'API token is invalid.'),
      rateLimited: (seconds) => notionError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', { 'retry-after': String(seconds) }),
      notFound: (request) => notionError(404, 'object_not_found', `Could not find object at ${request.path}.`),
    },
    (fake) => [
      {
        method: 'GET',
        path: '/v1/users/me',
        handle: (request) =>
          request.headers['notion-version'] ? { status: 200, body: fake.accountOf(request.token) } : notionError(400, 'missing_version', 'Notion-Version header failed validation.'),
      },
    ],
  );
}
