/**
 * `GET /.well-known/jwks.json` (RFC 7517, RFC 8037; `getJwks` of the catalogue): the public Ed25519 keys every
 * service verifies access tokens with (kit `createTokenVerifier` with `AUTH_JWKS_URL`), during a rotation both
 * the old and the new key. Cacheable for `JWKS_CACHE_MAX_AGE_SECONDS`.
 */
import { getJwks } from '@formloom/contracts/api/workspaces-auth/keys';
import { JWKS_CACHE_MAX_AGE_SECONDS } from '@formloom/contracts/limits';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';

/** The JWKS route. */
export const keyRoutes = defineRoutes<AuthDeps>((router, { keys }) => {
  router.handle(getJwks, async ({ reply }) => {
    void reply.header('cache-control', `public, max-age=${JWKS_CACHE_MAX_AGE_SECONDS}`);
    return keys.jwks();
  });
});
