/**
 * The integrations service (docs/architecture.md §6 "integrations"): an organization's connected accounts at
 * third-party services, their credentials sealed by the vault (`domain/vault.ts`), and the connectors that call the
 * providers' APIs (`connectors/`). Routes in `routes/`, configuration in `config.ts`, dependencies in `deps.ts`,
 * the key rotation's re-wrap worker in `rewrap-worker.ts`.
 */
import { createService, type FormloomService, type ServiceDefinition, type ServiceOptions } from '@formloom/kit/service';
import { IntegrationsConfig } from './config';
import { migrations } from './db/migrations';
import { integrationsDependencies, type IntegrationsDeps } from './deps';
import { internalRoutes } from './routes/internal';
import { oauthRoutes } from './routes/oauth';
import { schemaRoutes } from './routes/schemas';
import { serviceRoutes } from './routes/services';

/** The service definition. */
export const definition: ServiceDefinition<typeof IntegrationsConfig.shape, IntegrationsDeps> = {
  name: 'integrations',
  config: IntegrationsConfig,
  migrations,
  dependencies: integrationsDependencies,
  routes: [serviceRoutes, oauthRoutes, internalRoutes, schemaRoutes],
  consumers: () => [],
  workers: (deps) => (deps.rewrapWorker ? [deps.rewrapWorker] : []),
};

/** Builds the service (tests pass `env`, `jwks`, a shared `bus`, `logger: false`). */
export function buildApp(options?: ServiceOptions): Promise<FormloomService<IntegrationsConfig, IntegrationsDeps>> {
  return createService(definition, options);
}
