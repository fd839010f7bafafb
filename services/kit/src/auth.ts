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
import * as copy from '@formloom/contracts/copy';
import {
  ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
  JWKS_CACHE_MAX_AGE_SECONDS,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
} from '@formloom/contracts/limits';
import { accessLevelIn, allows, flowAccessLevel, type AccessNeed, type FlowOwnership } from '@formloom/contracts/rules/access';
import { forbidden, notFound, notSignedIn } from './errors';

/** Verifies a bearer token; resolves the claims or `null` when the token is invalid or expired. */
export type TokenVerifier = (token: string) => Promise<AuthClaims | null>;

/** The only JWS algorithm access tokens are signed with (EdDSA over Ed25519, RFC 8037). */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
/**
 * The shortest time between two fetches of a remote JWKS (ms): a token with an unknown `kid` makes the
 * verifier fetch the JWKS again, at most this often (jose's `cooldownDuration`).
 */
export const JWKS_REFETCH_COOLDOWN_MS = 30_000;

/**
 * Verifies an access token against `keys` (a jose key getter: local or remote JWKS). The token must be a JWS
 * with `alg` EdDSA and a `kid` in its header (RFC 7515 §4.1.4), issued by {@link JWT_ISSUER} for
 * {@link JWT_AUDIENCE}, with `exp` and `iat` (RFC 7519 §4.1.4, §4.1.6) such that:
 * - `exp` has not passed and `iat` is not in the future, each give or take `TOKEN_CLOCK_TOLERANCE_SECONDS` (30);
 * - `exp` − `iat` is at most `ACCESS_TOKEN_MAX_LIFETIME_SECONDS` (900; workspaces-auth issues 300), and `iat`
 *   is not older than that either,
 * and its claims must parse as {@link AuthClaims}. Resolves the claims, or `null` for any failure (never throws).
 */
export async function verifyAccessToken(token: string, keys: JWTVerifyGetKey): Promise<AuthClaims | null> {
  try {
    const { payload } = await jwtVerify(token, requireKid(keys), {
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      requiredClaims: ['exp', 'iat'],
      clockTolerance: TOKEN_CLOCK_TOLERANCE_SECONDS,
      // Checks `iat`: not older than the cap, and not in the future.
      maxTokenAge: ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
    });
    if (payload.exp! - payload.iat! > ACCESS_TOKEN_MAX_LIFETIME_SECONDS) return null;
    const parsed = AuthClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `keys`, refusing a token whose header names no `kid` before any key is looked up. */
function requireKid(keys: JWTVerifyGetKey): JWTVerifyGetKey {
  return (header, token) => {
    if (typeof header.kid !== 'string' || header.kid === '') throw new Error('the token names no kid');
    return keys(header, token);
  };
}

/**
 * Builds a verifier ({@link verifyAccessToken}) from a JWKS: a local key set (tests) or a URL fetched by jose,
 * kept for `JWKS_CACHE_MAX_AGE_SECONDS` (300 s) and fetched again sooner when a token names an unknown `kid`
 * (at most every {@link JWKS_REFETCH_COOLDOWN_MS}). workspaces-auth publishes a new signing key at least that
 * long before it signs with it (see its `domain/signing-keys.ts`).
 */
export function createTokenVerifier(source: { jwks: JSONWebKeySet } | { jwksUrl: string }): TokenVerifier {
  const keys: JWTVerifyGetKey =
    'jwks' in source
      ? createLocalJWKSet(source.jwks)
      : createRemoteJWKSet(new URL(source.jwksUrl), {
          cacheMaxAge: JWKS_CACHE_MAX_AGE_SECONDS * 1000,
          cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
        });
  return (token) => verifyAccessToken(token, keys);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified claims of the caller, or `null` for an anonymous request. */
    auth: AuthClaims | null;
  }
}

/** The claims of a signed-in caller. @throws 401 when the request is anonymous. */
export function requireAuth(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw notSignedIn();
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

/**
 * Checks the caller's access to one form (spec 000 §6; `flowAccessLevel`: a `limited` member reaches only the forms
 * they created, with `write` on them) and returns their level to it.
 * @throws 401 when anonymous; 404 (`notFoundMessage`, default 'Form not found') when the form is not theirs to see —
 *   never revealing that it exists; 403 when they may view but `need` is `change`.
 */
export function requireFlowAccess(
  request: FastifyRequest,
  flow: FlowOwnership,
  need: AccessNeed,
  notFoundMessage: string = copy.flows.flowNotFound,
): AccessLevel {
  const level = flowAccessLevel(requireAuth(request), flow);
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
  if (!expected || typeof given !== 'string') throw notSignedIn();
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw notSignedIn();
}
