/**
 * Notion's connector, through Notion's official SDK (@notionhq/client; API https://developers.notion.com/reference):
 * an internal integration's secret as `auth`. The account check is `users.me` (`GET /v1/users/me`: the integration's
 * bot user, its workspace's name, and its owner — a person with an email for a user-owned integration). The SDK's
 * own retries are off: a connect form answers at once, and the delivery worker retries with its own backoff.
 */
import { APIErrorCode, APIResponseError, Client, ClientErrorCode, isNotionClientError } from '@notionhq/client';
import { ProviderError, retryAfterMs, type Connector, type ConnectorContext } from './types';

/** A Notion client for `token` at `context` (no retries, no logging: the SDK would log request details). */
export function notionClient(token: string, context: ConnectorContext): Client {
  return new Client({ auth: token, baseUrl: context.baseUrl, timeoutMs: context.timeoutMs, retry: false, logger: () => undefined });
}

/** The SDK's error as a {@link ProviderError}; other errors as they are. */
export function notionError(error: unknown): unknown {
  if (!isNotionClientError(error)) return error;
  if (error.code === ClientErrorCode.RequestTimeout) return new ProviderError('unreachable', 'no answer in time');
  if (APIResponseError.isAPIResponseError(error)) {
    if (error.code === APIErrorCode.Unauthorized || error.code === APIErrorCode.RestrictedResource) {
      return new ProviderError('rejected', error.message, { status: error.status });
    }
    if (error.code === APIErrorCode.RateLimited) {
      const header = (error.headers as { get?(name: string): string | null }).get?.('retry-after');
      return new ProviderError('rateLimited', error.message, { status: 429, retryAfterMs: retryAfterMs(header) });
    }
    return new ProviderError('unreachable', error.message, { status: error.status });
  }
  return new ProviderError('unreachable', error.message);
}

/** See the module doc. */
export const notionConnector: Connector = {
  type: 'notion',
  defaultBaseUrl: 'https://api.notion.com',
  async check(config, context) {
    let me: Awaited<ReturnType<Client['users']['me']>>;
    try {
      me = await notionClient(config.token ?? '', context).users.me({});
    } catch (error) {
      throw notionError(error);
    }
    if (me.type !== 'bot') return { sessionState: me.name ? { firstName: me.name } : {} };
    const owner = me.bot.owner;
    const person = owner.type === 'user' && 'type' in owner.user && owner.user.type === 'person' ? owner.user : undefined;
    return {
      sessionState: {
        ...(person?.name ? { firstName: person.name } : me.name ? { firstName: me.name } : {}),
        ...(person?.person.email ? { email: person.person.email } : {}),
        ...(me.bot.workspace_name ? { workspaceName: me.bot.workspace_name } : {}),
      },
    };
  },
};
