/**
 * The claims of the short-lived JWT that workspaces-auth signs (EdDSA) and every service verifies against
 * `/.well-known/jwks.json` (ARCHITECTURE §4). The gateway swaps the session cookie for this token on each
 * request and passes it upstream as `Authorization: Bearer <jwt>`.
 */
import { z } from 'zod';
import { AccessLevel, DataRegion } from './entities/identity';

/** JWT issuer and audience every service checks. */
export const JWT_ISSUER = 'formloom:workspaces-auth';
export const JWT_AUDIENCE = 'formloom';

/**
 * The verified claims a service sees: `sub` is the user id (decimal string, per RFC 7519 §4.1.2),
 * `org` the organization id, `adm` whether the user is an admin, `ws` the user's workspaces
 * (workspace id as a decimal string → access level), `email` the user's address, `emv` whether the user has
 * confirmed that address (docs/product-rules.md §4; workspaces-auth always sets it; a token without it, from an
 * issuer that predates it, counts as confirmed). `key`: the id of the API key the request came with
 * (`api/workspaces-auth/api-keys.ts`); absent for a person's session. A key's token has `sub` = the admin who made
 * the key, `adm` false, and `ws` = the key's workspaces with `write` access. `reg`: the organization's data region (spec 001 §2: `EU_AGENT` hides
 * AI), absent for the default region.
 */
export const AuthClaims = z.object({
  sub: z.string().regex(/^\d+$/),
  org: z.number().int().positive(),
  adm: z.boolean(),
  email: z.string(),
  emv: z.boolean().optional(),
  ws: z.record(z.string(), AccessLevel),
  key: z.string().optional(),
  reg: DataRegion.optional(),
});
/** Verified JWT claims; see {@link AuthClaims}. */
export type AuthClaims = z.infer<typeof AuthClaims>;

/** Header that carries the shared service token on `/internal/…` calls between services. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
/**
 * Header the gateway sets on the calls it forwards from an organization's host (`{subdomain}.{base host}`,
 * `gateway/src/organization-hosts.ts`): that organization's id. flows then serves only that organization's public
 * forms (404 'Form not found' for another's). The gateway drops a client's copy of it.
 */
export const HOST_ORGANIZATION_HEADER = 'x-formloom-host-organization';
/** Name of the session cookie set by workspaces-auth. */
export const SESSION_COOKIE = 'formloom_session';
