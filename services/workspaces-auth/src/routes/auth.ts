/**
 * `/auth/…`: sign-up, login, logout and the signed-in user (issue 2; spec 000 §3, §6). Sign-up and login set
 * the `formloom_session` cookie; logout clears it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copy } from '@formloom/contracts/copy';
import {
  LoginBody,
  LogoutResponse,
  MeResponse,
  SignupBody,
  UserResponse,
} from '@formloom/contracts/http/workspaces-auth';
import type { Db } from '@formloom/kit/db';
import { unauthorized } from '@formloom/kit/errors';
import { identityOf, logIn, publicUser, signUp } from '../domain/accounts';
import { deleteSession } from '../domain/sessions';
import type { LoginRateLimit } from '../plugins/login-rate-limit';
import { callerUserId, clearSessionCookie, sessionTokenOf, setSessionCookie } from './caller';

/** What the auth routes need. */
export interface AuthRoutesOptions {
  db: Db;
  loginRateLimit: LoginRateLimit;
}

/** Registers `POST /auth/signup`, `POST /auth/login`, `POST /auth/logout` and `GET /auth/me`. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, loginRateLimit }) => {
  /**
   * 201 `{user}` + cookie. 400 with details (e.g. `body.password`: `copy.auth.passwordTooShort(8)`); 409
   * `copy.auth.emailTaken`.
   */
  app.post(
    '/auth/signup',
    { schema: { body: SignupBody, response: { 201: UserResponse } } },
    async (request, reply) => {
      const { user, session } = await signUp(db, request.body);
      setSessionCookie(request, reply, session);
      return reply.code(201).send({ user });
    },
  );

  /** 200 `{user}` + cookie; 401 `copy.auth.invalidCredentials`; 429 `copy.auth.tooManyAttempts`. */
  app.post('/auth/login', { schema: { body: LoginBody, response: { 200: UserResponse } } }, async (request, reply) => {
    await loginRateLimit(request, reply);
    const result = await logIn(db, request.body.email, request.body.password);
    if (!result) throw unauthorized(copy.auth.invalidCredentials);
    setSessionCookie(request, reply, result.session);
    return { user: result.user };
  });

  /** Ends the cookie's session (if any) and clears the cookie. Always 200 `{success: true}`. */
  app.post('/auth/logout', { schema: { response: { 200: LogoutResponse } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(request, reply);
    return { success: true as const };
  });

  /** The caller's user, organizations and workspaces. 401 when not signed in or the session expired. */
  app.get('/auth/me', { schema: { response: { 200: MeResponse } } }, async (request) => {
    const identity = await identityOf(db, await callerUserId(request, db));
    if (!identity) throw unauthorized();
    return {
      user: publicUser(identity.user),
      organizations: [identity.organization],
      workspaces: identity.workspaces,
    };
  });
};
