/**
 * workspaces-auth (ARCHITECTURE §3): users, organizations, workspaces, memberships with access levels,
 * sessions, and the Ed25519 keys that sign the access tokens every other service verifies.
 *
 * Routes, tables and decisions: this service's README.md; request/response schemas:
 * `contracts/src/http/workspaces-auth.ts`.
 *
 * Bearer tokens on this service's own routes are verified with its own keys (loaded from its database when
 * the routes are registered): `definition` adds an `onRequest` hook in its scope that fills `request.auth`
 * when the kit's verifier did not. That makes `createService(definition, …)` self-sufficient (an embedded
 * start script may build it so) — `AUTH_JWKS_URL` is not needed for this service. Built that way, the kit
 * still logs "AUTH_JWKS_URL is not set: every bearer token will be refused", which is not true here;
 * `buildApp` passes a verifier so the kit does not.
 */
import cookie from '@fastify/cookie';
import { z } from 'zod';
import { createTokenVerifier } from '@formloom/kit/auth';
import {
  createService,
  type FormloomService,
  type ServiceDefinition,
  type ServiceOptions,
} from '@formloom/kit/service';
import { migrations } from './db/migrations';
import { dummyPasswordHash } from './domain/passwords';
import { loadSigningKeys } from './domain/signing-keys';
import { registerLoginRateLimit } from './plugins/login-rate-limit';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { internalRoutes } from './routes/internal';
import { keyRoutes } from './routes/keys';

/** The service's own environment variables (besides the kit's). */
export const WorkspacesAuthConfig = z.object({
  /**
   * Secret from which the key that encrypts the token signing key at rest is derived (scrypt → AES-256-GCM).
   * Unset: the signing key is stored unencrypted and a warning is logged at start. Once set, it must stay
   * the same (the service refuses to start with a secret that does not open the stored key).
   */
  AUTH_KEY_ENCRYPTION_SECRET: z.string().min(16).optional(),
});

/** The service definition for `createService` / `runService`. */
export const definition: ServiceDefinition<typeof WorkspacesAuthConfig.shape> = {
  name: 'workspaces-auth',
  config: WorkspacesAuthConfig,
  migrations,
  async routes(app, ctx) {
    const keys = await loadSigningKeys(ctx.db, ctx.config.AUTH_KEY_ENCRYPTION_SECRET, ctx.log);
    await dummyPasswordHash();

    app.addHook('onRequest', async (request) => {
      if (request.auth) return;
      const header = request.headers.authorization;
      if (typeof header === 'string' && header.startsWith('Bearer ')) {
        request.auth = await keys.verify(header.slice('Bearer '.length).trim());
      }
    });

    await app.register(cookie);
    const loginRateLimit = await registerLoginRateLimit(app);

    await app.register(keyRoutes, { keys });
    await app.register(authRoutes, { db: ctx.db, loginRateLimit });
    await app.register(adminRoutes, { db: ctx.db });
    await app.register(internalRoutes, { db: ctx.db, keys, internalToken: ctx.config.INTERNAL_TOKEN });
  },
};

/**
 * Builds the service (tests, `main.ts`). `options.jwks` / `options.verifyToken` add a verifier for tokens
 * from another issuer (e.g. the kit's `createTestIssuer`); the service's own tokens are always accepted.
 */
export function buildApp(options: ServiceOptions = {}): Promise<FormloomService<z.infer<typeof WorkspacesAuthConfig>>> {
  // Tokens of our own keys are verified by the hook in `definition.routes`; this verifier only covers an
  // extra issuer, and keeps the kit from warning that AUTH_JWKS_URL is unset.
  const verifyToken =
    options.verifyToken ?? (options.jwks ? createTokenVerifier({ jwks: options.jwks }) : async () => null);
  return createService(definition, { ...options, verifyToken });
}
