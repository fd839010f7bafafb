/**
 * workspaces-auth (ARCHITECTURE §3): users, organizations, workspaces, memberships with access levels,
 * sessions, and the Ed25519 keys that sign the access tokens every other service verifies.
 *
 * Routes, tables and decisions: this service's README.md; endpoints:
 * `contracts/src/api/workspaces-auth/`.
 *
 * Bearer tokens on this service's own routes are verified with its own keys (loaded from its database with its
 * dependencies): `definition.plugins` adds an `onRequest` hook that fills `request.auth` when the kit's verifier
 * did not — from such a token, or from the session cookie of a browser calling the service directly. That makes
 * `createService(definition, …)` self-sufficient (an embedded start script may build it so) — `AUTH_JWKS_URL` is
 * not needed for this service. Built that way, the kit
 * still logs "AUTH_JWKS_URL is not set: every bearer token will be refused", which is not true here;
 * `buildApp` passes a verifier so the kit does not.
 */
import cookie from '@fastify/cookie';
import type { z } from 'zod';
import { createTokenVerifier } from '@formloom/kit/auth';
import {
  createService,
  type FormloomService,
  type ServiceDefinition,
  type ServiceOptions,
} from '@formloom/kit/service';
import { WorkspacesAuthConfig } from './config';
import { migrations } from './db/migrations';
import { authDependencies, type AuthDeps } from './deps';
import { adminRoutes } from './routes/admin';
import { apiKeyRoutes } from './routes/api-keys';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { authenticateCaller } from './routes/caller';
import { internalRoutes } from './routes/internal';
import { keyRoutes } from './routes/keys';
import { memberRoutes } from './routes/members';
import { customDomainRoutes } from './routes/custom-domains';
import { workspacesAuthWorkers } from './workers';

export { WorkspacesAuthConfig } from './config';

/** The service definition for `createService` / `runService`. */
export const definition: ServiceDefinition<typeof WorkspacesAuthConfig.shape, AuthDeps> = {
  name: 'workspaces-auth',
  config: WorkspacesAuthConfig,
  migrations,
  dependencies: authDependencies,
  workers: workspacesAuthWorkers,
  async plugins(app, { db, keys }) {
    await app.register(cookie);
    app.addHook('onRequest', async (request) => authenticateCaller(request, db, keys));
  },
  routes: [keyRoutes, authRoutes, adminRoutes, memberRoutes, customDomainRoutes, apiKeyRoutes, billingRoutes, internalRoutes],
};

/**
 * Builds the service (tests, `main.ts`). `options.jwks` / `options.verifyToken` add a verifier for tokens
 * from another issuer (e.g. the kit's `createTestIssuer`); the service's own tokens are always accepted.
 */
export function buildApp(options: ServiceOptions = {}): Promise<FormloomService<z.infer<typeof WorkspacesAuthConfig>, AuthDeps>> {
  // Tokens of our own keys are verified by the hook in `definition.plugins`; this verifier only covers an
  // extra issuer, and keeps the kit from warning that AUTH_JWKS_URL is unset.
  const verifyToken =
    options.verifyToken ?? (options.jwks ? createTokenVerifier({ jwks: options.jwks }) : async () => null);
  return createService(definition, { ...options, verifyToken });
}
