/**
 * Who is calling, for the routes of workspaces-auth: either a bearer JWT (what the gateway forwards; signed by
 * this service's own keys, or by another issuer the kit trusts) or the `formloom_session` cookie itself (a
 * browser talking to the service directly, tests). {@link authenticateCaller} turns either into verified claims
 * on `request.auth` (the bearer wins when both are present), so the kit's router enforces `session` endpoints
 * the same way as in every service. Handlers read the user fresh from the database ({@link requireCaller}), so
 * `isAdmin` and memberships are current even when a token is a few minutes old.
 *
 * Also the session cookie's attributes: HttpOnly, SameSite=Lax, Path=/, Secure when the request came over TLS
 * (`request.protocol`), expiring with the session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE, type AuthClaims } from '@formloom/contracts/auth';
import type { DbOrTx } from '@formloom/kit/db';
import { notSignedIn } from '@formloom/kit/errors';
import { claimsOf, findUser, identityOf, type UserRecord } from '../domain/accounts';
import { findSession, type NewSession } from '../domain/sessions';
import type { SigningKeys } from '../domain/signing-keys';

/** The raw session token of the request's cookie, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Fills `request.auth` when the kit's verifier did not: from a bearer token signed by this service's keys, else
 * from a live session cookie (the claims an exchange would sign). Leaves it null for anyone else.
 */
export async function authenticateCaller(request: FastifyRequest, db: DbOrTx, keys: SigningKeys): Promise<void> {
  if (request.auth) return;
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    request.auth = await keys.verify(header.slice('Bearer '.length).trim());
    return;
  }
  const token = sessionTokenOf(request);
  const session = token ? await findSession(db, token) : null;
  const identity = session === null ? null : await identityOf(db, session.userId, session.organizationId);
  if (identity) request.auth = claimsOf(identity);
}

/**
 * The calling user as a member of the organization their token names (`auth.org`), read from the database.
 * @throws 401 when the user no longer exists or is no longer a member of that organization.
 */
export async function requireCaller(auth: AuthClaims, db: DbOrTx): Promise<UserRecord> {
  const user = await findUser(db, Number(auth.sub), auth.org);
  if (!user) throw notSignedIn();
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
