/**
 * `GET /.well-known/jwks.json` (RFC 7517, RFC 8037): the public Ed25519 keys every service verifies access
 * tokens with (kit `createTokenVerifier` with `AUTH_JWKS_URL`). Public, cacheable for five minutes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JwksResponse } from '@formloom/contracts/http/workspaces-auth';
import type { SigningKeys } from '../domain/signing-keys';

/** What the key routes need. */
export interface KeyRoutesOptions {
  keys: SigningKeys;
}

/** Registers `GET /.well-known/jwks.json`. */
export const keyRoutes: FastifyPluginAsyncZod<KeyRoutesOptions> = async (app, { keys }) => {
  app.get('/.well-known/jwks.json', { schema: { response: { 200: JwksResponse } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });
};
