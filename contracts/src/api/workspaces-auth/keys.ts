/**
 * `GET /.well-known/jwks.json` (RFC 7517, RFC 8037): the public Ed25519 keys every service verifies access
 * tokens with. Public, cacheable for five minutes.
 */
import { z } from 'zod';
import { defineEndpoint, okResponse } from '../endpoint';

/** One public signing key (RFC 8037 OKP Ed25519 JWK) with its `kid`, `alg` `EdDSA` and `use` `sig`. */
export const PublicSigningKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
/** A public JWK. */
export type PublicSigningKey = z.infer<typeof PublicSigningKey>;

/** `GET /.well-known/jwks.json` response (RFC 7517 §5). */
export const JwksResponse = z.object({ keys: z.array(PublicSigningKey) });
/** `{keys}`. */
export type JwksResponse = z.infer<typeof JwksResponse>;


/** `GET /.well-known/jwks.json`. */
export const getJwks = defineEndpoint({
  id: 'keys.jwks',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/.well-known/jwks.json',
  access: 'public',
  summary: 'The token signing keys (JWKS)',
  tags: ['auth'],
  responses: { 200: okResponse(JwksResponse) },
});
