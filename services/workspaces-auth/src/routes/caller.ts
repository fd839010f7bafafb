/**
 * Who is calling, for the routes of workspaces-auth: either a bearer JWT (`request.auth`, what the gateway
 * forwards) or the `formloom_session` cookie itself (a browser talking to the service directly, tests).
 * The bearer wins when both are present. The user is always read fresh from the database, so `isAdmin` and
 * memberships are current even when the token is a few minutes old.
 *
 * Also the session cookie's attributes: HttpOnly, SameSite=Lax, Path=/, Secure when the request came over
 * TLS (`request.protocol`, which honours `X-Forwarded-Proto` since the kit turns `trustProxy` on), expiring
 * with the session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import type { DbOrTx } from '@formloom/kit/db';
import { unauthorized } from '@formloom/kit/errors';
import { findUser, type UserRecord } from '../domain/accounts';
import { findSessionUserId, type NewSession } from '../domain/sessions';

/** The raw session token of the request's cookie, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * The caller's user id: from the bearer JWT's `sub`, else from a live session cookie.
 * @throws 401 `copy.auth.signInRequired` when neither identifies a user.
 */
export async function callerUserId(request: FastifyRequest, db: DbOrTx): Promise<number> {
  if (request.auth) return Number(request.auth.sub);
  const token = sessionTokenOf(request);
  const userId = token ? await findSessionUserId(db, token) : null;
  if (userId === null) throw unauthorized();
  return userId;
}

/** The calling user, read from the database. @throws 401 when anonymous or the user no longer exists. */
export async function requireCaller(request: FastifyRequest, db: DbOrTx): Promise<UserRecord> {
  const user = await findUser(db, await callerUserId(request, db));
  if (!user) throw unauthorized();
  return user;
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' };
}

/** Sets the session cookie for `session` (expires with the session). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(request),
    expires: session.expiresAt,
    maxAge,
  });
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
