/**
 * `/internal/…` routes of workspaces-auth (never routed by the gateway; the router requires the shared
 * `x-internal-token`) — the endpoints of `@formloom/contracts/api/workspaces-auth/internal`.
 */
import { createOrganizationUser, exchangeSession, setOrganizationFlags } from '@formloom/contracts/api/workspaces-auth/internal';
import { ACCESS_TOKEN_TTL_SECONDS } from '@formloom/contracts/limits';
import { notSignedIn } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as accounts from '../domain/accounts';
import { findSession } from '../domain/sessions';

/** The internal routes. */
export const internalRoutes = defineRoutes<AuthDeps>((router, { db, keys }) => {
  /**
   * Swaps a session token (the cookie's value) for an access token: an EdDSA JWT with the user's AuthClaims
   * in the organization the session works in (`ws` = the user's memberships in its workspaces), valid {@link ACCESS_TOKEN_TTL_SECONDS} s. 401 for an unknown or expired
   * session. The gateway calls this per request (with a short cache).
   */
  router.handle(exchangeSession, async ({ body }) => {
    const session = await findSession(db, body.sessionToken);
    const identity = session === null ? null : await accounts.identityOf(db, session.userId, session.organizationId);
    if (!identity) throw notSignedIn();
    const accessToken = await keys.sign(accounts.claimsOf(identity), ACCESS_TOKEN_TTL_SECONDS);
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  });

  /**
   * Creates a user inside an existing organization with optional memberships — the stand-in for invitations (no
   * invite flow yet), used by seeds and system tests. 404 unknown organization or a workspace outside it; 409
   * email taken.
   */
  router.handle(createOrganizationUser, async ({ params, body }) => ({
    user: await accounts.createOrganizationUser(db, params.organizationId, body),
  }));

  /**
   * Sets an organization's flags (an operator's call: the Conversion Kit add-on, the data region). 404 unknown
   * organization.
   */
  router.handle(setOrganizationFlags, async ({ params, body }) => ({
    organization: await accounts.setOrganizationFlags(db, params.organizationId, body),
  }));
});
