/**
 * Request authentication for every service (ARCHITECTURE §4): the gateway passes a short-lived EdDSA JWT
 * signed by workspaces-auth as `Authorization: Bearer`; each service verifies it against the JWKS and then
 * checks workspace access itself with {@link requireWorkspaceAccess}. Internal calls carry the shared
 * service token in `x-internal-token`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify } from 'jose';
import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';
import { AuthClaims, INTERNAL_TOKEN_HEADER, JWT_AUDIENCE, JWT_ISSUER } from '@formloom/contracts/auth';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { copy } from '@formloom/contracts/copy';
import { accessLevelIn, allows, type AccessNeed } from '@formloom/contracts/rules/access';
import { forbidden, notFound, unauthorized } from './errors';

/** Verifies a bearer token; resolves the claims or `null` when the token is invalid or expired. */
export type TokenVerifier = (token: string) => Promise<AuthClaims | null>;

/**
 * Builds a verifier from a JWKS: a local key set (tests, workspaces-auth itself) or a URL fetched and cached
 * by jose (refetched when an unknown `kid` appears).
 */
export function createTokenVerifier(source: { jwks: JSONWebKeySet } | { jwksUrl: string }): TokenVerifier {
  const keys: JWTVerifyGetKey =
    'jwks' in source ? createLocalJWKSet(source.jwks) : createRemoteJWKSet(new URL(source.jwksUrl));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        algorithms: ['EdDSA'],
      });
      const parsed = AuthClaims.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the caller, or `null` for an anonymous request. */
    auth: AuthClaims | null;
  }
}

/** The claims of a signed-in caller. @throws 401 when the request is anonymous. */
export function requireAuth(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller's user id (number). @throws 401 when anonymous. */
export function requireUserId(request: FastifyRequest): number {
  return Number(requireAuth(request).sub);
}

/**
 * Checks the caller's access to a workspace (spec 000 §6) and returns their level.
 * @throws 401 when anonymous; 404 (`notFoundMessage`) when the workspace is not theirs — never revealing
 *   that it exists; 403 when they may view but `need` is `change`.
 */
export function requireWorkspaceAccess(
  request: FastifyRequest,
  workspaceId: number,
  need: AccessNeed,
  notFoundMessage: string = copy.flows.workspaceNotFound,
): AccessLevel {
  const claims = requireAuth(request);
  const level = accessLevelIn(claims, workspaceId);
  if (level === null) throw notFound(notFoundMessage);
  if (!allows(level, need)) throw forbidden(copy.auth.writeAccessRequired);
  return level;
}

/** @throws 401 when the caller is not an admin of their organization, 403 when signed in but not admin. */
export function requireAdmin(request: FastifyRequest): AuthClaims {
  const claims = requireAuth(request);
  if (!claims.adm) throw forbidden(copy.auth.adminOnly);
  return claims;
}

/**
 * Checks the internal service token on `/internal/…` routes.
 * @throws 401 when the token is missing, wrong, or no token is configured.
 */
export function requireInternal(request: FastifyRequest, expected: string | undefined): void {
  const given = request.headers[INTERNAL_TOKEN_HEADER];
  if (!expected || typeof given !== 'string') throw unauthorized();
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized();
}
