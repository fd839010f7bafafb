/**
 * Slack's connector, through Slack's official SDK (@slack/web-api; https://api.slack.com/web): a bot token from the
 * OAuth v2 install flow (https://api.slack.com/authentication/oauth-v2) — authorize at `<base>/oauth/v2/authorize`,
 * exchange and refresh with `oauth.v2.access` (token rotation: access tokens expire, a refresh token renews them).
 * Slack answers errors as `{ok: false, error}`: `invalid_auth`, `token_revoked`, `token_expired`, `account_inactive`,
 * `not_authed`, `invalid_code`, `invalid_refresh_token` mean the user must act; a 429 carries `Retry-After`. The SDK's
 * own retries are off and rate-limited calls are rejected, so the caller's backoff decides.
 */
import { ErrorCode, WebClient, type WebAPICallError } from '@slack/web-api';
import { ProviderError, type Connector, type ConnectorContext, type TokenSet } from './types';

/** Slack's error codes that mean the credentials (or the code) no longer work: the user must reconnect. */
const REJECTED = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'invalid_code',
  'code_already_used',
  'invalid_refresh_token',
  'invalid_client_id',
  'bad_client_secret',
  'bad_redirect_uri',
  'no_permission',
  'missing_scope',
]);

/** Slack's error codes that mean the request itself cannot be done as asked: the step's settings must change. */
const INVALID = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'msg_too_long', 'no_text', 'restricted_action', 'invalid_blocks', 'invalid_arguments']);

/** A Slack client at `context`'s base (`<base>/api/`), with `token` when given. */
export function slackClient(context: ConnectorContext, token?: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: `${context.baseUrl}/api/`,
    timeout: context.timeoutMs,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    // The SDK would log request details; our logger names what failed without them.
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, setLevel: () => undefined, getLevel: () => 'error' as never, setName: () => undefined },
  });
}

/** The SDK's error as a {@link ProviderError}; other errors as they are. */
export function slackError(error: unknown): unknown {
  const coded = error as Partial<WebAPICallError>;
  switch (coded.code) {
    case ErrorCode.PlatformError: {
      const code = (coded as { data: { error: string } }).data.error;
      return new ProviderError(REJECTED.has(code) ? 'rejected' : INVALID.has(code) ? 'invalid' : 'unreachable', code);
    }
    case ErrorCode.RateLimitedError:
      return new ProviderError('rateLimited', 'ratelimited', { status: 429, retryAfterMs: (coded as { retryAfter: number }).retryAfter * 1000 });
    case ErrorCode.HTTPError:
      return new ProviderError('unreachable', `HTTP ${(coded as { statusCode: number }).statusCode}`, { status: (coded as { statusCode: number }).statusCode });
    case ErrorCode.RequestError:
      return new ProviderError('unreachable', 'the connection failed');
    default:
      return error;
  }
}

/** Runs `call`, turning the SDK's errors into {@link ProviderError}s. */
export async function slackCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw slackError(error);
  }
}

/** The tokens of an `oauth.v2.access` answer. @throws ProviderError when it holds no access token */
function tokensOf(answer: { access_token?: string; refresh_token?: string; expires_in?: number }): TokenSet {
  if (!answer.access_token) throw new ProviderError('unreachable', 'no access token in the answer');
  return {
    accessToken: answer.access_token,
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
    ...(answer.expires_in ? { expiresAt: Date.now() + answer.expires_in * 1000 } : {}),
  };
}

/** See the module doc. */
export const slackConnector: Connector = {
  type: 'slack',
  defaultBaseUrl: 'https://slack.com',
  async check(config, context) {
    const answer = await slackCall(() => slackClient(context, config.accessToken).auth.test());
    return { sessionState: { ...(answer.team ? { workspaceName: answer.team } : {}), ...(answer.user ? { firstName: answer.user } : {}) } };
  },
  oauth: {
    authorizationUrl(context, { client, redirectUri, state, scopes }) {
      const url = new URL(`${context.baseUrl}/oauth/v2/authorize`);
      url.searchParams.set('client_id', client.clientId);
      url.searchParams.set('scope', scopes.join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchange(context, { client, code, redirectUri }) {
      const answer = await slackCall(() =>
        slackClient(context).oauth.v2.access({ client_id: client.clientId, client_secret: client.clientSecret, code, redirect_uri: redirectUri }),
      );
      return {
        tokens: tokensOf(answer),
        sessionState: { ...(answer.team?.name ? { workspaceName: answer.team.name } : {}), ...(answer.scope ? { scopes: answer.scope.split(',') } : {}) },
      };
    },
    async refresh(context, { client, refreshToken }) {
      const answer = await slackCall(() =>
        slackClient(context).oauth.v2.access({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken }),
      );
      return tokensOf(answer);
    },
  },
  actions: {
    /** `chat.postMessage` (https://api.slack.com/methods/chat.postMessage): `text` to `channel` as the app's bot. */
    'slack.postMessage': async (config, context, input: { channel: string; text: string }) => {
      const answer = await slackCall(() => slackClient(context, config.accessToken).chat.postMessage({ channel: input.channel, text: input.text }));
      return { channel: answer.channel ?? input.channel, ts: answer.ts ?? '' };
    },
  },
};
