/**
 * Limits on login and sign-up (docs/product-rules.md §4; OWASP Authentication Cheat Sheet, "Protect against automated
 * attacks"), counted by the kit's shared rate limiter (`@formloom/kit/rate-limit`): in Redis across every
 * replica when the service is configured for it, in process memory otherwise. Numbers in contracts `limits`.
 *
 * Login — checked before the password, every attempt counts:
 * 1. per (account, client address) pair: {@link LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS} per
 *    {@link LOGIN_RATE_WINDOW_MS} (`copy.auth.tooManyAttempts`). Someone guessing from another address never
 *    uses up the owner's attempts;
 * 2. per client address over all accounts: {@link LOGIN_RATE_MAX_PER_ADDRESS} per {@link LOGIN_RATE_WINDOW_MS}
 *    (one address trying one password on many accounts);
 * 3. per account, slower: {@link LOGIN_RATE_MAX_PER_ACCOUNT} per {@link LOGIN_RATE_ACCOUNT_WINDOW_MS}
 *    (`copy.auth.tooManyAttemptsLater`) — guessing spread over many addresses. It counts and refuses only
 *    attempts from addresses that are not known to the account: an address becomes known when it signs in
 *    successfully, for {@link LOGIN_KNOWN_ADDRESS_TTL_MS}. So an attacker who exhausts this limit from many
 *    addresses does not lock the owner out of the addresses they usually sign in from.
 * A successful login starts its pair's count over. Unknown accounts take exactly the same path (the email
 * is the account key whether or not a user has it), so the answers do not tell whether an account exists.
 *
 * Sign-up: {@link SIGNUP_RATE_MAX_PER_ADDRESS} per client address per {@link SIGNUP_RATE_WINDOW_MS}
 * (`copy.auth.tooManyAttemptsLater`), checked before anything else — so the 409 `copy.auth.emailTaken`,
 * which tells whether an email is registered, can be asked only that often.
 *
 * A refused request answers 429 `rate_limited` with `Retry-After` (seconds) and checks nothing else. The
 * client address is `request.ip` (the kit turns `trustProxy` on; the gateway passes the browser's address).
 * Counters are keyed by hashes of the normalized email and the address (the kit hashes every key).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import { LoginBody } from '@formloom/contracts/api/workspaces-auth/auth';
import {
  LOGIN_KNOWN_ADDRESS_TTL_MS,
  LOGIN_RATE_ACCOUNT_WINDOW_MS,
  LOGIN_RATE_MAX_PER_ACCOUNT,
  LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_RATE_MAX_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  SIGNUP_RATE_MAX_PER_ADDRESS,
  SIGNUP_RATE_WINDOW_MS,
} from '@formloom/contracts/limits';
import type { RateLimiter } from '@formloom/kit/rate-limit';

/** The limits of the `/auth` routes; each throws 429 `rate_limited` (with `Retry-After`) when exceeded. */
export interface LoginRateLimit {
  /**
   * Runs one login `attempt` (the password check: resolves the signed-in result, or `null` for a wrong pair)
   * within the login limits of the request's email (`request.body.email`) and `request.ip`; resolves what
   * `attempt` resolved. @throws DomainError `limit_reached` (429) before `attempt` runs when a limit is used up.
   */
  login<T>(request: FastifyRequest, reply: FastifyReply, attempt: () => Promise<T | null>): Promise<T | null>;
  /** Counts one sign-up of `request.ip`. @throws DomainError `limit_reached` (429) when the address used up its sign-ups. */
  signup(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The normalized email of a login body ('' when there is none; the schema has already refused those). */
function emailOf(body: unknown): string {
  const parsed = LoginBody.safeParse(body);
  return parsed.success ? parsed.data.email : '';
}

/**
 * Declares the limits on the service's rate limiter (the kit's `ctx.rateLimits`: store from `RATE_LIMIT_STORE`,
 * closed with the service) and returns them for the `/auth` routes.
 */
export function createLoginRateLimit(limiter: RateLimiter): LoginRateLimit {
  const perPair = limiter.limit({
    name: 'login-account-address',
    points: LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS,
    durationMs: LOGIN_RATE_WINDOW_MS,
    message: copy.auth.tooManyAttempts,
  });
  const perAddress = limiter.limit({
    name: 'login-address',
    points: LOGIN_RATE_MAX_PER_ADDRESS,
    durationMs: LOGIN_RATE_WINDOW_MS,
    message: copy.auth.tooManyAttempts,
  });
  const perAccount = limiter.limit({
    name: 'login-account',
    points: LOGIN_RATE_MAX_PER_ACCOUNT,
    durationMs: LOGIN_RATE_ACCOUNT_WINDOW_MS,
    message: copy.auth.tooManyAttemptsLater,
  });
  // Not a limit: one hit marks the pair as known for the window (peek > 0 = known).
  const knownAddresses = limiter.limit({ name: 'login-known-address', points: 1, durationMs: LOGIN_KNOWN_ADDRESS_TTL_MS });
  const signups = limiter.limit({
    name: 'signup-address',
    points: SIGNUP_RATE_MAX_PER_ADDRESS,
    durationMs: SIGNUP_RATE_WINDOW_MS,
    message: copy.auth.tooManyAttemptsLater,
  });

  return {
    async login(request, reply, attempt) {
      const email = emailOf(request.body);
      const address = request.ip;
      const pair = `${email}\n${address}`;
      const known = (await knownAddresses.peek(pair)) > 0;
      await perPair.enforce(reply, pair);
      await perAddress.enforce(reply, address);
      if (!known) await perAccount.enforce(reply, email);
      const result = await attempt();
      if (result !== null) {
        if (!known) await knownAddresses.hit(pair);
        await perPair.reset(pair);
      }
      return result;
    },
    async signup(request, reply) {
      await signups.enforce(reply, request.ip);
    },
  };
}
