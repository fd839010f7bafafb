/**
 * A connector: the code that talks to one provider's API for the integrations service (one module per service type,
 * listed in `connectors/registry.ts`). Connectors throw {@link ProviderError} for every failure the user or the
 * operator should hear about, never with a credential in its message.
 */
import type { ServiceSessionState } from '@formloom/contracts/api/integrations/services';
import type { ServiceType } from '@formloom/contracts/integrations/service-types';

/** Where and how long a connector calls its provider. */
export interface ConnectorContext {
  /** The provider's API base URL (its default, or the operator's `PROVIDER_API_URLS` entry); no trailing slash. */
  baseUrl: string;
  /** Time allowed for one call (ms). */
  timeoutMs: number;
}

/**
 * What went wrong at the provider:
 * - `rejected`: it refused the credentials (401, 403: revoked, expired, missing scope) — the user must reconnect;
 * - `invalid`: it refused the request itself (a channel that does not exist, a message too long) — the step's
 *   settings must change;
 * - `rateLimited`: it asks us to slow down (429), `retryAfterMs` when it said how long;
 * - `unreachable`: no answer in time, a network error, or a 5xx — try again later.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  /**
   * @param kind see the class doc
   * @param detail what the provider said, safe to show (no credential)
   * @param options `status`: the provider's HTTP status; `retryAfterMs` for `rateLimited`
   */
  constructor(
    readonly kind: 'rejected' | 'invalid' | 'rateLimited' | 'unreachable',
    readonly detail: string,
    readonly options: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** The operator's OAuth app at a provider (`OAUTH_CLIENTS`). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Tokens an OAuth provider issued: `expiresAt` in ms since the epoch (absent: does not expire). */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
}

/** How a provider's OAuth 2.0 authorization code flow goes (RFC 6749 §4.1, with the provider's own deviations). */
export interface OAuthFlow {
  /** The URL the browser goes to, to sign in and allow access. */
  authorizationUrl(context: ConnectorContext, request: { client: OAuthClient; redirectUri: string; state: string; scopes: readonly string[] }): string;
  /**
   * Exchanges the callback's `code` for tokens, with what the provider says of the account.
   * @throws ProviderError (`rejected`: the code or the client was refused)
   */
  exchange(context: ConnectorContext, request: { client: OAuthClient; code: string; redirectUri: string }): Promise<{ tokens: TokenSet; sessionState: ServiceSessionState }>;
  /**
   * New tokens for a refresh token (RFC 6749 §6).
   * @throws ProviderError (`rejected`: the refresh token is no longer valid — the user must reconnect)
   */
  refresh(context: ConnectorContext, request: { client: OAuthClient; refreshToken: string }): Promise<TokenSet>;
}

/** One provider's connector. */
export interface Connector {
  type: ServiceType;
  /** The provider's documented API base URL. */
  defaultBaseUrl: string;
  /**
   * Checks `config`'s credentials with one cheap call and says who the account is. For an OAuth connection `config`
   * holds `accessToken`.
   * @throws ProviderError
   */
  check(config: Readonly<Record<string, string>>, context: ConnectorContext): Promise<{ sessionState: ServiceSessionState }>;
  /** The provider's OAuth flow, for a type connected by OAuth. */
  oauth?: OAuthFlow;
  /**
   * The actions other services run with an account of this type (`api/integrations/internal.ts`), by name; each
   * takes the usable config and the action's parsed input, and answers its output.
   * @throws ProviderError
   */
  actions?: Readonly<Record<string, (config: Readonly<Record<string, string>>, context: ConnectorContext, input: never) => Promise<Record<string, unknown>>>>;
}

/** A `Retry-After` header (RFC 9110 §10.2.3: seconds or an HTTP date) in ms from now; `undefined` when absent or bad. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
