/**
 * Login attempt limits (issue 2; numbers in contracts `limits`): at most {@link LOGIN_RATE_MAX_PER_IP}
 * attempts per client IP and {@link LOGIN_RATE_MAX_PER_EMAIL} per email address in each fixed window of
 * {@link LOGIN_RATE_WINDOW_MS} ms. Every attempt counts, successful or not; a refused attempt answers 429
 * `rate_limited` (`copy.auth.tooManyAttempts`) with `Retry-After` (seconds) and does not check the password.
 *
 * Counters: @fastify/rate-limit's stores, driven by `createRateLimit` (two independent counters on one
 * request). Today the in-process LRU store, so each replica counts on its own. For Redis (one node or
 * Kubernetes) pass an ioredis client as `redis` to {@link registerLoginRateLimit}: the plugin then uses its
 * Redis store and the counters are shared by every replica; nothing else changes.
 *
 * The IP is `request.ip`, which honours `X-Forwarded-For` because the kit turns `trustProxy` on: behind the
 * gateway that is the browser's address only if the gateway forwards it.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody } from '@formloom/contracts/http/workspaces-auth';
import {
  LOGIN_RATE_MAX_PER_EMAIL,
  LOGIN_RATE_MAX_PER_IP,
  LOGIN_RATE_WINDOW_MS,
} from '@formloom/contracts/limits';
import type { ZodFastify } from '@formloom/kit/http';
import { tooManyRequests } from '@formloom/kit/errors';

/** Counts a login attempt. @throws 429 `copy.auth.tooManyAttempts` when a limit is exceeded. */
export type LoginRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Options of {@link registerLoginRateLimit}. */
export interface LoginRateLimitOptions {
  /** An ioredis client for shared counters; absent → in-process counters. */
  redis?: unknown;
}

/** The normalized email of a login body ('' when there is none; the schema has already refused those). */
function emailOf(body: unknown): string {
  const parsed = LoginBody.safeParse(body);
  return parsed.success ? parsed.data.email : '';
}

/**
 * Registers @fastify/rate-limit on `app` (not globally: only where the returned check is called) and
 * returns the login check. Call it from the login handler once the body is parsed.
 */
export async function registerLoginRateLimit(
  app: ZodFastify,
  options: LoginRateLimitOptions = {},
): Promise<LoginRateLimit> {
  await app.register(rateLimit, { global: false, ...(options.redis ? { redis: options.redis } : {}) });
  const perIp = app.createRateLimit({
    max: LOGIN_RATE_MAX_PER_IP,
    timeWindow: LOGIN_RATE_WINDOW_MS,
    keyGenerator: (request) => `login:ip:${request.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: LOGIN_RATE_MAX_PER_EMAIL,
    timeWindow: LOGIN_RATE_WINDOW_MS,
    keyGenerator: (request) => `login:email:${emailOf(request.body)}`,
  });
  return async (request, reply) => {
    for (const limit of [perIp, perEmail]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw tooManyRequests();
      }
    }
  };
}
