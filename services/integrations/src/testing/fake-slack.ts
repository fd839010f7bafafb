/**
 * A fake of Slack (https://api.slack.com) on 127.0.0.1 (`fake-server.ts`), both halves a Slack app meets:
 * - the OAuth v2 install flow: `GET /oauth/v2/authorize?client_id&scope&redirect_uri&state` (the browser's stop,
 *   approved at once unless {@link FakeSlack.denyNext} — then `error=access_denied`), and `POST /api/oauth.v2.access`
 *   (form fields `client_id`, `client_secret`, `code`, `redirect_uri`, or `grant_type=refresh_token` with
 *   `refresh_token`), answering Slack's shape with token rotation on: `access_token` (`xoxe.xoxb-…`), `expires_in`,
 *   `refresh_token`, `team`, `scope`, `bot_user_id`;
 * - the Web API with a bearer token: `auth.test`, `conversations.list`, `chat.postMessage` (what was posted is kept in
 *   `posted`). Slack's errors come as HTTP 200 `{ok: false, error}` — `invalid_auth`, `token_revoked`,
 *   `token_expired`, `channel_not_found`, `invalid_code` — and its rate limit as HTTP 429 with `Retry-After`.
 * Answers are typed with the official SDK's response types.
 */
import { randomBytes } from 'node:crypto';
import type { AuthTestResponse, ChatPostMessageResponse, ConversationsListResponse, OauthV2AccessResponse } from '@slack/web-api';
import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from './fake-server';

/** The workspace ("team") a token belongs to, and the bot's user id. */
export interface FakeSlackAccount {
  teamId: string;
  teamName: string;
  botUserId: string;
  /** When the access token stops working (ms since the epoch); absent: never. */
  expiresAt?: number;
}

/** A message `chat.postMessage` accepted. */
export interface FakeSlackMessage {
  channel: string;
  text: string;
  token: string;
  ts: string;
}

/** A running fake Slack. */
export interface FakeSlack extends FakeProvider<FakeSlackAccount> {
  /** The app's OAuth client (what `OAUTH_CLIENTS` gives the integrations service for `slack`). */
  client: { id: string; secret: string };
  /** The next authorization is refused by the user (`error=access_denied`). */
  denyNext(): void;
  /** The app is removed from the workspace: every token it issued, access and refresh, stops working. */
  uninstall(): void;
  /** The access tokens issued, in order (the last is the current one). */
  issued: string[];
  /** Lifetime of the access tokens it issues (s; Slack's rotation: 12 hours). */
  tokenLifetimeSeconds: number;
  /** Every message posted, in order. */
  posted: FakeSlackMessage[];
  /** The channels `conversations.list` answers and `chat.postMessage` accepts. */
  channels: { id: string; name: string }[];
}

/** Slack's `{ok: false, error}` answer. */
function slackError(error: string, status = 200, headers?: Record<string, string>): FakeAnswer {
  return { status, body: { ok: false, error }, headers };
}

/** Starts a fake Slack whose app is `client` (no token is valid until one is issued or added). */
export async function startFakeSlack(client = { id: '1234567890.0987654321', secret: 'fake-slack-client-secret' }): Promise<FakeSlack> {
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Map<string, FakeSlackAccount>();
  let deny = false;
  const team: FakeSlackAccount = { teamId: 'T0FAKE01', teamName: 'Acme HQ', botUserId: 'U0BOT001' };
  const issue = (fake: FakeSlack, account: FakeSlackAccount): OauthV2AccessResponse => {
    const accessToken = `xoxe.xoxb-${randomBytes(12).toString('hex')}`;
    const refreshToken = `xoxe-1-${randomBytes(12).toString('hex')}`;
    const issued = { ...account, expiresAt: Date.now() + fake.tokenLifetimeSeconds * 1000 };
    fake.addToken(accessToken, issued);
    fake.issued.push(accessToken);
    refreshTokens.set(refreshToken, account);
    return {
      ok: true,
      app_id: 'A0FAKEAPP',
      authed_user: { id: 'U0ADA0001' },
      scope: 'chat:write,chat:write.public,channels:read,groups:read',
      token_type: 'bot',
      access_token: accessToken,
      bot_user_id: account.botUserId,
      refresh_token: refreshToken,
      expires_in: fake.tokenLifetimeSeconds,
      team: { id: account.teamId, name: account.teamName },
      is_enterprise_install: false,
    };
  };
  const account = (fake: FakeSlack, request: FakeRequest): FakeSlackAccount | FakeAnswer => {
    const found = fake.accountOf(request.token);
    if (!found) return slackError('invalid_auth');
    if (found.expiresAt !== undefined && found.expiresAt < Date.now()) return slackError('token_expired');
    return found;
  };
  const base = await startFakeProvider<FakeSlackAccount>(
    {
      unauthorized: () => slackError('invalid_auth'),
      rateLimited: (seconds) => slackError('ratelimited', 429, { 'retry-after': String(seconds) }),
      notFound: () => slackError('unknown_method', 404),
    },
    (provider) => {
      const fake = provider as FakeSlack;
      return [
        {
          method: 'GET',
          path: '/oauth/v2/authorize',
          public: true,
          handle: (request) => {
            const redirectUri = request.query.get('redirect_uri') ?? '';
            const state = request.query.get('state') ?? '';
            if (request.query.get('client_id') !== client.id || !redirectUri) return { status: 400, body: { error: 'invalid_client_id' } };
            const target = new URL(redirectUri);
            if (deny) {
              deny = false;
              target.searchParams.set('error', 'access_denied');
            } else {
              const code = randomBytes(16).toString('hex');
              codes.set(code, { redirectUri });
              target.searchParams.set('code', code);
            }
            target.searchParams.set('state', state);
            return { status: 302, headers: { location: target.toString() } };
          },
        },
        {
          method: 'POST',
          path: '/api/oauth.v2.access',
          public: true,
          handle: (request) => {
            const form = (request.body ?? {}) as Record<string, string>;
            if (form.client_id !== client.id || form.client_secret !== client.secret) return slackError('invalid_client_id');
            if (form.grant_type === 'refresh_token') {
              const owner = refreshTokens.get(form.refresh_token ?? '');
              if (!owner) return slackError('invalid_refresh_token');
              refreshTokens.delete(form.refresh_token ?? '');
              return { status: 200, body: issue(fake, owner) };
            }
            const grant = codes.get(form.code ?? '');
            if (!grant) return slackError('invalid_code');
            codes.delete(form.code ?? '');
            if (form.redirect_uri !== grant.redirectUri) return slackError('bad_redirect_uri');
            return { status: 200, body: issue(fake, team) };
          },
        },
        {
          method: 'POST',
          path: '/api/auth.test',
          handle: (request) => {
            const found = account(fake, request);
            if ('status' in found) return found;
            const body: AuthTestResponse = {
              ok: true,
              url: `https://${found.teamName.toLowerCase().replace(/\W+/g, '')}.slack.com/`,
              team: found.teamName,
              user: 'formloom',
              team_id: found.teamId,
              user_id: found.botUserId,
              bot_id: 'B0FAKEBOT',
              is_enterprise_install: false,
            };
            return { status: 200, body };
          },
        },
        {
          method: 'POST',
          path: '/api/conversations.list',
          handle: (request) => {
            const found = account(fake, request);
            if ('status' in found) return found;
            const body: ConversationsListResponse = {
              ok: true,
              channels: fake.channels.map((channel) => ({ id: channel.id, name: channel.name, is_channel: true, is_private: false, is_archived: false })),
              response_metadata: { next_cursor: '' },
            };
            return { status: 200, body };
          },
        },
        {
          method: 'POST',
          path: '/api/chat.postMessage',
          handle: (request) => {
            const found = account(fake, request);
            if ('status' in found) return found;
            const form = (request.body ?? {}) as Record<string, string>;
            const channel = fake.channels.find((candidate) => candidate.id === form.channel || `#${candidate.name}` === form.channel || candidate.name === form.channel);
            if (!channel) return slackError('channel_not_found');
            const ts = `${Math.floor(Date.now() / 1000)}.${String(fake.posted.length + 1).padStart(6, '0')}`;
            fake.posted.push({ channel: channel.id, text: form.text ?? '', token: request.token ?? '', ts });
            const body: ChatPostMessageResponse = { ok: true, channel: channel.id, ts, message: { text: form.text, type: 'message', bot_id: 'B0FAKEBOT', ts } };
            return { status: 200, body };
          },
        },
      ];
    },
  );
  const fake = base as FakeSlack;
  fake.client = client;
  fake.denyNext = () => void (deny = true);
  fake.issued = [];
  fake.uninstall = () => {
    for (const token of fake.issued) fake.revoke(token);
    refreshTokens.clear();
  };
  fake.tokenLifetimeSeconds = 43_200;
  fake.posted = [];
  fake.channels = [
    { id: 'C0GENERAL', name: 'general' },
    { id: 'C0LEADS01', name: 'leads' },
  ];
  return fake;
}
