/**
 * Session cookie → access token (ARCHITECTURE §4 "Auth"): the gateway swaps the opaque `formloom_session`
 * cookie for a short-lived JWT by calling workspaces-auth's `POST /internal/sessions/exchange`
 * `{sessionToken}` (header `x-internal-token`) → `200 {accessToken, expiresIn}` or `401`.
 *
 * Results are cached per session for `min(10 s, expiresIn − 30 s)` in an LRU-bounded map keyed by the
 * SHA-256 of the session token (the raw token is never kept). A refused session is cached for the same
 * 10 s as "anonymous" so a stale cookie does not cost one exchange per request. Concurrent lookups of one
 * session share one exchange. {@link SessionTokens.invalidate} drops a session (after a change to
 * workspaces-auth such as a workspace or membership change, or a logout) and makes sure an exchange that
 * was already running when it was called does not put the old claims back.
 */
import { exchangeSession } from '@formloom/contracts/api/workspaces-auth/internal';
import { pathOf, type Endpoint } from '@formloom/contracts/api/endpoint';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { unavailable } from '@formloom/kit/errors';
import { injectTraceHeaders } from '@formloom/kit/telemetry';

/** Upper bound of how long an exchanged token is reused (ms): claims change at most this late. */
export const SESSION_CACHE_MAX_TTL_MS = 10_000;
/** A token is reused only while it still has more than this left (ms) when the cache entry expires. */
export const SESSION_CACHE_EXPIRY_MARGIN_MS = 30_000;
/** Most sessions kept in the cache; the least recently used is evicted first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** How long the gateway waits for workspaces-auth's exchange answer (ms) before answering 503. */
export const SESSION_EXCHANGE_TIMEOUT_MS = 5_000;

/** workspaces-auth's answer to a successful exchange. */
const ExchangeResponse = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the access token expires. */
  expiresIn: z.number().positive(),
});

/** Options of {@link SessionTokens}. */
export interface SessionTokensOptions {
  /** workspaces-auth's base URL, e.g. `http://127.0.0.1:4001`. */
  authUrl: string;
  /** The shared service token sent as `x-internal-token`. */
  internalToken: string;
  /** Most cached sessions (default {@link SESSION_CACHE_MAX_ENTRIES}). */
  maxEntries?: number;
  /** Longest reuse of one access token in ms (default {@link SESSION_CACHE_MAX_TTL_MS}). */
  maxTtlMs?: number;
  /** Exchange timeout in ms (default {@link SESSION_EXCHANGE_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
  /**
   * What is exchanged (default: a session cookie's value, `POST /internal/sessions/exchange {sessionToken}`): the
   * workspaces-auth endpoint and the body for a credential. API keys use `exchangeApiKey` and `{apiKey}`
   * (`contracts/src/api/workspaces-auth/api-keys.ts`).
   */
  exchange?: { endpoint: Endpoint; body: (credential: string) => Record<string, string> };
}

interface Entry {
  /** The access token, or `null` for a session workspaces-auth refused. */
  accessToken: string | null;
  /** Clock time (ms) after which the entry is stale. */
  expiresAt: number;
}

/** The session (or API key) → access token exchange with its cache. */
export class SessionTokens {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<string | null>>();
  /** Session key → invalidation sequence number of its latest invalidation (bounded like `entries`). */
  private readonly invalidatedAt = new Map<string, number>();
  private sequence = 0;
  private readonly maxEntries: number;
  private readonly maxTtlMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly exchangeUrl: string;
  private readonly bodyOf: (credential: string) => Record<string, string>;

  constructor(private readonly options: SessionTokensOptions) {
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.maxTtlMs = options.maxTtlMs ?? SESSION_CACHE_MAX_TTL_MS;
    this.timeoutMs = options.timeoutMs ?? SESSION_EXCHANGE_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.exchangeUrl = new URL(pathOf(options.exchange?.endpoint ?? exchangeSession), options.authUrl).toString();
    this.bodyOf = options.exchange?.body ?? ((sessionToken) => ({ sessionToken }));
  }

  /**
   * The access token for a session cookie value, or `null` when workspaces-auth refuses the session
   * (unknown, expired or revoked: the request then goes on anonymously).
   * @param requestId passed to workspaces-auth as `x-request-id`.
   * @throws DomainError `unavailable` (503) when workspaces-auth cannot be reached or answers 5xx.
   */
  async accessTokenFor(sessionToken: string, requestId: string): Promise<string | null> {
    const key = keyOf(sessionToken);
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.accessToken;
    }
    if (cached) this.entries.delete(key);
    const running = this.inFlight.get(key);
    if (running) return running;
    const startedAt = this.sequence;
    const exchange = this.exchange(sessionToken, requestId)
      .then((result) => {
        if ((this.invalidatedAt.get(key) ?? -1) <= startedAt && result.ttlMs > 0) {
          this.remember(key, { accessToken: result.accessToken, expiresAt: this.now() + result.ttlMs });
        }
        return result.accessToken;
      })
      .finally(() => {
        if (this.inFlight.get(key) === exchange) this.inFlight.delete(key);
      });
    this.inFlight.set(key, exchange);
    return exchange;
  }

  /**
   * Forgets a session: the next request exchanges it again and so sees fresh claims. Exchanges already
   * running for it will not be cached.
   */
  invalidate(sessionToken: string): void {
    const key = keyOf(sessionToken);
    this.entries.delete(key);
    this.inFlight.delete(key);
    this.sequence += 1;
    this.invalidatedAt.delete(key);
    this.invalidatedAt.set(key, this.sequence);
    if (this.invalidatedAt.size > this.maxEntries) {
      const oldest = this.invalidatedAt.keys().next().value;
      if (oldest !== undefined) this.invalidatedAt.delete(oldest);
    }
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private async exchange(
    sessionToken: string,
    requestId: string,
  ): Promise<{ accessToken: string | null; ttlMs: number }> {
    let response: Response;
    try {
      response = await fetch(this.exchangeUrl, {
        method: 'POST',
        headers: injectTraceHeaders({
          'content-type': 'application/json',
          [INTERNAL_TOKEN_HEADER]: this.options.internalToken,
          'x-request-id': requestId,
        }),
        body: JSON.stringify(this.bodyOf(sessionToken)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw unavailable();
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { accessToken: null, ttlMs: this.maxTtlMs };
    }
    const parsed = ExchangeResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    const ttlMs = Math.min(this.maxTtlMs, parsed.data.expiresIn * 1000 - SESSION_CACHE_EXPIRY_MARGIN_MS);
    return { accessToken: parsed.data.accessToken, ttlMs };
  }
}

/** The cache key of a session token: its SHA-256, hex. */
function keyOf(sessionToken: string): string {
  return createHash('sha256').update(sessionToken).digest('hex');
}
