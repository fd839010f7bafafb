/**
 * `/internal/…` routes (never exposed by the gateway; header `x-internal-token` = config `INTERNAL_TOKEN`,
 * else 401 — also when no token is configured).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_TTL_SECONDS } from '@formloom/contracts/limits';
import {
  CreateOrganizationUserBody,
  OrganizationParams,
  SessionExchangeBody,
  SessionExchangeResponse,
  UserResponse,
} from '@formloom/contracts/http/workspaces-auth';
import { requireInternal } from '@formloom/kit/auth';
import type { Db } from '@formloom/kit/db';
import { unauthorized } from '@formloom/kit/errors';
import { claimsOf, createOrganizationUser, identityOf } from '../domain/accounts';
import { findSessionUserId } from '../domain/sessions';
import type { SigningKeys } from '../domain/signing-keys';

/** What the internal routes need. */
export interface InternalRoutesOptions {
  db: Db;
  keys: SigningKeys;
  internalToken: string | undefined;
}

/** Registers `POST /internal/sessions/exchange` and `POST /internal/organizations/:organizationId/users`. */
export const internalRoutes: FastifyPluginAsyncZod<InternalRoutesOptions> = async (app, options) => {
  const { db, keys, internalToken } = options;
  app.addHook('onRequest', async (request) => requireInternal(request, internalToken));

  /**
   * Swaps a session token (the cookie's value) for an access token: an EdDSA JWT with the user's AuthClaims
   * (`ws` = every workspace membership), valid {@link ACCESS_TOKEN_TTL_SECONDS} s. 401 for an unknown or
   * expired session. The gateway calls this per request (with a short cache).
   */
  app.post(
    '/internal/sessions/exchange',
    { schema: { body: SessionExchangeBody, response: { 200: SessionExchangeResponse } } },
    async (request) => {
      const userId = await findSessionUserId(db, request.body.sessionToken);
      const identity = userId === null ? null : await identityOf(db, userId);
      if (!identity) throw unauthorized();
      const accessToken = await keys.sign(claimsOf(identity), ACCESS_TOKEN_TTL_SECONDS);
      return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
  );

  /**
   * Creates a user inside an existing organization with optional memberships — the stand-in for invitations
   * (no invite flow yet), used by seeds and system tests. 201 `{user}`; 404 unknown organization or a
   * workspace outside it; 409 email taken.
   */
  app.post(
    '/internal/organizations/:organizationId/users',
    { schema: { params: OrganizationParams, body: CreateOrganizationUserBody, response: { 201: UserResponse } } },
    async (request, reply) => {
      const user = await createOrganizationUser(db, request.params.organizationId, request.body);
      return reply.code(201).send({ user });
    },
  );
};
